import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';

/** A preference screen: title, intro, the form (or its loading and failure), and Save. */
export function PreferenceLayout(p: {
  title: string;
  intro: string;
  testId: string;
  /** The screen's form (usePreferenceForm): its draft is null until the saved values came. */
  form: { draft: unknown; failed: boolean; dirty: boolean; saving: boolean; submit: () => Promise<unknown> };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { failed, dirty, saving } = p.form;
  const ready = p.form.draft !== null;
  return (
    <Box sx={{ maxWidth: 880 }} data-testid={p.testId}>
      <PageHeader title={p.title} intro={p.intro} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {failed ? (
          <Alert severity="error">{t('preferences.loadFailed')}</Alert>
        ) : ready ? (
          <Stack sx={{ gap: 2.5 }}>{p.children}</Stack>
        ) : (
          <Skeleton variant="rectangular" height={200} />
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 3, justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            onClick={() => void p.form.submit()}
            loading={saving}
            disabled={!ready || !dirty}
            data-testid="preferences-save"
          >
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
