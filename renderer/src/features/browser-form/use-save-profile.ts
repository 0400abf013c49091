import { Code } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { proxyConfigErrors } from '../../components/proxy';
import { type CallPayload, useCreateProfile, useCreateProfiles, useUpdateProfile } from '../../queries/profiles';
import { notifySuccess, useNoticeStore } from '../../stores/notice';
import { checkCookies } from './cookie-check';
import { toBody } from './form-values';
import { fieldErrorsFromMessage } from './server-errors';
import { useFormErrorText } from './use-error-text';
import type { FormFields } from './use-form-fields';
import type { Quantity } from './use-quantity';

const focusFirstError = () =>
  setTimeout(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error="true"]');
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
  }, 50);

/**
 * Saving: the form's own checks first (nothing is sent while one fails), then create or update.
 * The server's field errors show at their fields, the rest above the form.
 */
/**
 * Several at once (create with a quantity above one): one createMany call. Without hand edits to
 * the fingerprint each profile gets its own, drawn for the OS and version the form shows; with
 * edits every profile takes the edited settings (the server gives each its own device name and
 * MAC address, so its own noise). What a user tuned is what they meant for the whole batch.
 */
interface Many {
  quantity: Quantity;
  constraints: CallPayload<'profileCreateMany'>['fingerprintConstraints'] | null;
}

export function useSaveProfile(id: number | undefined, fields: FormFields, many: Many, onSaved: () => void) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateProfile();
  const createMany = useCreateProfiles();
  const update = useUpdateProfile();
  const editing = id !== undefined;
  const { values } = fields;

  const save = async () => {
    fields.setSubmitted(true);
    setFormError(null);
    const cookieCheck = checkCookies(values.cookie, values.cookieDomain);
    const invalid =
      Object.keys(fields.clientErrors).length > 0 ||
      Object.keys(proxyConfigErrors(values.proxy)).length > 0 ||
      cookieCheck.state === 'error' ||
      cookieCheck.state === 'needsDomain' ||
      (!editing && (!many.quantity.valid || many.quantity.nameTooLong));
    if (invalid) {
      setFormError(t('browserForm.fixErrors'));
      focusFirstError();
      return;
    }
    try {
      const body = toBody(values);
      const count = editing ? 1 : many.quantity.count;
      if (count > 1) {
        const { browserFingerPrint, ...rest } = body;
        const fingerprint = fields.fpEdited
          ? { browserFingerPrint }
          : many.constraints
            ? { fingerprintConstraints: many.constraints }
            : {};
        const made = await createMany.mutateAsync({ ...rest, ...fingerprint, quantity: count });
        notifySuccess(t('browserForm.createdMany', { count: made.count, ...many.quantity.range }));
      } else {
        const saved = editing ? await update.mutateAsync({ ...body, id: id! }) : await create.mutateAsync(body);
        notifySuccess(t(editing ? 'browserForm.updated' : 'browserForm.created', { name: saved.name }));
      }
      fields.reset(values);
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (Number(e.code) === Code.QUOTA_EXCEEDED) {
        // The plan's quota: its text (in the user's language) above the form, and the dialog leading to Plans.
        setFormError(e.message);
        useNoticeStore.getState().setPlanLimitText(e.message);
        return;
      }
      if (e.status === 400 || Number(e.code) === Code.BAD_REQUEST) {
        const { '': general, ...atFields } = fieldErrorsFromMessage(e.serverMessage);
        fields.setServerErrors(atFields);
        setFormError(general ? errorText(general)! : t('browserForm.fixErrors'));
        focusFirstError();
      } else setFormError(e.message);
    }
  };

  return { save, saving: create.isPending || createMany.isPending || update.isPending, formError };
}
