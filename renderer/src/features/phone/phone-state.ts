import { type PhoneState, parseCst } from '@facet/shared';

/** Whether the list should be re-read soon: something is being set up or reset. */
export const isSettingUp = (states: readonly PhoneState[]): boolean =>
  states.some((s) => s === 'creating' || s === 'resetting');

/** The colour of a state's chip. */
export const stateColor = (s: PhoneState): 'default' | 'success' | 'info' | 'warning' | 'error' =>
  s === 'on' || s === 'starting'
    ? 'success'
    : s === 'creating' || s === 'resetting'
      ? 'info'
      : s === 'expired' || s === 'disabled'
        ? 'warning'
        : s === 'failed'
          ? 'error'
          : 'default';

const DAY_MS = 86_400_000;

/**
 * Whole days until a server time (China Standard Time text), counted up: 0 when it has passed,
 * 1 on the last day. null when there is no end.
 */
export function daysLeft(expireTime: string | null, now = Date.now()): number | null {
  const end = expireTime ? parseCst(expireTime) : null;
  if (!end) return null;
  return Math.max(0, Math.ceil((end.getTime() - now) / DAY_MS));
}

/**
 * The i18n key of a refusal's reason (`adb.refused` → `phone.reason.adb.refused`), for the
 * state chip and for what opening says. Unknown reasons show as the server wrote them.
 */
export const reasonKey = (reason: string) => `phone.reason.${reason}`;
