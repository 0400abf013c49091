import { NOTICE_TIMEOUT_MS } from '@facet/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../stores/notice';
import { reasonKey } from './phone-state';

/**
 * Why an environment refused (16040 state, 16041 device) in the words of its reason
 * (`phoneExpired`, `adb.timeout` …), for the calls the screen makes quietly.
 */
export function refusalText(t: TFunction, i18n: { exists: (k: string) => boolean }, e: unknown): string {
  if (!(e instanceof ApiError)) return t('phone.refusal.unknown');
  const keys = e.errors.map((x) => x.key).filter((k) => i18n.exists(reasonKey(k)));
  return keys.length ? keys.map((k) => t(reasonKey(k))).join('; ') : e.message || t('phone.refusal.unknown');
}

export const showRefusal = (t: TFunction, i18n: { exists: (k: string) => boolean }, e: unknown) =>
  notifyError(refusalText(t, i18n, e), NOTICE_TIMEOUT_MS);
