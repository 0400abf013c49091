import { VALUE_LIST_DEDUPE_MS } from '@facet/shared';

/**
 * Response caches: some reads are kept for hours (preferences, proxy and fingerprint settings,
 * child user ids: 24 h; saveLastIp: 1/60 h), keyed by path and payload. Dictionary caches
 * are also written to local storage so they survive a reload.
 */
export const CACHE_HOURS_BY_PATH: Record<string, number> = {
  '/v1/globalsetting/:id': 24,
  '/v1/globalproxysetting/findByUserIdAndProxyType': 24,
  '/v1/globalproxysetting/findByUserIdAndProxyTypelist': 24,
  '/v1/globalbrowsersetting/:id': 24,
  '/v1/sysUsers/getChildUseid': 24,
  '/v1/browserInfos/saveLastIp': 1 / 60,
};

/** Identical getValueList requests within 2 s share one result. */
export const DEDUPE_PATHS = new Set(['/v1/globalvaluesetting/getValueList']);

const PERSIST_PREFIX = 'apiCache:';
const HOUR_MS = 3_600_000;

interface Entry {
  expires: number;
  value: unknown;
}

export class ResponseCache {
  private readonly memory = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string, persisted: boolean): { hit: boolean; value?: unknown } {
    let entry = this.memory.get(key);
    if (!entry && persisted) {
      const raw = localStorage.getItem(PERSIST_PREFIX + key);
      if (raw) entry = JSON.parse(raw) as Entry;
    }
    if (!entry || entry.expires <= this.now()) {
      this.delete(key);
      return { hit: false };
    }
    return { hit: true, value: entry.value };
  }

  set(key: string, value: unknown, hours: number, persisted: boolean): void {
    const entry = { expires: this.now() + hours * HOUR_MS, value };
    this.memory.set(key, entry);
    if (persisted) localStorage.setItem(PERSIST_PREFIX + key, JSON.stringify(entry));
  }

  delete(key: string): void {
    this.memory.delete(key);
    localStorage.removeItem(PERSIST_PREFIX + key);
  }

  /** Drops every entry whose key starts with `prefix` (all payloads of one read). */
  forget(prefix: string): void {
    for (const k of [...this.memory.keys()]) if (k.startsWith(prefix)) this.memory.delete(k);
    for (const k of Object.keys(localStorage)) if (k.startsWith(PERSIST_PREFIX + prefix)) localStorage.removeItem(k);
  }

  clear(): void {
    this.memory.clear();
    for (const k of Object.keys(localStorage)) if (k.startsWith(PERSIST_PREFIX)) localStorage.removeItem(k);
  }
}

/** Shares one in-flight (or just finished) promise among identical requests for a window. */
export class Deduper {
  private readonly recent = new Map<string, { at: number; promise: Promise<unknown> }>();

  constructor(
    private readonly windowMs: number = VALUE_LIST_DEDUPE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const hit = this.recent.get(key);
    if (hit && this.now() - hit.at < this.windowMs) return hit.promise as Promise<T>;
    const promise = fn();
    this.recent.set(key, { at: this.now(), promise });
    // A failure is not shared with later callers.
    promise.catch(() => this.recent.delete(key));
    return promise;
  }

  clear(): void {
    this.recent.clear();
  }
}

export const cacheKey = (method: string, path: string, payload: unknown) =>
  `${method} ${path} ${JSON.stringify(payload ?? null)}`;
