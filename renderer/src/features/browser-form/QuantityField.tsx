import { PROFILE_CREATE_MAX } from '@facet/shared';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Quantity } from './use-quantity';

/**
 * The create form's quantity. Its note says what each profile's fingerprint will be: its own new
 * one, or (after the user edited the fingerprint section) the edited settings with a device name,
 * MAC address and noise of its own (docs/profiles.md, Creating several profiles at once).
 */
export function QuantityField({ q, fpEdited, showErrors }: { q: Quantity; fpEdited: boolean; showErrors: boolean }) {
  const { t } = useTranslation();
  const error = !q.valid && (showErrors || q.text !== '');
  const helper = !q.valid
    ? t('browserForm.quantity.invalid', { max: PROFILE_CREATE_MAX })
    : q.count === 1
      ? t('browserForm.quantity.help', { max: PROFILE_CREATE_MAX })
      : fpEdited
        ? t('browserForm.quantity.sameFingerprint', { count: q.count })
        : t('browserForm.quantity.ownFingerprints', { count: q.count });
  return (
    <TextField
      label={t('browserForm.quantity.label')}
      type="number"
      value={q.text}
      onChange={(e) => q.setText(e.target.value)}
      error={error}
      helperText={helper}
      slotProps={{ htmlInput: { min: 1, max: PROFILE_CREATE_MAX, step: 1, 'data-testid': 'profile-quantity' } }}
    />
  );
}
