import AddIcon from '@mui/icons-material/Add';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { useCreateGroup, useDeleteGroups, useGroupList, useRenameGroup } from '../../queries/groups';
import { notifySuccess } from '../../stores/notice';
import { type Group, GroupListPanel } from './GroupListPanel';
import { GroupNameDialog } from './GroupNameDialog';
import { groupLabel } from './group-label';
import { MoveProfilesDialog } from './MoveProfilesDialog';
import { ProfileSelectTable } from './ProfileSelectTable';
import { ShareGroupDialog } from './ShareGroupDialog';

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
  const list = useGroupList();
  const createGroup = useCreateGroup();
  const renameGroup = useRenameGroup();
  const deleteGroups = useDeleteGroups();
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canSeeProfiles = usePermission(['browser:list']);
  const canMove = usePermission(['browser:update']);

  const groups = list.data ?? null;
  // The picked group, or the first one when it is gone (deleted here or elsewhere).
  const currentId = pickedId !== null && groups?.some((g) => g.id === pickedId) ? pickedId : (groups?.[0]?.id ?? null);
  const current = groups?.find((g) => g.id === currentId) ?? null;
  const select = (id: number) => {
    setPickedId(id);
    setSelected(new Set());
  };

  const removeGroup = async (group: Group) => {
    try {
      await deleteGroups.mutateAsync({ ids: [group.id] });
      notifySuccess(t('groups.delete.done', { name: groupLabel(group, t) }));
      setDialog(null);
      setSelected(new Set());
    } catch {
      // The client showed the server's notice.
    }
  };

  const defaultGroup = groups?.find((g) => g.isDefault);

  return (
    <Box>
      <ListHeader
        title={t('groups.title')}
        subtitle={t('groups.subtitle')}
        actions={
          <PermissionGate codes={['group:create']}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
              {t('groups.create')}
            </Button>
          </PermissionGate>
        }
      />

      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('groups.loadFailed')}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
        <GroupListPanel
          groups={groups}
          currentId={currentId}
          onSelect={select}
          onAction={(kind, group) => setDialog({ kind, group })}
        />

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
            const g = await createGroup.mutateAsync({ name });
            notifySuccess(t('groups.created', { name: g.name }));
            setPickedId(g.id);
            setSelected(new Set());
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <GroupNameDialog
          title={t('groups.rename')}
          initialName={groupLabel(dialog.group, t)}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            await renameGroup.mutateAsync({ id: dialog.group.id, name });
            notifySuccess(t('groups.renamed', { name }));
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <GenericDialog
          open
          title={t('groups.delete.title')}
          onClose={() => setDialog(null)}
          onConfirm={() => removeGroup(dialog.group)}
          loading={deleteGroups.isPending}
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
          onMoved={() => setSelected(new Set())}
        />
      )}
    </Box>
  );
}
