import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOffDialog } from './LogOffDialog';

/** The account page's last card: closing the account for good (cancellation conditions). */
export function LogOffCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A fresh dialog (empty code) each time it opens.
  const [round, setRound] = useState(0);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notices.logOff.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('notices.logOff.hint')}
          </Typography>
        </Stack>
        <Button
          color="error"
          variant="outlined"
          onClick={() => {
            setRound((r) => r + 1);
            setOpen(true);
          }}
          data-testid="log-off-open"
        >
          {t('notices.logOff.start')}
        </Button>
      </Stack>
      <LogOffDialog key={round} open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
