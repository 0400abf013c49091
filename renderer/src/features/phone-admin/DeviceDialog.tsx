import { type CallResult, deviceBody } from '@facet/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useSaveDevice } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';
import { statusOf, useStatusText } from './device-status';
import { schemaErrors } from './schema-errors';

export type AdminDevice = CallResult<'adminDeviceList'>['list'][number];

type Field = 'name' | 'host' | 'port' | 'region' | 'androidVersion' | 'brand' | 'model';
type Draft = Record<Field, string> & { enabled: boolean };
const draftOf = (d: AdminDevice | null): Draft => ({
  name: d?.name ?? '',
  host: d?.host ?? '',
  port: String(d?.port ?? 5555),
  region: d?.region ?? '',
  androidVersion: d?.androidVersion ?? '',
  brand: d?.brand ?? '',
  model: d?.model ?? '',
  enabled: d?.enabled ?? true,
});

/**
 * Register a device (an ADB endpoint) or change one. Saving probes it at once: online closes the
 * dialog with what the device reported; otherwise the dialog stays on the saved device and says
 * why it cannot be reached and what to do, so the endpoint can be fixed right there.
 */
export function DeviceDialog(p: { open: boolean; device: AdminDevice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDevice();
  const errors = useFieldErrors('phoneAdmin.errors');
  const statusText = useStatusText();
  const [d, setD] = useState<Draft>(() => draftOf(p.device));
  const [saved, setSaved] = useState<AdminDevice | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setD(draftOf(p.device));
    setSaved(null);
    errors.reset();
  }, [p.open]);

  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    errors.clear(f);
  };
  const id = saved?.id ?? p.device?.id;
  const submit = async () => {
    const body = {
      ...(id ? { id } : {}),
      ...d,
      name: d.name.trim(),
      host: d.host.trim(),
      region: d.region.trim(),
      port: d.port.trim() === '' ? Number.NaN : Number(d.port),
      brand: d.brand.trim(),
      model: d.model.trim(),
    };
    const checked = deviceBody.safeParse(body);
    if (!checked.success) return void errors.show(schemaErrors(checked.error));
    try {
      const device = await save.mutateAsync(checked.data);
      if (statusOf(device.status) === 'online') {
        const made = [device.brand, device.model].filter(Boolean).join(' ');
        notifySuccess(t('phoneAdmin.devices.savedOnline', { name: device.name, model: made || '—' }));
        p.onClose();
      } else {
        setSaved(device);
        setD(draftOf(device));
      }
    } catch (e) {
      if (!errors.take(e)) notifyError((e as Error).message, 5000);
    }
  };

  const field = (f: Field, label: string, hint?: string, html: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={d[f]}
      onChange={(e) => set(f, e.target.value)}
      error={!!errors.errors[f]}
      helperText={errors.errors[f] ?? hint}
      sx={{ flex: 1, minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': `device-${f}`, ...html } }}
    />
  );
  const result = saved && statusText(saved.status);
  // What was saved is no loss: closing asks only about what was typed since.
  const baseline = draftOf(saved ?? p.device);
  const dirty = (Object.keys(baseline) as (keyof Draft)[]).some((k) => baseline[k] !== d[k]);
  return (
    <GenericDialog
      open={p.open}
      maxWidth="sm"
      title={
        p.device || saved
          ? t('phoneAdmin.devices.editTitle', { name: (saved ?? p.device)?.name })
          : t('phoneAdmin.devices.createTitle')
      }
      confirmText={saved ? t('phoneAdmin.devices.saveAgain') : t('phoneAdmin.save')}
      loading={save.isPending}
      dirty={dirty}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {result && (
          <Alert severity="warning" data-testid="device-result">
            <strong>{t('phoneAdmin.devices.savedNotOnline', { status: result.label })}</strong> {result.meaning}{' '}
            {result.todo}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('name', t('phoneAdmin.devices.name'), undefined, { maxLength: 20 })}
          {field('region', t('phoneAdmin.region'), t('phoneAdmin.regionHint'), { maxLength: 32 })}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('host', t('phoneAdmin.devices.host'), t('phoneAdmin.devices.hostHint'), { maxLength: 255 })}
          {field('port', t('phoneAdmin.devices.port'), undefined, { inputMode: 'numeric', maxLength: 5 })}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('androidVersion', t('phoneAdmin.androidVersion'), t('phoneAdmin.androidVersionHint'), {
            maxLength: 5,
          })}
          {field('brand', t('phoneAdmin.devices.brand'), t('phoneAdmin.devices.reportedHint'), { maxLength: 40 })}
          {field('model', t('phoneAdmin.devices.model'), t('phoneAdmin.devices.reportedHint'), { maxLength: 60 })}
        </Stack>
        <FormControlLabel
          control={
            <Switch
              checked={d.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              data-testid="device-enabled"
            />
          }
          label={t('phoneAdmin.devices.enabled')}
        />
      </Stack>
    </GenericDialog>
  );
}
