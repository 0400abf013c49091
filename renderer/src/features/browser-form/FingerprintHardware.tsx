import { snapDeviceMemory } from '@facet/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CORES, DEVICE_COUNTS, type FpPartProps, Group, MEMORY, Modes } from './fingerprint-controls';
import { threeColumns, twoColumns } from './Section';

/** The WebGL vendor and renderer, CPU cores, memory and media devices. */
export function FingerprintHardware({ fp, setFp, e }: FpPartProps) {
  const { t } = useTranslation();
  return (
    <Group title={t('browserForm.fp.groups.hardware')}>
      <Box sx={twoColumns}>
        <TextField
          label={t('browserForm.fp.webglVendor')}
          value={fp.webglVendor}
          onChange={(ev) => setFp({ webglVendor: ev.target.value })}
          error={!!e('webglVendor')}
          helperText={e('webglVendor')}
        />
        <TextField
          label={t('browserForm.fp.webglRenderer')}
          value={fp.webglRenderer}
          onChange={(ev) => setFp({ webglRenderer: ev.target.value })}
          error={!!e('webglRenderer')}
          helperText={e('webglRenderer')}
        />
      </Box>
      <Box sx={twoColumns}>
        <TextField
          select
          label={t('browserForm.fp.hardwareConcurrency')}
          value={fp.hardwareConcurrency}
          onChange={(ev) => setFp({ hardwareConcurrency: Number(ev.target.value) })}
        >
          {(CORES.includes(fp.hardwareConcurrency) ? CORES : [fp.hardwareConcurrency, ...CORES]).map((n) => (
            <MenuItem key={n} value={n}>
              {t('browserForm.summary.cores', { count: n })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('browserForm.fp.deviceMemory')}
          value={snapDeviceMemory(fp.deviceMemory)}
          onChange={(ev) => setFp({ deviceMemory: Number(ev.target.value) })}
        >
          {MEMORY.map((n) => (
            <MenuItem key={n} value={n}>
              {t('browserForm.summary.memory', { n })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Modes
        label={t('browserForm.fp.mediaDevices')}
        value={fp.mediaDevices.mode}
        options={[
          ['noise', t('browserForm.fp.noise')],
          ['real', t('browserForm.fp.real')],
        ]}
        onChange={(mode) => setFp({ mediaDevices: { ...fp.mediaDevices, mode } })}
      />
      {fp.mediaDevices.mode === 'noise' && (
        <Box sx={threeColumns}>
          {(['audioInputs', 'videoInputs', 'audioOutputs'] as const).map((k) => (
            <TextField
              key={k}
              select
              label={t(`browserForm.fp.${k}`)}
              value={fp.mediaDevices[k]}
              onChange={(ev) => setFp({ mediaDevices: { ...fp.mediaDevices, [k]: Number(ev.target.value) } })}
            >
              {DEVICE_COUNTS.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      )}
    </Group>
  );
}
