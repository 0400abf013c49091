import type { TFunction } from 'i18next';

const KNOWN = ['noCheckServer', 'phoneNotReady', 'noAnswer', 'badAnswer'];

/** Why the check found no IP, in the user's words (adb.<reason>: the device could not be reached). */
export function ipCheckReason(t: TFunction, reason: string): string {
  if (KNOWN.includes(reason)) return t(`phone.ipCheck.reason.${reason}`);
  if (reason.startsWith('adb.')) return t('phone.ipCheck.reason.adb', { detail: reason.slice(4) });
  return t('phone.ipCheck.reason.other', { detail: reason });
}
