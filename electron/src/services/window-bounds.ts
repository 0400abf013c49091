import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Rect } from './tiling.js';

/**
 * Each profile's last window position and size, kept by the client (FACET_DATA_DIR/client/
 * window-bounds.json): restored at launch (--window-position/--window-size), saved when the
 * client closes the browser, after an arrange and now and then while it is open.
 */
export class WindowBoundsStore {
  private bounds = new Map<number, Rect>();
  private loaded: Promise<void> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  private load(): Promise<void> {
    this.loaded ??= readFile(this.file, 'utf8')
      .then((text) => {
        const raw = JSON.parse(text) as Record<string, Rect>;
        for (const [id, r] of Object.entries(raw))
          if (isRect(r)) this.bounds.set(Number(id), { left: r.left, top: r.top, width: r.width, height: r.height });
      })
      .catch(() => {});
    return this.loaded;
  }

  async get(id: number): Promise<Rect | null> {
    await this.load();
    return this.bounds.get(id) ?? null;
  }

  async set(id: number, r: Rect): Promise<void> {
    await this.load();
    const old = this.bounds.get(id);
    if (old && old.left === r.left && old.top === r.top && old.width === r.width && old.height === r.height) return;
    this.bounds.set(id, r);
    await this.write();
  }

  /** Forgets the stored bounds; the next launch uses the profile's screen size again. */
  async forget(ids: number[]): Promise<number> {
    await this.load();
    let n = 0;
    for (const id of ids) if (this.bounds.delete(id)) n++;
    if (n) await this.write();
    return n;
  }

  private write(): Promise<void> {
    const text = JSON.stringify(Object.fromEntries(this.bounds));
    const next = this.writing.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, this.file);
    });
    this.writing = next.catch(() => {});
    return next;
  }
}

const isRect = (r: unknown): r is Rect =>
  !!r &&
  typeof r === 'object' &&
  ['left', 'top', 'width', 'height'].every((k) => Number.isFinite((r as Record<string, unknown>)[k])) &&
  (r as Rect).width > 0 &&
  (r as Rect).height > 0;
