import { type ExtraLogEntry, extraLogEntrySchema } from '@facet/shared';
import { JsonlLog, pageOf } from './jsonl-log.js';

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
  private readonly log: JsonlLog<ExtraLogEntry>;

  constructor(file: string, cap = 5_000) {
    this.log = new JsonlLog(file, extraLogEntrySchema, cap);
  }

  load(): Promise<void> {
    return this.log.load();
  }

  /** Records an event (callers that must not fail, like an open, ignore a write error). */
  add(level: ExtraLogLevel, event: string, message: string, profileId: number | null = null): Promise<ExtraLogEntry> {
    return this.log.add((id) => ({
      id,
      time: new Date().toISOString(),
      level,
      event,
      profileId,
      message: message.slice(0, 2000),
    }));
  }

  /** Newest first, filtered by level and profile, paged. */
  async list(q: ExtraLogQuery): Promise<{ total: number; list: ExtraLogEntry[] }> {
    const all = (await this.log.newestFirst())
      .filter((e) => (q.level ? e.level === q.level : true))
      .filter((e) => (q.profileId !== undefined ? e.profileId === q.profileId : true));
    return pageOf(all, q);
  }

  /** Deletes entries by id; answers how many were there. */
  delete(ids: number[]): Promise<number> {
    return this.log.delete(ids);
  }
}
