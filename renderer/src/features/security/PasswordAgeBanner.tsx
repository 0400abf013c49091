import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcknowledgePasswordAge, usePasswordAge, usePasswordDiverted } from '../../queries/security';

type Reminder = { kind: 'age'; days: number } | { kind: 'divert' } | null;

/**
 * A dismissible reminder to change the password: when it was set by someone else
 * (isDivertPwd), or when it is old (isCheckPwd). Dismissing an age reminder tells the server
 * (updateViewLog), which stays quiet for a week.
 */
export function PasswordAgeBanner({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const divert = usePasswordDiverted();
  const age = usePasswordAge(divert.data?.mustChange === false);
  const acknowledge = useAcknowledgePasswordAge();
  const reminder: Reminder = divert.data?.mustChange
    ? { kind: 'divert' }
    : age.data?.remind
      ? { kind: 'age', days: age.data.days }
      : null;

  if (!reminder || dismissed) return null;
  const dismiss = () => {
    // A failure to tell the server only means the reminder comes back next time.
    if (reminder.kind === 'age') acknowledge.mutate(undefined);
    setDismissed(true);
  };
  return (
    <Alert
      severity="warning"
      data-testid="password-reminder"
      action={
        // An action replaces the Alert's own close button, so both go here.
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Button color="inherit" size="small" onClick={onChangePassword} sx={{ whiteSpace: 'nowrap' }}>
            {t('security.password.change')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('common.close')} onClick={dismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      {reminder.kind === 'age'
        ? t('security.password.old', { days: reminder.days })
        : t('security.password.setByOther')}
    </Alert>
  );
}
