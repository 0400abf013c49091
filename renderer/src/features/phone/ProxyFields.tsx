import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** What an environment's proxy is while typed: Android's global HTTP proxy, or none. */
export interface ProxyDraft {
  proxyType: 'noproxy' | 'http';
  host: string;
  port: string;
}

export const NO_PROXY: ProxyDraft = { proxyType: 'noproxy', host: '', port: '' };

/** The call's proxy from the form's (the server checks host and port). */
export const proxyBody = (d: ProxyDraft) =>
  d.proxyType === 'http'
    ? { proxyType: 'http' as const, host: d.host.trim(), port: Number(d.port) || 0 }
    : { proxyType: 'noproxy' as const };

/**
 * Proxy type, host and port. Android takes only an HTTP proxy without credentials for every app
 * (docs/phones.md, What Facet changes on a device), so that is all this offers.
 */
export function ProxyFields(p: {
  value: ProxyDraft;
  onChange: (v: ProxyDraft) => void;
  errors: Record<string, string>;
  /** The field names' prefix in `errors` (`proxy.` for the edit form). */
  prefix?: string;
}) {
  const { t } = useTranslation();
  const pre = p.prefix ?? 'proxy.';
  const v = p.value;
  const err = (f: string) => p.errors[`${pre}${f}`] ?? '';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t('phone.proxy.type')}
        value={v.proxyType}
        onChange={(e) => p.onChange({ ...v, proxyType: e.target.value as ProxyDraft['proxyType'] })}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'proxy-type' } as object } }}
        helperText={v.proxyType === 'http' ? t('phone.proxy.httpHint') : ' '}
      >
        <MenuItem value="noproxy">{t('phone.proxy.none')}</MenuItem>
        <MenuItem value="http">HTTP</MenuItem>
      </TextField>
      {v.proxyType === 'http' && (
        <>
          <TextField
            size="small"
            label={t('phone.proxy.host')}
            value={v.host}
            onChange={(e) => p.onChange({ ...v, host: e.target.value })}
            error={!!err('host')}
            helperText={err('host') || ' '}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'proxy-host' } }}
          />
          <TextField
            size="small"
            label={t('phone.proxy.port')}
            value={v.port}
            onChange={(e) => p.onChange({ ...v, port: e.target.value.replace(/\D/g, '').slice(0, 5) })}
            error={!!err('port')}
            helperText={err('port') || ' '}
            sx={{ width: { xs: '100%', sm: 110 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'proxy-port' } }}
          />
        </>
      )}
    </Stack>
  );
}
