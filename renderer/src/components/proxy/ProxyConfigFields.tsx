import {
  PROXY_AGREEMENT_TYPES,
  PROXY_PROVIDERS,
  type ProxyAgreementType,
  type ProxyConfig,
  type ProxyProvider,
} from '@facet/shared';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalProxyStatus } from './GlobalProxyStatus';
import { isPasteError, parseProxyText } from './parse-proxy';
import { CUSTOM_PROXY_TYPES, type ProxyErrors, type ProxyField, proxyConfigErrors, withMethod } from './proxy-config';
import { SavedProxySelect } from './SavedProxySelect';
import { useErrorText } from './use-error-text';

interface Props {
  value: ProxyConfig;
  onChange: (next: ProxyConfig) => void;
  /** Shows every client-side error at once (after a save attempt); else each once it was edited. */
  showErrors?: boolean;
  /** Errors from elsewhere (the server's 400 `body.proxy.host: key`), keys or texts, per field. */
  errors?: ProxyErrors;
  disabled?: boolean;
  /** Hides the saved-proxy method (the saved-proxy screen edits endpoints, not references). */
  hideSaved?: boolean;
}

/** A sticky session id for a provider username: letters and digits, as every provider accepts. */
export const randomSessionId = () => {
  const chars = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
};

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } } as const;
const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * Edits the §3 proxy configuration: a custom proxy (agreement type, host, port, credentials,
 * paste-to-fill), a §9 provider (the username gets region segments on the server, §5), or a
 * saved proxy by agentIpId. Controlled: the value is the shared schema's type.
 */
