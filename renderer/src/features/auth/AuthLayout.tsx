import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ThemeSwitch } from '../../components/ThemeSwitch';

/** The frame of the public account screens: brand, language and theme switches, one card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: (th) =>
          th.palette.mode === 'dark'
            ? 'radial-gradient(circle at 20% 0%, rgba(122,167,255,0.14), transparent 55%)'
            : 'radial-gradient(circle at 20% 0%, rgba(47,91,234,0.12), transparent 55%)',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, sm: 3 }, py: 1.5, gap: 1 }}>
        <BrandMark />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        <ThemeSwitch />
      </Stack>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'center',
          px: 2,
          pb: 4,
          pt: { xs: 1, sm: 6 },
        }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', pb: 2 }}>
        {t('app.footer')}
      </Typography>
    </Box>
  );
}
