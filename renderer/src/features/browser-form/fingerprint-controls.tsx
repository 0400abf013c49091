import { DEVICE_MEMORY_VALUES, type Fingerprint } from '@facet/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What each part of the fingerprint section gets: the fingerprint, a patch, its field errors. */
export interface FpPartProps {
  fp: Fingerprint;
  setFp: (patch: Partial<Fingerprint>) => void;
  /** The error of a fingerprint field (path under browserFingerPrint). */
  e: (path: string) => string | undefined;
}

export const OS_NAMES: Record<Fingerprint['os'], string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};
export const CORES = [2, 4, 6, 8, 10, 12, 16, 20, 24, 32, 64];
/** What navigator.deviceMemory can say (browsers cap it at 8); a stored value outside snaps on save. */
export const MEMORY: readonly number[] = DEVICE_MEMORY_VALUES;
export const RESOLUTIONS = [
  '1280×720',
  '1366×768',
  '1440×900',
  '1536×864',
  '1600×900',
  '1920×1080',
  '2560×1440',
  '3840×2160',
];
export const DEVICE_COUNTS = [0, 1, 2, 3, 4, 5];
export const VERSIONS = Array.from({ length: 51 }, (_, i) => 150 - i);

export function Modes<T extends string>(p: {
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

export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}

export const num = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider textAlign="left" sx={{ typography: 'overline', color: 'text.secondary', mt: 1 }}>
        {title}
      </Divider>
      {children}
    </>
  );
}
