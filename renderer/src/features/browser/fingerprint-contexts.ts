import type { CheckContext } from '@facet/shared';
import type { TFunction } from 'i18next';

/** A probe context's name in the user's language (page, same-origin frame, service worker …). */
export const contextName = (t: TFunction, c: CheckContext): string => t(`fingerprintCheck.context.${c}`);
