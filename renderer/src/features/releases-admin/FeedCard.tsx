import type { ReleasesOverview } from '@facet/shared';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isoToZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';

type Feed = ReleasesOverview['feeds'][number];

/** The platforms' own names, the same in every language. */
const PLATFORM_NAMES: Record<Feed['platform'], string> = {
  windows: 'Windows',
  mac: 'macOS',
  linux: 'Linux',
  'linux-arm64': 'Linux ARM64',
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One platform's feed as the clients of that platform see it, and what is missing beside it. */
export function FeedCard({ feed }: { feed: Feed }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const update = feed.forced
    ? t('releasesAdmin.forced')
    : feed.minimumVersion
      ? t('releasesAdmin.forcedBelow', { version: feed.minimumVersion })
      : t('releasesAdmin.normal');
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`release-feed-${feed.platform}`}>
      <Typography variant="overline" color="text.secondary" component="p">
        {PLATFORM_NAMES[feed.platform]}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {feed.file}
      </Typography>
      <Typography variant="h6" component="p" data-testid={`release-feed-${feed.platform}-version`}>
        {feed.version}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {feed.releaseDate ? isoToZone(feed.releaseDate, zone) : t('releasesAdmin.noDate')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Chip size="small" color={feed.forced || feed.minimumVersion ? 'warning' : 'default'} label={update} />
        <Chip
          size="small"
          color={feed.signed ? 'success' : 'error'}
          variant={feed.signed ? 'filled' : 'outlined'}
          label={feed.signed ? t('releasesAdmin.signed') : t('releasesAdmin.unsigned')}
          data-testid={`release-feed-${feed.platform}-signature`}
        />
      </Stack>
      <Typography
        variant="body2"
        sx={{ mt: 1.5, overflowWrap: 'anywhere' }}
        color={feed.installer?.size == null ? 'error' : 'text.primary'}
        data-testid={`release-feed-${feed.platform}-installer`}
      >
        {!feed.installer
          ? t('releasesAdmin.noInstaller')
          : feed.installer.size == null
            ? t('releasesAdmin.installerMissing', { name: feed.installer.name })
            : t('releasesAdmin.installer', { name: feed.installer.name, size: megabytes(feed.installer.size) })}
      </Typography>
    </Paper>
  );
}
