import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type FpPartProps, Group, Modes, RESOLUTIONS, Toggle } from './fingerprint-controls';
import { LinesField } from './LinesField';

/** The screen and fonts, and the noise added to what pages can read back (canvas, WebGL, audio …). */
export function FingerprintDisplay({ fp, setFp, e }: FpPartProps) {
  const { t } = useTranslation();
  const resolution = `${fp.screen.width}×${fp.screen.height}`;
  return (
    <>
      <Group title={t('browserForm.fp.groups.display')}>
        <Modes
          label={t('browserForm.fp.screen')}
          value={fp.screen.mode}
          options={[
            ['custom', t('browserForm.fp.custom')],
            ['real', t('browserForm.fp.real')],
          ]}
          onChange={(mode) => setFp({ screen: { ...fp.screen, mode } })}
        />
        {fp.screen.mode === 'custom' && (
          <TextField
            select
            label={t('browserForm.fp.resolution')}
            value={resolution}
            onChange={(ev) => {
              const [w, h] = ev.target.value.split('×').map(Number);
              setFp({ screen: { mode: 'custom', width: w!, height: h! } });
            }}
            sx={{ maxWidth: { sm: 280 } }}
          >
            {(RESOLUTIONS.includes(resolution) ? RESOLUTIONS : [resolution, ...RESOLUTIONS]).map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
        )}
        <LinesField
          label={t('browserForm.fp.fonts', { count: fp.fonts.length })}
          value={fp.fonts}
          onChange={(fonts) => setFp({ fonts })}
          error={e('fonts')}
          helperText={t('browserForm.fp.fontsHelp')}
          maxRows={6}
        />
      </Group>

      <Group title={t('browserForm.fp.groups.noise')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <Toggle
            label={t('browserForm.fp.canvasNoise')}
            checked={fp.canvasNoise}
            onChange={(v) => setFp({ canvasNoise: v })}
          />
          <Toggle
            label={t('browserForm.fp.webglImageNoise')}
            checked={fp.webglImageNoise}
            onChange={(v) => setFp({ webglImageNoise: v })}
          />
          <Toggle
            label={t('browserForm.fp.audioNoise')}
            checked={fp.audioNoise}
            onChange={(v) => setFp({ audioNoise: v })}
          />
          <Toggle
            label={t('browserForm.fp.clientRectsNoise')}
            checked={fp.clientRectsNoise}
            onChange={(v) => setFp({ clientRectsNoise: v })}
          />
          <Toggle
            label={t('browserForm.fp.speechVoices')}
            checked={fp.speechVoices}
            onChange={(v) => setFp({ speechVoices: v })}
          />
        </Box>
      </Group>
    </>
  );
}
