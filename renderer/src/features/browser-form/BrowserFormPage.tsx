import { Code, type Fingerprint, type ProxyConfig } from '@facet/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/calls';
import { usePermission } from '../../components/PermissionGate';
import { type ProxyErrors, proxyConfigErrors } from '../../components/proxy';
import { notifySuccess } from '../../stores/notice';
import { AccountSection } from './AccountSection';
import { BasicSection } from './BasicSection';
import { CookieSection } from './CookieSection';
import { checkCookies } from './cookie-check';
import { ExtensionsSection } from './ExtensionsSection';
import { FingerprintSection, type VersionPref } from './FingerprintSection';
import { emptyValues, type FormValues, toBody, validateValues, valuesFromDetail } from './form-values';
import type { Group } from './GroupSelect';
import { ProxySection } from './ProxySection';
import { SummaryPanel } from './SummaryPanel';
import { fieldErrorsFromMessage } from './server-errors';
import { useFormErrorText } from './use-error-text';
import { useLeaveGuard } from './use-leave-guard';

const LIST_PATH = '/browser';
const snapshot = (v: FormValues) => JSON.stringify(v);

/** Settings a new fingerprint keeps: the user's choices, not the machine's traits. */
function keepPolicies(old: Fingerprint | null, fresh: Fingerprint): Fingerprint {
  if (!old) return fresh;
  return {
    ...fresh,
    languages: old.languages.mode === 'custom' ? old.languages : fresh.languages,
    timeZone: old.timeZone,
    geolocation: old.geolocation,
    webrtc: old.webrtc,
    screen: old.screen.mode === 'real' ? { ...fresh.screen, mode: 'real' } : fresh.screen,
    canvasNoise: old.canvasNoise,
    webglImageNoise: old.webglImageNoise,
    audioNoise: old.audioNoise,
    clientRectsNoise: old.clientRectsNoise,
    speechVoices: old.speechVoices,
    doNotTrack: old.doNotTrack,
    portScanProtection: old.portScanProtection,
    mediaDevices: { ...fresh.mediaDevices, mode: old.mediaDevices.mode },
  };
}

/**
 * Create or edit a browser profile (/browser/create, /browser/edit/:id): basic data, the
 * account, the proxy (with a live check), the full fingerprint with a readable summary,
 * cookies, and the uploaded extensions it loads. The shared schemas check it here; the server
 * checks again and its field errors show at their fields.
 */
