import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNoticeStore } from '../stores/notice';
import { GenericDialog } from './GenericDialog';

/** Code 16030: the plan's quota refused the change; the server's text says which, and Change plan leads to Plans. */
export default function PlanLimitDialog() {
  const { t } = useTranslation();
  const text = useNoticeStore((s) => s.planLimitText);
  const setText = useNoticeStore((s) => s.setPlanLimitText);
  const navigate = useNavigate();
  return (
    <GenericDialog
      open={text !== null}
      title={t('cost.planLimit.title')}
      confirmText={t('cost.planLimit.changePlan')}
      onClose={() => setText(null)}
      onConfirm={() => {
        setText(null);
        navigate('/billing/plans');
      }}
    >
      <span data-testid="plan-limit-text">{text}</span>
    </GenericDialog>
  );
}
