import {
  globalProxyInputSchema,
  PROXY_AGREEMENT_TYPES,
  type ProxyAgreementType,
  type ProxyProvider,
} from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useGlobalProxy, useSaveGlobalProxy } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';

interface Draft {
  host: string;
  port: string;
  userName: string;
  password: string;
  proxyAgreementType: ProxyAgreementType;
}
const EMPTY: Draft = { host: '', port: '', userName: '', password: '', proxyAgreementType: 'http' };

/**
 * The global proxy configuration of one proxy provider (globalproxysetting): the gateway and the
 * account's base credentials. Profiles that use this provider with the global configuration get
 * their username built from it (region, state, city, session segments; docs/profiles.md, Rules).
 */
export function ProviderDialog(p: { provider: ProxyProvider; onClose: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  const [shown, setShown] = useState(false);
  const saving = useSaveGlobalProxy();

  // Read fresh: this dialog edits the value the transport's 24-hour cache would otherwise show stale.
  const current = useGlobalProxy(p.provider, { fresh: true });
  const answered = current.isError ? null : current.data;
  const loaded = current.isError || (current.isSuccess && !current.isFetching);
  useEffect(() => {
    if (!loaded) return;
    setSaved(!!answered);
    setD(
      answered
        ? {
            host: answered.host,
            port: answered.port ? String(answered.port) : '',
            userName: answered.userName,
            password: answered.password,
            proxyAgreementType: (PROXY_AGREEMENT_TYPES as readonly string[]).includes(answered.proxyAgreementType)
              ? (answered.proxyAgreementType as ProxyAgreementType)
              : 'http',
          }
        : EMPTY,
    );
  }, [loaded, answered]);

  const parsed = d
    ? globalProxyInputSchema.safeParse({
        ...d,
        proxyType: p.provider,
        port: /^\d+$/.test(d.port) ? Number(d.port) : -1,
      })
    : null;
  const fieldError = (f: 'host' | 'port') => {
    if (!shown || !d || !parsed || parsed.success) return undefined;
    if (!parsed.error.issues.some((i) => i.path[0] === f)) return undefined;
    if (f === 'host') return t(d.host.trim() ? 'proxy.form.errors.hostInvalid' : 'proxy.form.errors.hostRequired');
    return t(d.port ? 'proxy.form.errors.portInvalid' : 'proxy.form.errors.portRequired');
  };

  const save = async () => {
    setShown(true);
    if (!parsed?.success) return;
    try {
      await saving.mutateAsync(parsed.data);
      notifySuccess(t('proxy.provider.saved', { provider: p.provider }));
      p.onClose();
    } catch {
      // The client showed the server's notice.
    }
  };
  const set = (patch: Partial<Draft>) => setD((x) => (x ? { ...x, ...patch } : x));

  return (
    <GenericDialog
      open
      maxWidth="sm"
      title={t('proxy.provider.title', { provider: p.provider })}
      onClose={p.onClose}
      onConfirm={save}
      loading={saving.isPending}
      confirmDisabled={!d}
      confirmText={t('common.save')}
    >
      {!d ? (
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : (
        <Stack sx={{ gap: 2, pt: 1 }}>
          {!saved && <Alert severity="warning">{t('proxy.provider.missing')}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('proxy.provider.help')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '140px 2fr 1fr' } }}>
            <TextField
              select
              label={t('proxy.form.type')}
              value={d.proxyAgreementType}
              onChange={(e) => set({ proxyAgreementType: e.target.value as ProxyAgreementType })}
            >
              {PROXY_AGREEMENT_TYPES.map((x) => (
                <MenuItem key={x} value={x}>
                  {x.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('proxy.form.host')}
              name="host"
              value={d.host}
              onChange={(e) => set({ host: e.target.value })}
              error={!!fieldError('host')}
              helperText={fieldError('host')}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label={t('proxy.form.port')}
              name="port"
              value={d.port}
              onChange={(e) => set({ port: e.target.value.replace(/\D/g, '') })}
              error={!!fieldError('port')}
              helperText={fieldError('port')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('proxy.form.userName')}
              name="userName"
              value={d.userName}
              onChange={(e) => set({ userName: e.target.value })}
              helperText={t('proxy.provider.userNameHelp')}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              label={t('proxy.form.password')}
              name="password"
              value={d.password}
              onChange={(e) => set({ password: e.target.value })}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Box>
          <Alert severity="info" icon={false} data-testid="provider-recommendation">
            {t(`proxy.recommend.${d.proxyAgreementType}`)}
          </Alert>
        </Stack>
      )}
    </GenericDialog>
  );
}
