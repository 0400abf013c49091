import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIdentityStatus } from '../../queries/identity';
import { AUTHENTICATION_PATH } from './IdentityRequiredDialog';
import { StatusChip } from './StatusCard';

/** The account page's way to Profile → Authentication, with the verification's status. */
export function IdentityCard() {
  const { t } = useTranslation();
  const status = useIdentityStatus().data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
          {t('identity.title')}
        </Typography>
        {status && <StatusChip status={status.status} />}
        <Button component={Link} to={AUTHENTICATION_PATH} variant="outlined" size="small" data-testid="identity-open">
          {t('identity.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
