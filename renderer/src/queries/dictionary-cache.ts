import type { CallName } from '@facet/shared';
import { version } from '../../package.json';

const HOUR_MS = 3_600_000;

/**
 * The dictionary reads (§9): reference lists every screen shows the same way, kept in local storage
 * for their lifetime so a reload shows them without a request (docs/contributing.md, "The data
 * layer"). The lifetime is how stale each may be: currency symbols and rates change when the
 * operator edits them, the phone regions and packages carry free-device counts, so they are kept
 * shorter. A write that changes one still invalidates it, which fetches and stores it again.
 */
export const DICTIONARY_LIFETIME_MS: Partial<Record<CallName, number>> = {
  currencyList: 24 * HOUR_MS,
  phoneRegions: HOUR_MS / 2,
  phonePackages: HOUR_MS / 2,
};

const PREFIX = 'dictCache:';
/** Stored answers of another console build are not read: the shape of an answer may have changed. */
const BUSTER = version;

interface Stored {
  buster: string;
  at: number;
  data: unknown;
}

const storageKey = (queryKey: readonly unknown[]) => PREFIX + JSON.stringify(queryKey);

/** The stored answer of a dictionary read and when it was fetched, unless it is missing, of another build or expired. */
export function readDictionary(
  name: CallName,
  queryKey: readonly unknown[],
  now = Date.now(),
): { data: unknown; at: number } | undefined {
  const lifetime = DICTIONARY_LIFETIME_MS[name];
  if (!lifetime) return undefined;
  const key = storageKey(queryKey);
  let stored: Stored | undefined;
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    stored = undefined;
  }
  if (!stored || stored.buster !== BUSTER || now - stored.at >= lifetime) {
    if (stored) localStorage.removeItem(key);
    return undefined;
  }
  return { data: stored.data, at: stored.at };
}

/** Stores a dictionary read's answer as fetched now (a full storage only costs the next reload a request). */
export function writeDictionary(name: CallName, queryKey: readonly unknown[], data: unknown, now = Date.now()): void {
  if (!DICTIONARY_LIFETIME_MS[name]) return;
  try {
    localStorage.setItem(storageKey(queryKey), JSON.stringify({ buster: BUSTER, at: now, data } satisfies Stored));
  } catch {
    // Quota exceeded: the answer is still in memory for this session.
  }
}

/** Logout (§4 Logout/reset): the next user reads the dictionaries afresh. */
export function clearDictionaries(): void {
  for (const k of Object.keys(localStorage)) if (k.startsWith(PREFIX)) localStorage.removeItem(k);
}
