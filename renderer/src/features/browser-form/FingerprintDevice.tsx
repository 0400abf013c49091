import Autorenew from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { type FpPartProps, Group, Toggle } from './fingerprint-controls';
import { twoColumns } from './Section';

/** Device name, MAC address (with a new one from the server), Do Not Track and port-scan protection. */
export function FingerprintDevice({ fp, setFp, e, onNewMac }: FpPartProps & { onNewMac: () => void }) {
  const { t } = useTranslation();
  return (
    <Group title={t('browserForm.fp.groups.device')}>
      <Box sx={twoColumns}>
        <TextField
          label={t('browserForm.fp.deviceName')}
          value={fp.deviceName}
          onChange={(ev) => setFp({ deviceName: ev.target.value })}
          error={!!e('deviceName')}
          helperText={e('deviceName')}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          label={t('browserForm.fp.macAddress')}
          value={fp.macAddress}
          onChange={(ev) => setFp({ macAddress: ev.target.value.toUpperCase().replace(/:/g, '-') })}
          error={!!e('macAddress')}
          helperText={e('macAddress')}
          slotProps={{
            htmlInput: { spellCheck: false, maxLength: 17, 'data-testid': 'fp-mac' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('browserForm.fp.newMac')}>
                    <IconButton size="small" edge="end" aria-label={t('browserForm.fp.newMac')} onClick={onNewMac}>
                      <Autorenew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={twoColumns}>
        <TextField
          select
          label={t('browserForm.fp.doNotTrack')}
          value={fp.doNotTrack === null ? 'default' : fp.doNotTrack ? 'on' : 'off'}
          onChange={(ev) => setFp({ doNotTrack: ev.target.value === 'default' ? null : ev.target.value === 'on' })}
        >
          <MenuItem value="default">{t('browserForm.fp.dntDefault')}</MenuItem>
          <MenuItem value="on">{t('browserForm.fp.dntOn')}</MenuItem>
          <MenuItem value="off">{t('browserForm.fp.dntOff')}</MenuItem>
        </TextField>
        <Toggle
          label={t('browserForm.fp.portScanProtection')}
          checked={fp.portScanProtection.enabled}
          onChange={(enabled) => setFp({ portScanProtection: { ...fp.portScanProtection, enabled } })}
        />
      </Box>
      {fp.portScanProtection.enabled && (
        <TextField
          label={t('browserForm.fp.allowPorts')}
          defaultValue={fp.portScanProtection.allowPorts.join(', ')}
          onBlur={(ev) =>
            setFp({
              portScanProtection: {
                enabled: true,
                allowPorts: ev.target.value
                  .split(/[\s,]+/)
                  .filter(Boolean)
                  .map(Number),
              },
            })
          }
          error={!!(e('portScanProtection.allowPorts') ?? e('portScanProtection.allowPorts.0'))}
          helperText={
            e('portScanProtection.allowPorts') ??
            e('portScanProtection.allowPorts.0') ??
            t('browserForm.fp.allowPortsHelp')
          }
          placeholder="8080, 9222"
        />
      )}
    </Group>
  );
}
