import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';

export type RecycleAction = 'recover' | 'recoverAll' | 'deleteSelected' | 'emptyBin';

/** The confirm dialog of each recycle bin action; the forever-deleting ones say it cannot be undone. */
export function RecycleConfirm({
  action,
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  action: RecycleAction | null;
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const text: Record<RecycleAction, { title: string; body: string; ok: string }> = {
    recover: {
      title: t('recycle.confirm.recoverTitle'),
      body: t('recycle.confirm.recover', { count }),
      ok: t('recycle.action.recover'),
    },
    recoverAll: {
      title: t('recycle.confirm.recoverAllTitle'),
      body: t('recycle.confirm.recoverAll', { count }),
      ok: t('recycle.action.recoverAll'),
    },
    deleteSelected: {
      title: t('recycle.confirm.deleteTitle'),
      body: t('recycle.confirm.delete', { count }),
      ok: t('recycle.action.deleteForever'),
    },
    emptyBin: {
      title: t('recycle.confirm.emptyTitle'),
      body: t('recycle.confirm.empty', { count }),
      ok: t('recycle.action.empty'),
    },
  };
  const current = action ? text[action] : null;
  const forever = action === 'deleteSelected' || action === 'emptyBin';
  return (
    <GenericDialog
      open={!!action}
      title={current?.title ?? ''}
      onClose={onCancel}
      onConfirm={onConfirm}
      confirmText={current?.ok}
      loading={busy}
    >
      <Typography data-testid="recycle-confirm-text">{current?.body}</Typography>
      {forever && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {t('recycle.confirm.irreversible')}
        </Typography>
      )}
    </GenericDialog>
  );
}
