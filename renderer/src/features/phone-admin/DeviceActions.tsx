import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GenericDialog } from '../../components/GenericDialog';
import { useDeleteDevices, useProbeDevice } from '../../queries/phone-admin';
import { notifyError, notifySuccess, useNoticeStore } from '../../stores/notice';
import type { AdminDevice } from './DeviceDialog';
import { statusOf, useStatusText } from './device-status';

/** A row's actions: probe now (the answer as a notice), edit, delete (asked first). */
export function DeviceActions({ device, onEdit }: { device: AdminDevice; onEdit: (d: AdminDevice) => void }) {
  const { t } = useTranslation();
  const probe = useProbeDevice();
  const statusText = useStatusText();
  const [asking, setAsking] = useState(false);
  const named = { name: device.name };

  const probeNow = async () => {
    try {
      const d = await probe.mutateAsync({ id: device.id });
      const s = statusText(d.status);
      if (statusOf(d.status) === 'online')
        notifySuccess(t('phoneAdmin.devices.probedOnline', { name: d.name, model: `${d.brand} ${d.model}`.trim() }));
      else
        useNoticeStore.getState().push({
          severity: 'warning',
          text: `${t('phoneAdmin.devices.probedNot', { name: d.name, status: s.label })} ${s.meaning} ${s.todo}`,
          durationMs: 8000,
        });
    } catch (e) {
      notifyError((e as Error).message, 5000);
    }
  };
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('phoneAdmin.devices.probe')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('phoneAdmin.devices.probeNamed', named)}
            disabled={probe.isPending}
            onClick={() => void probeNow()}
          >
            <NetworkCheckIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('phoneAdmin.edit')}>
        <IconButton size="small" aria-label={t('phoneAdmin.editNamed', named)} onClick={() => onEdit(device)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('phoneAdmin.devices.delete')}>
        <IconButton
          size="small"
          aria-label={t('phoneAdmin.devices.deleteNamed', named)}
          onClick={() => setAsking(true)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DeleteDevice device={device} open={asking} onClose={() => setAsking(false)} />
    </Stack>
  );
}

/** Deleting asks first; a device that holds an environment is refused with the reason. */
function DeleteDevice(p: { device: AdminDevice; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDevices();
  const named = { name: p.device.name };
  const confirm = async () => {
    try {
      await remove.mutateAsync({ ids: [p.device.id] });
      notifySuccess(t('phoneAdmin.devices.deleted', named));
    } catch (e) {
      const inUse = e instanceof ApiError && e.errors.some((x) => x.key === 'deviceInUse');
      notifyError(inUse ? t('phoneAdmin.devices.inUse', named) : (e as Error).message, 8000);
    }
    p.onClose();
  };
  return (
    <GenericDialog
      open={p.open}
      title={t('phoneAdmin.devices.deleteTitle', named)}
      confirmText={t('phoneAdmin.devices.delete')}
      loading={remove.isPending}
      onClose={p.onClose}
      onConfirm={confirm}
    >
      <Typography variant="body2">
        {p.device.used > 0 ? t('phoneAdmin.devices.inUse', named) : t('phoneAdmin.devices.deleteText', named)}
      </Typography>
    </GenericDialog>
  );
}
