import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';

/**
 * Why a price could not be worked out. The preview is quiet, and its refusal's message is
 * already the server's text in the user's language (rechargeTooSmall, periodNotOffered…).
 */
export function previewProblem(t: TFunction, error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : t('cost.pay.previewFailed');
}
