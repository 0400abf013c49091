import type { PhoneAppView } from '@facet/shared';
import AndroidIcon from '@mui/icons-material/Android';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** An app as a list shows it: its icon (or Android's), label, package and version. */
export function AppIdentity({ app }: { app: PhoneAppView }) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={app.icon || undefined}
        alt=""
        sx={{ width: 36, height: 36, bgcolor: app.icon ? 'transparent' : 'success.main' }}
      >
        <AndroidIcon fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {app.label}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
          {app.packageName} · {app.versionName || app.versionCode}
        </Typography>
      </Box>
    </Stack>
  );
}
