import type { Handlers } from '../../http/call-context.js';
import { scopeOf } from '../profiles/scope.js';
import { profilesByExtension } from '../profiles/service.js';
import {
  assignExtensions,
  deleteExtensions,
  extensionPackage,
  listExtensions,
  requireOwned,
  uploadExtension,
} from './service.js';

export const extensionHandlers = {
  extensionList: ({ services, user, body }) => listExtensions(services.db, scopeOf(user), body),
  extensionUpload: ({ services, user, body }) => uploadExtension(services.db, scopeOf(user), body),
  extensionDelete: ({ services, user, body }) => deleteExtensions(services.db, scopeOf(user), body.ids),
  extensionProfiles: async ({ services, user, body }) => {
    const s = scopeOf(user);
    await requireOwned(services.db, s, [body.extendId]);
    return profilesByExtension(services.db, s, body.extendId, body);
  },
  extensionAssign: ({ services, user, body }) => assignExtensions(services.db, scopeOf(user), body),
  extensionDownload: ({ services, user, params }) => extensionPackage(services.db, scopeOf(user), Number(params.id)),
} satisfies Partial<Handlers>;
