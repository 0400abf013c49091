import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The 6-hour postpone and the ignored version, kept by the client itself. */
export interface UpdatePrefs {
  /** Epoch ms before which a non-forced update is not offered again. */
  postponedUntil: number | null;
  ignoredVersion: string | null;
}

/**
 * FACET_DATA_DIR/client/update.json, written atomically (temp file + rename) like the client's
 * config, so a crash never leaves half a file; an unreadable file counts as empty.
 */
export class UpdatePrefsStore {
  private current: UpdatePrefs = { postponedUntil: null, ignoredVersion: null };

  constructor(readonly file: string) {}

  async load(): Promise<UpdatePrefs> {
    let raw: Partial<UpdatePrefs> = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8')) as Partial<UpdatePrefs>;
    } catch {}
    this.current = {
      postponedUntil: typeof raw.postponedUntil === 'number' ? raw.postponedUntil : null,
      ignoredVersion: typeof raw.ignoredVersion === 'string' && raw.ignoredVersion ? raw.ignoredVersion : null,
    };
    return this.current;
  }

  get(): UpdatePrefs {
    return this.current;
  }

  async save(patch: Partial<UpdatePrefs>): Promise<UpdatePrefs> {
    this.current = { ...this.current, ...patch };
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.current, null, 2), { mode: 0o600 });
    await rename(tmp, this.file);
    return this.current;
  }
}
