import {
  Code,
  type PhoneIpCheckServer,
  type PhonesGlobalConfig,
  phoneIpCheckServerSchema,
  phonesGlobalConfigSchema,
} from '@facet/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../accounts/tables.js';
import { writeOperation } from '../logs/service.js';
import { globalValues } from '../settings/tables.js';

/** The global_values owner of what the operator sets for every account (no account has id 0). */
const OPERATOR = 0;

/**
 * The phone global values as the phones module reads them (docs/phones.md, Preferences and
 * notices): the main account's preferences (phonesGlobalConfig) and the IP-check server
 * (PhoneIpCheckServer: the account's own, else the operator's). They are saved through the
 * global values (settings module), which checks their shape.
 */
export class PhoneConfig {
  constructor(private readonly db: Db) {}

  private async value(tx: DbOrTx, ownerId: number, type: string): Promise<unknown> {
    const [row] = await tx
      .select({ value: globalValues.value })
      .from(globalValues)
      .where(and(eq(globalValues.ownerId, ownerId), eq(globalValues.valueType, type)));
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  /** The main account's preferences; what was never saved (or no longer parses) has its default. */
  async get(mainId: number, tx: DbOrTx = this.db): Promise<PhonesGlobalConfig> {
    const parsed = phonesGlobalConfigSchema.safeParse((await this.value(tx, mainId, 'phonesGlobalConfig')) ?? {});
    return parsed.success ? parsed.data : phonesGlobalConfigSchema.parse({});
  }

  /** Saves the preferences; they belong to the whole main account, so only it changes them. */
  async save(user: UserRow, cfg: PhonesGlobalConfig) {
    if (user.parentId !== null)
      throw new AppError(
        Code.FORBIDDEN,
        'phone preferences are shared by the whole account: only the main account changes them',
      );
    const value = JSON.stringify(cfg);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(globalValues)
        .values({ ownerId: user.id, valueType: 'phonesGlobalConfig', value, updatedBy: user.id })
        .onConflictDoUpdate({
          target: [globalValues.ownerId, globalValues.valueType],
          set: { value, updatedBy: user.id, updatedAt: new Date() },
        });
      await writeOperation(tx, user, {
        action: 'setting.globalValue',
        targetType: 'setting',
        targetId: 'phonesGlobalConfig',
        detail: { length: value.length },
      });
    });
    return this.get(user.id);
  }

  /** What a new environment starts with when its creator names nothing else. */
  async defaults(tx: DbOrTx, mainId: number) {
    const d = (await this.get(mainId, tx)).defaults;
    return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as typeof d;
  }

  /** The account's check server, else the operator's, else none. */
  async ipCheckServer(mainId: number): Promise<string | null> {
    for (const owner of [mainId, OPERATOR]) {
      const p = phoneIpCheckServerSchema.safeParse(await this.value(this.db, owner, 'PhoneIpCheckServer'));
      if (p.success) return p.data.url;
    }
    return null;
  }

  async operatorIpCheckServer(): Promise<PhoneIpCheckServer | null> {
    const p = phoneIpCheckServerSchema.safeParse(await this.value(this.db, OPERATOR, 'PhoneIpCheckServer'));
    return p.success ? p.data : null;
  }

  async saveOperatorIpCheckServer(adminId: number, v: PhoneIpCheckServer) {
    const value = JSON.stringify(v);
    await this.db
      .insert(globalValues)
      .values({ ownerId: OPERATOR, valueType: 'PhoneIpCheckServer', value, updatedBy: adminId })
      .onConflictDoUpdate({
        target: [globalValues.ownerId, globalValues.valueType],
        set: { value, updatedBy: adminId, updatedAt: new Date() },
      });
    return v;
  }
}
