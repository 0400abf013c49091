import type { ProxyConfig } from '@facet/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { usePermission } from '../../components/PermissionGate';
import { emptyProxyConfig, ProxyConfigFields, proxyConfigErrors } from '../../components/proxy';
import { useProfileGroups } from '../../queries/profiles';
import { groupLabel } from '../groups/group-label';
import { type BatchDialogProps, useBusy } from './batch-dialog';

export function ProxyDialog(p: BatchDialogProps<ProxyConfig>) {
  const { t } = useTranslation();
  const [value, setValue] = useState<ProxyConfig>(emptyProxyConfig);
  const [showErrors, setShowErrors] = useState(false);
  const { busy, run } = useBusy();
  useEffect(() => {
    if (p.open) {
      setValue(emptyProxyConfig());
      setShowErrors(false);
    }
  }, [p.open]);
  const confirm = () => {
    if (Object.keys(proxyConfigErrors(value)).length) {
      setShowErrors(true);
      return;
    }
    return run(() => p.onConfirm(value));
  };
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.batch.proxyTitle', { count: p.count })}
      onClose={p.onClose}
      onConfirm={confirm}
      loading={busy}
      maxWidth="sm"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('browser.batch.proxyHint')}
      </Typography>
      <ProxyConfigFields value={value} onChange={setValue} showErrors={showErrors} disabled={busy} />
    </GenericDialog>
  );
}

export function RemarkDialog(p: BatchDialogProps<string>) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const { busy, run } = useBusy();
  useEffect(() => {
    if (p.open) setRemark('');
  }, [p.open]);
  const tooLong = remark.length > 500;
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.batch.remarkTitle', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm(remark))}
      loading={busy}
      confirmDisabled={tooLong}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t('browser.columns.remark')}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        error={tooLong}
        helperText={tooLong ? t('browser.batch.remarkTooLong') : t('browser.batch.remarkHint')}
        sx={{ mt: 1 }}
      />
    </GenericDialog>
  );
}

export function MoveGroupDialog(p: BatchDialogProps<number>) {
  const { t } = useTranslation();
  // The same cached list as the group panel's.
  const groups = useProfileGroups(usePermission(['group:list'])).data ?? [];
  const [groupId, setGroupId] = useState<number | ''>('');
  const { busy, run } = useBusy();
  useEffect(() => {
    if (p.open) setGroupId('');
  }, [p.open]);
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.batch.groupTitle', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => (groupId ? run(() => p.onConfirm(groupId)) : undefined)}
      loading={busy}
      confirmDisabled={!groupId}
    >
      <TextField
        select
        fullWidth
        label={t('browser.columns.group')}
        value={groupId}
        onChange={(e) => setGroupId(Number(e.target.value))}
        sx={{ mt: 1 }}
        data-testid="move-group-select"
      >
        {groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {groupLabel(g, t)}
          </MenuItem>
        ))}
      </TextField>
    </GenericDialog>
  );
}

/** Moving to the recycle bin, or (`forever`) deleting for good, skipping the bin. */
export function DeleteDialog(p: BatchDialogProps<undefined> & { forever?: boolean }) {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  return (
    <GenericDialog
      open={p.open}
      title={p.forever ? t('browser.deleteForever.title') : t('browser.delete.title')}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm(undefined))}
      loading={busy}
      confirmText={p.forever ? t('browser.deleteForever.confirm') : t('browser.delete.confirm')}
    >
      <Typography>
        {p.forever
          ? t('browser.deleteForever.message', { count: p.count })
          : t('browser.delete.message', { count: p.count })}
      </Typography>
    </GenericDialog>
  );
}

export const DeleteForeverDialog = (p: BatchDialogProps<undefined>) => <DeleteDialog forever {...p} />;

/** Back to the order profiles were made in (all of them, not the selection). */
/**
 * The upgrade reminder's action (docs/client.md, Claims the engine can back): the selected
 * profiles that claim an older Chrome than the client's engine claim the engine's version.
 */
export function UpgradeVersionDialog(p: BatchDialogProps<undefined>) {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.upgrade.title', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm(undefined))}
      loading={busy}
      maxWidth="sm"
    >
      <Typography sx={{ mb: 1.5 }}>{t('browser.upgrade.message')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('browser.upgrade.why')}
      </Typography>
    </GenericDialog>
  );
}

export function ResetOrderDialog(p: BatchDialogProps<undefined>) {
  const { t } = useTranslation();
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.sort.reset')}
      onClose={p.onClose}
      onConfirm={() => p.onConfirm(undefined)}
    >
      <Typography>{t('browser.sort.resetMessage')}</Typography>
    </GenericDialog>
  );
}
