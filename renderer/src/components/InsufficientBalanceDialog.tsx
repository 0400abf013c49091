import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNoticeStore } from '../stores/notice';
import { GenericDialog } from './GenericDialog';

/** Code 16011: insufficient balance; recharge leads to Cost. */
export default function InsufficientBalanceDialog() {
  const { t } = useTranslation();
  const open = useNoticeStore((s) => s.insufficientBalanceOpen);
  const setOpen = useNoticeStore((s) => s.setInsufficientBalanceOpen);
  const navigate = useNavigate();
  return (
    <GenericDialog
      open={open}
      title={t('balance.insufficientTitle')}
      confirmText={t('balance.recharge')}
      onClose={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        navigate('/cost');
      }}
    >
      {t('balance.insufficientText')}
    </GenericDialog>
  );
}
