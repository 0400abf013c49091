import { DEFAULT_SYSTEM_PROXY, SYSTEM_PROXY_TYPES, type SystemProxyView } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { RevealAdornment } from '../../components/form/RevealAdornment';
import { usePermission } from '../../components/PermissionGate';
import { notifySuccess } from '../../stores/notice';
import { errorMessage, notifyClientError } from './client-errors';
import { checkProxy, type ProxyErrors, type ProxyForm } from './client-rules';
import { NoAccess } from './NoAccess';
import { NoClient } from './NoClient';
import { PageHeader } from './PageHeader';

/** The client never shows its stored password: the field starts empty, and left empty keeps it. */
const toForm = (c: Partial<SystemProxyView>): ProxyForm => ({
  type: c.type ?? (DEFAULT_SYSTEM_PROXY.type as 1),
  host: c.host ?? '',
  port: c.port == null ? '' : String(c.port),
  username: c.username ?? '',
  password: '',
});
const sameForm = (a: ProxyForm, b: ProxyForm) =>
  a.type === b.type &&
  (a.type === SYSTEM_PROXY_TYPES.direct ||
    (a.host.trim() === b.host.trim() &&
      a.port.trim() === b.port.trim() &&
      a.username === b.username &&
      a.password === b.password));

const TYPES = [
  { value: SYSTEM_PROXY_TYPES.direct, key: 'direct' },
  { value: SYSTEM_PROXY_TYPES.http, key: 'http' },
  { value: SYSTEM_PROXY_TYPES.socks5, key: 'socks5' },
] as const;

/**
 * Settings → System proxy (direct by default): the proxy the client uses for its own traffic to
 * the Facet server, for networks that only let traffic out through a proxy. Profiles keep their
 * own proxies.
 */
export default function SystemProxyPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const bridge = useBridge();
  const [saved, setSaved] = useState<ProxyForm | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);
  const [form, setForm] = useState<ProxyForm>(toForm({}));
  const [shown, setShown] = useState(false);
  const [tried, setTried] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!allowed || !bridge) {
      setSaved(null);
      return;
    }
    let live = true;
    setLoadError(null);
    bridge.getGlobalConfigs().then(
      (c) => {
        if (!live) return;
        setSaved(toForm(c.systemProxy));
        setForm(toForm(c.systemProxy));
        setPasswordSet(c.systemProxy.passwordSet);
      },
      (err: unknown) => live && setLoadError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [allowed, bridge]);

  if (!allowed) return <NoAccess />;

  const { errors, config } = checkProxy(form);
  const editable = !!bridge && saved !== null;
  const dirty = saved !== null && !sameForm(form, saved);
  const isProxy = form.type !== SYSTEM_PROXY_TYPES.direct;
  // An empty required field shows its error once the user tried to save or typed into it.
  const shownError = (k: keyof ProxyErrors) => {
    const e = errors[k];
    if (!e) return undefined;
    return tried || form[k] !== '' ? t(`clientSettings.errors.${e}`) : undefined;
  };
  const set = <K extends keyof ProxyForm>(k: K, v: ProxyForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    setTried(true);
    if (!bridge || !config) return;
    setBusy(true);
    try {
      // An empty field keeps the stored password (left out); a typed one replaces it.
      const { password, ...rest } = config;
      const c = await bridge.saveSysProxyConfig(passwordSet && !password ? rest : config);
      setSaved(toForm(c));
      setForm(toForm(c));
      setPasswordSet(c.passwordSet);
      setTried(false);
      notifySuccess(t('clientSettings.proxy.saved'));
    } catch (err) {
      notifyClientError(t, err);
    } finally {
      setBusy(false);
    }
  };

  const text = (k: 'host' | 'port' | 'username', label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[k]}
      onChange={(e) => set(k, e.target.value)}
      disabled={!editable}
      error={!!shownError(k)}
      helperText={shownError(k) ?? ' '}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `proxy-${k}`, spellCheck: false, ...extra } }}
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.systemProxy')} intro={t('clientSettings.proxy.intro')} />
      {!bridge && <NoClient />}
      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="proxy-load-error">
          {t('clientSettings.loadFailed', { message: loadError })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {bridge && saved === null && !loadError ? (
          <Skeleton variant="rectangular" height={240} />
        ) : (
          <Stack sx={{ gap: 2 }}>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }} id="proxy-type-label">
                {t('clientSettings.proxy.type')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                color="primary"
                size="small"
                value={form.type}
                disabled={!editable}
                aria-labelledby="proxy-type-label"
                onChange={(_, v: ProxyForm['type'] | null) => v !== null && set('type', v)}
              >
                {TYPES.map((ty) => (
                  <ToggleButton
                    key={ty.key}
                    value={ty.value}
                    data-testid={`proxy-type-${ty.key}`}
                    sx={{ px: 2, textTransform: 'none' }}
                  >
                    {t(`clientSettings.proxy.types.${ty.key}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {isProxy ? t('clientSettings.proxy.proxyText') : t('clientSettings.proxy.directText')}
              </Typography>
            </Box>
            {isProxy && (
              <>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <Box sx={{ flex: 3 }}>
                    {text('host', t('clientSettings.proxy.host'), { placeholder: '192.168.1.10' })}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 140 }}>
                    {text('port', t('clientSettings.proxy.port'), { inputMode: 'numeric', placeholder: '8080' })}
                  </Box>
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <Box sx={{ flex: 1 }}>
                    {text('username', t('clientSettings.proxy.username'), { autoComplete: 'off' })}
                  </Box>
                  <Box sx={{ flex: 1 }}>
                    <TextField
                      label={t('clientSettings.proxy.password')}
                      type={shown ? 'text' : 'password'}
                      value={form.password}
                      onChange={(e) => set('password', e.target.value)}
                      disabled={!editable}
                      error={!!shownError('password')}
                      helperText={
                        shownError('password') ?? (passwordSet ? t('clientSettings.proxy.passwordKept') : ' ')
                      }
                      fullWidth
                      slotProps={{
                        htmlInput: { 'data-testid': 'proxy-password', autoComplete: 'new-password' },
                        input: {
                          endAdornment: (
                            <RevealAdornment
                              shown={shown}
                              onToggle={() => setShown(!shown)}
                              showLabel={t('clientSettings.show')}
                              hideLabel={t('clientSettings.hide')}
                            />
                          ),
                        },
                      }}
                    />
                  </Box>
                </Stack>
              </>
            )}
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            onClick={() => void save()}
            loading={busy}
            disabled={!editable || !dirty}
            data-testid="proxy-save"
          >
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
