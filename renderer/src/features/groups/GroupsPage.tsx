import type { CallResult } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { GenericDialog } from '../../components/GenericDialog';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { notifySuccess } from '../../stores/notice';
import { GroupNameDialog } from './GroupNameDialog';
import { groupLabel } from './group-label';
import { MoveProfilesDialog } from './MoveProfilesDialog';
import { ProfileSelectTable } from './ProfileSelectTable';
import { ShareGroupDialog } from './ShareGroupDialog';

type Group = CallResult<'groupList'>[number];
type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; group: Group }
  | { kind: 'delete'; group: Group }
  | { kind: 'share'; group: Group }
  | { kind: 'move' };

/**
 * Groups of browser profiles: the list with profile counts (create, rename, delete — profiles of a
 * deleted group move to the default group), and the selected group's profiles, movable to another.
 */
export default function GroupsPage() {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const canSeeProfiles = usePermission(['browser:list']);
  const canMove = usePermission(['browser:update']);

  const load = useCallback(async () => {
    try {
      const list = await api.groupList();
      setGroups(list);
      setFailed(false);
      setCurrentId((id) => (id !== null && list.some((g) => g.id === id) ? id : (list[0]?.id ?? null)));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const current = groups?.find((g) => g.id === currentId) ?? null;
  const select = (id: number) => {
    setCurrentId(id);
    setSelected(new Set());
  };
  const afterChange = () => {
    setSelected(new Set());
    setReloadKey((k) => k + 1);
    void load();
  };

  const removeGroup = async (group: Group) => {
    setDeleting(true);
    try {
      await api.groupDelete({ ids: [group.id] });
      notifySuccess(t('groups.delete.done', { name: groupLabel(group, t) }));
      setDialog(null);
      afterChange();
    } catch {
      // The client showed the server's notice.
    } finally {
      setDeleting(false);
    }
  };

  const defaultGroup = groups?.find((g) => g.isDefault);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('groups.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('groups.subtitle')}
          </Typography>
        </Box>
        <PermissionGate codes={['group:create']}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            {t('groups.create')}
          </Button>
        </PermissionGate>
      </Stack>

      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void load()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('groups.loadFailed')}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {t('groups.count', { count: groups?.length ?? 0 })}
          </Typography>
          <List dense sx={{ maxHeight: { md: 'calc(100vh - 260px)' }, overflow: 'auto' }} data-testid="group-list">
            {groups === null &&
              [0, 1, 2].map((i) => (
                <ListItem key={i}>
                  <Skeleton width="100%" height={32} />
                </ListItem>
              ))}
            {groups?.map((g) => (
              <ListItem
                key={g.id}
                disablePadding
                data-testid="group-item"
                secondaryAction={
                  <Stack direction="row">
                    <PermissionGate codes={['browser:share', 'user:list']}>
                      <Tooltip title={t('groups.share.action')}>
                        <IconButton
                          size="small"
                          aria-label={t('groups.shareNamed', { name: groupLabel(g, t) })}
                          onClick={() => setDialog({ kind: 'share', group: g })}
                          data-testid="group-share"
                        >
                          <ShareOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </PermissionGate>
                    <PermissionGate codes={['group:update']}>
                      <Tooltip title={t('groups.rename')}>
                        <IconButton
                          size="small"
                          aria-label={t('groups.renameNamed', { name: groupLabel(g, t) })}
                          onClick={() => setDialog({ kind: 'rename', group: g })}
                          data-testid="group-rename"
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </PermissionGate>
                    <PermissionGate codes={['group:delete']}>
                      <Tooltip title={g.isDefault ? t('groups.delete.defaultRefused') : t('groups.delete.action')}>
                        {/* A disabled button fires no events: the span carries the tooltip saying why. */}
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('groups.deleteNamed', { name: groupLabel(g, t) })}
                            disabled={g.isDefault}
                            onClick={() => setDialog({ kind: 'delete', group: g })}
                            data-testid="group-delete"
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </PermissionGate>
                  </Stack>
                }
              >
                <ListItemButton selected={g.id === currentId} onClick={() => select(g.id)} sx={{ pr: 15 }}>
                  <ListItemText
                    primary={
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
                        <Typography noWrap component="span" variant="body2" sx={{ fontWeight: 500 }}>
                          {groupLabel(g, t)}
                        </Typography>
                        {g.isDefault && (
                          <Chip size="small" variant="outlined" label={t('groups.default')} sx={{ height: 20 }} />
                        )}
                      </Stack>
                    }
                    secondary={t('groups.profileCount', { count: g.profileCount })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>

        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: 2 }}>
          {current ? (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <Typography
                  variant="h6"
                  component="h2"
                  sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {t('groups.profilesOf', { name: groupLabel(current, t) })}
                </Typography>
                {canSeeProfiles && canMove && (
                  <Button
                    variant="outlined"
                    startIcon={<DriveFileMoveOutlinedIcon />}
                    disabled={selected.size === 0}
                    onClick={() => setDialog({ kind: 'move' })}
                  >
                    {selected.size ? t('groups.moveSelected', { count: selected.size }) : t('groups.moveTo')}
                  </Button>
                )}
              </Stack>
              {canSeeProfiles ? (
                <ProfileSelectTable
                  key={current.id}
                  groupId={current.id}
                  selected={selected}
                  onSelectedChange={setSelected}
                  reloadKey={reloadKey}
                />
              ) : (
                <Typography color="text.secondary">{t('groups.noProfileAccess')}</Typography>
              )}
            </>
          ) : (
            groups && <Typography color="text.secondary">{t('groups.pick')}</Typography>
          )}
        </Paper>
      </Stack>

      {dialog?.kind === 'create' && (
        <GroupNameDialog
          title={t('groups.create')}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            const g = await api.groupCreate({ name });
            notifySuccess(t('groups.created', { name: g.name }));
            setCurrentId(g.id);
            afterChange();
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <GroupNameDialog
          title={t('groups.rename')}
          initialName={groupLabel(dialog.group, t)}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            await api.groupRename({ id: dialog.group.id, name });
            notifySuccess(t('groups.renamed', { name }));
            void load();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <GenericDialog
          open
          title={t('groups.delete.title')}
          onClose={() => setDialog(null)}
          onConfirm={() => removeGroup(dialog.group)}
          loading={deleting}
          confirmText={t('groups.delete.action')}
        >
          <Typography>
            {t('groups.delete.confirm', {
              name: groupLabel(dialog.group, t),
              count: dialog.group.profileCount,
              target: defaultGroup ? groupLabel(defaultGroup, t) : t('groups.defaultName'),
            })}
          </Typography>
        </GenericDialog>
      )}
      {dialog?.kind === 'share' && (
        <ShareGroupDialog
          groupId={dialog.group.id}
          groupName={groupLabel(dialog.group, t)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && groups && (
        <MoveProfilesDialog
          ids={[...selected]}
          groups={groups.map((g) => ({ ...g, name: groupLabel(g, t) }))}
          fromGroupId={currentId}
          onClose={() => setDialog(null)}
          onMoved={afterChange}
        />
      )}
    </Box>
  );
}
