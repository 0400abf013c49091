import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = { active: 'success', stopped: 'warning', closed: 'default', deleted: 'default' } as const;

/** An account's state as a small chip. */
export function AccountStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`accountsAdmin.status.${status}`)} />;
}

/** The risk level: 0 reads as normal, 1 as restricted (the destructive codes are taken away). */
export function RiskChip({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={level ? 'filled' : 'outlined'}
      color={level ? 'error' : 'default'}
      label={t(`accountsAdmin.risk.level${level}`)}
    />
  );
}
