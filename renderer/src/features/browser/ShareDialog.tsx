import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useProfileShares, useShareUsers } from '../../queries/profiles';
import { type BatchDialogProps, useBusy } from './batch-dialog';

export type ShareMode = 'add' | 'remove' | 'replace';
export interface ShareChoice {
  userIds: number[];
  mode: ShareMode;
}

/** Shares profiles with sub-accounts; for one profile (a row action) its current shares are ticked. */
export function ShareDialog(p: BatchDialogProps<ShareChoice>) {
  const { t } = useTranslation();
  const { open } = p;
  const singleId = p.target?.id ?? null;
  const users = useShareUsers(open);
  const shares = useProfileShares(singleId, open).data;
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<ShareMode>('add');
  const { busy, run } = useBusy();
  useEffect(() => {
    if (open) setMode(singleId ? 'replace' : 'add');
  }, [open, singleId]);
  useEffect(() => {
    if (open) setPicked(new Set(singleId ? shares?.userIds : []));
  }, [open, singleId, shares]);
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const list = users.data;
  const failed = users.isError;
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.share.title', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm({ userIds: [...picked], mode }))}
      loading={busy}
      confirmDisabled={!list || (mode !== 'replace' && picked.size === 0)}
      maxWidth="sm"
    >
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as ShareMode)} sx={{ mb: 1 }}>
        <FormControlLabel value="add" control={<Radio />} label={t('browser.share.add')} />
        <FormControlLabel value="remove" control={<Radio />} label={t('browser.share.remove')} />
        <FormControlLabel value="replace" control={<Radio />} label={t('browser.share.replace')} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`browser.share.${mode}Hint`)}
      </Typography>
      {failed && <Alert severity="warning">{t('browser.share.loadFailed')}</Alert>}
      {!list && !failed && <CircularProgress size={24} />}
      {list?.length === 0 && <Alert severity="info">{t('browser.share.noUsers')}</Alert>}
      <Box sx={{ maxHeight: 280, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
        {list?.map((u) => (
          <FormControlLabel
            key={u.id}
            control={<Checkbox checked={picked.has(u.id)} onChange={() => toggle(u.id)} />}
            label={u.username}
          />
        ))}
      </Box>
    </GenericDialog>
  );
}
