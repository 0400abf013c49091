import type { CallResult } from '@facet/shared';

/** What the operation log screens need of i18next: a lookup that may miss. */
export interface Lookup {
  exists: (key: string) => boolean;
  t: (key: string, values?: Record<string, unknown>) => string;
}

export type OperationEntry = Pick<
  CallResult<'operationLogList'>['list'][number],
  'action' | 'targetType' | 'targetId' | 'targetName' | 'detail'
>;

const keyPart = (s: string) => s.replace(/\./g, '_');
const maybe = (l: Lookup, key: string, fallback: string) => (l.exists(key) ? l.t(key) : fallback);

/** Target types the services write ('profile', 'subAccount'…), in words when known. */
export const targetTypeText = (l: Lookup, type: string) => maybe(l, `logs.targetTypes.${keyPart(type)}`, type);

/**
 * An action code in words: the action's own text (`profile.deleteForever`), else "target: verb"
 * for a code this console does not know yet, unknown parts as written.
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

/** Entries written before targets were named said "3 profiles" in the target id. */
const LEGACY_MANY = /^(\d+) [a-z]+$/;

/**
 * The target as the entry names it: the name it had when the action was written, a count (with
 * the first names) for several, the id for older entries that kept no name. `title` is the id.
 */
export function targetText(
  l: Lookup,
  e: OperationEntry,
): { text: string; title: string; kind: 'name' | 'count' | 'id' } {
  if (e.targetName) return { text: e.targetName, title: e.targetId ? `#${e.targetId}` : '', kind: 'name' };
  const legacy = LEGACY_MANY.exec(e.targetId);
  const count = typeof e.detail.count === 'number' && !e.targetId ? e.detail.count : legacy ? Number(legacy[1]) : null;
  if (count === null) return { text: e.targetId, title: e.targetId, kind: 'id' };
  const key = `logs.many.${keyPart(e.targetType)}`;
  const many = l.exists(key) ? l.t(key, { count }) : `${e.targetType}: ${count}`;
  const names = Array.isArray(e.detail.names) ? e.detail.names.map(String) : [];
  if (!names.length) return { text: many, title: '', kind: 'count' };
  const more = count > names.length ? ', …' : '';
  return { text: `${many} (${names.join(', ')}${more})`, title: names.join('\n'), kind: 'count' };
}

/** Detail keys that say what the target column already says. */
const SHOWN_AS_TARGET = new Set(['ids', 'names']);
/** Lists shown by their length: who or what was involved, not the ids themselves. */
const COUNTED = new Set(['userIds', 'extendIds', 'groupIds', 'codes']);
/** 0/1 switches. */
const SWITCHES = new Set(['flag', 'status']);

const plain = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(plain).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

function valueText(l: Lookup, key: string, v: unknown): string {
  if (key === 'fields' && Array.isArray(v))
    return v.map((f) => maybe(l, `logs.fields.${String(f)}`, String(f))).join(', ');
  if (COUNTED.has(key) && Array.isArray(v)) return String(v.length);
  if (typeof v === 'boolean') return l.t(v ? 'logs.values.yes' : 'logs.values.no');
  if (SWITCHES.has(key) && (v === 0 || v === 1)) return l.t(v ? 'logs.values.on' : 'logs.values.off');
  if (key === 'mode' && typeof v === 'string') return maybe(l, `logs.modes.${v}`, v);
  if (key === 'proxyMethod') return maybe(l, `logs.proxyMethods.${String(v)}`, plain(v));
  return plain(v);
}

/**
 * An entry's detail as labelled parts ("Fields: Name, Cookies", "Device: PC-1"), each label and
 * known value in the reader's language; what the target column shows is left out.
 */
export function detailParts(l: Lookup, e: OperationEntry): string[] {
  return Object.entries(e.detail)
    .filter(([k, v]) => {
      if (SHOWN_AS_TARGET.has(k)) return false;
      // The count of several targets is in the target column.
      if (k === 'count' && !e.targetId && !e.targetName) return false;
      if ((k === 'name' || k === 'username') && v === e.targetName) return false;
      if (k === 'groupId' && 'group' in e.detail) return false;
      return true;
    })
    .map(([k, v]) => l.t('logs.detailPart', { label: maybe(l, `logs.fields.${k}`, k), value: valueText(l, k, v) }));
}

/** The detail on one line, cut at `max` characters. */
export function detailText(l: Lookup, e: OperationEntry, max = 160): string {
  const text = detailParts(l, e).join('; ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
