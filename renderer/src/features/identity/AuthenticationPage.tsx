import { MAIN_ACCOUNT_USER_TYPE } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useCompanyIdentity, useIdentityStatus, usePersonalIdentity } from '../../queries/identity';
import { useUserStore } from '../../stores/user';
import { EnterpriseForm } from './EnterpriseForm';
import { EnterpriseSteps } from './EnterpriseSteps';
import { PersonalForm } from './PersonalForm';
import { StatusCard } from './StatusCard';

/** Profile → Authentication: the account's verification, personal or enterprise (docs/identity.md). */
export default function AuthenticationPage() {
  const { t } = useTranslation();
  const status = useIdentityStatus();
  const isMain = useUserStore((s) => s.userInfo?.userType === MAIN_ACCOUNT_USER_TYPE);
  const s = status.data;
  const onSteps = s?.kind === 'enterprise' && s.status === 'inProgress';
  const company = useCompanyIdentity(onSteps);
  const personal = usePersonalIdentity();
  const details: Array<[string, string]> = [];
  if (s?.kind === 'personal' && personal.data)
    details.push(
      [t('identity.personal.realName'), personal.data.realName],
      [t('identity.personal.idNumber'), personal.data.idNumber],
    );
  if (s?.kind === 'enterprise' && company.data)
    details.push(
      [t('identity.enterprise.companyName'), company.data.companyName],
      [t('identity.enterprise.creditCode'), company.data.creditCode],
      [t('identity.enterprise.legalName'), company.data.legalName],
    );
  const [tab, setTab] = useState<'personal' | 'enterprise' | null>(null);
  const shown = tab ?? (s?.kind === 'enterprise' ? 'enterprise' : 'personal');
  return (
    <Box sx={{ maxWidth: 900 }}>
      <ListHeader title={t('identity.title')} subtitle={t('identity.subtitle')} />
      {s && (
        <Stack sx={{ gap: 2 }}>
          <StatusCard s={s} isMain={isMain} details={details} />
          {s.canSubmit && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Tabs value={shown} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="fullWidth">
                <Tab value="personal" label={t('identity.kind.personal')} data-testid="identity-tab-personal" />
                <Tab value="enterprise" label={t('identity.kind.enterprise')} data-testid="identity-tab-enterprise" />
              </Tabs>
              {shown === 'personal' && <PersonalForm status={s} />}
              {shown === 'enterprise' &&
                (onSteps && company.data ? (
                  <>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                      {t('identity.steps.title', { company: company.data.companyName })}
                    </Typography>
                    <EnterpriseSteps c={company.data} />
                  </>
                ) : (
                  <EnterpriseForm status={s} />
                ))}
            </Paper>
          )}
        </Stack>
      )}
    </Box>
  );
}
