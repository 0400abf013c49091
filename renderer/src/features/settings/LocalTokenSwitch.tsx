import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePermission } from '../../components/PermissionGate';
import { useSetLocalTokenRequired } from '../../queries/settings';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';

/**
 * The user's local token switch (setIsLocalToken/{flag}): whether the client's local API asks
 * for the API token. The token itself is made and revoked on the API token screen.
 */
export function LocalTokenSwitch() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:apiToken']);
  const info = useUserStore((s) => s.userInfo);
  const required = useSetLocalTokenRequired();
  if (!allowed || !info) return null;

  const setRequired = async (on: boolean) => {
    try {
      await required.set(on);
      notifySuccess(on ? t('clientSettings.localApi.tokenOn') : t('clientSettings.localApi.tokenOff'));
      await useUserStore
        .getState()
        .fetchUserInfo()
        .catch(() => undefined);
    } catch {
      // The client showed the server's notice.
    }
  };

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={info.isLocalToken === 1}
            disabled={required.isPending}
            onChange={(_, on) => void setRequired(on)}
            slotProps={{ input: { 'data-testid': 'local-token-required' } as object }}
          />
        }
        label={t('clientSettings.localApi.tokenLabel')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('clientSettings.localApi.tokenText')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontFamily: info.localToken ? 'monospace' : undefined }}>
          {info.localToken
            ? t('clientSettings.localApi.tokenHint', { hint: info.localToken })
            : t('clientSettings.localApi.tokenNone')}
        </Typography>
        <Button size="small" component={RouterLink} to="/settings/api-token">
          {t('clientSettings.localApi.manageToken')}
        </Button>
      </Box>
    </Box>
  );
}
