import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useAdminReleases } from '../../queries/releases';
import { FeedCard } from './FeedCard';
import { ReleaseNotesDialog } from './ReleaseNotesDialog';

/**
 * Operator → Client releases: what the releases folder offers each platform's clients, what is
 * missing beside a feed, and the release notes per update locale (docs/client.md, The operator's
 * view). Releases themselves are published by copying signed files in, never from here.
 */
export default function AdminReleasesPage() {
  const { t } = useTranslation();
  const view = useAdminReleases();
  // undefined: closed; null: notes for a version the operator names.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const data = view.data;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ListHeader title={t('releasesAdmin.menu')} subtitle={t('releasesAdmin.subtitle')} />
      {!data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          {data.folder ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('releasesAdmin.folder', { folder: data.folder })}
            </Typography>
          ) : (
            <Alert severity="info" data-testid="releases-no-folder">
              {t('releasesAdmin.noFolder')}
            </Alert>
          )}
          {data.broken.map((b) => (
            <Alert severity="error" key={b.file} data-testid={`release-broken-${b.file}`}>
              {t('releasesAdmin.broken', { file: b.file, reason: b.reason })}
            </Alert>
          ))}
          {data.folder && data.feeds.length === 0 && <Alert severity="info">{t('releasesAdmin.noFeeds')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {data.feeds.map((f) => (
              <FeedCard key={f.platform} feed={f} />
            ))}
          </Box>
          {data.folder && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
                  {t('releasesAdmin.notesTitle')}
                </Typography>
                <Button onClick={() => setEditing(null)} data-testid="release-notes-new">
                  {t('releasesAdmin.notesNew')}
                </Button>
              </Stack>
              {data.versions.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('releasesAdmin.noVersions')}
                </Typography>
              )}
              {data.versions.map((v) => (
                <Stack
                  key={v.version}
                  direction="row"
                  sx={{ alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}
                  data-testid={`release-version-${v.version}`}
                >
                  <Typography sx={{ fontWeight: 600, minWidth: 80 }}>{v.version}</Typography>
                  <Stack direction="row" sx={{ gap: 0.5, flex: 1, flexWrap: 'wrap' }}>
                    {v.notes.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('releasesAdmin.feedNotesOnly')}
                      </Typography>
                    ) : (
                      v.notes.map((k) => <Chip key={k} size="small" label={t(`releasesAdmin.key.${k}`)} />)
                    )}
                  </Stack>
                  <Button size="small" onClick={() => setEditing(v.version)} data-testid={`release-edit-${v.version}`}>
                    {t('releasesAdmin.editNotes')}
                  </Button>
                </Stack>
              ))}
            </Paper>
          )}
        </Stack>
      )}
      {editing !== undefined && <ReleaseNotesDialog version={editing} onClose={() => setEditing(undefined)} />}
    </Box>
  );
}
