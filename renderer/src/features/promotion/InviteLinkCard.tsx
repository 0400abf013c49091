import type { Language } from '@facet/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inviteLink } from './invite-link';
import { useCopy } from './use-copy';
import { downloadDataUrl, useQrDataUrl } from './use-qr';

/** A value to copy: its label, the value in monospace (it wraps on phones), and Copy. */
function CopyRow(p: { label: string; value: string; copyLabel: string; testId: string; big?: boolean }) {
  const copy = useCopy();
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {p.label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          data-testid={p.testId}
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1.5,
            py: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: p.big ? 22 : 14,
            letterSpacing: p.big ? 2 : 0,
            overflowWrap: 'anywhere',
          }}
        >
          {p.value}
        </Box>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => copy(p.value)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {p.copyLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** The invite code, the link built from it, both to copy, and the link's QR code to save as PNG. */
export function InviteLinkCard({ code, showCode = true }: { code: string; showCode?: boolean }) {
  const { t, i18n } = useTranslation();
  const link = inviteLink(code, i18n.language as Language);
  const qr = useQrDataUrl(link);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
        <Stack sx={{ gap: 2, flex: 1, minWidth: 0 }}>
          {showCode && (
            <CopyRow
              label={t('promotion.invite.code')}
              value={code}
              copyLabel={t('promotion.invite.copyCode')}
              testId="invite-code"
              big
            />
          )}
          <CopyRow
            label={t('promotion.invite.link')}
            value={link}
            copyLabel={t('promotion.invite.copyLink')}
            testId="invite-link"
          />
          <Typography variant="body2" color="text.secondary">
            {t('promotion.invite.linkHint')}
          </Typography>
        </Stack>
        <Stack sx={{ alignItems: 'center', gap: 1 }}>
          <Box
            sx={{
              width: 200,
              height: 200,
              bgcolor: '#fff',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              p: 0.5,
            }}
          >
            {qr && <img src={qr} width={190} height={190} alt={t('promotion.invite.qrAlt')} data-testid="invite-qr" />}
          </Box>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            disabled={!qr}
            onClick={() => downloadDataUrl(qr, `invite-${code}.png`)}
            data-testid="invite-qr-download"
          >
            {t('promotion.invite.downloadQr')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
