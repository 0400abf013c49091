import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { wide } from '../../components/list/responsive-columns';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import {
  type PhoneGroup,
  useCreatePhoneGroup,
  useDeletePhoneGroups,
  usePhoneGroups,
  useRenamePhoneGroup,
} from '../../queries/phone-groups';
import { notifySuccess } from '../../stores/notice';
import { GroupNameDialog } from '../groups/GroupNameDialog';

type Dialog = { kind: 'create' } | { kind: 'rename' | 'delete'; group: PhoneGroup };

function GroupActions(p: { g: PhoneGroup; onPick: (kind: 'rename' | 'delete') => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={t('phoneGroups.rename')}>
        <IconButton
          size="small"
          aria-label={t('phoneGroups.renameNamed', { name: p.g.name })}
          onClick={() => p.onPick('rename')}
          data-testid="phone-group-rename"
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('phoneGroups.delete.action')}>
        <IconButton
          size="small"
          aria-label={t('phoneGroups.deleteNamed', { name: p.g.name })}
          onClick={() => p.onPick('delete')}
          data-testid="phone-group-delete"
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * Groups of cloud-phone environments (phone/groups, docs/phones.md, Groups): the groups with how
 * many environments each holds; create, rename, delete (its environments become ungrouped).
 * Environments are moved into a group from the environment list.
 */
export default function PhoneGroupsPage() {
  const { t } = useTranslation();
  const list = usePhoneGroups();
  const create = useCreatePhoneGroup();
  const rename = useRenamePhoneGroup();
  const remove = useDeletePhoneGroups();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canChange = usePermission(['phone:update']);

  const columns: ListColumn<PhoneGroup>[] = [
    {
      key: 'name',
      label: t('phoneGroups.col.name'),
      render: (g) => (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="phone-group-name">
          {g.name}
          {/* Phones: the count under the name (its column is hidden). */}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'block', md: 'none' }, fontWeight: 400 }}
          >
            {t('phoneGroups.envCount', { count: g.envCount })}
          </Typography>
        </Typography>
      ),
      // Wide enough at 360 px that a name breaks between words, not inside them.
      sx: { minWidth: 120 },
    },
    wide({
      key: 'count',
      label: t('phoneGroups.col.envs'),
      render: (g) => t('phoneGroups.envCount', { count: g.envCount }),
    }),
    ...(canChange
      ? [
          {
            key: 'actions',
            label: t('phoneGroups.col.actions'),
            align: 'right' as const,
            render: (g: PhoneGroup) => <GroupActions g={g} onPick={(kind) => setDialog({ kind, group: g })} />,
          },
        ]
      : []),
  ];

  const removeGroup = async (group: PhoneGroup) => {
    try {
      await remove.mutateAsync({ ids: [group.id] });
      notifySuccess(t('phoneGroups.delete.done', { name: group.name }));
      setDialog(null);
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <Box>
      <ListHeader
        title={t('phoneGroups.title')}
        subtitle={t('phoneGroups.subtitle')}
        actions={
          <PermissionGate codes={['phone:update']}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="phone-group-create"
            >
              {t('phoneGroups.create')}
            </Button>
          </PermissionGate>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <ListTable
          testId="phone-group-table"
          rowTestId={(g) => `phone-group-row-${g.name}`}
          columns={columns}
          rows={list.data ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('phoneGroups.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('phoneGroups.empty')}
        />
      </Paper>
      {dialog?.kind === 'create' && (
        <GroupNameDialog
          title={t('phoneGroups.create')}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            await create.mutateAsync({ name });
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <GroupNameDialog
          title={t('phoneGroups.rename')}
          initialName={dialog.group.name}
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            await rename.mutateAsync({ id: dialog.group.id, name });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <GenericDialog
          open
          title={t('phoneGroups.delete.title', { name: dialog.group.name })}
          onClose={() => setDialog(null)}
          onConfirm={() => removeGroup(dialog.group)}
          loading={remove.isPending}
          confirmText={t('phoneGroups.delete.action')}
        >
          <Typography variant="body2">{t('phoneGroups.delete.body')}</Typography>
        </GenericDialog>
      )}
    </Box>
  );
}
