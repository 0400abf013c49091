import { type Role, teamCalls } from '@facet/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { usePermission } from '../../components/PermissionGate';
import { useCreateRole, useUpdateRole } from '../../queries/team';
import { notifySuccess } from '../../stores/notice';
import { type PermissionGroup, PermissionTree } from './PermissionTree';
import { roleLabel } from './role-label';

const roleNameRule = teamCalls.rolesCreate.body.shape.name;

export interface RoleDialogProps {
  open: boolean;
  /** The role to edit or (system role) to view; none: create one. */
  role: Role | null;
  tree: PermissionGroup[];
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a role: a name and the codes it holds; a system role is shown read-only. */
export function RoleDialog(p: RoleDialogProps) {
  const { t } = useTranslation();
  const name = useField(roleNameRule);
  const [codes, setCodes] = useState<Set<string>>(new Set());
  const create = useCreateRole();
  const update = useUpdateRole();
  const canUpdate = usePermission(['role:update']);
  // The shared system role is nobody's to change; without role:update a role is only shown.
  const readOnly = !!p.role?.system || (!!p.role && !canUpdate);
  const all = p.tree.flatMap((g) => g.codes);

  const { open, role } = p;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens, not on each keystroke.
  useEffect(() => {
    if (!open) return;
    name.reset();
    name.setValue(role?.name ?? '');
    setCodes(new Set(role?.codes ?? []));
  }, [open, role]);

  const save = async () => {
    if (!name.check()) return;
    // Only codes of the tree go back: a code the server no longer offers would be refused.
    const held = all.filter((c) => codes.has(c));
    try {
      if (role) await update.mutateAsync({ id: role.id, name: name.value, codes: held });
      else await create.mutateAsync({ name: name.value, codes: held });
      notifySuccess(t('team.roles.saved'));
      p.onSaved();
    } catch {
      // The client showed the server's notice.
    }
  };

  const title = readOnly
    ? t('team.roles.viewTitle', { name: role ? roleLabel(t, role.id, role.name) : '' })
    : role
      ? t('team.roles.editTitle', { name: role.name })
      : t('team.roles.createTitle');

  return (
    <GenericDialog
      open={p.open}
      title={title}
      onClose={p.onClose}
      onConfirm={save}
      loading={create.isPending || update.isPending}
      maxWidth="md"
      closeOnly={readOnly}
    >
      <Stack sx={{ gap: 2, pt: 1 }} data-testid="role-form">
        {readOnly ? (
          <Typography color="text.secondary">
            {role?.system ? t('team.roles.systemNote') : t('team.roles.readOnlyNote')}
          </Typography>
        ) : (
          <CheckedTextField field={name} label={t('team.roles.name')} name="role-name" />
        )}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('team.roles.codesCount', { count: all.filter((c) => codes.has(c)).length, total: all.length })}
          </Typography>
          {!readOnly && (
            <>
              <Button size="small" onClick={() => setCodes(new Set(all))}>
                {t('team.roles.selectAll')}
              </Button>
              <Button size="small" onClick={() => setCodes(new Set())}>
                {t('team.roles.clearAll')}
              </Button>
            </>
          )}
        </Stack>
        <PermissionTree tree={p.tree} value={codes} onChange={readOnly ? undefined : setCodes} />
      </Stack>
    </GenericDialog>
  );
}
