import type { TFunction } from 'i18next';
import { noticeDuration } from '../../api/notice-rules';
import { notifyError } from '../../stores/notice';

/** The client's own words for a refusal (the local API's `msg`, or the IPC error). */
export const errorMessage = (err: unknown): string =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : String(err);

export function notifyClientError(t: TFunction, err: unknown): void {
  const text = t('clientSettings.clientRefused', { message: errorMessage(err) });
  notifyError(text, noticeDuration(text));
}
