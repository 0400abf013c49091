import type { SiteList } from '@facet/shared';

/** What the cookie robot's dialog asks (docs/rpa.md, The cookie robot): dwell in seconds. */
export interface RobotForm {
  text: string;
  dwellMin: string;
  dwellMax: string;
  scrolls: string;
  clicks: string;
}

export const ROBOT_DEFAULTS: RobotForm = { text: '', dwellMin: '10', dwellMax: '30', scrolls: '3', clicks: '1' };

/** The form as the call's body (numbers as typed; the server's rules refuse what is out of range). */
export function robotBody(f: RobotForm, list: SiteList, profileIds: number[]) {
  const n = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return {
    profileIds,
    sites: list.sites,
    dwellSec: { min: n(f.dwellMin), max: n(f.dwellMax) },
    scrolls: n(f.scrolls),
    clicks: n(f.clicks),
  };
}

/** The field of the form a server refusal belongs to (`body.sites.3` → sites). */
export function robotField(field: string): keyof RobotForm | 'profileIds' | '' {
  const f = field.replace(/^body\./, '');
  if (f.startsWith('sites')) return 'text';
  if (f === 'dwellSec.min') return 'dwellMin';
  if (f.startsWith('dwellSec')) return 'dwellMax';
  if (f === 'scrolls' || f === 'clicks') return f;
  if (f.startsWith('profileIds')) return 'profileIds';
  return '';
}
