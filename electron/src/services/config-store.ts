import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { normalizePerformanceConfig, type PerformanceConfig } from './performance.js';

/**
 * The client's own settings on disk (FACET_DATA_DIR/client/config.json): the performance config
 * and the local API key. Written atomically (temp file + rename) so a crash never leaves half a file.
 */
export interface StoredConfig {
  performance: PerformanceConfig;
  apiKey: string | null;
}

export class ConfigStore {
  private current: StoredConfig = { performance: normalizePerformanceConfig({}), apiKey: null };

  constructor(private readonly file: string) {}

  async load(): Promise<StoredConfig> {
    let raw: Partial<StoredConfig> = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8')) as Partial<StoredConfig>;
    } catch {}
    const performance = normalizePerformanceConfig(raw.performance ?? {});
    this.current = { performance, apiKey: typeof raw.apiKey === 'string' && raw.apiKey ? raw.apiKey : null };
    if (performance.xcf !== raw.performance?.xcf) await this.write();
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

  async saveApiKey(key: string | null): Promise<void> {
    this.current = { ...this.current, apiKey: key };
    await this.write();
  }

  private async write() {
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.current, null, 2), { mode: 0o600 });
    await rename(tmp, this.file);
  }
}
