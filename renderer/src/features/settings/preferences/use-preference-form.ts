import { type FieldError, fieldErrorsOf } from '@facet/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/api-error';
import { notifySuccess } from '../../../stores/notice';

/** Field errors by field (`body.zoomPercent`), as the server and the schema name them. */
export type Errors = Record<string, string>;
const byField = (list: readonly FieldError[]): Errors => Object.fromEntries(list.map((e) => [e.field, e.key]));

/**
 * One preference screen's form: starts from the saved value, checks the draft with the call's own
 * schema before it is sent, marks the fields the check or the server refused, and tells the user it
 * saved. `pick` takes the screen's part out of the answer, `merge` puts it back into the whole body.
 */
export function usePreferenceForm<R, P, B>(o: {
  read: UseQueryResult<R>;
  pick: (r: R) => P;
  merge: (saved: R, part: P) => B;
  schema: { safeParse: (v: B) => { success: true } | { success: false; error: z.ZodError } };
  save: (body: B) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<R | null>(null);
  const [draft, setDraft] = useState<P | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!o.read.data || saved) return;
    setSaved(o.read.data);
    setDraft(o.pick(o.read.data));
  }, [o.read.data, saved, o.pick]);

  const dirty = saved !== null && draft !== null && JSON.stringify(o.pick(saved)) !== JSON.stringify(draft);

  const change = (patch: Partial<P>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setErrors({});
  };

  const submit = async () => {
    if (!saved || !draft) return;
    const body = o.merge(saved, draft);
    const checked = o.schema.safeParse(body);
    if (!checked.success) return setErrors(byField(fieldErrorsOf(checked.error, 'body')));
    setSaving(true);
    try {
      const result = (await o.save(body)) as R;
      setSaved(result);
      setDraft(o.pick(result));
      notifySuccess(t('preferences.saved'));
    } catch (e) {
      // The transport showed the notice; the fields it names are marked too.
      if (e instanceof ApiError) setErrors(byField(e.errors));
    } finally {
      setSaving(false);
    }
  };

  return { draft, change, dirty, errors, saving, submit, failed: o.read.isError };
}
