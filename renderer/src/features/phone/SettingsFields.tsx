import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from '../../lib/time-zones';
import type { Phone } from '../../queries/phones';
import { NO_PROXY, type ProxyDraft, ProxyFields, proxyBody } from './ProxyFields';

/** An environment's device settings while typed. */
export interface SettingsDraft {
  proxy: ProxyDraft;
  locale: string;
  timeZone: string;
  gps: { on: boolean; latitude: string; longitude: string };
}

export const EMPTY_SETTINGS: SettingsDraft = {
  proxy: NO_PROXY,
  locale: '',
  timeZone: '',
  gps: { on: false, latitude: '', longitude: '' },
};

export const settingsOf = (p: Phone): SettingsDraft => ({
  proxy: { proxyType: p.proxy.proxyType, host: p.proxy.host, port: p.proxy.port ? String(p.proxy.port) : '' },
  locale: p.locale,
  timeZone: p.timeZone,
  gps: p.gps
    ? { on: true, latitude: String(p.gps.latitude), longitude: String(p.gps.longitude) }
    : { on: false, latitude: '', longitude: '' },
});

/** The call's settings: an empty locale or zone leaves the device's as it is. */
export const settingsBody = (d: SettingsDraft) => ({
  proxy: proxyBody(d.proxy),
  ...(d.locale.trim() ? { locale: d.locale.trim() } : {}),
  ...(d.timeZone ? { timeZone: d.timeZone } : {}),
  gps: d.gps.on ? { latitude: Number(d.gps.latitude), longitude: Number(d.gps.longitude) } : null,
});

/** Locales offered first; any other BCP 47 tag can be typed. */
const LOCALES = [
  'en-US',
  'en-GB',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'ja-JP',
  'ko-KR',
  'de-DE',
  'fr-FR',
  'es-ES',
  'es-MX',
  'it-IT',
  'pt-BR',
  'ru-RU',
  'uk-UA',
  'tr-TR',
  'vi-VN',
  'th-TH',
  'hi-IN',
  'id-ID',
];

function useLocaleName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
    return (tag: string) => {
      try {
        return `${names.of(tag) ?? tag} (${tag})`;
      } catch {
        return tag;
      }
    };
  }, [i18n.language]);
}

/** Proxy, locale, time zone and GPS of an environment, each refusal at its field. */
export function SettingsFields(p: {
  value: SettingsDraft;
  onChange: (v: SettingsDraft) => void;
  errors: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const v = p.value;
  const zones = useMemo(() => timeZoneOptions(i18n.language), [i18n.language]);
  const localeName = useLocaleName();
  const gpsError = p.errors.gps ?? p.errors['gps.latitude'] ?? p.errors['gps.longitude'] ?? '';
  const set = (patch: Partial<SettingsDraft>) => p.onChange({ ...v, ...patch });
  return (
    <Stack sx={{ gap: 1.5 }}>
      <ProxyFields value={v.proxy} onChange={(proxy) => set({ proxy })} errors={p.errors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <Autocomplete
          freeSolo
          options={LOCALES}
          getOptionLabel={localeName}
          value={v.locale || null}
          onChange={(_, tag) => set({ locale: tag ?? '' })}
          onInputChange={(_, text, reason) => reason === 'input' && set({ locale: text })}
          sx={{ flex: 1 }}
          data-testid="phone-locale"
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('phone.edit.locale')}
              error={!!p.errors.locale}
              helperText={p.errors.locale || t('phone.edit.localeHint')}
            />
          )}
        />
        <Autocomplete
          options={zones}
          value={zones.find((z) => z.value === v.timeZone) ?? null}
          onChange={(_, z) => set({ timeZone: z?.value ?? '' })}
          sx={{ flex: 1 }}
          data-testid="phone-timezone"
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('phone.edit.timeZone')}
              error={!!p.errors.timeZone}
              helperText={p.errors.timeZone || ' '}
            />
          )}
        />
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={v.gps.on}
            onChange={(e) => set({ gps: { ...v.gps, on: e.target.checked } })}
            data-testid="gps-on"
          />
        }
        label={t('phone.edit.gps')}
      />
      {v.gps.on && (
        <Stack direction="row" sx={{ gap: 1.5 }}>
          {(['latitude', 'longitude'] as const).map((k) => (
            <TextField
              key={k}
              size="small"
              label={t(`phone.edit.${k}`)}
              value={v.gps[k]}
              onChange={(e) => set({ gps: { ...v.gps, [k]: e.target.value.replace(/[^\d.-]/g, '') } })}
              error={!!gpsError}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `gps-${k}` } }}
            />
          ))}
        </Stack>
      )}
      {(gpsError || v.gps.on) && (
        <Typography
          variant="caption"
          color={gpsError ? 'error' : 'text.secondary'}
          data-testid={gpsError ? 'gps-error' : undefined}
          sx={{ mt: -1 }}
        >
          {gpsError || t('phone.edit.gpsHint')}
        </Typography>
      )}
    </Stack>
  );
}
