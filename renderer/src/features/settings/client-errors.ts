import type { TFunction } from 'i18next';
import { noticeDuration } from '../../api/notice-rules';
import { PAIRING_REFUSALS } from '../../bridge';
import { notifyError } from '../../stores/notice';

/** The client's own words for a refusal (the local API's `msg`, or the IPC error). */
export const errorMessage = (err: unknown): string =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : String(err);

export function notifyClientError(t: TFunction, err: unknown): void {
  const text = t('clientSettings.clientRefused', { message: errorMessage(err) });
  notifyError(text, noticeDuration(text));
}

const REFUSAL_CODES = new Set<string>(Object.values(PAIRING_REFUSALS));

/** A refusal of the console's own (a PAIRING_REFUSALS code) in the user's language; else the client's words. */
export function clientFailureText(t: TFunction, err: unknown): string {
  const message = errorMessage(err);
  return REFUSAL_CODES.has(message) ? t(`clientSettings.localApi.refusal.${message}`) : message;
}
