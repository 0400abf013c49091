import type { Fingerprint, ProxyConfig } from '@facet/shared';
import { useCallback, useMemo, useState } from 'react';
import type { ProxyErrors } from '../../components/proxy';
import { emptyValues, type FormValues, validateValues } from './form-values';
import { useFormErrorText } from './use-error-text';

const snapshot = (v: FormValues) => JSON.stringify(v);

/**
 * The form's values and which errors show: the shared schemas' (once a field was touched or
 * the form submitted) and the server's (until the field is edited). Handlers are stable and the
 * sections memoized: typing in one field re-renders its section only.
 */
export function useFormFields(id: number | undefined) {
  const errorText = useFormErrorText();
  const [values, setValues] = useState<FormValues>(emptyValues);
  /** The values as loaded or last saved; null while loading. */
  const [baseline, setBaseline] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  /** The user changed a fingerprint setting by hand (a new fingerprint for another OS or version is no edit). */
  const [fpEdited, setFpEdited] = useState(false);

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
  const touch = useCallback((root: string) => setTouched((s) => (s.has(root) ? s : new Set(s).add(root))), []);
  const set = useCallback(
    <K extends keyof FormValues>(k: K, v: FormValues[K]) => {
      setValues((prev) => ({ ...prev, [k]: v }));
      touch(k);
      clearServerErrors(k);
    },
    [clearServerErrors, touch],
  );
  const setFp = useCallback(
    (patch: Partial<Fingerprint>) => {
      setValues((prev) =>
        prev.browserFingerPrint ? { ...prev, browserFingerPrint: { ...prev.browserFingerPrint, ...patch } } : prev,
      );
      touch('browserFingerPrint');
      setFpEdited(true);
      for (const k of Object.keys(patch)) clearServerErrors(`browserFingerPrint.${k}`);
    },
    [clearServerErrors, touch],
  );
  const setProxy = useCallback((p: ProxyConfig) => set('proxy', p), [set]);
  /** A new fingerprint replaced the old one as a whole. */
  const replaceFp = useCallback(
    (next: (old: Fingerprint | null) => Fingerprint) => {
      setValues((prev) => ({ ...prev, browserFingerPrint: next(prev.browserFingerPrint) }));
      touch('browserFingerPrint');
      clearServerErrors('browserFingerPrint');
    },
    [clearServerErrors, touch],
  );
  /** Loaded or saved: these values are what "unsaved changes" compares with. */
  const reset = useCallback((v: FormValues) => {
    setValues(v);
    setBaseline(snapshot(v));
    setFpEdited(false);
  }, []);

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

  return {
    values,
    loading: baseline === null,
    dirty: baseline !== null && snapshot(values) !== baseline,
    reset,
    set,
    setFp,
    setProxy,
    replaceFp,
    fpEdited,
    submitted,
    setSubmitted,
    clientErrors,
    setServerErrors,
    err,
    proxyServerErrors,
  };
}

export type FormFields = ReturnType<typeof useFormFields>;
