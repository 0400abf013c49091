import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThirdBindAuthUrl, useThirdBindings, useThirdResetAuthUrl, useThirdUnbind } from '../../queries/third';
import { notifySuccess } from '../../stores/notice';
import { leaveForProvider, refusalKey } from './start-flow';

/**
 * The account page's sign-in bindings: one row per enabled provider, bound (with the provider's
 * account) or not. A binding is the last way in when the account has no password and no other
 * binding: it cannot be removed then, and the card offers to set a password through it.
 */
export function BindingsCard() {
  const { t } = useTranslation();
  const bindings = useThirdBindings();
  const bind = useThirdBindAuthUrl();
  const reset = useThirdResetAuthUrl();
  const unbind = useThirdUnbind();
  const [error, setError] = useState('');
  const data = bindings.data;
  if (!data || data.bindings.length === 0) return null;
  const boundCount = data.bindings.filter((b) => b.bound).length;
  const isLastWay = !data.hasPassword && boundCount <= 1;
  const firstBound = data.bindings.find((b) => b.bound);

  const leave = async (go: Promise<{ url: string }>) => {
    setError('');
    try {
      leaveForProvider((await go).url, '/profile');
    } catch (e) {
      setError(t(refusalKey(e)));
    }
  };
  const remove = async (providerId: number, name: string) => {
    setError('');
    try {
      await unbind.mutateAsync({ providerId });
      notifySuccess(t('third.unbound', { name }));
    } catch (e) {
      setError(t(refusalKey(e)));
    }
  };
  const origin = window.location.origin;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="third-bindings">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('third.bindingsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('third.bindingsSubtitle')}
      </Typography>
      {data.bindings.map((b, i) => (
        <Fragment key={b.providerId}>
          {i > 0 && <Divider />}
          <Stack
            direction="row"
            sx={{ alignItems: 'center', gap: 2, py: 1.25, minHeight: 52 }}
            data-testid={`third-binding-${b.providerId}`}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {b.providerName}
              </Typography>
              <Typography variant="body2" color={b.bound ? 'text.primary' : 'text.disabled'} noWrap>
                {b.bound ? b.account : t('third.notBound')}
              </Typography>
            </Box>
            {b.bound ? (
              <Button
                color="error"
                disabled={isLastWay}
                loading={unbind.isPending && unbind.variables?.providerId === b.providerId}
                onClick={() => void remove(b.providerId, b.providerName)}
              >
                {t('third.unbind')}
              </Button>
            ) : (
              <Button
                loading={bind.isPending && bind.variables?.providerId === b.providerId}
                onClick={() => void leave(bind.mutateAsync({ providerId: b.providerId, origin }))}
              >
                {t('third.bind')}
              </Button>
            )}
          </Stack>
        </Fragment>
      ))}
      {!data.hasPassword && firstBound && (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              loading={reset.isPending}
              onClick={() => void leave(reset.mutateAsync({ providerId: firstBound.providerId, origin }))}
            >
              {t('third.setPassword')}
            </Button>
          }
        >
          {t('third.noPassword')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
