import { alignToEngine, rowToInput, toNetscape } from '@facet/shared';
import { requireCodes, scopeOf, visibleGroups } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';
import { browserGroups } from '../groups/tables.js';
import { generateFingerprint, randomDeviceName, randomMac } from './fingerprint.js';
import { readSheet } from './import.js';
import { cookieFile, exportXlsx, templateXlsx } from './xlsx.js';

export const profileHandlers = {
  profileList: async ({ services, user, body }) => {
    if (body.deleted) await requireCodes(services, user, ['recycle:list']);
    return services.profiles.list(scopeOf(user), body);
  },
  profileCreate: ({ services, user, body }) => services.profiles.create(scopeOf(user), body),
  profileCreateMany: ({ services, user, body }) => services.profiles.createMany(scopeOf(user), body),
  profileUpdate: ({ services, user, body }) => services.profiles.update(scopeOf(user), body),
  profileDelete: ({ services, user, body }) => services.profiles.recycleBin.moveIn(scopeOf(user), body.ids),
  profileGet: ({ services, user, params }) => services.profiles.get(scopeOf(user), params.id),
  profileGetOpen: ({ services, user, params }) => services.profiles.open.forOpening(scopeOf(user), params.id),
  profileBatchAdd: ({ services, user, body }) => services.profiles.batchAdd(scopeOf(user), body.list),
  profileBatchUpdateData: ({ services, user, body }) => services.profiles.batchUpdateData(scopeOf(user), body.list),
  profileBatchUpdateProxy: ({ services, user, body }) =>
    services.profiles.batchUpdateProxy(scopeOf(user), body.ids, body.proxy),
  profileBatchUpdateRemark: ({ services, user, body }) =>
    services.profiles.updateMany(scopeOf(user), body.ids, { remark: body.remark }, { action: 'batchUpdateRemark' }),
  profileBatchUpdatePart: ({ services, user, body }) =>
    services.profiles.batchUpdatePart(scopeOf(user), body.ids, body.data),
  profileUpdateName: async ({ services, user, body }) => {
    await services.profiles.updateMany(
      scopeOf(user),
      [body.id],
      { name: body.name },
      { action: 'rename', detail: { name: body.name } },
    );
    return true;
  },
  profileSetMostCommon: ({ services, user, body }) =>
    services.profiles.updateMany(
      scopeOf(user),
      body.ids,
      { isMostCommon: body.isMostCommon },
      { action: 'setMostCommon', detail: { isMostCommon: body.isMostCommon } },
    ),
  profileUpdateAllSort: ({ services, user }) => services.profiles.updateAllSort(scopeOf(user)),
  profileUpdateSort: async ({ services, user, body }) => {
    await services.profiles.batchUpdateSort(scopeOf(user), [body]);
    return true;
  },
  profileBatchUpdateSort: ({ services, user, body }) => services.profiles.batchUpdateSort(scopeOf(user), body.list),
  profileOpenOrClose: ({ services, user, body }) =>
    services.profiles.open.openOrClose(scopeOf(user), body.id, body.status, body.device),
  profileGetOpenStatus: ({ services, user, body }) => services.profiles.open.status(scopeOf(user), body.ids),
  profileSaveLastIp: async ({ services, user, body }) => {
    const { id, ip, lastIp, lastCountry } = body;
    await services.profiles.updateMany(
      scopeOf(user),
      [id],
      { ip, lastIp, lastCountry },
      { state: 'any', action: null },
    );
    return true;
  },
  profileGetByAgentIpId: ({ services, user, body }) => services.profiles.byAgentIp(scopeOf(user), body.agentIpId),
  profileRecover: ({ services, user, body }) => services.profiles.recycleBin.recover(scopeOf(user), body.ids),
  profileRecoverAll: ({ services, user }) => services.profiles.recycleBin.recover(scopeOf(user), 'all'),
  profileDeleteFromRecycle: ({ services, user, body }) =>
    services.profiles.recycleBin.deleteForever(scopeOf(user), body.ids, 'deleted'),
  profileDeleteForever: ({ services, user, body }) =>
    services.profiles.recycleBin.deleteForever(scopeOf(user), body.ids, 'any'),
  profileDeleteAllFromRecycleBin: ({ services, user }) =>
    services.profiles.recycleBin.deleteForever(scopeOf(user), 'bin', 'deleted'),
  profileGetDeleteIds: ({ services, user }) => services.profiles.recycleBin.ids(scopeOf(user)),
  profileExport: async ({ services, user, body }) =>
    exportXlsx(services.secrets, await services.profiles.exports.rows(scopeOf(user), body.ids), {
      includeSecrets: body.includeSecrets,
    }),
  profileDownloadTpl: () => templateXlsx(),
  profileImport: async ({ services, user, body }) => {
    const s = scopeOf(user);
    const rows = await readSheet(body.fileName, { base64: body.content });
    const groups = await services.db
      .select({ id: browserGroups.id, name: browserGroups.name })
      .from(browserGroups)
      .where(visibleGroups(s));
    const byName = new Map(groups.map((g) => [g.name, g.id]));
    const res = await services.profiles.batchAdd(
      s,
      rows.map((r) => rowToInput(r.values, byName)),
      { action: 'import', detail: { fileName: body.fileName } },
    );
    return { ...res, errors: res.errors.map((e) => ({ ...e, row: rows[e.row - 1]?.row ?? e.row })) };
  },
  profileExportCookieText: async ({ services, user, body }) =>
    cookieFile(body.format, await services.profiles.exports.withCookies(scopeOf(user), body.ids), toNetscape),
  profileBatchBackupCookie: ({ services, user, body }) =>
    services.profiles.cookieBackups.backup(scopeOf(user), body.ids),
  profileGetCookieBak: ({ services, user, body }) => services.profiles.cookieBackups.list(scopeOf(user), body.id),
  profileSetCookieBak: ({ services, user, body }) =>
    services.profiles.cookieBackups.restore(scopeOf(user), body.backupId),
  profileDeleteCookieBak: ({ services, user, body }) => services.profiles.cookieBackups.remove(scopeOf(user), body.ids),
  shareProfiles: ({ services, user, body }) =>
    services.shares.shareProfiles(scopeOf(user), body.ids, body.userIds, body.mode),
  profileShares: ({ services, user, body }) => services.shares.profileShares(scopeOf(user), body.id),
  profileEngineStatus: ({ services, user }) => services.profiles.engineStatus(scopeOf(user)),
  profileUpgradeBrowserVersion: ({ services, user, body }) =>
    services.profiles.upgradeBrowserVersion(scopeOf(user), body.ids),
  profileGetUaAndWebGL: async ({ services, user, body }) => {
    // The form's "new fingerprint" claims the engine of the user's client like any generated
    // one, unless the user picked a version.
    const fp = generateFingerprint(body);
    if (body.minVersion || body.maxVersion) return fp;
    const engine = await services.clients.engineOf(user.id);
    return engine ? alignToEngine(fp, engine.engineVersion) : fp;
  },
  profileGetBrowserFingerPrintMac: () => ({ macAddress: randomMac(), deviceName: randomDeviceName() }),
} satisfies Partial<Handlers>;
