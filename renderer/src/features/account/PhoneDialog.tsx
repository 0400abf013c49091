import { checkPhoneForCountry, phoneRule, sixDigitCodeRule } from '@facet/shared';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { useChangePhone, useSendPhoneCode } from '../../queries/account';
import { notifySuccess } from '../../stores/notice';

/** Add a phone number to an account without one, or change it, with a code sent to the new number. */
export function PhoneDialog({ open, adding, onClose }: { open: boolean; adding: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [countryCode, setCountryCode] = useState('86');
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const code = useField(sixDigitCodeRule);
  const sendSms = useSendPhoneCode();
  const change = useChangePhone();
  const close = () => {
    phone.reset();
    code.reset();
    onClose();
  };
  const sendCode = async () => {
    if (!phone.check()) return null;
    return (await sendSms.mutateAsync({ phone: phone.value, countryCode })).resendAfterSeconds;
  };
  const save = () => {
    if (!checkAll(phone, code)) return;
    // A refusal was shown by the transport; the dialog stays open for another try.
    change.mutate(
      { phone: phone.value, countryCode, code: code.value },
      {
        onSuccess: () => {
          notifySuccess(t('profile.phoneSaved'));
          close();
        },
      },
    );
  };
  return (
    <GenericDialog
      open={open}
      title={adding ? t('profile.addPhone') : t('profile.changePhone')}
      onClose={close}
      onConfirm={save}
      loading={change.isPending}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <PhoneFields phone={phone} countryCode={countryCode} setCountryCode={setCountryCode} />
        <CodeField field={code} onSend={sendCode} />
      </Stack>
    </GenericDialog>
  );
}
