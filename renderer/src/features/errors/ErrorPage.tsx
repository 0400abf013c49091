import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function ErrorPage({ status, title, text }: { status: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Typography
        variant="h1"
        component="p"
        sx={{ fontWeight: 700, color: 'primary.main', fontSize: { xs: 72, sm: 96 } }}
      >
        {status}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 420 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        {t('errors.backHome')}
      </Button>
    </Box>
  );
}
