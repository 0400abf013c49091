import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/*
 * A device's last probe (docs/phones.md, ADB, Failures): online, or why Facet could not reach it.
 * Each status has its chip, one line saying what happened and one saying what the operator does.
 */

export const DEVICE_STATUSES = [
  'online',
  'refused',
  'timeout',
  'unauthorized',
  'closed',
  'protocol',
  'unknown',
] as const;
type DeviceStatus = (typeof DEVICE_STATUSES)[number];

const COLORS = {
  online: 'success',
  refused: 'warning',
  timeout: 'warning',
  unauthorized: 'error',
  closed: 'warning',
  protocol: 'error',
  unknown: 'default',
} as const;

/** A status the server may add later reads as unknown rather than as a raw word. */
export const statusOf = (s: string): DeviceStatus =>
  ((DEVICE_STATUSES as readonly string[]).find((x) => x === s) as DeviceStatus) ?? 'unknown';

/** What the status means and what to do, as one sentence pair. */
export function useStatusText() {
  const { t } = useTranslation();
  return (status: string) => {
    const s = statusOf(status);
    return {
      label: t(`phoneAdmin.status.${s}.label`),
      meaning: t(`phoneAdmin.status.${s}.meaning`),
      todo: t(`phoneAdmin.status.${s}.todo`),
    };
  };
}

export function DeviceStatusChip({ status }: { status: string }) {
  const text = useStatusText()(status);
  return (
    <Tooltip title={`${text.meaning} ${text.todo}`}>
      <Chip size="small" variant="outlined" color={COLORS[statusOf(status)]} label={text.label} />
    </Tooltip>
  );
}

/**
 * The chip with its explanation under it, where the device cannot be reached (online needs none);
 * `chip={false}` where the chip stands elsewhere (the phone layout's first line).
 */
export function DeviceStatusCell({ status, chip = true }: { status: string; chip?: boolean }) {
  const text = useStatusText()(status);
  return (
    <div>
      {chip && <DeviceStatusChip status={status} />}
      {statusOf(status) !== 'online' && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: chip ? 0.5 : 0, maxWidth: 240 }}
        >
          {text.meaning} {text.todo}
        </Typography>
      )}
    </div>
  );
}
