import { sixDigitCodeRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { checkAll, useField } from '../../components/form/use-field';
import { useCanLogOff, useLogOff, useSendLogOffCode } from '../../queries/notices';
import { useUserStore } from '../../stores/user';
import { PolicyText } from './PolicyPage';
import { policyHref } from './policy-paths';

/** Why checkCanLogOff refuses, said for the user; an unknown key is shown as the server wrote it. */
const REASONS = ['logOffBlockedAdmin', 'logOffBlockedBalance', 'logOffBlockedSubAccounts'];

/**
 * Closing the account: the log-off policy, then the conditions (checkCanLogOff) — each one still
 * standing in the way named with what to do — and only when none is left the code and the final
 * confirmation (docs/notices.md, Log-off).
 */
export function LogOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const check = useCanLogOff(open);
  const send = useSendLogOffCode();
  const logOff = useLogOff();
  const code = useField(sixDigitCodeRule);
  const reasons = check.data?.reasons ?? [];
  const confirm = async () => {
    if (!checkAll(code)) return;
    await logOff.mutateAsync({ code: code.value });
    useUserStore.getState().resetAll();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="log-off-title">
      <DialogTitle id="log-off-title">{t('notices.logOff.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('notices.policies.logoff')}{' '}
          <Link href={policyHref('logoff', i18n.language)} target="_blank" rel="noopener" variant="body2">
            {t('notices.logOff.openPolicy')}
          </Link>
        </Typography>
        <Box
          sx={{ maxHeight: 200, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 2 }}
        >
          <PolicyText kind="logoff" />
        </Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('notices.logOff.conditions')}
        </Typography>
        {check.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : reasons.length > 0 ? (
          <Stack sx={{ gap: 1 }} data-testid="log-off-reasons">
            {reasons.map((r) => (
              <Alert key={r} severity="warning" data-testid={`log-off-reason-${r}`}>
                {REASONS.includes(r) ? t(`notices.logOff.${r}`) : r}
              </Alert>
            ))}
          </Stack>
        ) : (
          <Stack sx={{ gap: 2 }}>
            <Alert severity="error" data-testid="log-off-ready">
              {t('notices.logOff.ready')}
            </Alert>
            <CodeField field={code} onSend={async () => (await send.mutateAsync(undefined)).resendAfterSeconds} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('notices.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!check.data?.canLogOff}
          loading={logOff.isPending}
          onClick={() => void confirm().catch(() => undefined)}
          data-testid="log-off-confirm"
        >
          {t('notices.logOff.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
