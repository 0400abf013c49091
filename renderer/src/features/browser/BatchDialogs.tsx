import { type CallResult, EXTENSIONS_PER_PROFILE_MAX, type ProxyConfig } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../api/calls';
import { GenericDialog } from '../../components/GenericDialog';
import { emptyProxyConfig, ProxyConfigFields, proxyConfigErrors } from '../../components/proxy';
import { ExtensionAvatar } from '../extensions/ExtensionAvatar';
import { useExtensionOptions } from '../extensions/use-extension-options';

type Group = CallResult<'groupList'>[number];

interface BaseProps {
  open: boolean;
  count: number;
  onClose: () => void;
}

/** Runs the action; the dialog stays open (and busy) until it answers. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function ProxyDialog(p: BaseProps & { onConfirm: (proxy: ProxyConfig) => Promise<void> }) {
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

export function RemarkDialog(p: BaseProps & { onConfirm: (remark: string) => Promise<void> }) {
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

export function MoveGroupDialog(p: BaseProps & { groups: Group[]; onConfirm: (groupId: number) => Promise<void> }) {
  const { t } = useTranslation();
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
        {p.groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.isDefault ? t('browser.groups.default') : g.name}
          </MenuItem>
        ))}
      </TextField>
    </GenericDialog>
  );
}

type ShareMode = 'add' | 'remove' | 'replace';

export function ShareDialog(
  p: BaseProps & {
    /** The one profile selected, whose current shares are shown. */
    singleId: number | null;
    onConfirm: (userIds: number[], mode: ShareMode) => Promise<void>;
  },
) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<CallResult<'getChildUseid'> | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<ShareMode>('add');
  const { busy, run } = useBusy();
  const { open, singleId } = p;
  useEffect(() => {
    if (!open) return;
    setPicked(new Set());
    setMode(singleId ? 'replace' : 'add');
    setFailed(false);
    api.getChildUseid(undefined, { noPrompt: true }).then(setUsers, () => setFailed(true));
    if (singleId)
      api.profileShares({ id: singleId }, { noPrompt: true }).then(
        (r) => setPicked(new Set(r.userIds)),
        () => undefined,
      );
  }, [open, singleId]);
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.share.title', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm([...picked], mode))}
      loading={busy}
      confirmDisabled={!users || (mode !== 'replace' && picked.size === 0)}
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
      {!users && !failed && <CircularProgress size={24} />}
      {users?.length === 0 && <Alert severity="info">{t('browser.share.noUsers')}</Alert>}
      <Box sx={{ maxHeight: 280, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
        {users?.map((u) => (
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

type ExtensionMode = 'add' | 'remove';

/** Adds the ticked extensions to the selected profiles, or takes them off (extensionAssign). */
export function ExtensionsDialog(
  p: BaseProps & { onConfirm: (extendIds: number[], mode: ExtensionMode) => Promise<void> },
) {
  const { t } = useTranslation();
  const { list, failed } = useExtensionOptions(p.open);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<ExtensionMode>('add');
  const { busy, run } = useBusy();
  useEffect(() => {
    if (p.open) {
      setPicked(new Set());
      setMode('add');
    }
  }, [p.open]);
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (!n.delete(id)) n.add(id);
      return n;
    });
  const tooMany = picked.size > EXTENSIONS_PER_PROFILE_MAX;
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.extensions.title', { count: p.count })}
      onClose={p.onClose}
      onConfirm={() => run(() => p.onConfirm([...picked], mode))}
      loading={busy}
      confirmDisabled={picked.size === 0 || tooMany}
      confirmText={mode === 'add' ? t('browser.extensions.add') : t('browser.extensions.remove')}
      maxWidth="sm"
    >
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as ExtensionMode)} sx={{ mb: 0.5 }}>
        <FormControlLabel value="add" control={<Radio />} label={t('browser.extensions.add')} />
        <FormControlLabel value="remove" control={<Radio />} label={t('browser.extensions.remove')} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {mode === 'add' ? t('browser.extensions.addHint') : t('browser.extensions.removeHint')}
      </Typography>
      {failed && <Alert severity="warning">{t('browser.extensions.loadFailed')}</Alert>}
      {!list && !failed && <CircularProgress size={24} />}
      {list?.length === 0 && !failed && (
        <Alert severity="info">
          {t('browser.extensions.none')}{' '}
          <Link component={RouterLink} to="/extensions" onClick={p.onClose}>
            {t('browser.extensions.manage')}
          </Link>
        </Alert>
      )}
      {!!list?.length && (
        <>
          <Box
            sx={{ maxHeight: 300, overflow: 'auto', display: 'flex', flexDirection: 'column' }}
            data-testid="extension-choices"
          >
            {list.map((e) => (
              <FormControlLabel
                key={e.id}
                sx={{ mr: 0, py: 0.25, alignItems: 'center', '& .MuiFormControlLabel-label': { minWidth: 0, flex: 1 } }}
                control={
                  <Checkbox
                    checked={picked.has(e.id)}
                    onChange={() => toggle(e.id)}
                    slotProps={{ input: { 'aria-label': e.name } }}
                  />
                }
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <ExtensionAvatar icon={e.icon} size={24} />
                    <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {e.name}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {e.version}
                      </Typography>
                    </Typography>
                  </Box>
                }
              />
            ))}
          </Box>
          <Typography
            variant="body2"
            color={tooMany ? 'error' : 'text.secondary'}
            sx={{ mt: 1 }}
            data-testid="extension-picked"
          >
            {tooMany
              ? t('browser.extensions.tooMany', { max: EXTENSIONS_PER_PROFILE_MAX })
              : t('browser.extensions.picked', { count: picked.size })}
          </Typography>
        </>
      )}
    </GenericDialog>
  );
}

/** Moving to the recycle bin, or (`forever`) deleting for good, skipping the bin. */
export function DeleteDialog(p: BaseProps & { forever?: boolean; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  return (
    <GenericDialog
      open={p.open}
      title={p.forever ? t('browser.deleteForever.title') : t('browser.delete.title')}
      onClose={p.onClose}
      onConfirm={() => run(p.onConfirm)}
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
