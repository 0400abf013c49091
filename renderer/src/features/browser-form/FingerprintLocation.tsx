import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOption, timeZoneOptions } from '../../lib/time-zones';
import { type FpPartProps, Group, Modes, num } from './fingerprint-controls';
import { threeColumns } from './Section';

/** Languages, time zone and geolocation: from the proxy IP, set by hand, or the real ones. */
export function FingerprintLocation({ fp, setFp, e }: FpPartProps) {
  const { t, i18n } = useTranslation();
  const zones = useMemo(() => timeZoneOptions(i18n.language), [i18n.language]);
  const zone = fp.timeZone.value
    ? (zones.find((z) => z.value === fp.timeZone.value) ?? timeZoneOption(fp.timeZone.value, i18n.language))
    : null;
  return (
    <Group title={t('browserForm.fp.groups.location')}>
      <Modes
        label={t('browserForm.fp.languages')}
        value={fp.languages.mode}
        options={[
          ['ip', t('browserForm.fp.followIp')],
          ['custom', t('browserForm.fp.custom')],
        ]}
        onChange={(mode) => setFp({ languages: { ...fp.languages, mode } })}
      />
      {fp.languages.mode === 'custom' && (
        <TextField
          label={t('browserForm.fp.languageList')}
          value={fp.languages.value.join(', ')}
          onChange={(ev) =>
            setFp({
              languages: {
                mode: 'custom',
                value: ev.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              },
            })
          }
          error={!!(e('languages.value') ?? e('languages.value.0'))}
          helperText={e('languages.value') ?? e('languages.value.0') ?? t('browserForm.fp.languageHelp')}
          placeholder="en-US, en"
        />
      )}
      <Modes
        label={t('browserForm.fp.timeZone')}
        value={fp.timeZone.mode}
        options={[
          ['ip', t('browserForm.fp.followIp')],
          ['custom', t('browserForm.fp.custom')],
          ['real', t('browserForm.fp.real')],
        ]}
        onChange={(mode) =>
          setFp({
            timeZone: {
              mode,
              value: mode === 'custom' ? fp.timeZone.value || Intl.DateTimeFormat().resolvedOptions().timeZone : '',
            },
          })
        }
      />
      {fp.timeZone.mode === 'custom' && (
        <Autocomplete
          options={zones}
          value={zone}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(o, v) => o.value === v.value}
          onChange={(_, v) => setFp({ timeZone: { mode: 'custom', value: v?.value ?? '' } })}
          slotProps={{ popper: { 'data-testid': 'fp-time-zone-options' } as object }}
          renderInput={(params) => <TextField {...params} label={t('browserForm.fp.timeZoneValue')} />}
        />
      )}
      <Modes
        label={t('browserForm.fp.geolocation')}
        value={fp.geolocation.mode}
        options={[
          ['ip', t('browserForm.fp.followIp')],
          ['custom', t('browserForm.fp.custom')],
          ['ask', t('browserForm.fp.ask')],
          ['block', t('browserForm.fp.block')],
        ]}
        onChange={(mode) => setFp({ geolocation: { ...fp.geolocation, mode } })}
      />
      {fp.geolocation.mode === 'custom' && (
        <Box sx={threeColumns}>
          {(['latitude', 'longitude', 'accuracy'] as const).map((k) => (
            <TextField
              key={k}
              label={t(`browserForm.fp.${k}`)}
              value={fp.geolocation[k] ?? ''}
              onChange={(ev) => {
                const { [k]: _old, ...rest } = fp.geolocation;
                const v = num(ev.target.value);
                setFp({ geolocation: v === undefined ? rest : { ...rest, [k]: v } });
              }}
              error={!!e(`geolocation.${k}`)}
              helperText={e(`geolocation.${k}`)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Box>
      )}
    </Group>
  );
}
