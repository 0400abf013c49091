import type { Extension } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignExtensions } from '../../queries/extensions';
import { notifySuccess } from '../../stores/notice';
import { ProfileSelectTable } from '../groups/ProfileSelectTable';
import { ExtensionAvatar } from './ExtensionAvatar';
import { ExtensionPermissions } from './ExtensionPermissions';

export interface AddToProfilesDialogProps {
  extensions: Extension[];
  onClose: () => void;
}

/** Adds extensions to the profiles picked in the shared profile table (extensionAssign, mode add). */
export function AddToProfilesDialog(p: AddToProfilesDialogProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const assign = useAssignExtensions();
  const one = p.extensions.length === 1 ? p.extensions[0]! : null;

  const add = async () => {
    try {
      const r = await assign.mutateAsync({
        browserIds: [...selected],
        extendIds: p.extensions.map((e) => e.id),
        mode: 'add',
      });
      notifySuccess(
        one
          ? t('extensions.add.doneOne', { name: one.name, count: r.count })
          : t('extensions.add.done', { count: r.count }),
      );
      p.onClose();
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <Dialog open onClose={p.onClose} fullWidth maxWidth="md">
      <DialogTitle sx={{ pr: 6, overflowWrap: 'anywhere', fontSize: { xs: '1.05rem', sm: '1.25rem' } }}>
        {one
          ? t('extensions.add.titleOne', { name: one.name })
          : t('extensions.add.title', { count: p.extensions.length })}
        <IconButton
          aria-label={t('common.close')}
          onClick={p.onClose}
          size="small"
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
          {p.extensions.map((e) => (
            <Chip
              key={e.id}
              variant="outlined"
              avatar={<ExtensionAvatar icon={e.icon} size={20} />}
              label={`${e.name} ${e.version}`}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
        {/* What the profiles' browsers will let it do: seen before choosing them. */}
        <Box sx={{ mb: 1.5 }}>
          <ExtensionPermissions
            ext={{
              permissions: p.extensions.flatMap((e) => e.permissions),
              hostPermissions: p.extensions.flatMap((e) => e.hostPermissions),
              optionalPermissions: p.extensions.flatMap((e) => e.optionalPermissions),
            }}
            max={8}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('extensions.add.hint')}
        </Typography>
        <ProfileSelectTable showGroup selected={selected} onSelectedChange={setSelected} maxHeight={320} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={p.onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void add()}
          loading={assign.isPending}
          disabled={selected.size === 0}
          data-testid="extension-add-confirm"
        >
          {t('extensions.add.confirm', { count: selected.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
