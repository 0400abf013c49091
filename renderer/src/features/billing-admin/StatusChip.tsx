import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = {
  created: 'warning',
  pending: 'warning',
  paid: 'success',
  approved: 'success',
  expired: 'default',
  cancelled: 'default',
  rejected: 'error',
} as const;

/** An order's or a payout's state as a small coloured chip. */
export function StatusChip({ status }: { status: keyof typeof COLORS }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`billingAdmin.status.${status}`)} />;
}
