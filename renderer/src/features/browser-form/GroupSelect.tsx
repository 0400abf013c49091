import { type groupSchema, nameRule } from '@facet/shared';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { PermissionGate } from '../../components/PermissionGate';
import { useCreateGroup } from '../../queries/profiles';
import { groupLabel } from '../groups/group-label';

export type Group = z.infer<typeof groupSchema>;

interface Props {
  groups: Group[];
  value: number | null;
  onChange: (id: number) => void;
  error?: string | undefined;
}

/** The profile's group, with a new group made on the spot. */
export function GroupSelect({ groups, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = useField(nameRule);
  const createGroup = useCreateGroup();
  const close = () => {
    name.reset();
    setOpen(false);
  };
  const create = async () => {
    if (!name.check()) return;
    try {
      // The new group joins the list (the cached one the form shows) before it is selected.
      const g = await createGroup.mutateAsync({ name: name.value.trim() });
      onChange(g.id);
      close();
    } catch {
      // The client showed the server's notice (a duplicate name, a refusal).
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        select
        fullWidth
        label={t('browserForm.basic.group')}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': 'group-select' } }}
      >
        {groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {groupLabel(g, t)}
          </MenuItem>
        ))}
      </TextField>
      <PermissionGate codes={['group:create']}>
        <Button startIcon={<Add />} onClick={() => setOpen(true)} sx={{ mt: 1, flexShrink: 0 }}>
          {t('browserForm.basic.newGroup')}
        </Button>
      </PermissionGate>
      <GenericDialog
        open={open}
        title={t('browserForm.basic.newGroup')}
        onClose={close}
        onConfirm={create}
        loading={createGroup.isPending}
      >
        <Box sx={{ pt: 1 }}>
          <CheckedTextField field={name} label={t('browserForm.basic.groupName')} autoFocus />
        </Box>
      </GenericDialog>
    </Box>
  );
}
