import type { CallResult } from '@facet/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoveProfiles } from '../../queries/groups';
import { notifySuccess } from '../../stores/notice';
import { groupLabel } from './group-label';

type Group = CallResult<'groupList'>[number];

export interface MoveProfilesDialogProps {
  ids: number[];
  groups: Group[];
  /** The group the profiles are in now (not offered as a target). */
  fromGroupId: number | null;
  onClose: () => void;
  onMoved: () => void;
}

/** Moves the selected profiles into another group (groupMoveProfiles, one transaction). */
export function MoveProfilesDialog(p: MoveProfilesDialogProps) {
  const { t } = useTranslation();
  const targets = p.groups.filter((g) => g.id !== p.fromGroupId);
  const [target, setTarget] = useState<number | ''>(targets[0]?.id ?? '');
  const moving = useMoveProfiles();
  const move = async () => {
    if (target === '') return;
    try {
      const r = await moving.mutateAsync({ ids: p.ids, groupId: target });
      const name = p.groups.find((g) => g.id === target)?.name ?? '';
      notifySuccess(t('groups.move.done', { count: r.count, name }));
      p.onMoved();
      p.onClose();
    } catch {
      // The client showed the server's notice.
    }
  };
  return (
    <GenericDialog
      open
      title={t('groups.move.title', { count: p.ids.length })}
      onClose={p.onClose}
      onConfirm={move}
      loading={moving.isPending}
      confirmDisabled={target === ''}
      confirmText={t('groups.move.confirm')}
    >
      {targets.length === 0 ? (
        <Typography color="text.secondary">{t('groups.move.noTarget')}</Typography>
      ) : (
        <TextField
          select
          fullWidth
          label={t('groups.move.target')}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
          sx={{ mt: 1 }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {targets.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {groupLabel(g, t)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </GenericDialog>
  );
}
