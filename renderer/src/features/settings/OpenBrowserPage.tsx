import { DEFAULT_PERFORMANCE_CONFIG, type PerformanceConfig } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge';
import { usePermission } from '../../components/PermissionGate';
import { notifySuccess } from '../../stores/notice';
import { errorMessage, notifyClientError } from './client-errors';
import { checkPerformance, type PerformanceForm } from './client-rules';
import { NoAccess } from './NoAccess';
import { NoClient } from './NoClient';
import { PageHeader } from './PageHeader';

const toForm = (c: Pick<PerformanceConfig, 'open' | 'cpu' | 'mem' | 'freeCacheSpace'>): PerformanceForm => ({
  open: c.open,
  cpu: String(c.cpu),
  mem: String(c.mem),
  freeCacheSpace: c.freeCacheSpace === 1,
});
const sameForm = (a: PerformanceForm, b: PerformanceForm) =>
  a.open === b.open &&
  a.cpu.trim() === b.cpu.trim() &&
  a.mem.trim() === b.mem.trim() &&
  a.freeCacheSpace === b.freeCacheSpace;

/**
 * Settings → Open browser: the client's performance config (docs/client.md, Console settings for the client). With the load guard on,
 * the client refuses to open more profiles while CPU or memory use is above the thresholds.
 * It lives in the client on this computer, so without a connected client nothing can change.
 */
export default function OpenBrowserPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const bridge = useBridge();
  const [saved, setSaved] = useState<PerformanceForm | null>(null);
  const [form, setForm] = useState<PerformanceForm>(toForm(DEFAULT_PERFORMANCE_CONFIG));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!allowed || !bridge) {
      setSaved(null);
      return;
    }
    let live = true;
    setLoadError(null);
    bridge.getPerformanceConfig().then(
      (c) => {
        if (!live) return;
        setSaved(toForm(c));
        setForm(toForm(c));
      },
      (err: unknown) => live && setLoadError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [allowed, bridge]);

  if (!allowed) return <NoAccess />;

  const { errors, patch } = checkPerformance(form);
  const editable = !!bridge && saved !== null;
  const dirty = saved !== null && !sameForm(form, saved);
  const set = <K extends keyof PerformanceForm>(k: K, v: PerformanceForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    if (!bridge || !patch) return;
    setBusy(true);
    try {
      const c = await bridge.savePerformanceConfig(patch);
      setSaved(toForm(c));
      setForm(toForm(c));
      notifySuccess(t('clientSettings.openBrowser.saved'));
    } catch (err) {
      notifyClientError(t, err);
    } finally {
      setBusy(false);
    }
  };

  const percentField = (k: 'cpu' | 'mem', label: string) => (
    <TextField
      label={label}
      value={form[k]}
      onChange={(e) => set(k, e.target.value)}
      disabled={!editable || !form.open}
      error={!!errors[k]}
      helperText={errors[k] ? t(`clientSettings.errors.${errors[k]}`) : t('clientSettings.openBrowser.thresholdHelp')}
      sx={{ flex: 1, minWidth: 200 }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': `perf-${k}`, maxLength: 3 },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.openBrowser')} intro={t('clientSettings.openBrowser.intro')} />
      {!bridge && <NoClient />}
      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="perf-load-error">
          {t('clientSettings.loadFailed', { message: loadError })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {bridge && saved === null && !loadError ? (
          <Skeleton variant="rectangular" height={260} />
        ) : (
          <Stack sx={{ gap: 2 }}>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.open}
                    disabled={!editable}
                    onChange={(_, on) => set('open', on)}
                    slotProps={{ input: { 'data-testid': 'perf-open' } as object }}
                  />
                }
                label={t('clientSettings.openBrowser.guardLabel')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('clientSettings.openBrowser.guardText')}
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              {percentField('cpu', t('clientSettings.openBrowser.cpu'))}
              {percentField('mem', t('clientSettings.openBrowser.mem'))}
            </Stack>
            <Divider />
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.freeCacheSpace}
                    disabled={!editable}
                    onChange={(_, on) => set('freeCacheSpace', on)}
                    slotProps={{ input: { 'data-testid': 'perf-cache' } as object }}
                  />
                }
                label={t('clientSettings.openBrowser.cache')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('clientSettings.openBrowser.cacheText')}
              </Typography>
            </Box>
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            disabled={!editable || busy}
            onClick={() => setForm(toForm(DEFAULT_PERFORMANCE_CONFIG))}
            data-testid="perf-defaults"
          >
            {t('clientSettings.restoreDefaults')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            loading={busy}
            disabled={!editable || !dirty || !patch}
            data-testid="perf-save"
          >
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
