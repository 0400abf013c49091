import { checkPhoneForCountry, phoneRule, sixDigitCodeRule } from '@facet/shared';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { CodeField } from '../../components/form/CodeField';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';

/** Change the phone with a code sent to the new number. */
export function PhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [countryCode, setCountryCode] = useState('86');
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const code = useField(sixDigitCodeRule);
  const [busy, setBusy] = useState(false);
  const close = () => {
    phone.reset();
    code.reset();
    onClose();
  };
  const sendCode = async () => {
    if (!phone.check()) return null;
    return (await api.sendSmsModfyPhoneV2({ phone: phone.value, countryCode })).resendAfterSeconds;
  };
  const save = async () => {
    if (!checkAll(phone, code)) return;
    setBusy(true);
    try {
      await api.modifyPhone({ phone: phone.value, countryCode, code: code.value });
      await useUserStore.getState().fetchUserInfo();
      notifySuccess(t('profile.phoneSaved'));
      close();
    } catch {
      // The client showed the server's notice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open={open} title={t('profile.changePhone')} onClose={close} onConfirm={save} loading={busy}>
      <Stack sx={{ gap: 2, pt: 1 }}>
        <PhoneFields phone={phone} countryCode={countryCode} setCountryCode={setCountryCode} />
        <CodeField field={code} onSend={sendCode} />
      </Stack>
    </GenericDialog>
  );
}
