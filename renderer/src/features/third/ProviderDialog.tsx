import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useSaveThirdProvider } from '../../queries/third';
import { notifySuccess } from '../../stores/notice';

export type AdminProvider = CallResult<'adminThirdProviders'>[number];

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
}
type TextKey = Exclude<keyof Draft, 'enabled'>;

/**
 * Add an OpenID provider or change one. The server discovers the issuer before saving; a stored
 * client secret is never shown, and an empty secret on a change keeps it.
 */
export function ProviderDialog(p: { open: boolean; provider: AdminProvider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveThirdProvider();
  const server = useFieldErrors('third.errors');
  const [d, setD] = useState<Draft>({ name: '', issuer: '', clientId: '', clientSecret: '', enabled: true });
  const [tried, setTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    const x = p.provider;
    setD({
      name: x?.name ?? '',
      issuer: x?.issuer ?? '',
      clientId: x?.clientId ?? '',
      clientSecret: '',
      enabled: x?.enabled ?? true,
    });
    setTried(false);
    server.reset();
  }, [p.open]);
  const own: Partial<Record<TextKey, string>> = {};
  if (!d.name.trim()) own.name = t('third.admin.required');
  if (!/^https?:\/\/\S+$/.test(d.issuer.trim())) own.issuer = t('third.admin.issuerInvalid');
  if (!d.clientId.trim()) own.clientId = t('third.admin.required');
  const err = (f: TextKey) => server.errors[f] ?? (tried ? own[f] : undefined);
  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    server.clear(f);
  };
  const submit = async () => {
    setTried(true);
    if (Object.keys(own).length) return;
    try {
      await save.mutateAsync({
        ...(p.provider ? { id: p.provider.id } : {}),
        name: d.name.trim(),
        issuer: d.issuer.trim(),
        clientId: d.clientId.trim(),
        clientSecret: d.clientSecret,
        enabled: d.enabled,
      });
      notifySuccess(t('third.admin.saved', { name: d.name.trim() }));
      p.onClose();
    } catch (e) {
      server.take(e);
    }
  };
  const field = (f: TextKey, label: string, hint?: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={d[f]}
      onChange={(e) => set(f, e.target.value)}
      error={!!err(f)}
      helperText={err(f) ?? hint}
      autoComplete="off"
      slotProps={{ htmlInput: { 'data-testid': `provider-${f}` } }}
    />
  );
  return (
    <GenericDialog
      open={p.open}
      title={p.provider ? t('third.admin.editTitle', { name: p.provider.name }) : t('third.admin.createTitle')}
      confirmText={t('third.admin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {field('name', t('third.admin.name'), t('third.admin.nameHint'))}
        {field('issuer', t('third.admin.issuer'), t('third.admin.issuerHint'))}
        {field('clientId', t('third.admin.clientId'))}
        {field(
          'clientSecret',
          t('third.admin.clientSecret'),
          p.provider?.hasSecret ? t('third.admin.secretKept') : t('third.admin.secretHint'),
          'password',
        )}
        <FormControlLabel
          control={<Switch checked={d.enabled} onChange={(e) => set('enabled', e.target.checked)} />}
          label={t('third.admin.enabled')}
        />
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {t('third.admin.redirectHint')} <code>{`${window.location.origin}/authorized-login`}</code>
        </Alert>
      </Stack>
    </GenericDialog>
  );
}
