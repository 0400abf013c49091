import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { type PhonePower, useCreatePhone } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';
import { NameRemarkFields } from './NameRemarkFields';
import { showRefusal } from './refusal';
import { EMPTY_SETTINGS, type SettingsDraft, SettingsFields, settingsBody } from './SettingsFields';

/** An environment on free computing power: its name, remark and device settings. */
export function CreateDialog({ power, onClose }: { power: PhonePower; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [settings, setSettings] = useState<SettingsDraft>(EMPTY_SETTINGS);
  const fe = useFieldErrors();
  const create = useCreatePhone();
  const save = async () => {
    fe.reset();
    try {
      await create.mutateAsync({ powerId: power.id, name: name.trim(), remark, ...settingsBody(settings) });
      notifySuccess(t('phone.create.done'));
      onClose();
    } catch (e) {
      if (!fe.take(e)) showRefusal(t, i18n, e);
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.create.title')}
      onClose={onClose}
      onConfirm={save}
      loading={create.isPending}
      confirmDisabled={!name.trim()}
      maxWidth="sm"
      confirmText={t('common.save')}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }} data-testid="phone-create">
        <Typography color="text.secondary">
          {power.region} · Android {power.androidVersion} · {power.packageName}
        </Typography>
        <NameRemarkFields
          name={name}
          remark={remark}
          onName={setName}
          onRemark={setRemark}
          errors={fe.errors}
          clear={fe.clear}
          testIdPrefix="phone-create"
        />
        <SettingsFields value={settings} onChange={setSettings} errors={fe.errors} />
      </Stack>
    </GenericDialog>
  );
}
