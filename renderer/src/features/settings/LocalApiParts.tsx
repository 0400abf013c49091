import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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

/** Code to read and copy, as it is (no wrapping). */
export function CodeBlock({ code, testId }: { code: string; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 2,
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
  );
}

export const copyText = (text: string, done: () => void) =>
  void navigator.clipboard
    ?.writeText(text)
    .then(done)
    .catch(() => undefined);