export function ProxyConfigFields({ value, onChange, showErrors, errors, disabled, hideSaved }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [touched, setTouched] = useState<Partial<Record<ProxyField, boolean>>>({});
  const clientErrors = proxyConfigErrors(value);
  const set = (patch: Partial<ProxyConfig>) => {
    const keys = Object.keys(patch) as ProxyField[];
    setTouched((s) => ({ ...s, ...Object.fromEntries(keys.map((k) => [k, true])) }));
    onChange({ ...value, ...patch });
  };
  const errorOf = (f: ProxyField): string | undefined => {
    const key = errors?.[f] ?? (showErrors || touched[f] ? clientErrors[f] : undefined);
    return key ? errorText(key) : undefined;
  };

  const method = (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value.proxyMethod}
      disabled={disabled}
      onChange={(_, m: 1 | 2 | 3 | null) => m && onChange(withMethod(value, m))}
      aria-label={t('proxyFields.method.label')}
      sx={{ flexWrap: 'wrap' }}
    >
      <ToggleButton value={1}>{t('proxyFields.method.custom')}</ToggleButton>
      <ToggleButton value={2}>{t('proxyFields.method.provider')}</ToggleButton>
      {!hideSaved && <ToggleButton value={3}>{t('proxyFields.method.saved')}</ToggleButton>}
    </ToggleButtonGroup>
  );

  let body: ReactNode;
  if (value.proxyMethod === 3) {
    body = (
      <SavedProxySelect
        value={value.agentIpId}
        onChange={(agentIpId) => set({ agentIpId })}
        error={errorOf('agentIpId')}
        disabled={disabled}
      />
    );
  } else if (value.proxyMethod === 2) {
    body = (
      <Stack sx={{ gap: 2 }}>
        <ProviderPicker
          value={value.proxyType}
          onChange={(proxyType) => set({ proxyType })}
          error={errorOf('proxyType')}
          disabled={disabled}
        />
        <Box sx={pair}>
          <AgreementSelect
            value={value.proxyAgreementType}
            onChange={(proxyAgreementType) => set({ proxyAgreementType })}
            disabled={disabled || value.isGlobalProxyInfo}
          />
          <FormControlLabel
            control={
              <Switch
                checked={value.isGlobalProxyInfo}
                onChange={(e) => set({ isGlobalProxyInfo: e.target.checked })}
                disabled={disabled}
              />
            }
            label={t('proxyFields.provider.useGlobal')}
          />
        </Box>
        {value.isGlobalProxyInfo ? (
          <GlobalProxyStatus provider={value.proxyType as ProxyProvider} />
        ) : (
          <>
            <PasteBox value={value} set={set} disabled={disabled} />
            <Endpoint value={value} set={set} errorOf={errorOf} disabled={disabled} />
          </>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField
            label={t('proxyFields.provider.country')}
            value={value.country}
            onChange={(e) => set({ country: e.target.value })}
            helperText={errorOf('country') ?? t('proxyFields.provider.countryHelp')}
            error={!!errorOf('country')}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <TextField
            label={t('proxyFields.provider.province')}
            value={value.province}
            onChange={(e) => set({ province: e.target.value })}
            helperText={errorOf('province')}
            error={!!errorOf('province')}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <TextField
            label={t('proxyFields.provider.city')}
            value={value.city}
            onChange={(e) => set({ city: e.target.value })}
            helperText={errorOf('city')}
            error={!!errorOf('city')}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Box>
        <Box sx={grid}>
          <TextField
            label={t('proxyFields.provider.session')}
            value={value.session}
            onChange={(e) => set({ session: e.target.value.replace(/\s+/g, '') })}
            helperText={errorOf('session') ?? t('proxyFields.provider.sessionHelp')}
            error={!!errorOf('session')}
            disabled={disabled}
            slotProps={{
              htmlInput: { maxLength: 64, 'data-testid': 'proxy-session' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button size="small" onClick={() => set({ session: randomSessionId() })} disabled={disabled}>
                      {t('proxyFields.provider.sessionNew')}
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            label={t('proxyFields.provider.sessionMinutes')}
            type="number"
            value={value.sessionMinutes || ''}
            placeholder="0"
            onChange={(e) => set({ sessionMinutes: e.target.value === '' ? 0 : Number(e.target.value) })}
            helperText={errorOf('sessionMinutes') ?? t('proxyFields.provider.sessionMinutesHelp')}
            error={!!errorOf('sessionMinutes')}
            disabled={disabled || !value.session}
            slotProps={{ htmlInput: { min: 0, max: 1440, step: 1, 'data-testid': 'proxy-session-minutes' } }}
          />
        </Box>
      </Stack>
    );
  } else {
    body = (
      <Stack sx={{ gap: 2 }}>
        <PasteBox value={value} set={set} disabled={disabled} />
        <TextField
          select
          label={t('proxyFields.type.label')}
          value={value.proxyType}
          onChange={(e) => {
            const proxyType = e.target.value as ProxyConfig['proxyType'];
            set({
              proxyType,
              ...((PROXY_AGREEMENT_TYPES as readonly string[]).includes(proxyType)
                ? { proxyAgreementType: proxyType as ProxyAgreementType }
                : {}),
            });
          }}
          error={!!errorOf('proxyType')}
          helperText={errorOf('proxyType')}
          disabled={disabled}
          sx={{ maxWidth: { sm: 280 } }}
          slotProps={{ htmlInput: { 'data-testid': 'proxy-type' } }}
        >
          {CUSTOM_PROXY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type === 'noproxy' ? t('proxyFields.type.noproxy') : type.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
        {value.proxyType !== 'noproxy' && <Endpoint value={value} set={set} errorOf={errorOf} disabled={disabled} />}
      </Stack>
    );
  }
  return (
    <Stack sx={{ gap: 2 }}>
      {method}
      {body}
    </Stack>
  );
}

interface EndpointProps {
  value: ProxyConfig;
  set: (patch: Partial<ProxyConfig>) => void;
  errorOf: (f: ProxyField) => string | undefined;
  disabled?: boolean | undefined;
}

/** One line (host:port, host:port:user:pass, scheme://user:pass@host:port) fills the fields. */
function PasteBox({ value, set, disabled }: Omit<EndpointProps, 'errorOf'>) {
  const { t } = useTranslation();
  const [paste, setPaste] = useState('');
  const [pasteMsg, setPasteMsg] = useState<{ error: boolean; text: string } | null>(null);
  const apply = (text: string) => {
    const r = parseProxyText(text);
    if (isPasteError(r)) {
      setPasteMsg({ error: true, text: t(`proxyFields.paste.${r.error}`, { part: r.part }) });
      return;
    }
    const { proxyType, ...endpoint } = r;
    // A provider keeps its provider; the scheme then is the agreement type.
    const typePatch =
      proxyType === undefined
        ? value.proxyMethod === 1 && value.proxyType === 'noproxy'
          ? { proxyType: 'http' as const, proxyAgreementType: 'http' as const }
          : {}
        : value.proxyMethod === 2
          ? { proxyAgreementType: proxyType }
          : { proxyType, proxyAgreementType: proxyType };
    set({ ...endpoint, ...typePatch });
    setPaste('');
    setPasteMsg({ error: false, text: t('proxyFields.paste.filled') });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        fullWidth
        size="small"
        label={t('proxyFields.paste.label')}
        placeholder={t('proxyFields.paste.placeholder')}
        value={paste}
        disabled={disabled}
        onChange={(e) => {
          setPaste(e.target.value);
          setPasteMsg(null);
        }}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text');
          if (text.trim()) {
            e.preventDefault();
            setPaste(text.trim());
            apply(text);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply(paste);
          }
        }}
        error={pasteMsg?.error}
        helperText={pasteMsg?.text ?? t('proxyFields.paste.help')}
        slotProps={{ htmlInput: { 'data-testid': 'proxy-paste', spellCheck: false } }}
      />
      <Button variant="outlined" onClick={() => apply(paste)} disabled={disabled || !paste.trim()} sx={{ mt: 0.25 }}>
        {t('proxyFields.paste.apply')}
      </Button>
    </Box>
  );
}

/** Host, port and credentials. */
function Endpoint({ value, set, errorOf, disabled }: EndpointProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Stack sx={{ gap: 2 }}>
      <Box sx={grid}>
        <TextField
          label={t('proxyFields.host')}
          value={value.host}
          onChange={(e) => set({ host: e.target.value })}
          error={!!errorOf('host')}
          helperText={errorOf('host')}
          disabled={disabled}
          required
          slotProps={{ htmlInput: { maxLength: 255, spellCheck: false, 'data-testid': 'proxy-host' } }}
        />
        <TextField
          label={t('proxyFields.port')}
          value={value.port ?? ''}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 5);
            set({ port: digits ? Number(digits) : null });
          }}
          error={!!errorOf('port')}
          helperText={errorOf('port')}
          disabled={disabled}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'proxy-port' } }}
        />
      </Box>
      <Box sx={pair}>
        <TextField
          label={t('proxyFields.userName')}
          value={value.proxyUserName}
          onChange={(e) => set({ proxyUserName: e.target.value })}
          error={!!errorOf('proxyUserName')}
          helperText={errorOf('proxyUserName')}
          disabled={disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 500, spellCheck: false, 'data-testid': 'proxy-user' } }}
        />
        <TextField
          label={t('proxyFields.password')}
          type={shown ? 'text' : 'password'}
          value={value.proxyPassword}
          onChange={(e) => set({ proxyPassword: e.target.value })}
          error={!!errorOf('proxyPassword')}
          helperText={errorOf('proxyPassword')}
          disabled={disabled}
          autoComplete="new-password"
          slotProps={{
            htmlInput: { maxLength: 500, 'data-testid': 'proxy-password' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={shown ? t('proxyFields.hidePassword') : t('proxyFields.showPassword')}
                    onClick={() => setShown(!shown)}
                  >
                    {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
    </Stack>
  );
}

function AgreementSelect(p: {
  value: ProxyAgreementType;
  onChange: (v: ProxyAgreementType) => void;
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('proxyFields.provider.agreementType')}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value as ProxyAgreementType)}
      disabled={p.disabled}
    >
      {PROXY_AGREEMENT_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {type.toUpperCase()}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The §9 providers as buttons, as the proxy screens of the product show them. */
function ProviderPicker(p: {
  value: string;
  onChange: (v: ProxyProvider) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="proxy-provider-label">
        {t('proxyFields.provider.label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={p.value}
        disabled={p.disabled}
        onChange={(_, v: ProxyProvider | null) => v && p.onChange(v)}
        aria-labelledby="proxy-provider-label"
        sx={{
          flexWrap: 'wrap',
          gap: 0.75,
          '& .MuiToggleButtonGroup-grouped': {
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            textTransform: 'none',
            px: 1.25,
          },
          '& .MuiToggleButtonGroup-grouped:not(:first-of-type)': { ml: 0, borderLeft: 1, borderColor: 'divider' },
        }}
      >
        {PROXY_PROVIDERS.map((provider) => (
          <ToggleButton key={provider} value={provider}>
            {provider}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {p.error && <FormHelperText error>{p.error}</FormHelperText>}
    </Box>
  );
}
