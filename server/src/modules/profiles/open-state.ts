import { Code, type ProxyConfig } from '@facet/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inScope, requireProfileIds, type Scope } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { browserExtensions } from '../extensions/tables.js';
import { type BuiltProxy, buildProxy } from '../proxies/build.js';
import type { Proxies } from '../proxies/service.js';
import type { Insert } from './columns.js';
import type { ProfileQuota } from './quota.js';
import { logProfiles, requireProfile } from './rows.js';
import { type BrowserProfileRow, browserProfiles as bp } from './tables.js';
import { dec, openView, readCookies, toDetail } from './views.js';

const openByOther = () =>
  new AppError(Code.PROFILE_OPEN_BY_OTHER, 'this profile is open by another user or device; close it there first');

/** Whether the caller may take or hold the open state of a profile. */
const mayHold = (r: BrowserProfileRow, userId: number, device: string) =>
  r.openStatus === 0 || (r.openUserId === userId && (r.openDevice === device || !r.openDevice || !device));

/** Who has a profile open on which device, and what the client needs to open one. */
export class OpenState {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly proxies: Proxies,
    private readonly quota: ProfileQuota,
  ) {}

  openOrClose(actor: Scope, id: number, status: 0 | 1, device: string) {
    return this.db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(bp)
        .where(inScope(actor, eq(bp.id, id), isNull(bp.deletedAt)))
        .for('update');
      if (!r) throw notFound(`profile ${id}`);
      if (!mayHold(r, actor.userId, device)) throw openByOther();
      if (status === 1) await this.quota.checkOpen(tx, actor.mainId, id);
      const now = new Date();
      const set: Partial<Insert> =
        status === 1
          ? { openStatus: 1, openUserId: actor.userId, openDevice: device, lastOpenAt: now, operAt: now }
          : { openStatus: 0, openUserId: null, openDevice: '', closedAt: now, operAt: now };
      const [u] = await tx.update(bp).set(set).where(eq(bp.id, id)).returning();
      // A close of a profile that is not open (the client tidying after a restart) changes nothing worth an entry.
      const names = new Map([[id, r.name]]);
      if (status === 1) await logProfiles(tx, actor, 'open', [id], { device }, names);
      else if (r.openStatus === 1) await logProfiles(tx, actor, 'close', [id], { device: r.openDevice }, names);
      return openView(u!);
    });
  }

  async status(s: Scope, ids: number[]) {
    const unique = await requireProfileIds(this.db, s, ids, 'any');
    const rows = await this.db
      .select()
      .from(bp)
      .where(inScope(s, inArray(bp.id, unique)))
      .orderBy(asc(bp.id));
    return rows.map(openView);
  }

  /** The profile with its cookies, the proxy to connect through and the extensions to load. */
  async forOpening(actor: Scope, id: number) {
    const { db, secrets } = this;
    const { p, groupName } = await requireProfile(db, actor, id);
    if (p.openStatus === 1 && p.openUserId !== actor.userId) throw openByOther();
    await this.quota.checkOpen(db, actor.mainId, id);
    let connectProxy: BuiltProxy | null;
    if (p.proxyMethod === 3 && p.agentIpId) {
      const sp = await this.proxies.requireSaved(db, actor.mainId, p.agentIpId);
      connectProxy = buildProxy({
        proxyMethod: 1,
        proxyType: sp.proxyAgreementType as ProxyConfig['proxyType'],
        host: sp.host,
        port: sp.port,
        proxyUserName: sp.proxyUserName,
        proxyPassword: dec(secrets, sp.proxyPasswordEnc),
        proxyAgreementType: sp.proxyAgreementType as ProxyConfig['proxyAgreementType'],
        isGlobalProxyInfo: false,
        country: '',
        province: '',
        city: '',
      });
    } else {
      const global =
        p.proxyMethod === 2 && p.isGlobalProxyInfo
          ? (await this.proxies.globals(actor.mainId, [p.proxyType]))[0]
          : undefined;
      connectProxy = buildProxy(
        {
          proxyMethod: p.proxyMethod as 1 | 2 | 3,
          proxyType: p.proxyType as ProxyConfig['proxyType'],
          host: p.host,
          port: p.port,
          proxyUserName: p.proxyUserName,
          proxyPassword: dec(secrets, p.proxyPasswordEnc),
          proxyAgreementType: p.proxyAgreementType as ProxyConfig['proxyAgreementType'],
          isGlobalProxyInfo: p.isGlobalProxyInfo,
          country: p.country,
          province: p.province,
          city: p.city,
          // The user's sticky session, else one per profile (its serial number).
          session: p.proxySession || String(p.serialNumber),
          sessionMinutes: p.proxySessionMinutes,
        },
        global ?? null,
      );
    }
    return {
      ...toDetail(secrets, p, groupName),
      cookies: readCookies(secrets, p),
      connectProxy,
      extensions: await extensionsToLoad(db, actor.mainId, p.extendIds),
    };
  }
}

/** The profile's extensions in its load order (an id deleted meanwhile is skipped). */
async function extensionsToLoad(db: DbOrTx, mainId: number, ids: number[]) {
  if (!ids.length) return [];
  const e = browserExtensions;
  const rows = await db
    .select({ id: e.id, name: e.name, version: e.version, sha256: e.sha256, size: e.size })
    .from(e)
    .where(and(eq(e.mainAccountId, mainId), inArray(e.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((i) => byId.get(i) ?? []);
}
