import { Code } from '@facet/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';
import { noticeDuration } from '../../api/notice-rules';
import { notifyError } from '../../stores/notice';

/** Second-factor and whitelist codes the core catalogue has no text for yet. */
const SECURITY_CODES = [
  Code.SECOND_FACTOR_INVALID,
  Code.LOGIN_TICKET_INVALID,
  Code.SECOND_FACTOR_UNAVAILABLE,
  Code.IP_NOT_ALLOWED,
  Code.IP_WHITELIST_EXCLUDES_CALLER,
] as const;

export function securityErrorText(t: TFunction, code: number): string | null {
  switch (code) {
    case Code.SECOND_FACTOR_INVALID:
      return t('security.errors.codeInvalid');
    case Code.LOGIN_TICKET_INVALID:
      return t('security.errors.ticketInvalid');
    case Code.SECOND_FACTOR_UNAVAILABLE:
      return t('security.errors.factorUnavailable');
    case Code.IP_NOT_ALLOWED:
      return t('security.errors.ipNotAllowed');
    case Code.IP_WHITELIST_EXCLUDES_CALLER:
      return t('security.errors.excludesCaller');
    default:
      return null;
  }
}

/**
 * Tells the user about a failure of a call made with noPrompt: our own text for the security
 * codes, the client's text otherwise. Returns the code (0 when not an API error).
 */
export function reportQuietFailure(t: TFunction, err: unknown): number {
  if (!(err instanceof ApiError)) return 0;
  const code = Number(err.code);
  if (err.handled) return code;
  const text = (SECURITY_CODES as ReadonlyArray<number>).includes(code)
    ? (securityErrorText(t, code) ?? err.message)
    : err.message;
  notifyError(text, noticeDuration(text));
  return code;
}
