import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';

/** The operator's promotion policy as plain text: its line breaks kept, nothing rendered as markup. */
export function PolicyDialog(p: { open: boolean; onClose: () => void; policy: string }) {
  const { t } = useTranslation();
  const text = p.policy.trim();
  return (
    <GenericDialog
      open={p.open}
      title={t('promotion.policy.title')}
      onClose={p.onClose}
      onConfirm={p.onClose}
      closeOnly
      maxWidth="sm"
    >
      <Typography
        variant="body2"
        data-testid="promotion-policy"
        color={text ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {text || t('promotion.policy.none')}
      </Typography>
    </GenericDialog>
  );
}
