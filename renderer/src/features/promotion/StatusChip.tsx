import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = {
  pending: 'warning',
  available: 'success',
  reversed: 'default',
  approved: 'success',
  rejected: 'error',
} as const;

/** A commission's or a payout request's state in words. */
export function StatusChip({ status }: { status: keyof typeof COLORS }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`promotion.status.${status}`)} />;
}
