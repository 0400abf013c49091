import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { useReadNotices, useTopNotices } from '../../queries/notices';
import { useUserStore } from '../../stores/user';

/**
 * The bar at the top of the console (getTopList): the newest pinned notice the user has not read.
 * Reading it or closing the bar marks it read, and the next one (if any) takes its place.
 */
export function TopNoticeBar() {
  const { t } = useTranslation();
  const signedIn = useUserStore((s) => !!s.token);
  const top = useTopNotices(signedIn).data?.[0];
  const read = useReadNotices();
  const [open, setOpen] = useState(false);
  if (!top) return null;
  const done = () => {
    setOpen(false);
    read.mutate({ ids: [top.id] });
  };
  return (
    <>
      <Alert
        severity="info"
        variant="outlined"
        onClose={done}
        slotProps={{ closeButton: { title: t('notices.dismiss'), 'aria-label': t('notices.dismiss') } }}
        sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
        data-testid="top-notice"
      >
        <strong>{top.title}</strong>{' '}
        <Button size="small" onClick={() => setOpen(true)} data-testid="top-notice-open">
          {t('notices.readMore')}
        </Button>
      </Alert>
      <Dialog open={open} onClose={done} fullWidth maxWidth="sm" aria-labelledby="top-notice-title">
        <DialogTitle id="top-notice-title">{top.title}</DialogTitle>
        <DialogContent dividers>
          <Markdown text={top.content} testId="top-notice-content" />
        </DialogContent>
        <DialogActions>
          <Button onClick={done} variant="contained" data-testid="top-notice-done">
            {t('notices.gotIt')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
