import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKefu } from '../../queries/notices';
import { useUserStore } from '../../stores/user';

/** Customer service in the header (getSoftKefu): the operator's contact image and link; hidden until one is set. */
export function SupportButton({ testId = 'support-button' }: { testId?: string }) {
  const { t } = useTranslation();
  const signedIn = useUserStore((s) => !!s.token);
  const kefu = useKefu(signedIn).data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (kefu?.code !== 1) return null;
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('notices.support.open')}
        title={t('notices.support.open')}
        data-testid={testId}
      >
        <SupportAgentIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2, width: 260, maxWidth: 'calc(100vw - 16px)', textAlign: 'center' } } }}
      >
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('notices.support.title')}
        </Typography>
        {kefu.weixinimage && (
          <Box
            component="img"
            src={kefu.weixinimage}
            alt={t('notices.support.image')}
            sx={{ width: '100%', maxHeight: 240, objectFit: 'contain' }}
            data-testid="support-image"
          />
        )}
        {kefu.url && (
          <Button href={kefu.url} target="_blank" rel="noopener noreferrer" variant="contained" sx={{ mt: 1 }}>
            {t('notices.support.contact')}
          </Button>
        )}
      </Popover>
    </>
  );
}
