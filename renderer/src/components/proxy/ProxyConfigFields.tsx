import { PROXY_AGREEMENT_TYPES, type ProxyAgreementType, type ProxyConfig, type ProxyProvider } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalProxyStatus } from './GlobalProxyStatus';
import { AgreementSelect, Endpoint, PasteBox, ProviderPicker } from './ProxyEndpointFields';
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
 * Edits a profile's proxy configuration: a custom proxy (agreement type, host, port, credentials,
 * paste-to-fill), a provider (the username gets region segments on the server; docs/profiles.md), or a
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
