import type { ProxyConfig } from '@facet/shared';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useCheckProxy } from '../../queries/proxies';

export interface ProxyCheckResult {
  ok: boolean;
  exitIp: string;
  country: string;
  latencyMs: number;
  error: string;
}

interface Props {
  /** An inline configuration (a profile's proxy)… */
  proxy?: ProxyConfig | undefined;
  /** …or a saved proxy by id. */
  proxyId?: number | null | undefined;
  disabled?: boolean | undefined;
  onResult?: (r: ProxyCheckResult) => void;
}

/** The country's name in the console's language, with its code ('United States (US)'). */
export function countryName(code: string, lng: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    const name = new Intl.DisplayNames([lng], { type: 'region' }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code.toUpperCase();
  } catch {
    return code;
  }
}

/**
 * Checks a proxy on the server (POST /v1/proxyIps/check): a real connection through it to the
 * IP-info service. Shows the exit IP, country and latency, or why it failed.
 */
export function ProxyCheckButton({ proxy, proxyId, disabled, onResult }: Props) {
  const { t, i18n } = useTranslation();
  const checking = useCheckProxy();
  const busy = checking.isPending;
  const [result, setResult] = useState<ProxyCheckResult | null>(null);
  const subject = JSON.stringify(proxyId ?? proxy ?? null);
  // A result belongs to the proxy it was checked with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subject is the dependency
  useEffect(() => setResult(null), [subject]);

  const check = async () => {
    setResult(null);
    try {
      const r = await checking.mutateAsync(proxyId ? { id: proxyId } : { proxy });
      setResult(r);
      onResult?.(r);
    } catch (e) {
      const error = e instanceof ApiError ? e.message : t('proxyFields.check.unreachable');
      setResult({ ok: false, exitIp: '', country: '', latencyMs: 0, error });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Button
        variant="outlined"
        onClick={check}
        disabled={disabled || busy || (!proxyId && !proxy)}
        startIcon={busy ? <CircularProgress size={16} /> : <NetworkCheck />}
      >
        {busy ? t('proxyFields.check.checking') : t('proxyFields.check.button')}
      </Button>
      <Box aria-live="polite" data-testid="proxy-check-result" sx={{ minWidth: 0, flex: '1 1 240px' }}>
        {result?.ok && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
            <CheckCircle fontSize="small" />
            <Typography variant="body2" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
              {t('proxyFields.check.ok', {
                ip: result.exitIp,
                country: countryName(result.country, i18n.language) || t('proxyFields.check.unknownCountry'),
                ms: result.latencyMs,
              })}
            </Typography>
          </Box>
        )}
        {result && !result.ok && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'error.main' }}>
            <ErrorOutline fontSize="small" />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('proxyFields.check.failed', { reason: result.error })}
            </Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
