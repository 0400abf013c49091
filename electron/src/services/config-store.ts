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
export function clientConfigsOf(c: StoredConfig, localApiUrl: string, clientVersion: string): ClientConfigs {
  return {
    performance: { ...c.performance },
    systemProxy: systemProxyView(c.systemProxy),
    localApiUrl,
    clientVersion,
  };
}

type SystemProxyListener = (c: SystemProxyConfig) => Promise<void> | void;

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

  constructor(private readonly file: string) {}

  async load(): Promise<StoredConfig> {
    let raw: Partial<StoredConfig> = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8')) as Partial<StoredConfig>;
    } catch {}
    const performance = normalizePerformanceConfig(raw.performance ?? {});
    this.current = {
      performance,
      systemProxy: storedSystemProxy(raw.systemProxy),
      apiKey: typeof raw.apiKey === 'string' && raw.apiKey ? raw.apiKey : newApiKey(),
    };
    if (performance.xcf !== raw.performance?.xcf || this.current.apiKey !== raw.apiKey) await this.write();
    return this.current;
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
    await writeFile(tmp, JSON.stringify(this.current, null, 2), { mode: 0o600 });
    await rename(tmp, this.file);
  }
}
