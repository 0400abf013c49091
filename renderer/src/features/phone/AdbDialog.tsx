import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { type Phone, usePhoneAdbInfo, useSetPhoneAdb } from '../../queries/phones';
import { notifyError, notifySuccess } from '../../stores/notice';

const code = <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.95em' }} />;

/**
 * ADB access for the user's own adb (docs/phones.md, ADB access for users): on or off, the
 * `adb connect` line to run, the keys that may connect, and a key line to register.
 */
export function AdbDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const info = usePhoneAdbInfo(phone.id);
  const setAdb = useSetPhoneAdb();
  const errors = useFieldErrors('phone.adb.errors');
  const [key, setKey] = useState('');
  const on = !!info.data?.enabled;
  const command = info.data?.port ? `adb connect ${info.data.host}:${info.data.port}` : '';

  const send = async (enabled: boolean) => {
    try {
      const publicKey = key.trim();
      await setAdb.mutateAsync({ id: phone.id, enabled, ...(enabled && publicKey ? { publicKey } : {}) });
      setKey('');
      errors.reset();
      notifySuccess(t(enabled ? 'phone.adb.isOn' : 'phone.adb.isOff'));
    } catch (x) {
      if (!errors.take(x)) notifyError((x as Error).message, 5000);
    }
  };
  const copy = () =>
    navigator.clipboard.writeText(command).then(
      () => notifySuccess(t('phone.adb.copied')),
      () => notifyError(t('phone.adb.copyFailed'), 5000),
    );

  return (
    <GenericDialog
      open
      closeOnly
      title={t('phone.adb.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={onClose}
      maxWidth="sm"
    >
      {!info.data ? (
        info.isError ? (
          <Alert severity="error">{t('phone.loadFailed')}</Alert>
        ) : (
          <Skeleton variant="rounded" height={160} />
        )
      ) : (
        <Stack sx={{ gap: 2 }} data-testid="adb-dialog">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={on ? 'success' : 'default'}
              label={t(on ? 'phone.adb.isOn' : 'phone.adb.isOff')}
              data-testid="adb-state"
              data-on={on}
            />
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
              {t('phone.adb.intro')}
            </Typography>
          </Stack>
          {on && command && (
            <Box>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('phone.adb.run')}
              </Typography>
              <Stack
                direction="row"
                sx={{ alignItems: 'center', gap: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover' }}
              >
                <Box
                  component="code"
                  sx={{ fontFamily: 'monospace', flex: 1, overflowWrap: 'anywhere' }}
                  data-testid="adb-command"
                >
                  {command}
                </Box>
                <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                  {t('phone.adb.copy')}
                </Button>
              </Stack>
            </Box>
          )}
          {errors.errors.enabled && <Alert severity="error">{errors.errors.enabled}</Alert>}
          <Box>
            <Typography variant="subtitle2">{t('phone.adb.keys')}</Typography>
            {info.data.keys.length ? (
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }} data-testid="adb-keys">
                {info.data.keys.map((k) => (
                  <Chip key={k} size="small" variant="outlined" label={k} />
                ))}
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('phone.adb.noKeys')}
              </Typography>
            )}
          </Box>
          <TextField
            label={t('phone.adb.key')}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              errors.clear('publicKey');
            }}
            multiline
            minRows={2}
            maxRows={5}
            error={!!errors.errors.publicKey}
            helperText={errors.errors.publicKey ?? <Trans i18nKey="phone.adb.keyHint" components={{ code }} />}
            slotProps={{
              htmlInput: { 'data-testid': 'adb-key', maxLength: 1000, spellCheck: false },
              input: { sx: { fontFamily: 'monospace', fontSize: 12 } },
            }}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {on && (
              <Button
                color="error"
                variant="outlined"
                disabled={setAdb.isPending}
                onClick={() => void send(false)}
                data-testid="adb-off"
              >
                {t('phone.adb.turnOff')}
              </Button>
            )}
            <Button
              variant="contained"
              disabled={setAdb.isPending || (on && !key.trim())}
              onClick={() => void send(true)}
              data-testid="adb-on"
            >
              {t(on ? 'phone.adb.addKey' : 'phone.adb.turnOn')}
            </Button>
          </Stack>
        </Stack>
      )}
    </GenericDialog>
  );
}
