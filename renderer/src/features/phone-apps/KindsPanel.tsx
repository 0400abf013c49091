import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAppKinds, useDeleteAppKinds, useSaveAppKind } from '../../queries/phone-apps';
import { showRefusal } from './refusal';

/** The market's kinds (the users' tabs): add, rename (click one), delete (its apps keep no kind). */
export function KindsPanel() {
  const { t, i18n } = useTranslation();
  const kinds = useAdminAppKinds();
  const save = useSaveAppKind();
  const remove = useDeleteAppKinds();
  const [editing, setEditing] = useState<{ id?: number; name: string; sort: number }>({ name: '', sort: 0 });
  const refused = (e: unknown) => showRefusal(t, (k) => i18n.exists(k), e);
  const list = kinds.data ?? [];
  const submit = async () => {
    const name = editing.name.trim();
    if (!name) return;
    const sort = editing.id ? editing.sort : Math.max(0, ...list.map((k) => k.sort)) + 10;
    await save
      .mutateAsync({ ...(editing.id ? { id: editing.id } : {}), name, sort })
      .then(() => setEditing({ name: '', sort: 0 }))
      .catch(refused);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('phoneApps.admin.kinds')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1.5 }} data-testid="app-kinds">
        {list.length === 0 && kinds.data && (
          <Typography variant="body2" color="text.secondary">
            {t('phoneApps.admin.noKinds')}
          </Typography>
        )}
        {list.map((k) => (
          <Chip
            key={k.id}
            label={`${k.name} (${k.count})`}
            color={editing.id === k.id ? 'primary' : 'default'}
            onClick={() => setEditing({ id: k.id, name: k.name, sort: k.sort })}
            onDelete={() => remove.mutateAsync({ ids: [k.id] }).catch(refused)}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={editing.id ? t('phoneApps.admin.renameKind') : t('phoneApps.admin.newKind')}
          value={editing.name}
          onChange={(e) => setEditing({ ...editing, name: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <Button variant="outlined" disabled={!editing.name.trim() || save.isPending} onClick={() => void submit()}>
          {editing.id ? t('phoneApps.admin.save') : t('phoneApps.admin.addKind')}
        </Button>
        {editing.id && <Button onClick={() => setEditing({ name: '', sort: 0 })}>{t('phoneApps.admin.cancel')}</Button>}
      </Stack>
    </Paper>
  );
}
