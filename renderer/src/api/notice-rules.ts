import { DEFAULT_TEXT_STATUSES, ERROR_NOTICE_LONG_MS, ERROR_NOTICE_MS } from '@facet/shared';

const HAN = /\p{Script=Han}/gu;

/** A notice is long when it has over 30 Chinese characters or over 10 words. */
export function isLongText(text: string): boolean {
  const han = text.match(HAN)?.length ?? 0;
  if (han > 30) return true;
  const words = text.replace(HAN, ' ').split(/\s+/).filter(Boolean).length;
  return words > 10;
}

export function noticeDuration(text: string): number {
  return isLongText(text) ? ERROR_NOTICE_LONG_MS : ERROR_NOTICE_MS;
}

/** The translation key of the default text for a status, when the server sent no message. */
export function defaultTextKey(status: number): string {
  return (DEFAULT_TEXT_STATUSES as ReadonlyArray<number>).includes(status)
    ? `http.status.${status}`
    : 'http.status.unknown';
}
