import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, useRefreshPhones, useUpdatePhone } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { NameRemarkFields } from './NameRemarkFields';
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
        <NameRemarkFields
          name={name}
          remark={remark}
          onName={setName}
          onRemark={setRemark}
          errors={fe.errors}
          clear={fe.clear}
          testIdPrefix="phone-edit"
        />
        <SettingsFields value={settings} onChange={setSettings} errors={fe.errors} />
      </Stack>
    </GenericDialog>
  );
}
