import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from '../../components/form/FormFields';
import type { Field } from '../../components/form/use-field';

/** The image captcha the server asks for after failed logins (an SVG data URL). */
export function CaptchaField({ image, answer, onRefresh }: { image: string; answer: Field; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <CheckedTextField field={answer} label={t('login.captcha')} autoComplete="off" />
      <Box
        component="img"
        src={image}
        alt={t('login.captchaImage')}
        onClick={onRefresh}
        sx={{
          height: 56,
          width: 130,
          flexShrink: 0,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: '#fff',
          border: 1,
          borderColor: 'divider',
        }}
        data-testid="captcha-image"
      />
      <IconButton aria-label={t('login.refreshCaptcha')} onClick={onRefresh} sx={{ mt: 1 }}>
        <RefreshIcon />
      </IconButton>
    </Stack>
  );
}
