import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The MCP server's own key (docs/ai.md), apart from the local API's: an agent holding it can drive
 * profiles but not read the client's settings or the user's session. Made on first use, kept in
 * FACET_DATA_DIR/client/mcp-key.json (mode 0600), replaced by `rotate`.
 */
export class McpKey {
  private key: string | null = null;
  private loading: Promise<string> | null = null;

  constructor(private readonly file: string) {}

  /** The key, made and saved the first time it is asked for. */
  get(): Promise<string> {
    if (this.key) return Promise.resolve(this.key);
    this.loading ??= (async () => {
      try {
        const saved = JSON.parse(await readFile(this.file, 'utf8')) as { key?: unknown };
        if (typeof saved.key === 'string' && saved.key.length >= 32) {
          this.key = saved.key;
          return saved.key;
        }
      } catch {}
      return this.save();
    })();
    return this.loading;
  }

  /** A new key; the old one stops working at once. */
  async rotate(): Promise<string> {
    await this.get();
    return this.save();
  }

  /** Whether `given` is the key (constant time); false before any key exists. */
  async matches(given: string | undefined): Promise<boolean> {
    if (!given) return false;
    const key = Buffer.from(await this.get());
    const other = Buffer.from(given);
    return key.length === other.length && timingSafeEqual(key, other);
  }

  private async save(): Promise<string> {
    const key = `mcp_${randomBytes(24).toString('base64url')}`;
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ key }), { mode: 0o600 });
    await rename(tmp, this.file);
    this.key = key;
    return key;
  }
}
