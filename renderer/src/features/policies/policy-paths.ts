import type { PolicyKind } from '@facet/shared';

/** The public pages of the policies (docs/notices.md, Policy pages). */
export const POLICY_PATHS: Record<PolicyKind, string> = {
  agreement: '/agreement',
  privacy: '/privacy',
  logoff: '/log-off-policy',
};
