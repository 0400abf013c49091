import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';

type Reminder = { kind: 'age'; days: number } | { kind: 'divert' } | null;

/**
 * A dismissible reminder to change the password: when it was set by someone else
 * (isDivertPwd), or when it is old (isCheckPwd). Dismissing an age reminder tells the server
 * (updateViewLog), which stays quiet for a week.
 */
export function PasswordAgeBanner({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation();
  const [reminder, setReminder] = useState<Reminder>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const divert = await api.isDivertPwd(undefined, { noPrompt: true });
      if (divert.mustChange) return { kind: 'divert' } as const;
      const age = await api.isCheckPwd(undefined, { noPrompt: true });
      return age.remind ? ({ kind: 'age', days: age.days } as const) : null;
    })().then(
      (r) => live && setReminder(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!reminder) return null;
  const dismiss = () => {
    if (reminder.kind === 'age') void api.updateViewLog(undefined, { noPrompt: true }).catch(() => undefined);
    setReminder(null);
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
