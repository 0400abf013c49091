import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThirdAuthUrl, useThirdProviders } from '../../queries/third';
import { leaveForProvider, refusalKey } from './start-flow';

/** The login page's "sign in with …" buttons, one per enabled provider; nothing when there is none. */
export function ProviderButtons({ after }: { after: string }) {
  const { t } = useTranslation();
  const providers = useThirdProviders();
  const start = useThirdAuthUrl();
  const [error, setError] = useState('');
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const go = async (providerId: number) => {
    setError('');
    try {
      const { url } = await start.mutateAsync({ providerId, origin: window.location.origin });
      leaveForProvider(url, after);
    } catch (e) {
      setError(t(refusalKey(e)));
    }
  };
  return (
    <Stack sx={{ gap: 1.25 }} data-testid="third-providers">
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('third.orSignInWith')}</Divider>
      {list.map((p) => (
        <Button
          key={p.id}
          variant="outlined"
          startIcon={<LoginIcon />}
          loading={start.isPending && start.variables?.providerId === p.id}
          onClick={() => void go(p.id)}
          data-testid={`third-provider-${p.id}`}
        >
          {t('third.signInWith', { name: p.name })}
        </Button>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
