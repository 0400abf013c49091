import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type McpCall, mcpCallSchema } from '@facet/shared';

/** How long an argument summary may be. */
const ARGS_MAX = 300;

/**
 * Every call an agent made to the MCP server (docs/ai.md, The call log): JSON lines in
 * FACET_DATA_DIR/client/mcp-calls.jsonl, the newest `cap` kept (the file is rewritten once it holds
 * a tenth more). Writes run one at a time.
 */
export class McpCallLog {
  private entries: McpCall[] = [];
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly cap = 2_000,
  ) {}

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      let text = '';
      try {
        text = await readFile(this.file, 'utf8');
      } catch {}
      for (const line of text.split('\n')) {
        try {
          const r = line.trim() ? mcpCallSchema.safeParse(JSON.parse(line)) : null;
          if (r?.success) this.entries.push(r.data);
        } catch {}
      }
      this.entries = this.entries.slice(-this.cap);
      this.nextId = Math.max(0, ...this.entries.map((e) => e.id)) + 1;
    })();
    return this.loaded;
  }

  add(call: Omit<McpCall, 'id'>): Promise<McpCall> {
    const next = this.queue.then(async () => {
      await this.load();
      const entry: McpCall = { id: this.nextId++, ...call };
      this.entries.push(entry);
      await mkdir(dirname(this.file), { recursive: true });
      if (this.entries.length > this.cap + Math.ceil(this.cap / 10)) {
        this.entries = this.entries.slice(-this.cap);
        await writeFile(this.file, this.entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      } else await appendFile(this.file, `${JSON.stringify(entry)}\n`);
      return entry;
    });
    this.queue = next.then(
      () => {},
      () => {},
    );
    return next;
  }

  /** Newest first, paged. */
  async list(q: { page: number; pageSize: number }): Promise<{ total: number; list: McpCall[] }> {
    await this.load();
    await this.queue;
    const all = [...this.entries].reverse();
    const start = (q.page - 1) * q.pageSize;
    return { total: all.length, list: all.slice(start, start + q.pageSize) };
  }
}

/**
 * What the log keeps of a call's arguments: scalars as they are, a flow as its step count, other
 * objects and lists by size, the whole cut to ARGS_MAX characters.
 */
export function summarizeArgs(args: Record<string, unknown> | undefined): string {
  if (!args) return '';
  const parts = Object.entries(args).map(([k, v]) => {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
      const s = typeof v === 'string' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v) : String(v);
      return `${k}=${s}`;
    }
    if (Array.isArray(v)) return `${k}=[${v.length}]`;
    const steps = (v as { steps?: unknown }).steps;
    if (Array.isArray(steps)) return `${k}={${steps.length} steps}`;
    return `${k}={${Object.keys(v as object).length} keys}`;
  });
  const text = parts.join(' ');
  return text.length > ARGS_MAX ? `${text.slice(0, ARGS_MAX - 1)}…` : text;
}
