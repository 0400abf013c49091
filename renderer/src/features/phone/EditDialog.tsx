import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, useRefreshPhones, useUpdatePhone } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { showRefusal } from './refusal';
import { type SettingsDraft, SettingsFields, settingsBody, settingsOf } from './SettingsFields';

/**
 * Name, remark and the device settings of one environment. The server applies them to the device;
 * each refusal shows at its field (a device that allows no mock location refuses only the GPS, the
 * rest is applied, so the list is read again).
 */
export function EditDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(phone.name);
  const [remark, setRemark] = useState(phone.remark);
  const [settings, setSettings] = useState<SettingsDraft>(settingsOf(phone));
  const fe = useFieldErrors();
  const update = useUpdatePhone();
  const refresh = useRefreshPhones();
  const save = async () => {
    fe.reset();
    try {
      await update.mutateAsync({ id: phone.id, name: name.trim(), remark, ...settingsBody(settings) });
      notifySuccess(t('phone.edit.saved'));
      onClose();
    } catch (e) {
      if (!fe.take(e)) showRefusal(t, i18n, e);
      void refresh();
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.edit.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={save}
      loading={update.isPending}
      confirmDisabled={!name.trim()}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }} data-testid="phone-edit">
        <TextField
          size="small"
          label={t('phone.edit.name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            fe.clear('name');
          }}
          error={!!fe.errors.name}
          helperText={fe.errors.name || ' '}
          slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'phone-edit-name' } }}
        />
        <TextField
          size="small"
          label={t('phone.edit.remark')}
          value={remark}
          onChange={(e) => {
            setRemark(e.target.value);
            fe.clear('remark');
          }}
          multiline
          minRows={2}
          error={!!fe.errors.remark}
          helperText={fe.errors.remark || ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <SettingsFields value={settings} onChange={setSettings} errors={fe.errors} />
      </Stack>
    </GenericDialog>
  );
}
