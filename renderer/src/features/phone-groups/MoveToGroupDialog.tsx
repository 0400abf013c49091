import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useMovePhonesToGroup, usePhoneGroups } from '../../queries/phone-groups';
import type { Phone } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';

/** The select's value for "no group". */
const NONE = 'none';

/** Moves the selected environments into a group, or out of any ("No group"). */
export function MoveToGroupDialog({ phones, onClose }: { phones: Phone[]; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = usePhoneGroups({ quiet: true }).data ?? [];
  const move = useMovePhonesToGroup();
  const [target, setTarget] = useState('');
  const save = async () => {
    try {
      await move.mutateAsync({
        ids: phones.map((p) => p.id),
        groupId: target === NONE ? null : Number(target),
      });
      notifySuccess(t('phoneGroups.move.done'));
      onClose();
    } catch {
      // The client showed the server's notice.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phoneGroups.move.title')}
      onClose={onClose}
      onConfirm={save}
      loading={move.isPending}
      confirmDisabled={target === ''}
      maxWidth="xs"
      confirmText={t('phoneGroups.move.confirm')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('phoneGroups.move.body')}
      </Typography>
      <TextField
        select
        fullWidth
        size="small"
        label={t('phoneGroups.move.target')}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'move-group-select' } as object } }}
      >
        <MenuItem value={NONE}>{t('phoneGroups.none')}</MenuItem>
        {groups.map((g) => (
          <MenuItem key={g.id} value={String(g.id)}>
            {g.name}
          </MenuItem>
        ))}
      </TextField>
    </GenericDialog>
  );
}
