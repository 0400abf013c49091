import type { Extension } from '@facet/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { ExtensionAvatar } from './ExtensionAvatar';

export interface DeleteExtensionsDialogProps {
  extensions: Extension[];
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The confirm of a delete: which extensions, and how many profiles load each (they stop loading it). */
export function DeleteExtensionsDialog(p: DeleteExtensionsDialogProps) {
  const { t } = useTranslation();
  const one = p.extensions.length === 1 ? p.extensions[0]! : null;
  return (
    <GenericDialog
      open
      title={t('extensions.delete.title')}
      onClose={p.onClose}
      onConfirm={p.onConfirm}
      loading={p.busy}
      confirmText={t('extensions.action.delete')}
      maxWidth="sm"
    >
      <Typography data-testid="extension-delete-text">
        {one
          ? t('extensions.delete.confirmOne', { name: one.name, version: one.version, count: one.profileCount })
          : t('extensions.delete.confirmMany', { count: p.extensions.length })}
      </Typography>
      {!one && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 1.5, maxHeight: 240, overflow: 'auto' }}>
          {p.extensions.map((e) => (
            <Box component="li" key={e.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
              <ExtensionAvatar icon={e.icon} size={24} />
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {e.name} {e.version}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t('extensions.delete.profiles', { count: e.profileCount })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Typography color="error" variant="body2" sx={{ mt: 1 }}>
        {t('extensions.delete.irreversible')}
      </Typography>
    </GenericDialog>
  );
}
