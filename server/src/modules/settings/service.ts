import {
  Code,
  fieldErrorsOf,
  type GlobalValueType,
  isIpWhitelistEntry,
  phoneGlobalValueSchemas,
  settingsGlobalValueSchemas,
  TEAM_GLOBAL_VALUE_TYPES,
} from '@facet/shared';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { AppError, fieldErrorSaying, invalid } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import type { UserRow } from '../accounts/tables.js';
import { writeOperation } from '../logs/service.js';
import type { IpWhitelists } from '../security/ip-whitelist.js';
import { globalValues } from './tables.js';

/** Types whose value holds secrets: encrypted at rest. */
const SECRET_TYPES: ReadonlyArray<GlobalValueType> = ['websitesCredentials'];

const ownerOf = (user: UserRow, type: GlobalValueType) =>
  TEAM_GLOBAL_VALUE_TYPES.includes(type) ? (user.parentId ?? user.id) : user.id;

/**
 * Global values: one JSON string per type, team-wide or personal. ipWhitelist is served
 * from (and saved through) the IP whitelist itself, so both paths always agree.
 */
export class GlobalValues {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly ipWhitelists: IpWhitelists,
  ) {}

  async list(user: UserRow, types: GlobalValueType[]) {
    const wanted = [...new Set(types)];
    const owners = [...new Set(wanted.map((t) => ownerOf(user, t)))];
    const rows = await this.db
      .select()
      .from(globalValues)
      .where(and(inArray(globalValues.ownerId, owners), inArray(globalValues.valueType, wanted)));
    const out: Array<{ globalValueType: GlobalValueType; globalValue: string | null }> = [];
    for (const t of wanted) {
      if (t === 'ipWhitelist') {
        out.push({ globalValueType: t, globalValue: JSON.stringify(await this.ipWhitelists.get(ownerOf(user, t))) });
        continue;
      }
      const row = rows.find((r) => r.valueType === t && r.ownerId === ownerOf(user, t));
      const value = row ? (SECRET_TYPES.includes(t) ? this.secrets.decrypt(row.value) : row.value) : null;
      out.push({ globalValueType: t, globalValue: value });
    }
    return out;
  }

  async save(user: UserRow, type: GlobalValueType, value: string, confirm: boolean, ip: string) {
    if (type === 'ipWhitelist') {
      const parsed = JSON.parse(value) as unknown;
      if (!Array.isArray(parsed) || !parsed.every((e) => typeof e === 'string' && isIpWhitelistEntry(e.trim())))
        throw fieldErrorSaying(
          'body.globalValue',
          'ipInvalid',
          'ipInvalid — a JSON array of IPv4/IPv6 addresses or CIDR ranges',
        );
      const saved = await this.ipWhitelists.set(user, parsed as string[], confirm, ip);
      return { globalValueType: type, globalValue: JSON.stringify(saved.entries) };
    }
    // The phone values (docs/phones.md, Preferences and notices) and the console's settings lists
    // (docs/client.md) have a shape; the others are the console's own JSON.
    const shape =
      phoneGlobalValueSchemas[type as keyof typeof phoneGlobalValueSchemas] ??
      settingsGlobalValueSchemas[type as keyof typeof settingsGlobalValueSchemas];
    const checked = shape?.safeParse(JSON.parse(value));
    if (checked && !checked.success) throw invalid(fieldErrorsOf(checked.error, 'body.globalValue'));
    if (TEAM_GLOBAL_VALUE_TYPES.includes(type) && user.parentId !== null)
      throw new AppError(Code.FORBIDDEN, `${type} is shared by the whole account: only the main account changes it`);
    const ownerId = ownerOf(user, type);
    const stored = SECRET_TYPES.includes(type) ? this.secrets.encrypt(value) : value;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(globalValues)
        .values({ ownerId, valueType: type, value: stored, updatedBy: user.id })
        .onConflictDoUpdate({
          target: [globalValues.ownerId, globalValues.valueType],
          set: { value: stored, updatedBy: user.id, updatedAt: new Date() },
        });
      await writeOperation(tx, user, {
        action: `setting.globalValue`,
        targetType: 'setting',
        targetId: type,
        detail: SECRET_TYPES.includes(type) ? {} : { length: value.length },
      });
    });
    return { globalValueType: type, globalValue: value };
  }
}
