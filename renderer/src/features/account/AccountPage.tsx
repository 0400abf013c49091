import { ADMIN_ROLE_ID, FREE_PACKAGE_ID, MAIN_ACCOUNT_USER_TYPE } from '@facet/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useBillingSummary } from '../../queries/billing';
import { useThirdBindings } from '../../queries/third';
import { useUserStore } from '../../stores/user';
import { IdentityCard } from '../identity/IdentityCard';
import { LogOffCard } from '../policies/LogOffCard';
import { PasswordAgeBanner } from '../security/PasswordAgeBanner';
import { SessionsCard } from '../security/SessionsCard';
import { TwoFactorCard } from '../security/TwoFactorCard';
import { BindingsCard } from '../third/BindingsCard';
import { EmailDialog } from './EmailDialog';
import { PasswordDialog } from './PasswordDialog';
import { PhoneDialog } from './PhoneDialog';
import { PreferencesCard } from './PreferencesCard';

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 1.5, sm: 2 }, py: 1.25, minHeight: 52 }}>
      <Typography color="text.secondary" sx={{ width: { xs: 84, sm: 150 }, flexShrink: 0 }} variant="body2">
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>{value}</Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Stack>
  );
}

type DialogName = 'password' | 'email' | 'phone' | null;

/**
 * The signed-in user's own account (the `/profile` route and menu entry of the spec): account
 * info, password/email/phone dialogs, time zone and language. In the code "profile" means a
 * browser profile.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const info = useUserStore((s) => s.userInfo);
  const [dialog, setDialog] = useState<DialogName>(null);
  // An account made by a third-party sign-in has no password until one is set through its provider.
  const noPassword = useThirdBindings().data?.hasPassword === false;
  // The plan's name as the operator set it, for those who may read the plan.
  const billing = useBillingSummary(usePermission(['billing:view']) && info?.packageId !== FREE_PACKAGE_ID);
  if (!info) return null;
  const zone = info.timeZone;
  const role =
    info.roleId === ADMIN_ROLE_ID
      ? t('profile.roleAdmin')
      : info.userType === MAIN_ACCOUNT_USER_TYPE
        ? t('profile.roleOwner')
        : t('profile.roleMember');
  const none = <Typography color="text.disabled">{t('profile.notSet')}</Typography>;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        {t('profile.title')}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        <PasswordAgeBanner onChangePassword={() => setDialog('password')} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1 }}>
            <Avatar src={info.avatar || undefined} sx={{ width: 56, height: 56 }}>
              {info.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" noWrap data-testid="profile-username">
                {info.username}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={role} />
                <Chip
                  size="small"
                  variant="outlined"
                  label={
                    info.packageId === FREE_PACKAGE_ID
                      ? t('dashboard.freePackage')
                      : (billing.data?.subscription.planName ?? info.packageId)
                  }
                />
              </Stack>
            </Box>
          </Stack>
          <Divider sx={{ my: 1 }} />
          <Row label={t('profile.userId')} value={info.id} />
          <Row label={t('dashboard.balance')} value={money(info.balance)} />
          <Row label={t('profile.inviteCode')} value={info.inviteCode || none} />
          <Row label={t('dashboard.createdTime')} value={cstToZone(info.createdTime, zone) || '—'} />
          <Row label={t('dashboard.lastLoginTime')} value={cstToZone(info.lastLoginTime, zone) || '—'} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('profile.security')}
          </Typography>
          <Row
            label={t('login.password')}
            value={noPassword ? none : '••••••••'}
            action={
              !noPassword && (
                <Button onClick={() => setDialog('password')} data-testid="change-password">
                  {t('profile.change')}
                </Button>
              )
            }
          />
          <Divider />
          <Row
            label={t('form.email')}
            value={info.email || none}
            action={
              <Button onClick={() => setDialog('email')}>{info.email ? t('profile.change') : t('profile.bind')}</Button>
            }
          />
          <Divider />
          <Row
            label={t('form.phone')}
            value={
              info.phone ? (
                // The calling code may wrap onto its own line at phone width; the number never splits.
                <>
                  <span style={{ whiteSpace: 'nowrap' }}>+{info.countryCode}</span>{' '}
                  <span style={{ whiteSpace: 'nowrap' }}>{info.phone}</span>
                </>
              ) : (
                none
              )
            }
            action={
              <Button onClick={() => setDialog('phone')}>{info.phone ? t('profile.change') : t('profile.bind')}</Button>
            }
          />
        </Paper>
        <IdentityCard />
        <BindingsCard />
        <TwoFactorCard />
        <SessionsCard />
        <PreferencesCard />
        <LogOffCard />
      </Stack>
      <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      <EmailDialog open={dialog === 'email'} adding={!info.email} onClose={() => setDialog(null)} />
      <PhoneDialog open={dialog === 'phone'} adding={!info.phone} onClose={() => setDialog(null)} />
    </Box>
  );
}
