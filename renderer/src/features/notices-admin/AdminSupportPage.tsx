import { LANGUAGES, type SupportSettings, supportSettingsSchema } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { ListHeader } from '../../components/list/ListHeader';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { useAdminSupport, useSaveSupport } from '../../queries/notices';
import { notifyError, notifySuccess } from '../../stores/notice';
import { Section } from '../phone-admin/Section';
import { schemaErrors } from '../phone-admin/schema-errors';

type Draft = { kefuImage: string; kefuUrl: string; kefuScriptUrl: string; analytics: Record<string, string> };
const draftOf = (s: SupportSettings): Draft => ({
  kefuImage: s.kefuImage,
  kefuUrl: s.kefuUrl,
  kefuScriptUrl: s.kefuScriptUrl,
  analytics: Object.fromEntries(LANGUAGES.map((l) => [l, s.analytics[l] ?? ''])),
});

function SupportForm({ settings }: { settings: SupportSettings }) {
  const { t } = useTranslation();
  const save = useSaveSupport();
  const errors = useFieldErrors('notices.errors');
  const [d, setD] = useState<Draft>(() => draftOf(settings));
  useEffect(() => setD(draftOf(settings)), [settings]);
  const set = (field: string, v: string) => {
    setD((x) =>
      field.startsWith('analytics.')
        ? { ...x, analytics: { ...x.analytics, [field.slice(10)]: v } }
        : { ...x, [field]: v },
    );
    errors.clear(field);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = supportSettingsSchema.safeParse({
      kefuImage: d.kefuImage.trim(),
      kefuUrl: d.kefuUrl.trim(),
      kefuScriptUrl: d.kefuScriptUrl.trim(),
      analytics: Object.fromEntries(
        Object.entries(d.analytics)
          .filter(([, v]) => v.trim())
          .map(([k, v]) => [k, v.trim()]),
      ),
    });
    if (!checked.success) return void errors.show(schemaErrors(checked.error));
    try {
      await save.mutateAsync(checked.data);
      notifySuccess(t('notices.admin.saved'));
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  const field = (name: string, label: string, value: string, hint: string) => (
    <TextField
      key={name}
      label={label}
      value={value}
      placeholder="https://"
      onChange={(e) => set(name, e.target.value)}
      error={!!errors.errors[name]}
      helperText={errors.errors[name] ?? hint}
      slotProps={{ htmlInput: { maxLength: 2000, spellCheck: false, 'data-testid': `support-${name}` } }}
    />
  );
  return (
    <Stack sx={{ gap: 2 }}>
      <Section
        title={t('notices.admin.contactTitle')}
        hint={t('notices.admin.contactHint')}
        onSubmit={submit}
        testId="support-contact-form"
      >
        {field('kefuImage', t('notices.admin.kefuImage'), d.kefuImage, t('notices.admin.kefuImageHint'))}
        {field('kefuUrl', t('notices.admin.kefuUrl'), d.kefuUrl, t('notices.admin.kefuUrlHint'))}
        {field('kefuScriptUrl', t('notices.admin.kefuScript'), d.kefuScriptUrl, t('notices.admin.scriptHint'))}
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="support-save"
        >
          {t('notices.save')}
        </Button>
      </Section>
      <Section
        title={t('notices.admin.analyticsTitle')}
        hint={t('notices.admin.analyticsHint')}
        onSubmit={submit}
        testId="support-analytics-form"
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {LANGUAGES.map((l) => field(`analytics.${l}`, LANGUAGE_NAMES[l], d.analytics[l] ?? '', ''))}
        </Box>
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('notices.save')}
        </Button>
      </Section>
    </Stack>
  );
}

/**
 * Operator → Customer service: the contact image and link users get (getSoftKefu), the external
 * customer-service script and the analytics script per language. None is set by default, and
 * without a URL the console loads no third-party script (docs/notices.md).
 */
export default function AdminSupportPage() {
  const { t } = useTranslation();
  const settings = useAdminSupport();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <ListHeader title={t('notices.menu.adminSupport')} subtitle={t('notices.admin.supportSubtitle')} />
      {settings.data ? <SupportForm settings={settings.data} /> : <Skeleton variant="rounded" height={320} />}
    </Box>
  );
}
