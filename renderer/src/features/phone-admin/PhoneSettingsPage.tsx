import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useAdminPhoneSettings, useIpCheckServer, useTrialFee } from '../../queries/phone-admin';
import { IpCheckServerForm } from './IpCheckServerForm';
import { KeepingForm } from './KeepingForm';
import { TrialForm } from './TrialForm';

/** Operator → Phone trial and settings (docs/phones.md, For the operator, 3 and 4). */
export default function PhoneSettingsPage() {
  const { t } = useTranslation();
  const trial = useTrialFee();
  const settings = useAdminPhoneSettings();
  const ipCheck = useIpCheckServer();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <ListHeader title={t('phoneAdmin.menu.settings')} subtitle={t('phoneAdmin.settingsSubtitle')} />
      <Stack sx={{ gap: 2 }}>
        {trial.data ? <TrialForm trial={trial.data} /> : <Skeleton variant="rounded" height={320} />}
        {settings.data ? <KeepingForm settings={settings.data} /> : <Skeleton variant="rounded" height={200} />}
        {ipCheck.isSuccess ? <IpCheckServerForm server={ipCheck.data} /> : <Skeleton variant="rounded" height={160} />}
      </Stack>
    </Box>
  );
}
