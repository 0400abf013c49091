import { FINGERPRINT_OS, type Fingerprint } from '@facet/shared';
import Autorenew from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { FingerprintDevice } from './FingerprintDevice';
import { FingerprintDisplay } from './FingerprintDisplay';
import { FingerprintHardware } from './FingerprintHardware';
import { FingerprintLocation } from './FingerprintLocation';
import { OS_NAMES, VERSIONS } from './fingerprint-controls';
import { hostOs } from './host-os';
import { Section, threeColumns } from './Section';

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

/** Every fingerprint setting of a profile: OS, browser and user agent here, the rest in groups (location, display and noise, hardware, device). */
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
      <HostOsWarning claimed={fp.os} />
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

      <FingerprintLocation fp={fp} setFp={setFp} e={e} />
      <FingerprintDisplay fp={fp} setFp={setFp} e={e} />
      <FingerprintHardware fp={fp} setFp={setFp} e={e} />
      <FingerprintDevice fp={fp} setFp={setFp} e={e} onNewMac={onNewMac} />
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

/**
 * A profile that claims another OS than the computer's is told apart by what the engine cannot
 * hide (docs/client.md, Claims the engine can back): said where the OS is chosen.
 */
function HostOsWarning({ claimed }: { claimed: Fingerprint['os'] }) {
  const { t } = useTranslation();
  const host = hostOs(useBridge()?.platform);
  if (!host || host === claimed) return null;
  return (
    <Alert severity="warning" data-testid="fp-os-warning">
      {t('browserForm.fp.osMismatch', { host: OS_NAMES[host], claimed: OS_NAMES[claimed] })}
    </Alert>
  );
}
