import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inScope, requireProfileIds, type Scope } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import type { Secrets } from '../../lib/secrets.js';
import { browserGroups } from '../groups/tables.js';
import { browserProfiles as bp } from './tables.js';
import { readCookies } from './views.js';
import type { ExportRow } from './xlsx.js';

/** What leaves as files: the rows of the export sheet, and profiles' cookies. */
export class ProfileExport {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
  ) {}

  /** Rows for export: the ids given (active) or every active profile the actor sees, by serial number. */
  async rows(s: Scope, ids: number[] | undefined): Promise<ExportRow[]> {
    const cond = ids?.length ? inArray(bp.id, await requireProfileIds(this.db, s, ids, 'active')) : undefined;
    // Only the exported columns (the fingerprint goes along so a re-import keeps it).
    return this.db
      .select({
        serialNumber: bp.serialNumber,
        groupName: browserGroups.name,
        lastIp: bp.lastIp,
        createdAt: bp.createdAt,
        name: bp.name,
        remark: bp.remark,
        tags: bp.tags,
        siteUrl: bp.siteUrl,
        accountUsername: bp.accountUsername,
        accountPasswordEnc: bp.accountPasswordEnc,
        twoFactorSecretEnc: bp.twoFactorSecretEnc,
        proxyType: bp.proxyType,
        host: bp.host,
        port: bp.port,
        proxyUserName: bp.proxyUserName,
        proxyPasswordEnc: bp.proxyPasswordEnc,
        country: bp.country,
        startupUrls: bp.startupUrls,
        userAgent: sql<string | null>`${bp.fingerprint}->>'userAgent'`,
        cookiesEnc: bp.cookiesEnc,
        fingerprint: bp.fingerprint,
      })
      .from(bp)
      .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
      .where(inScope(s, isNull(bp.deletedAt), cond))
      .orderBy(asc(bp.serialNumber));
  }

  /** The profiles' cookies, decrypted, by serial number. */
  async withCookies(s: Scope, ids: number[]) {
    const unique = await requireProfileIds(this.db, s, ids, 'any');
    const rows = await this.db
      .select({ id: bp.id, serialNumber: bp.serialNumber, name: bp.name, cookiesEnc: bp.cookiesEnc })
      .from(bp)
      .where(inScope(s, inArray(bp.id, unique)))
      .orderBy(asc(bp.serialNumber));
    return rows.map((r) => ({ ...r, cookies: readCookies(this.secrets, r) }));
  }
}
