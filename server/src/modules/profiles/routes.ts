import { rowToInput, toNetscape } from '@facet/shared';
import type { CallContext, Handlers } from '../../http/call-context.js';
import { badRequest } from '../../lib/errors.js';
import type { UserRow } from '../accounts/tables.js';
import { browserGroups } from '../groups/tables.js';
import { generateFingerprint, randomDeviceName, randomMac } from './fingerprint.js';
import { readSheet } from './import.js';
import { requireCodes, type Scope, scopeOf, visibleGroups } from './scope.js';
import * as S from './service.js';
import { profileShares, shareProfiles } from './shares.js';
import { cookieFile, exportXlsx, templateXlsx } from './xlsx.js';

const actor = (user: UserRow): Scope => scopeOf(user);
type Ctx = Pick<CallContext<'profileList'>, 'services' | 'user'>;
const env = ({ services, user }: Ctx) => ({
  db: services.db,
  secrets: services.secrets,
  a: scopeOf(user),
  main: scopeOf(user),
});

export const profileHandlers = {
  profileList: async (c) => {
    if (c.body.deleted) await requireCodes(c.services, c.user, ['recycle:list']);
    return S.listProfiles(c.services.db, actor(c.user), c.body);
  },
  profileCreate: (c) => {
    const { db, secrets, a } = env(c);
    return S.createProfile(db, secrets, a, c.body);
  },
  profileUpdate: (c) => {
    const { db, secrets, a } = env(c);
    return S.updateProfile(db, secrets, a, c.body);
  },
  profileDelete: (c) => S.moveToRecycle(c.services.db, actor(c.user), c.body.ids),
  profileGet: async (c) => {
    const { db, secrets, main } = env(c);
    const r = await S.requireProfile(db, main, Number(c.params.id));
    return S.toDetail(secrets, r.p, r.groupName);
  },
  profileGetOpen: (c) => {
    const { db, secrets, a } = env(c);
    return S.getOpen(db, secrets, a, Number(c.params.id));
  },
  profileBatchAdd: (c) => {
    const { db, secrets, a } = env(c);
    return S.batchAdd(db, secrets, a, c.body.list);
  },
  profileBatchUpdateData: (c) => {
    const { db, secrets, a } = env(c);
    return S.batchUpdateData(db, secrets, a, c.body.list);
  },
  profileBatchUpdateProxy: (c) => {
    const { db, secrets, a } = env(c);
    return S.batchUpdateProxy(db, secrets, a, c.body.ids, c.body.proxy);
  },
  profileBatchUpdateRemark: (c) =>
    S.updateMany(c.services.db, actor(c.user), c.body.ids, { remark: c.body.remark }, { action: 'batchUpdateRemark' }),
  profileBatchUpdatePart: (c) => {
    const { db, secrets, a } = env(c);
    return S.batchUpdatePart(db, secrets, a, c.body.ids, c.body.data);
  },
  profileUpdateName: async (c) => {
    await S.updateMany(
      c.services.db,
      actor(c.user),
      [c.body.id],
      { name: c.body.name },
      { action: 'rename', detail: { name: c.body.name } },
    );
    return true;
  },
  profileSetMostCommon: (c) =>
    S.updateMany(
      c.services.db,
      actor(c.user),
      c.body.ids,
      { isMostCommon: c.body.isMostCommon },
      { action: 'setMostCommon', detail: { isMostCommon: c.body.isMostCommon } },
    ),
  profileUpdateAllSort: (c) => S.updateAllSort(c.services.db, actor(c.user)),
  profileUpdateSort: async (c) => {
    await S.batchUpdateSort(c.services.db, actor(c.user), [c.body]);
    return true;
  },
  profileBatchUpdateSort: (c) => S.batchUpdateSort(c.services.db, actor(c.user), c.body.list),
  profileOpenOrClose: (c) => S.openOrClose(c.services.db, actor(c.user), c.body.id, c.body.status, c.body.device),
  profileGetOpenStatus: (c) => S.getOpenStatus(c.services.db, actor(c.user), c.body.ids),
  profileSaveLastIp: async (c) => {
    const { id, ip, lastIp, lastCountry } = c.body;
    await S.updateMany(c.services.db, actor(c.user), [id], { ip, lastIp, lastCountry }, { state: 'any', action: null });
    return true;
  },
  profileGetByAgentIpId: (c) => S.profilesByAgentIp(c.services.db, actor(c.user), c.body.agentIpId),
  profileRecover: (c) => S.recover(c.services.db, actor(c.user), c.body.ids),
  profileRecoverAll: (c) => S.recover(c.services.db, actor(c.user), 'all'),
  profileDeleteFromRecycle: (c) => S.deleteForever(c.services.db, actor(c.user), c.body.ids, 'deleted'),
  profileDeleteForever: (c) => S.deleteForever(c.services.db, actor(c.user), c.body.ids, 'any'),
  profileDeleteAllFromRecycleBin: (c) => S.deleteForever(c.services.db, actor(c.user), 'bin', 'deleted'),
  profileGetDeleteIds: (c) => S.deletedIds(c.services.db, actor(c.user)),
  profileExport: async (c) => {
    const { db, secrets, main } = env(c);
    return exportXlsx(secrets, await S.exportRows(db, main, c.body.ids));
  },
  profileDownloadTpl: () => templateXlsx(),
  profileImport: async (c) => {
    const { db, secrets, a } = env(c);
    const rows = await readSheet(c.body.fileName, Buffer.from(c.body.content, 'base64'));
    if (!rows.length) throw badRequest('body.content: the sheet has no profile rows');
    if (rows.length > 1000) throw badRequest(`body.content: ${rows.length} rows; import at most 1000 at a time`);
    const groups = await db
      .select({ id: browserGroups.id, name: browserGroups.name })
      .from(browserGroups)
      .where(visibleGroups(a));
    const byName = new Map(groups.map((g) => [g.name, g.id]));
    const res = await S.batchAdd(
      db,
      secrets,
      a,
      rows.map((r) => rowToInput(r.values, byName)),
      { action: 'import', detail: { fileName: c.body.fileName } },
    );
    return { ...res, errors: res.errors.map((e) => ({ ...e, row: rows[e.row - 1]?.row ?? e.row })) };
  },
  profileExportCookieText: async (c) => {
    const { db, secrets, main } = env(c);
    return cookieFile(c.body.format, await S.profilesWithCookies(db, secrets, main, c.body.ids), toNetscape as never);
  },
  profileBatchBackupCookie: (c) => S.backupCookies(c.services.db, actor(c.user), c.body.ids),
  profileGetCookieBak: (c) => S.listCookieBackups(c.services.db, actor(c.user), c.body.id),
  profileSetCookieBak: (c) => S.restoreCookieBackup(c.services.db, actor(c.user), c.body.backupId),
  profileDeleteCookieBak: (c) => S.deleteCookieBackups(c.services.db, actor(c.user), c.body.ids),
  shareProfiles: (c) => shareProfiles(c.services.db, actor(c.user), c.body.ids, c.body.userIds, c.body.mode),
  profileShares: (c) => profileShares(c.services.db, actor(c.user), c.body.id),
  profileGetUaAndWebGL: (c) => generateFingerprint(c.body),
  profileGetBrowserFingerPrintMac: () => ({ macAddress: randomMac(), deviceName: randomDeviceName() }),
} satisfies Partial<Handlers>;
