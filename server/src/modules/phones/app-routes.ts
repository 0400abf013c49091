import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** Apps and files on cloud phones (docs/phones.md, Apps and Files): HTTP in, service out. */
export const phoneAppHandlers = {
  phoneAppKinds: ({ services }) => services.phones.apps.kinds(),
  phoneAppMarket: ({ services, user, body }) => services.phones.apps.market(scopeOf(user), body),
  phoneAppInstall: ({ services, user, body }) => services.phones.apps.install(scopeOf(user), body.appId, body.envIds),
  phoneAppUninstall: ({ services, user, body }) =>
    services.phones.apps.uninstall(scopeOf(user), body.appId, body.envIds),
  phoneApkUpload: ({ services, user, upload, query }) =>
    services.phones.apps.upload(scopeOf(user).mainId, upload, query.fileName),
  phoneApkDelete: ({ services, user, body }) => services.phones.apps.remove(scopeOf(user).mainId, body.appIds),
  phonePreinstallList: ({ services, user, body }) => services.phones.apps.preinstalled(scopeOf(user), body),
  phonePreinstallBatch: ({ services, user, body }) => services.phones.apps.preinstallAdd(scopeOf(user), body.appIds),
  phonePreinstallDelete: ({ services, user, body }) =>
    services.phones.apps.preinstallRemove(scopeOf(user), body.appIds),
  phoneFileUpload: ({ services, user, upload, query }) =>
    services.phones.files.upload(scopeOf(user), upload, query.fileName, query.envIds),
  phoneFileList: ({ services, user, body }) => services.phones.files.list(scopeOf(user), body),
  phoneFileRetry: ({ services, user, body }) => services.phones.files.retry(scopeOf(user), body.ids),

  adminAppKindList: ({ services }) => services.phones.apps.kinds(),
  adminAppKindSave: ({ services, body }) => services.phones.apps.saveKind(body),
  adminAppKindDelete: ({ services, body }) => services.phones.apps.deleteKinds(body.ids),
  adminAppList: ({ services, body }) => services.phones.apps.adminList(body),
  adminAppUpload: ({ services, upload, query }) => services.phones.apps.upload(0, upload, query.fileName, query.kindId),
  adminAppEnable: ({ services, body }) => services.phones.apps.enable(body.ids, body.enabled),
  adminAppDelete: ({ services, body }) => services.phones.apps.remove(0, body.ids),
} satisfies Partial<Handlers>;
