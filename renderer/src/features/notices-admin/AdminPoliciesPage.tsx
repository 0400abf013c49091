import { LANGUAGES, type Language, POLICY_KINDS, type PolicyKind } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { Markdown } from '../../components/Markdown';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { useAdminPolicies, useSavePolicy } from '../../queries/notices';
import { notifyError, notifySuccess } from '../../stores/notice';
import { policyHref } from '../policies/policy-paths';

/**
 * Operator → Policy pages: the user agreement, privacy policy and log-off policy in Markdown, one
 * text per language; a language without its own text shows the English one (docs/notices.md).
 */
export default function AdminPoliciesPage() {
  const { t, i18n } = useTranslation();
  const policies = useAdminPolicies();
  const save = useSavePolicy();
  const [kind, setKind] = useState<PolicyKind>('agreement');
  const [locale, setLocale] = useState<Language>('en');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState(false);
  const saved = policies.data?.find((p) => p.kind === kind && p.locale === locale)?.content ?? '';
  useEffect(() => setText(saved), [saved]);
  const written = (policies.data ?? []).filter((p) => p.kind === kind).map((p) => p.locale);
  const submit = async () => {
    try {
      await save.mutateAsync({ kind, locale, content: text });
      notifySuccess(t('notices.admin.saved'));
    } catch (x) {
      notifyError((x as Error).message, 5000);
    }
  };
  return (
    <Box sx={{ maxWidth: 960 }}>
      <ListHeader title={t('notices.menu.adminPolicies')} subtitle={t('notices.admin.policiesSubtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Tabs value={kind} onChange={(_, v) => setKind(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {POLICY_KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`notices.policies.${k}`)} data-testid={`policy-kind-${k}`} />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
          <TextField
            select
            label={t('notices.admin.locale')}
            value={locale}
            onChange={(e) => setLocale(e.target.value as Language)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'policy-locale' } }}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {LANGUAGE_NAMES[l]} {written.includes(l) ? '✓' : ''}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('notices.admin.written')}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {written.length === 0 ? (
                <Typography variant="body2">{t('notices.admin.noneWritten')}</Typography>
              ) : (
                written.map((l) => <Chip key={l} size="small" label={l} />)
              )}
            </Stack>
          </Box>
          <Link href={policyHref(kind, i18n.language)} target="_blank" rel="noopener" variant="body2">
            {t('notices.admin.openPublic')}
          </Link>
        </Stack>
        <Tabs value={preview ? 1 : 0} onChange={(_, v) => setPreview(v === 1)} sx={{ mb: 1 }}>
          <Tab label={t('notices.admin.write')} />
          <Tab label={t('notices.admin.preview')} />
        </Tabs>
        {preview ? (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 240 }}>
            <Markdown text={text} />
          </Box>
        ) : (
          <TextField
            fullWidth
            multiline
            minRows={10}
            maxRows={24}
            label={t('notices.admin.content')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            helperText={t('notices.admin.policyHint')}
            slotProps={{ htmlInput: { maxLength: 50_000, 'data-testid': 'policy-content' } }}
          />
        )}
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={text === saved}
          sx={{ mt: 2 }}
          data-testid="policy-save"
        >
          {t('notices.save')}
        </Button>
      </Paper>
    </Box>
  );
}
