import type { FingerprintPreference } from '@facet/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/PermissionGate';
import { NoAccess } from '../NoAccess';
import { SelectField, SwitchRow, useErrorText } from './fields';
import { linesOf, useFingerprintPreferenceForm } from './forms';
import { PreferenceLayout } from './PreferenceLayout';

type NoiseKey =
  | 'canvasNoise'
  | 'webglImageNoise'
  | 'audioNoise'
  | 'clientRectsNoise'
  | 'mediaDevicesNoise'
  | 'portScanProtection';
const NOISES: NoiseKey[] = [
  'canvasNoise',
  'webglImageNoise',
  'audioNoise',
  'clientRectsNoise',
  'mediaDevicesNoise',
  'portScanProtection',
];
const opts = <V extends string>(values: readonly V[], label: (v: V) => string) =>
  values.map((value) => ({ value, label: label(value) }));

/** Settings → Fingerprint preference: how new profiles' fingerprints are set; the generator draws the rest. */
export default function FingerprintPreferencePage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const f = useFingerprintPreferenceForm(allowed);
  const errorText = useErrorText(f.errors);
  if (!allowed) return <NoAccess />;
  const d = f.draft;
  const err = (k: keyof FingerprintPreference) => errorText(`body.fingerprint.${k}`);
  const langError = Object.keys(f.errors).find((k) => k.startsWith('body.fingerprint.languages'));
  return (
    <PreferenceLayout
      title={t('preferences.menu.fingerprint')}
      intro={t('preferences.fingerprint.intro')}
      testId="fingerprint-preference"
      form={f}
    >
      {d && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SelectField
              label={t('preferences.fingerprint.language')}
              value={d.languageMode}
              options={opts(['ip', 'custom'] as const, (m) => t(`preferences.mode.${m}`))}
              onPick={(languageMode) => f.change({ languageMode })}
              slotProps={{ htmlInput: { 'data-testid': 'pref-language-mode' } }}
            />
            <TextField
              fullWidth
              label={t('preferences.fingerprint.languages')}
              placeholder="en-US, en"
              disabled={d.languageMode !== 'custom'}
              defaultValue={d.languages.join(', ')}
              onChange={(e) => f.change({ languages: linesOf(e.target.value) })}
              error={!!langError}
              helperText={langError ? errorText(langError) : t('preferences.fingerprint.languagesHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'pref-languages', spellCheck: false } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SelectField
              label={t('preferences.fingerprint.timeZone')}
              value={d.timeZoneMode}
              options={opts(['ip', 'custom', 'real'] as const, (m) => t(`preferences.mode.${m}`))}
              onPick={(timeZoneMode) => f.change({ timeZoneMode })}
              slotProps={{ htmlInput: { 'data-testid': 'pref-tz-mode' } }}
            />
            <TextField
              fullWidth
              label={t('preferences.fingerprint.timeZoneValue')}
              placeholder="Europe/Berlin"
              disabled={d.timeZoneMode !== 'custom'}
              value={d.timeZone}
              onChange={(e) => f.change({ timeZone: e.target.value.trim() })}
              error={!!err('timeZone')}
              helperText={err('timeZone')}
              slotProps={{ htmlInput: { 'data-testid': 'pref-tz', spellCheck: false } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SelectField
              label={t('preferences.fingerprint.geolocation')}
              value={d.geolocationMode}
              options={opts(['ip', 'ask', 'block'] as const, (m) => t(`preferences.mode.${m}`))}
              onPick={(geolocationMode) => f.change({ geolocationMode })}
              slotProps={{ htmlInput: { 'data-testid': 'pref-geo-mode' } }}
            />
            <SelectField
              label={t('preferences.fingerprint.webrtc')}
              value={d.webrtc}
              options={opts(['disabled', 'forward', 'proxy', 'real'] as const, (m) => t(`preferences.webrtc.${m}`))}
              onPick={(webrtc) => f.change({ webrtc })}
              slotProps={{ htmlInput: { 'data-testid': 'pref-webrtc' } }}
            />
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
            {t('preferences.fingerprint.protection')}
          </Typography>
          {NOISES.map((k) => (
            <SwitchRow
              key={k}
              label={t(`preferences.fingerprint.${k}`)}
              help={t(`preferences.fingerprint.${k}Help`)}
              checked={d[k]}
              onChange={(v) => f.change({ [k]: v })}
              testId={`pref-${k}`}
            />
          ))}
        </>
      )}
    </PreferenceLayout>
  );
}
