import {
  type GlobalBrowserSetting,
  type GlobalSetting,
  globalBrowserSettingSchema,
  globalSettingSchema,
} from '@facet/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import type { UserRow } from '../accounts/tables.js';
import { writeOperation } from '../logs/service.js';
import { userPreferences } from './preference-tables.js';

type Kind = 'setting' | 'browser';
const SCHEMAS = { setting: globalSettingSchema, browser: globalBrowserSettingSchema } as const;
type ValueOf<K extends Kind> = K extends 'setting' ? GlobalSetting : GlobalBrowserSetting;

/**
 * globalsetting and globalbrowsersetting: personal, so `{id}` in the read is the caller's own
 * user id; any other id answers 404 like an id that does not exist (docs/client.md, Preferences
 * the launcher applies).
 */
export class Preferences {
  constructor(private readonly db: Db) {}

  async get<K extends Kind>(
    user: UserRow,
    kind: K,
    id: number,
  ): Promise<ValueOf<K> & { userId: number; updatedAt: string | null }> {
    if (id !== user.id) throw notFound('setting');
    const [row] = await this.db
      .select()
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, user.id), eq(userPreferences.kind, kind)));
    // Parsed again on the way out: a stored value from before a field existed gets its default.
    const parsed = SCHEMAS[kind].safeParse(row?.value ?? {});
    const value = (parsed.success ? parsed.data : SCHEMAS[kind].parse({})) as ValueOf<K>;
    return { ...value, userId: user.id, updatedAt: row ? row.updatedAt.toISOString() : null };
  }

  async save<K extends Kind>(user: UserRow, kind: K, value: ValueOf<K>) {
    const updatedAt = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(userPreferences)
        .values({ userId: user.id, kind, value, updatedAt })
        .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.kind], set: { value, updatedAt } });
      await writeOperation(tx, user, {
        // The operation log names them like the other saved settings, by what was saved.
        action: 'setting.globalValue',
        targetType: 'setting',
        targetId: kind === 'setting' ? 'globalSetting' : 'globalBrowserSetting',
        detail: {},
      });
    });
    return { ...value, userId: user.id, updatedAt: updatedAt.toISOString() };
  }
}
