import { DEVICE_MEMORY_VALUES, FINGERPRINT_OS, type Fingerprint, snapDeviceMemory } from '@facet/shared';
import Autorenew from '@mui/icons-material/Autorenew';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinesField } from './LinesField';
import { Section, threeColumns, twoColumns } from './Section';

export type VersionPref = 'auto' | number;

interface Props {
  fp: Fingerprint | null;
  setFp: (patch: Partial<Fingerprint>) => void;
  err: (path: string) => string | undefined;
  versionPref: VersionPref;
  /** A new OS or version asks the server for a new, consistent fingerprint. */
  onConstraints: (os: Fingerprint['os'], version: VersionPref) => void;
  onNewMac: () => void;
  busy: boolean;
}

const OS_NAMES: Record<Fingerprint['os'], string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};
const CORES = [2, 4, 6, 8, 10, 12, 16, 20, 24, 32, 64];
/** What navigator.deviceMemory can say (browsers cap it at 8); a stored value outside snaps on save. */
const MEMORY: readonly number[] = DEVICE_MEMORY_VALUES;
const RESOLUTIONS = ['1280×720', '1366×768', '1440×900', '1536×864', '1600×900', '1920×1080', '2560×1440', '3840×2160'];
const DEVICE_COUNTS = [0, 1, 2, 3, 4, 5];
const VERSIONS = Array.from({ length: 51 }, (_, i) => 150 - i);

const timeZones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
};

function Modes<T extends string>(p: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (v: T) => void;
  testId?: string;
}) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        {p.label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={p.value}
        onChange={(_, v: T | null) => v && p.onChange(v)}
        aria-label={p.label}
        data-testid={p.testId}
        sx={{ flexWrap: 'wrap' }}
      >
        {p.options.map(([v, text]) => (
          <ToggleButton key={v} value={v} sx={{ textTransform: 'none', px: 1.5 }}>
            {text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}

const num = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider textAlign="left" sx={{ typography: 'overline', color: 'text.secondary', mt: 1 }}>
        {title}
      </Divider>
      {children}
    </>
  );
}

/** Every fingerprint setting of the §3/issue-4 configuration, grouped as the product does. */
function FingerprintSectionView({ fp, setFp, err, versionPref, onConstraints, onNewMac, busy }: Props) {
  const { t } = useTranslation();
  const e = (k: string) => err(`browserFingerPrint.${k}`);
  if (!fp)
    return (
      <Section id="fingerprint" title={t('browserForm.sections.fingerprint')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={120} />
      </Section>
    );
  const resolution = `${fp.screen.width}×${fp.screen.height}`;
  const versions = VERSIONS.includes(Number(fp.browserVersion)) ? VERSIONS : [Number(fp.browserVersion), ...VERSIONS];
  return (
    <Section id="fingerprint" title={t('browserForm.sections.fingerprint')}>
      <Box sx={threeColumns}>
        <TextField
          select
          label={t('browserForm.fp.os')}
          value={fp.os}
          disabled={busy}
          onChange={(ev) => onConstraints(ev.target.value as Fingerprint['os'], versionPref)}
          slotProps={{ htmlInput: { 'data-testid': 'fp-os' } }}
        >
          {FINGERPRINT_OS.map((os) => (
            <MenuItem key={os} value={os}>
              {OS_NAMES[os]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('browserForm.fp.browserVersion')}
          value={versionPref}
          disabled={busy}
          onChange={(ev) => onConstraints(fp.os, ev.target.value === 'auto' ? 'auto' : Number(ev.target.value))}
          helperText={versionPref === 'auto' ? t('browserForm.fp.currentVersion', { v: fp.browserVersion }) : undefined}
        >
          <MenuItem value="auto">{t('browserForm.fp.versionAuto')}</MenuItem>
          {versions.map((v) => (
            <MenuItem key={v} value={v}>
              {fp.os === 'ios' ? `Safari ${v}` : `Chrome ${v}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('browserForm.fp.webrtc')}
          value={fp.webrtc}
          onChange={(ev) => setFp({ webrtc: ev.target.value as Fingerprint['webrtc'] })}
        >
          {(['disabled', 'forward', 'proxy', 'real'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {t(`browserForm.fp.webrtcModes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        label={t('browserForm.fp.userAgent')}
        value={fp.userAgent}
        onChange={(ev) => setFp({ userAgent: ev.target.value })}
        error={!!e('userAgent')}
        helperText={e('userAgent')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { spellCheck: false, maxLength: 1000, 'data-testid': 'fp-user-agent' } }}
      />

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
            options={timeZones()}
            value={fp.timeZone.value || null}
            onChange={(_, v) => setFp({ timeZone: { mode: 'custom', value: v ?? '' } })}
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
                {t('browserForm.summary.cores', { n })}
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
      <Box>
        <Button
          size="small"
          startIcon={<Autorenew />}
          onClick={() => onConstraints(fp.os, versionPref)}
          disabled={busy}
        >
          {t('browserForm.summary.newFingerprint')}
        </Button>
      </Box>
    </Section>
  );
}

export const FingerprintSection = memo(FingerprintSectionView);
