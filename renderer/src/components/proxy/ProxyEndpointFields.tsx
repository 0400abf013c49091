import {
  PROXY_AGREEMENT_TYPES,
  PROXY_PROVIDERS,
  type ProxyAgreementType,
  type ProxyConfig,
  type ProxyProvider,
} from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealAdornment } from '../form/RevealAdornment';
import { isPasteError, parseProxyText } from './parse-proxy';
import type { ProxyField } from './proxy-config';

// The pieces of the proxy form: pasting a line, the endpoint and its credentials, the agreement type
// and the provider buttons.

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } } as const;
const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

export interface EndpointProps {
  value: ProxyConfig;
  set: (patch: Partial<ProxyConfig>) => void;
  errorOf: (f: ProxyField) => string | undefined;
  disabled?: boolean | undefined;
}

/** One line (host:port, host:port:user:pass, scheme://user:pass@host:port) fills the fields. */
export function PasteBox({ value, set, disabled }: Omit<EndpointProps, 'errorOf'>) {
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
export function Endpoint({ value, set, errorOf, disabled }: EndpointProps) {
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
                <RevealAdornment
                  shown={shown}
                  onToggle={() => setShown(!shown)}
                  showLabel={t('proxyFields.showPassword')}
                  hideLabel={t('proxyFields.hidePassword')}
                />
              ),
            },
          }}
        />
      </Box>
    </Stack>
  );
}

export function AgreementSelect(p: {
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

/** The proxy providers as buttons, as the proxy screens of the product show them. */
export function ProviderPicker(p: {
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
