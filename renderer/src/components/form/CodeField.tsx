import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from './FormFields';
import type { Field } from './use-field';

/**
 * A verification-code field with its send button; after a send the button counts down
 * (60 s, or what the server says) before it can send again.
 */
export function CodeField({ field, onSend }: { field: Field; onSend: () => Promise<number | null> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) setLeft(wait > 0 ? wait : 60);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <CheckedTextField field={field} label={t('form.code')} inputMode="numeric" autoComplete="one-time-code" />
      <Button
        variant="outlined"
        onClick={() => void send()}
        disabled={left > 0}
        loading={sending}
        sx={{ flexShrink: 0, height: 56, minWidth: 120 }}
        data-testid="send-code"
      >
        {left > 0 ? t('form.resendIn', { seconds: left }) : t('form.sendCode')}
      </Button>
    </Stack>
  );
}
