import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

export const extensionHandlers = {
  extensionList: ({ services, user, body }) => services.extensions.list(scopeOf(user), body),
  extensionUpload: ({ services, user, body }) => services.extensions.upload(scopeOf(user), body),
  extensionDelete: ({ services, user, body }) => services.extensions.remove(scopeOf(user), body.ids),
  extensionProfiles: async ({ services, user, body }) => {
    const s = scopeOf(user);
    await services.extensions.requireOwned(services.db, s, [body.extendId]);
    return services.profiles.byExtension(s, body.extendId, body);
  },
  extensionMembersMayAssign: ({ services, user, body }) => services.extensions.setMembersMayAssign(scopeOf(user), body),
  extensionAssign: ({ services, user, body }) => services.extensions.assign(scopeOf(user), body),
  extensionDownload: ({ services, user, params }) => services.extensions.package(scopeOf(user), params.id),
} satisfies Partial<Handlers>;
