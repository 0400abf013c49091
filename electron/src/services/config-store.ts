import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type ClientConfigs,
  type SystemProxyConfig,
  type SystemProxyView,
  systemProxyConfigSchema,
  systemProxySaveSchema,
} from '@facet/shared';
import { normalizePerformanceConfig, type PerformanceConfig } from './performance.js';

/**
 * The client's own settings on disk (FACET_DATA_DIR/client/config.json): the performance config,
 * the system proxy for the client's own traffic and the local API key. Written atomically
 * (temp file + rename) so a crash never leaves half a file.
 */
export interface StoredConfig {
  performance: PerformanceConfig;
  systemProxy: SystemProxyConfig;
  /** The local API's key: made on first run, so no call is ever open without one (docs/client.md, Local API). */
  apiKey: string;
}

/** A new local API key: 192 random bits. */
export const newApiKey = () => `fcl_${randomBytes(24).toString('base64url')}`;

/** The system proxy as callers see it: whether a password is stored, never the password. */
export const systemProxyView = ({ password, ...rest }: SystemProxyConfig): SystemProxyView => ({
  ...rest,
  passwordSet: !!password,
});

/** configs/all, for the local API and the desktop bridge alike: the settings without any secret. */
export function clientConfigsOf(
  c: StoredConfig,
  about: { localApiUrl: string; clientVersion: string; engineVersion: string | null },
): ClientConfigs {
  return { performance: { ...c.performance }, systemProxy: systemProxyView(c.systemProxy), ...about };
}

type SystemProxyListener = (c: SystemProxyConfig) => Promise<void> | void;

/**
 * Seals the client's secrets at rest with the OS keystore (docs/security.md, Secrets at rest): the
 * desktop app passes Electron's safeStorage (DPAPI, the macOS Keychain, the Linux desktop's
 * keyring). Without one (the headless client) secrets stay in a file only the user can read.
 */
export interface SecretSeal {
  seal(plain: string): Buffer;
  open(sealed: Buffer): string;
}

/** How a sealed secret sits in config.json. */
interface SealedValue {
  sealed: string;
}
const isSealed = (v: unknown): v is SealedValue =>
  typeof v === 'object' && v !== null && typeof (v as SealedValue).sealed === 'string';

/** A stored system proxy that no longer validates falls back to the default (direct). */
function storedSystemProxy(raw: unknown): SystemProxyConfig {
  const r = systemProxyConfigSchema.safeParse(raw ?? {});
  return r.success ? r.data : systemProxyConfigSchema.parse({});
}

export class ConfigStore {
  private current: StoredConfig = {
    performance: normalizePerformanceConfig({}),
    systemProxy: systemProxyConfigSchema.parse({}),
    apiKey: '',
  };
  private readonly systemProxyListeners: SystemProxyListener[] = [];

  constructor(
    private readonly file: string,
    private readonly seal: SecretSeal | null = null,
  ) {}

  async load(): Promise<StoredConfig> {
    let raw: Record<string, unknown> = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>;
    } catch {}
    const rawProxy = (raw.systemProxy ?? {}) as Record<string, unknown>;
    const apiKey = this.reveal(raw.apiKey);
    const performance = normalizePerformanceConfig((raw.performance ?? {}) as object);
    this.current = {
      performance,
      systemProxy: storedSystemProxy({ ...rawProxy, password: this.reveal(rawProxy.password) || null }),
      apiKey: apiKey || newApiKey(),
    };
    // Rewritten when something was made or fixed, or a secret is not stored the way it should
    // be (plain where a seal exists now: an older client's file).
    const stale =
      performance.xcf !== (raw.performance as { xcf?: unknown } | undefined)?.xcf ||
      this.current.apiKey !== apiKey ||
      (this.seal !== null && [raw.apiKey, rawProxy.password].some((v) => typeof v === 'string' && v !== ''));
    if (stale) await this.write();
    return this.current;
  }

  /** A stored secret in the clear; '' when there is none or it cannot be opened here. */
  private reveal(v: unknown): string {
    if (typeof v === 'string') return v;
    if (!isSealed(v) || !this.seal) return '';
    try {
      return this.seal.open(Buffer.from(v.sealed, 'base64'));
    } catch {
      // Sealed by another user or machine (a copied folder): a new key is made, the proxy
      // password is asked for again.
      return '';
    }
  }

  private hide(plain: string | null): string | SealedValue | null {
    if (!plain || !this.seal) return plain;
    return { sealed: this.seal.seal(plain).toString('base64') };
  }

  get(): StoredConfig {
    return this.current;
  }

  async savePerformance(input: unknown): Promise<PerformanceConfig> {
    const performance = normalizePerformanceConfig({ ...this.current.performance, ...(input as object) });
    this.current = { ...this.current, performance };
    await this.write();
    return performance;
  }

  /**
   * Replaces the system proxy (validated: host and port required for a proxy); a password left
   * out keeps the stored one. Listeners apply it first (the client's route to the server), so a
   * proxy that cannot be used is not stored.
   */
  async saveSystemProxy(input: unknown): Promise<SystemProxyConfig> {
    const { password, ...rest } = systemProxySaveSchema.parse(input ?? {});
    const systemProxy: SystemProxyConfig = {
      ...rest,
      password: password === undefined ? this.current.systemProxy.password : password,
    };
    for (const l of this.systemProxyListeners) await l(systemProxy);
    this.current = { ...this.current, systemProxy };
    await this.write();
    return systemProxy;
  }

  /** Called on every saved system proxy change, before it is stored. */
  onSystemProxy(listener: SystemProxyListener) {
    this.systemProxyListeners.push(listener);
  }

  async saveApiKey(key: string): Promise<void> {
    this.current = { ...this.current, apiKey: key };
    await this.write();
  }

  private writing: Promise<void> = Promise.resolve();

  /** One write at a time: two saves racing must not rename the same temp file twice. */
  private write(): Promise<void> {
    const next = this.writing.then(() => this.writeNow());
    this.writing = next.catch(() => {});
    return next;
  }

  private async writeNow() {
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const c = this.current;
    const stored = {
      ...c,
      apiKey: this.hide(c.apiKey),
      systemProxy: { ...c.systemProxy, password: this.hide(c.systemProxy.password) },
    };
    await writeFile(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    await rename(tmp, this.file);
  }
}
