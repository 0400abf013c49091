import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type ExtraLogEntry, extraLogEntrySchema } from '@facet/shared';

export type ExtraLogLevel = ExtraLogEntry['level'];
export interface ExtraLogQuery {
  page: number;
  pageSize: number;
  level?: ExtraLogLevel | undefined;
  profileId?: number | undefined;
}

/**
 * The client's own log of notable events (docs/client.md, Extra log): JSON lines in
 * FACET_DATA_DIR/client/extralog.jsonl, each with a numeric id. Capped: past `cap` entries the
 * oldest go (the file is rewritten with the newest `cap` once it holds a tenth more, so a busy
 * client does not rewrite it on every line). Appends and rewrites run one at a time.
 */
export class ExtraLog {
  private entries: ExtraLogEntry[] = [];
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly cap = 5_000,
  ) {}

  load(): Promise<void> {
    this.loaded ??= (async () => {
      let text = '';
      try {
        text = await readFile(this.file, 'utf8');
      } catch {}
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          const r = extraLogEntrySchema.safeParse(JSON.parse(line));
          if (r.success) this.entries.push(r.data);
        } catch {}
      }
      this.entries = this.entries.slice(-this.cap);
      this.nextId = Math.max(0, ...this.entries.map((e) => e.id)) + 1;
    })();
    return this.loaded;
  }

  /** Records an event (callers that must not fail, like an open, ignore a write error). */
  add(level: ExtraLogLevel, event: string, message: string, profileId: number | null = null): Promise<ExtraLogEntry> {
    const run = this.serial(async () => {
      await this.load();
      const entry: ExtraLogEntry = {
        id: this.nextId++,
        time: new Date().toISOString(),
        level,
        event,
        profileId,
        message: message.slice(0, 2000),
      };
      this.entries.push(entry);
      if (this.entries.length > this.cap + Math.ceil(this.cap / 10)) {
        this.entries = this.entries.slice(-this.cap);
        await this.rewrite();
      } else {
        await mkdir(dirname(this.file), { recursive: true });
        await appendFile(this.file, `${JSON.stringify(entry)}\n`);
      }
      return entry;
    });
    return run;
  }

  /** Newest first, filtered by level and profile, paged. */
  async list(q: ExtraLogQuery): Promise<{ total: number; list: ExtraLogEntry[] }> {
    await this.load();
    await this.queue;
    const all = this.entries
      .slice(-this.cap)
      .filter((e) => (q.level ? e.level === q.level : true))
      .filter((e) => (q.profileId !== undefined ? e.profileId === q.profileId : true))
      .reverse();
    const start = (q.page - 1) * q.pageSize;
    return { total: all.length, list: all.slice(start, start + q.pageSize) };
  }

  /** Deletes entries by id; answers how many were there. */
  delete(ids: number[]): Promise<number> {
    return this.serial(async () => {
      await this.load();
      const gone = new Set(ids);
      const before = this.entries.length;
      this.entries = this.entries.filter((e) => !gone.has(e.id));
      const n = before - this.entries.length;
      if (n) await this.rewrite();
      return n;
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn);
    this.queue = next.then(
      () => {},
      () => {},
    );
    return next;
  }

  private async rewrite() {
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, this.entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    await rename(tmp, this.file);
  }
}
