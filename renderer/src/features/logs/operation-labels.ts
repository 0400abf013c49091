/** What the operation log screens need of i18next: a lookup that may miss. */
export interface Lookup {
  exists: (key: string) => boolean;
  t: (key: string) => string;
}

const keyPart = (s: string) => s.replace(/\./g, '_');
const maybe = (l: Lookup, key: string, fallback: string) => (l.exists(key) ? l.t(key) : fallback);

/** Target types the services write ('profile', 'subAccount'…), in words when known. */
export const targetTypeText = (l: Lookup, type: string) => maybe(l, `logs.targetTypes.${keyPart(type)}`, type);

/**
 * An action code in words: a whole-action text when there is one (`setting.apiToken.generate`),
 * else "target: verb" (`profile.delete` → "Profile: Delete"), unknown parts as written.
 */
export function actionText(l: Lookup, action: string): string {
  const whole = `logs.actions.${keyPart(action)}`;
  if (l.exists(whole)) return l.t(whole);
  const dot = action.indexOf('.');
  if (dot < 0) return maybe(l, `logs.verbs.${keyPart(action)}`, action);
  const type = action.slice(0, dot);
  const verb = action.slice(dot + 1);
  return `${targetTypeText(l, type)}: ${maybe(l, `logs.verbs.${keyPart(verb)}`, verb)}`;
}

const valueText = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v))
    return v.length > 5 ? `${v.slice(0, 5).map(valueText).join(', ')}, … (${v.length})` : v.map(valueText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** A one-line summary of an entry's detail (`name: Shop 1; count: 3`), cut at `max` characters. */
export function detailText(detail: Record<string, unknown>, max = 160): string {
  const text = Object.entries(detail)
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join('; ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
