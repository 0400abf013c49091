import { type CallResult, phoneSettingsBody } from '@facet/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useSavePhoneSettings } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';
import { Section } from './Section';
import { schemaErrors } from './schema-errors';

type Settings = CallResult<'adminPhoneSettings'>;
type Draft = Record<keyof Settings, string>;
const draftOf = (s: Settings): Draft => ({ retentionDays: String(s.retentionDays), remindDays: String(s.remindDays) });
const whole = (v: string) => (/^\d{1,4}$/.test(v.trim()) ? Number(v) : Number.NaN);

/** How long an expired environment's data is kept, and how many days ahead expiry is reminded. */
export function KeepingForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSavePhoneSettings();
  const errors = useFieldErrors('phoneAdmin.errors');
  const [d, setD] = useState<Draft>(() => draftOf(settings));
  useEffect(() => setD(draftOf(settings)), [settings]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = phoneSettingsBody.safeParse({
      retentionDays: whole(d.retentionDays),
      remindDays: whole(d.remindDays),
    });
    if (!checked.success)
      return void errors.show(
        schemaErrors(checked.error, { retentionDays: 'retentionDaysInvalid', remindDays: 'remindDaysInvalid' }),
      );
    try {
      setD(draftOf(await save.mutateAsync(checked.data)));
      notifySuccess(t('phoneAdmin.keeping.saved'));
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  const field = (f: keyof Draft, label: string, hint: string) => (
    <TextField
      label={label}
      value={d[f]}
      onChange={(e) => {
        setD({ ...d, [f]: e.target.value });
        errors.clear(f);
      }}
      error={!!errors.errors[f]}
      helperText={errors.errors[f] ?? hint}
      sx={{ flex: 1, minWidth: 200 }}
      slotProps={{ htmlInput: { 'data-testid': `keeping-${f}`, inputMode: 'numeric', maxLength: 3 } }}
    />
  );
  return (
    <Section
      title={t('phoneAdmin.keeping.title')}
      hint={t('phoneAdmin.keeping.hint')}
      onSubmit={submit}
      testId="keeping-form"
    >
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {field('retentionDays', t('phoneAdmin.keeping.retentionDays'), t('phoneAdmin.keeping.retentionHint'))}
        {field('remindDays', t('phoneAdmin.keeping.remindDays'), t('phoneAdmin.keeping.remindHint'))}
      </Stack>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('phoneAdmin.save')}
      </Button>
    </Section>
  );
}
