import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A list screen's heading: its title, one line saying what it holds, and its main actions. */
export function ListHeader(p: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {p.title}
        </Typography>
        {p.subtitle && (
          <Typography variant="body2" color="text.secondary">
            {p.subtitle}
          </Typography>
        )}
      </Box>
      {p.actions}
    </Stack>
  );
}