export default function BrowserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id !== undefined ? Number(params.id) : undefined;
  const editing = id !== undefined;
  const badId = editing && !(Number.isInteger(id) && id > 0);
  const allowed = usePermission([editing ? 'browser:update' : 'browser:create']);
  const errorText = useFormErrorText();

  const [values, setValues] = useState<FormValues>(emptyValues);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [storedCookies, setStoredCookies] = useState<number | null>(null);
  const [serial, setSerial] = useState<number | null>(null);
  const [versionPref, setVersionPref] = useState<VersionPref>('auto');
  const [fpBusy, setFpBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const dirty = baseline !== null && snapshot(values) !== baseline;
  const guard = useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (!allowed || badId) return;
    let live = true;
    const groupsCall = api.groupList(undefined, { noPrompt: true }).catch(() => [] as Group[]);
    const load = async () => {
      const list = await groupsCall;
      if (!live) return;
      setGroups(list);
      if (editing) {
        const d = await api.profileGet(undefined, { params: { id: id! } });
        if (!live) return;
        const v = valuesFromDetail(d);
        setValues(v);
        setBaseline(snapshot(v));
        setStoredCookies(d.cookieCount);
        setSerial(d.serialNumber);
      } else {
        const fp = await api.profileGetUaAndWebGL({ os: 'windows' });
        if (!live) return;
        const v = { ...emptyValues(), groupId: list.find((g) => g.isDefault)?.id ?? null, browserFingerPrint: fp };
        setValues(v);
        setBaseline(snapshot(v));
      }
    };
    load().catch((e) => live && setLoadError(e instanceof ApiError ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [allowed, badId, editing, id]);

  // Handlers are stable and the sections memoized: typing in one field re-renders its section only.
  const clearServerErrors = useCallback(
    (root: string) =>
      setServerErrors((s) => {
        const keys = Object.keys(s).filter((k) => k === root || k.startsWith(`${root}.`));
        if (!keys.length) return s;
        const next = { ...s };
        for (const k of keys) delete next[k];
        return next;
      }),
    [],
  );
  const set = useCallback(
    <K extends keyof FormValues>(k: K, v: FormValues[K]) => {
      setValues((prev) => ({ ...prev, [k]: v }));
      setTouched((s) => (s.has(k) ? s : new Set(s).add(k)));
      clearServerErrors(k);
    },
    [clearServerErrors],
  );
  const setFp = useCallback(
    (patch: Partial<Fingerprint>) => {
      setValues((prev) =>
        prev.browserFingerPrint ? { ...prev, browserFingerPrint: { ...prev.browserFingerPrint, ...patch } } : prev,
      );
      setTouched((s) => (s.has('browserFingerPrint') ? s : new Set(s).add('browserFingerPrint')));
      for (const k of Object.keys(patch)) clearServerErrors(`browserFingerPrint.${k}`);
    },
    [clearServerErrors],
  );
  const setProxy = useCallback((p: ProxyConfig) => set('proxy', p), [set]);

  const clientErrors = useMemo(() => validateValues(values, id), [values, id]);
  // The errors on show, as text; kept as a string so an unchanged set keeps `err` the same.
  const shownKey = JSON.stringify(
    Object.fromEntries(
      [...new Set([...Object.keys(serverErrors), ...Object.keys(clientErrors)])].map((path) => {
        const root = path.split('.')[0]!;
        const key = serverErrors[path] ?? (submitted || touched.has(root) ? clientErrors[path] : undefined);
        return [path, errorText(key)];
      }),
    ),
  );
  const err = useMemo(() => {
    const shown = JSON.parse(shownKey) as Record<string, string | undefined>;
    return (path: string): string | undefined => shown[path];
  }, [shownKey]);
  const proxyServerErrors = useMemo<ProxyErrors>(
    () =>
      Object.fromEntries(
        Object.entries(serverErrors)
          .filter(([k]) => k.startsWith('proxy.'))
          .map(([k, v]) => [k.slice('proxy.'.length).split('.')[0], v]),
      ),
    [serverErrors],
  );

  const newFingerprint = useCallback(
    async (os: Fingerprint['os'], version: VersionPref) => {
      setFpBusy(true);
      try {
        const fresh = await api.profileGetUaAndWebGL({
          os,
          ...(version === 'auto' ? {} : { minVersion: version, maxVersion: version }),
        });
        setVersionPref(version);
        setValues((prev) => ({ ...prev, browserFingerPrint: keepPolicies(prev.browserFingerPrint, fresh) }));
        setTouched((s) => new Set(s).add('browserFingerPrint'));
        clearServerErrors('browserFingerPrint');
      } catch {
        // The client showed why (no real-world fingerprint matches, a refusal).
      } finally {
        setFpBusy(false);
      }
    },
    [clearServerErrors],
  );
  const newMac = useCallback(async () => {
    try {
      const r = await api.profileGetBrowserFingerPrintMac({ type: 1 });
      setFp({ macAddress: r.macAddress, deviceName: r.deviceName });
    } catch {
      // Shown by the client.
    }
  }, [setFp]);
  const onGroupCreated = useCallback((g: Group) => setGroups((list) => [...list, g]), []);

  const focusFirstError = () =>
    setTimeout(() => {
      const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error="true"]');
      el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      el?.focus({ preventScroll: true });
    }, 50);

  const save = async () => {
    setSubmitted(true);
    setFormError(null);
    const cookieCheck = checkCookies(values.cookie, values.cookieDomain);
    const invalid =
      Object.keys(clientErrors).length > 0 ||
      Object.keys(proxyConfigErrors(values.proxy)).length > 0 ||
      cookieCheck.state === 'error' ||
      cookieCheck.state === 'needsDomain';
    if (invalid) {
      setFormError(t('browserForm.fixErrors'));
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const body = toBody(values);
      const saved = editing
        ? await api.profileUpdate({ ...body, id: id! }, { noPrompt: true })
        : await api.profileCreate(body, { noPrompt: true });
      notifySuccess(t(editing ? 'browserForm.updated' : 'browserForm.created', { name: saved.name }));
      setBaseline(snapshot(values));
      guard.allow(() => navigate(LIST_PATH));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 400 || Number(e.code) === Code.BAD_REQUEST) {
        const fields = fieldErrorsFromMessage(e.serverMessage);
        const { '': general, ...atFields } = fields;
        setServerErrors(atFields);
        setFormError(general ? errorText(general)! : t('browserForm.fixErrors'));
        focusFirstError();
      } else setFormError(e.message);
    } finally {
      setSaving(false);
    }
  };
  const cancel = () => navigate(LIST_PATH);

  const title = editing ? t('browserForm.editTitle') : t('browserForm.createTitle');
  if (!allowed || badId)
    return (
      <Box sx={{ maxWidth: 720 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        <Alert severity="warning">{badId ? t('browserForm.notFound') : t('browserForm.noPermission')}</Alert>
      </Box>
    );

  const loading = baseline === null;
  return (
    <Box sx={{ maxWidth: 1280, pb: 10 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
        <IconButton onClick={cancel} aria-label={t('browserForm.back')} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
          {title}
          {serial !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.8em' }}>
              #{serial}
            </Typography>
          )}
        </Typography>
      </Stack>
      {loadError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={cancel}>
              {t('browserForm.back')}
            </Button>
          }
        >
          {loadError}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 16 } }}>
            <SummaryPanel
              name={values.name}
              fp={values.browserFingerPrint}
              proxy={values.proxy}
              busy={fpBusy}
              onNewFingerprint={() =>
                values.browserFingerPrint && newFingerprint(values.browserFingerPrint.os, versionPref)
              }
            />
          </Box>
          <Stack
            sx={{ gap: 2, order: { xs: 2, md: 1 }, minWidth: 0 }}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {formError && (
              <Alert severity="error" data-form-error="true" tabIndex={-1}>
                {formError}
              </Alert>
            )}
            {loading ? (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
                <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
                <Skeleton variant="rounded" height={120} />
              </Paper>
            ) : (
              <>
                <BasicSection values={values} set={set} err={err} groups={groups} onGroupCreated={onGroupCreated} />
                <AccountSection values={values} set={set} err={err} />
                <ProxySection
                  value={values.proxy}
                  onChange={setProxy}
                  showErrors={submitted}
                  errors={proxyServerErrors}
                />
                <FingerprintSection
                  fp={values.browserFingerPrint}
                  setFp={setFp}
                  err={err}
                  versionPref={versionPref}
                  onConstraints={newFingerprint}
                  onNewMac={newMac}
                  busy={fpBusy}
                />
                <CookieSection values={values} set={set} err={err} storedCount={storedCookies} />
                <ExtensionsSection values={values} set={set} err={err} />
              </>
            )}
            <Paper
              elevation={3}
              sx={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                p: 1.5,
                display: 'flex',
                gap: 1,
                justifyContent: 'flex-end',
                alignItems: 'center',
                flexWrap: 'wrap',
              }}
            >
              {dirty && (
                <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
                  {t('browserForm.unsaved')}
                </Typography>
              )}
              <Button color="inherit" onClick={cancel}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={saving} disabled={loading} data-testid="save-profile">
                {t('common.save')}
              </Button>
            </Paper>
          </Stack>
        </Box>
      )}
      <Dialog open={guard.asking} onClose={guard.stay} maxWidth="xs" fullWidth>
        <DialogTitle>{t('browserForm.leaveTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('browserForm.leaveText')}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={guard.leave} color="error">
            {t('browserForm.discard')}
          </Button>
          <Button onClick={guard.stay} variant="contained" autoFocus>
            {t('browserForm.keepEditing')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
