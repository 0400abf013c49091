import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useAdbKey } from '../../queries/phone-admin';
import { notifyError, notifySuccess } from '../../stores/notice';

const code = <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.95em' }} />;

/**
 * The server's ADB public key and where it goes, in the words of docs/phones.md (For the operator,
 * and ADB, The key): a device lets the server in once this line is in its adb_keys.
 */
export function AdbKeyPanel() {
  const { t } = useTranslation();
  const key = useAdbKey();
  const copy = () => {
    if (!key.data) return;
    navigator.clipboard.writeText(key.data.publicKey).then(
      () => notifySuccess(t('phoneAdmin.key.copied')),
      () => notifyError(t('phoneAdmin.key.copyFailed'), 5000),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="adb-key">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
          {t('phoneAdmin.key.title')}
        </Typography>
        <Button size="small" startIcon={<ContentCopyIcon />} disabled={!key.data} onClick={copy}>
          {t('phoneAdmin.key.copy')}
        </Button>
      </Stack>
      {key.data ? (
        <Box
          sx={{
            fontFamily: 'monospace',
            fontSize: 12,
            wordBreak: 'break-all',
            maxHeight: 72,
            overflow: 'auto',
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
          data-testid="adb-key-text"
        >
          {key.data.publicKey}
        </Box>
      ) : (
        <Skeleton variant="rounded" height={56} />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        <Trans i18nKey="phoneAdmin.key.where" components={{ code }} />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        <Trans i18nKey="phoneAdmin.key.howToGet" components={{ code }} />
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('phoneAdmin.key.more')}
      </Typography>
    </Paper>
  );
}
