import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, useDeletePhones, useNewMachine, usePhoneBinding } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { StateChip } from './StateChip';

/** New machine: wipes the environment's apps and files and gives its device a new identity. */
export function NewMachineDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const renew = useNewMachine();
  const go = async () => {
    try {
      await renew.mutateAsync(phone.id);
      notifySuccess(t('phone.newMachine.started'));
      onClose();
    } catch {
      // The transport said why.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.newMachine.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={go}
      loading={renew.isPending}
      confirmText={t('phone.newMachine.confirm')}
      maxWidth="xs"
    >
      <Alert severity="warning" data-testid="new-machine-warning">
        {t('phone.newMachine.warning')}
      </Alert>
    </GenericDialog>
  );
}

/** Deletes environments: their devices are wiped and released, their power is free again. */
export function DeleteDialog({
  phones,
  onClose,
  onDone,
}: {
  phones: Phone[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const del = useDeletePhones();
  const go = async () => {
    try {
      const r = await del.mutateAsync({ ids: phones.map((p) => p.id) });
      notifySuccess(t('phone.delete.done', { count: r.count }));
      onDone();
      onClose();
    } catch {
      // The transport said why.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.delete.title')}
      onClose={onClose}
      onConfirm={go}
      loading={del.isPending}
      confirmText={t('phone.delete.confirm')}
      maxWidth="xs"
    >
      <Typography>
        {phones.length === 1
          ? t('phone.delete.one', { name: phones[0]?.name ?? '' })
          : t('phone.delete.many', { count: phones.length })}
      </Typography>
    </GenericDialog>
  );
}

/** Whether the environment still has its device, and whether the device answers now. */
export function BindingDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const b = usePhoneBinding(phone.id);
  const yes = (v: boolean) => t(v ? 'phone.yes' : 'phone.no');
  return (
    <GenericDialog
      open
      title={t('phone.binding.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={onClose}
      closeOnly
    >
      {b.isFetching && <CircularProgress size={24} />}
      {b.isError && <Alert severity="warning">{t('phone.binding.failed')}</Alert>}
      {b.data && !b.isFetching && (
        <Stack sx={{ gap: 1 }} data-testid="binding-result">
          <Typography data-testid="binding-bound">
            {t('phone.binding.bound')}: <b>{yes(b.data.bound)}</b>
          </Typography>
          <Typography data-testid="binding-online">
            {t('phone.binding.online')}: <b>{yes(b.data.online)}</b>
          </Typography>
          <StateChip state={b.data.state} reason={b.data.stateReason} />
        </Stack>
      )}
    </GenericDialog>
  );
}
