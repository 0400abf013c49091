import type { Language } from '@facet/shared';
import { publicPageUrl } from '../../i18n/public-pages';

/**
 * The link an invitee registers through: the Register page fills the invite code from it. It is a
 * marketing page, so it opens in the marketing language closest to the inviter's (docs/i18n.md,
 * Public pages).
 */
export const inviteLink = (code: string, lng: Language, origin = window.location.origin) =>
  publicPageUrl('marketing', `${origin}/register?inviteCode=${encodeURIComponent(code)}`, lng);
