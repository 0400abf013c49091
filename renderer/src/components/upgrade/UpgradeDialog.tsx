import CloseIcon from '@mui/icons-material/Close';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientBridge } from '../../bridge';
import { useReleaseNotes } from '../../queries/releases';
import { useClientStore } from '../../stores/client';
import { offersDownloadPage, updateActions, updateLocaleOf, useUpdateStore } from './update-flow';

/** 570 px wide in Chinese, 670 otherwise. */
export const upgradeDialogWidth = (lng: string) => (lng === 'zh' || lng === 'hk' ? 570 : 670);

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The server's notes in the console's update locale, else what the client's feed carried. */
function notesOf(localized: string | undefined, notes: string | string[] | undefined, content: string | undefined) {
  if (localized) return lines(localized);
  if (Array.isArray(notes)) return notes;
  return (content ?? notes ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The global upgrade dialog, driven by the client bridge's update events (docs/client.md, Self-update). */
export function UpgradeDialog({ bridge }: { bridge: ClientBridge }) {
  const { t, i18n } = useTranslation();
  const open = useClientStore((s) => s.showUpdateDialog);
  const percent = useClientStore((s) => s.downloadPercent);
  const clientVersion = useClientStore((s) => s.clientVersion);
  const { info, downloading, applying, error } = useUpdateStore();
  const [ignore, setIgnore] = useState(false);
  const actions = useMemo(() => updateActions(bridge), [bridge]);
  const localized = useReleaseNotes(info?.version, updateLocaleOf(i18n.language));

  if (!info) return null;
  const forced = info.updateAvailable === 2;
  const done = percent >= 100;
  const notes = notesOf(localized.data, info.releaseNotes, info.upgradeContent);
  return (
    <>
      <Dialog
        open={open}
        onClose={forced ? undefined : () => actions.close(ignore)}
        slotProps={{ paper: { sx: { width: upgradeDialogWidth(i18n.language), maxWidth: 'calc(100vw - 32px)' } } }}
        aria-labelledby="upgrade-title"
      >
        <DialogTitle id="upgrade-title" sx={{ pr: 6 }}>
          {t('update.title')}
          {!forced && (
            <IconButton
              aria-label={t('common.close')}
              onClick={() => actions.close(ignore)}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {t('update.version', { version: info.version })}
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 1 }} data-testid="release-notes">
            {notes.map((n) => (
              <li key={n}>
                <Typography variant="body2">{n}</Typography>
              </li>
            ))}
          </Box>
          {(downloading || percent > 0) && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <LinearProgress variant="determinate" value={percent} sx={{ flex: 1 }} />
              <Typography variant="body2" data-testid="update-percent">
                {Math.round(percent)}%
              </Typography>
            </Box>
          )}
          {error && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
              {error}
            </Typography>
          )}
          {!forced && (
            <FormControlLabel
              control={<Checkbox checked={ignore} onChange={(e) => setIgnore(e.target.checked)} />}
              label={t('update.ignoreVersion')}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          {offersDownloadPage(bridge.platform, clientVersion) && (
            <Button onClick={actions.goToDownloadPage}>{t('update.goToDownloadPage')}</Button>
          )}
          {error ? (
            <Button color="error" variant="outlined" onClick={actions.retry}>
              {t('update.retry')}
            </Button>
          ) : (
            !done && (
              <>
                {!forced && (
                  <Button onClick={actions.downloadInBackground} disabled={downloading}>
                    {t('update.downloadInBackground')}
                  </Button>
                )}
                <Button variant="outlined" onClick={actions.upgradeNow} disabled={downloading}>
                  {t('update.upgradeNow')}
                </Button>
              </>
            )
          )}
          <Button variant="contained" disabled={!done} onClick={() => void actions.install()}>
            {t('update.install')}
          </Button>
        </DialogActions>
      </Dialog>
      <Backdrop open={applying} sx={{ zIndex: (th) => th.zIndex.modal + 1, color: '#fff', flexDirection: 'column' }}>
        <CircularProgress color="inherit" />
        <Typography sx={{ mt: 2 }}>{t('update.applying')}</Typography>
      </Backdrop>
    </>
  );
}
