import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GenericDialog } from '../../components/GenericDialog';

/**
 * A yes/no question before a step that cannot be undone (sign out, revoke, clear). The
 * confirm dialog carries the close-action "remember my choice" box, which means nothing here.
 */
export function ConfirmAction(p: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmText: string;
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
  loading?: boolean;
}) {
  return (
    <GenericDialog
      open={p.open}
      title={p.title}
      onClose={p.onCancel}
      onConfirm={p.onConfirm}
      confirmText={p.confirmText}
      loading={p.loading}
    >
      <Typography variant="body2" component="div" sx={{ pt: 0.5 }}>
        {p.message}
      </Typography>
    </GenericDialog>
  );
}
