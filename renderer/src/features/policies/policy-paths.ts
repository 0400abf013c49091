import type { Language, PolicyKind } from '@facet/shared';
import { publicPageUrl, SITE_PAGE_PATHS } from '../../i18n/public-pages';

const [agreement, privacy, logoff] = SITE_PAGE_PATHS;

/** The public pages of the policies (docs/notices.md, Policy pages). */
export const POLICY_PATHS: Record<PolicyKind, string> = { agreement, privacy, logoff };

/** A link to a policy page in the site language closest to the console's (docs/i18n.md, Public pages). */
export const policyHref = (kind: PolicyKind, lng: string) => publicPageUrl('site', POLICY_PATHS[kind], lng as Language);
