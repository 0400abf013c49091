import type { PhoneState } from '@facet/shared';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reasonKey, stateColor } from './phone-state';

/** An environment's state, who has it open, and its reason (why it failed, waits or is off) under it. */
export function StateChip({
  state,
  reason,
  openedBy,
}: {
  state: PhoneState;
  reason: string;
  openedBy?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const why = reason ? (i18n.exists(reasonKey(reason)) ? t(reasonKey(reason)) : reason) : '';
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 0.25 }}>
      <Chip
        size="small"
        color={stateColor(state)}
        variant={state === 'off' ? 'outlined' : 'filled'}
        label={t(`phone.state.${state}`)}
        data-testid="phone-state"
        data-state={state}
      />
      {openedBy && (
        <Typography variant="caption" color="text.secondary" data-testid="phone-opened-by">
          {t('phone.col.openedBy')}: {openedBy}
        </Typography>
      )}
      {why && (
        <Typography variant="caption" color="text.secondary" data-testid="phone-reason" sx={{ maxWidth: 200 }}>
          {why}
        </Typography>
      )}
    </Stack>
  );
}
