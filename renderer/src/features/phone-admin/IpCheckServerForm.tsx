import { type PhoneIpCheckServer, phoneIpCheckServerSchema } from '@facet/shared';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useSaveIpCheckServer } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';
import { Section } from './Section';
import { schemaErrors } from './schema-errors';

/** Where users' IP checks ask for the exit IP when their account set no server (docs/phones.md, IP check). */
export function IpCheckServerForm({ server }: { server: PhoneIpCheckServer | null }) {
  const { t } = useTranslation();
  const save = useSaveIpCheckServer();
  const errors = useFieldErrors('phoneAdmin.errors');
  const [url, setUrl] = useState(server?.url ?? '');
  useEffect(() => setUrl(server?.url ?? ''), [server]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = phoneIpCheckServerSchema.safeParse({ url: url.trim() });
    if (!checked.success) return void errors.show(schemaErrors(checked.error));
    try {
      setUrl((await save.mutateAsync(checked.data)).url);
      notifySuccess(t('phoneAdmin.ipCheck.saved'));
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  return (
    <Section
      title={t('phoneAdmin.ipCheck.title')}
      hint={t('phoneAdmin.ipCheck.hint')}
      onSubmit={submit}
      testId="ip-check-server-form"
    >
      <TextField
        label={t('phoneAdmin.ipCheck.url')}
        value={url}
        placeholder="http://ip-api.com/json"
        onChange={(e) => {
          setUrl(e.target.value);
          errors.clear('url');
        }}
        error={!!errors.errors.url}
        helperText={errors.errors.url ?? t('phoneAdmin.ipCheck.urlHint')}
        slotProps={{ htmlInput: { 'data-testid': 'ip-check-server-url', maxLength: 500, spellCheck: false } }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('phoneAdmin.save')}
      </Button>
    </Section>
  );
}
