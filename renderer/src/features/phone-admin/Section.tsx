import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** One form of the settings screen: its title, one line saying what it decides, its fields. */
export function Section(p: {
  title: string;
  hint: string;
  onSubmit: (e: FormEvent) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={p.onSubmit}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={p.testId}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {p.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {p.hint}
      </Typography>
      <Stack sx={{ gap: 2 }}>{p.children}</Stack>
    </Paper>
  );
}
