import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientBridge } from '../../bridge';
import { RevealAdornment } from '../../components/form/RevealAdornment';
import { notifySuccess } from '../../stores/notice';

export const localUrl = (port: string) => `http://127.0.0.1:${port}`;

/** One titled card of the screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Code to read, as it is (no wrapping). With `copy`, a button copies that text: the code shown may
 * hide a secret that the copy carries.
 */
export function CodeBlock({ code, testId, copy }: { code: string; testId?: string; copy?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 2,
          pr: copy === undefined ? 2 : 6,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: (th) => (th.palette.mode === 'dark' ? 'grey.900' : 'grey.50'),
          fontFamily: 'monospace',
          fontSize: 13,
          lineHeight: 1.55,
          overflowX: 'auto',
          whiteSpace: 'pre',
        }}
      >
        <code>{code}</code>
      </Box>
      {copy !== undefined && (
        <Tooltip title={t('clientSettings.copy')}>
          <IconButton
            aria-label={t('clientSettings.copy')}
            size="small"
            sx={{ position: 'absolute', top: 6, right: 6 }}
            onClick={() => copyText(copy, () => notifySuccess(t('clientSettings.copied')))}
            data-testid={testId ? `${testId}-copy` : undefined}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

export const copyText = (text: string, done: () => void) =>
  void navigator.clipboard
    ?.writeText(text)
    .then(done)
    .catch(() => undefined);

/**
 * A value to read and copy (an address, a key), monospace. A secret one is masked until shown;
 * the copy button copies it either way.
 */
export function CopyField(p: {
  value: string;
  label: string;
  testId: string;
  copyLabel?: string;
  secret?: { showLabel: string; hideLabel: string };
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const copyLabel = p.copyLabel ?? t('clientSettings.copy');
  return (
    <TextField
      value={p.value}
      type={p.secret && !shown ? 'password' : 'text'}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { readOnly: true, 'aria-label': p.label, 'data-testid': p.testId },
        input: {
          sx: { fontFamily: 'monospace' },
          endAdornment: (
            <>
              {p.secret && (
                <RevealAdornment
                  shown={shown}
                  onToggle={() => setShown((v) => !v)}
                  showLabel={p.secret.showLabel}
                  hideLabel={p.secret.hideLabel}
                />
              )}
              <InputAdornment position="end" sx={p.secret ? { ml: 1.5 } : undefined}>
                <Tooltip title={t('clientSettings.copy')}>
                  <IconButton
                    aria-label={copyLabel}
                    edge="end"
                    onClick={() => copyText(p.value, () => notifySuccess(t('clientSettings.copied')))}
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            </>
          ),
        },
      }}
    />
  );
}

/**
 * A value the client gives over the bridge, read once per bridge; null until it answers, when it
 * refuses, or without a bridge. `read` is taken from the first render (the bridge decides when to read again).
 */
export function useFromClient<T>(bridge: ClientBridge | null, read: (b: ClientBridge) => Promise<T | null>): T | null {
  const [value, setValue] = useState<T | null>(null);
  const reader = useRef(read);
  useEffect(() => {
    setValue(null);
    if (!bridge) return;
    let live = true;
    reader.current(bridge).then(
      (v) => live && setValue(v),
      () => live && setValue(null),
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  return value;
}
