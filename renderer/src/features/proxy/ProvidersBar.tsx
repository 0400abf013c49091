import { PROXY_PROVIDERS, type ProxyProvider } from '@facet/shared';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Provider buttons: each opens the provider's global proxy configuration. */
export function ProvidersBar(p: { configured: ReadonlySet<string>; onOpen: (provider: ProxyProvider) => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('proxy.provider.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('proxy.provider.subheading')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="provider-buttons">
        {PROXY_PROVIDERS.map((provider) => {
          const set = p.configured.has(provider);
          return (
            <Button
              key={provider}
              size="small"
              variant={set ? 'contained' : 'outlined'}
              color={set ? 'success' : 'primary'}
              disableElevation
              startIcon={set ? <CheckCircleIcon /> : undefined}
              onClick={() => p.onOpen(provider)}
              aria-label={t(set ? 'proxy.provider.configuredLabel' : 'proxy.provider.notConfiguredLabel', { provider })}
              sx={{ textTransform: 'none' }}
            >
              {provider}
            </Button>
          );
        })}
      </Stack>
    </Paper>
  );
}
