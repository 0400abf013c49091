import { type AdminNotice, adminNoticeSaveBody, LANGUAGES, NOTICE_AUDIENCES } from '@facet/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { Markdown } from '../../components/Markdown';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { useSaveNotice } from '../../queries/notices';
import { notifyError, notifySuccess } from '../../stores/notice';
import { schemaErrors } from '../phone-admin/schema-errors';

type Draft = Pick<AdminNotice, 'title' | 'content' | 'pinned' | 'published' | 'audience' | 'locale'>;
const draftOf = (n: AdminNotice | null): Draft => ({
  title: n?.title ?? '',
  content: n?.content ?? '',
  pinned: n?.pinned ?? false,
  published: n?.published ?? false,
  audience: n?.audience ?? 'all',
  locale: n?.locale ?? '',
});

/** Write or change a notice: Markdown with a preview, pinned, published or draft, audience, language. */
export function NoticeDialog(p: { open: boolean; notice: AdminNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNotice();
  const errors = useFieldErrors('notices.errors');
  const [d, setD] = useState<Draft>(() => draftOf(p.notice));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setD(draftOf(p.notice));
    setTab('write');
    errors.reset();
  }, [p.open]);
  const set = <K extends keyof Draft>(f: K, v: Draft[K]) => {
    setD((x) => ({ ...x, [f]: v }));
    errors.clear(f);
  };
  const submit = async () => {
    const checked = adminNoticeSaveBody.safeParse({ ...(p.notice ? { id: p.notice.id } : {}), ...d });
    if (!checked.success) {
      setTab('write');
      return void errors.show(schemaErrors(checked.error));
    }
    try {
      await save.mutateAsync(checked.data);
      notifySuccess(t('notices.admin.saved'));
      p.onClose();
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  return (
    <GenericDialog
      open={p.open}
      title={p.notice ? t('notices.admin.edit') : t('notices.admin.add')}
      onClose={p.onClose}
      onConfirm={submit}
      loading={save.isPending}
      maxWidth="md"
      confirmText={t('notices.save')}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          label={t('notices.admin.noticeTitle')}
          value={d.title}
          onChange={(e) => set('title', e.target.value)}
          error={!!errors.errors.title}
          helperText={errors.errors.title}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'notice-title' } }}
        />
        <Tabs value={tab} onChange={(_, v) => setTab(v)}>
          <Tab value="write" label={t('notices.admin.write')} />
          <Tab value="preview" label={t('notices.admin.preview')} data-testid="notice-preview-tab" />
        </Tabs>
        {tab === 'write' ? (
          <TextField
            label={t('notices.admin.content')}
            value={d.content}
            onChange={(e) => set('content', e.target.value)}
            multiline
            minRows={6}
            maxRows={16}
            error={!!errors.errors.content}
            helperText={errors.errors.content ?? t('notices.admin.markdownHint')}
            slotProps={{ htmlInput: { maxLength: 20_000, 'data-testid': 'notice-content' } }}
          />
        ) : (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 160 }}>
            <Markdown text={d.content} testId="notice-preview" />
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextField
            select
            fullWidth
            label={t('notices.admin.audience')}
            value={d.audience}
            onChange={(e) => set('audience', e.target.value as Draft['audience'])}
            slotProps={{ htmlInput: { 'data-testid': 'notice-audience' } }}
          >
            {NOTICE_AUDIENCES.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`notices.admin.audiences.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label={t('notices.admin.locale')}
            value={d.locale}
            onChange={(e) => set('locale', e.target.value)}
            error={!!errors.errors.locale}
            helperText={errors.errors.locale}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('notices.admin.allLanguages')}</MenuItem>
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={d.pinned}
                onChange={(e) => set('pinned', e.target.checked)}
                slotProps={{ input: { ...({ 'data-testid': 'notice-pinned' } as object) } }}
              />
            }
            label={t('notices.admin.pinnedHint')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={d.published}
                onChange={(e) => set('published', e.target.checked)}
                slotProps={{ input: { ...({ 'data-testid': 'notice-published' } as object) } }}
              />
            }
            label={t('notices.admin.publish')}
          />
        </Stack>
      </Stack>
    </GenericDialog>
  );
}
