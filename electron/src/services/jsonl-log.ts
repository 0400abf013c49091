import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A capped log of JSON lines with numeric ids (the extra log, the MCP call log): read once,
 * appended line by line, rewritten with the newest `cap` once it holds a tenth more (so a busy
 * client does not rewrite it on every line). Writes run one at a time; lines the schema refuses
 * are skipped.
 */
export class JsonlLog<T extends { id: number }> {
  private entries: T[] = [];
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly schema: z.ZodType<T>,
    private readonly cap: number,
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
          const r = this.schema.safeParse(JSON.parse(line));
          if (r.success) this.entries.push(r.data);
        } catch {}
      }
      this.entries = this.entries.slice(-this.cap);
      this.nextId = Math.max(0, ...this.entries.map((e) => e.id)) + 1;
    })();
    return this.loaded;
  }

  /** Adds the entry `make` builds with the next id. */
  add(make: (id: number) => T): Promise<T> {
    return this.serial(async () => {
      await this.load();
      const entry = make(this.nextId++);
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
  }

  /** The newest `cap` entries, newest first, once the writes asked for so far are done. */
  async newestFirst(): Promise<T[]> {
    await this.load();
    await this.queue;
    return this.entries.slice(-this.cap).reverse();
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

  private serial<R>(fn: () => Promise<R>): Promise<R> {
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

/** One page of a list, counted from 1. */
export function pageOf<T>(all: T[], q: { page: number; pageSize: number }): { total: number; list: T[] } {
  const start = (q.page - 1) * q.pageSize;
  return { total: all.length, list: all.slice(start, start + q.pageSize) };
}
