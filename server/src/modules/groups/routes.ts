import type { Handlers } from '../../http/call-context.js';
import { scopeOf } from '../profiles/scope.js';
import { updateMany } from '../profiles/service.js';
import { groupShares, shareGroups } from '../profiles/shares.js';
import { createGroup, deleteGroups, listGroups, renameGroup, requireVisibleGroup } from './service.js';

export const groupHandlers = {
  groupList: ({ services, user }) => listGroups(services.db, scopeOf(user)),
  groupCreate: ({ services, user, body }) =>
    services.db.transaction((tx) => createGroup(tx, scopeOf(user), body.name, body.sort)),
  groupRename: ({ services, user, body }) =>
    services.db.transaction((tx) => renameGroup(tx, scopeOf(user), body.id, body.name)),
  groupDelete: ({ services, user, body }) => services.db.transaction((tx) => deleteGroups(tx, scopeOf(user), body.ids)),
  groupMoveProfiles: async ({ services, user, body }) => {
    const s = scopeOf(user);
    await requireVisibleGroup(services.db, s, body.groupId);
    return updateMany(
      services.db,
      s,
      body.ids,
      { groupId: body.groupId },
      { state: 'any', action: 'moveGroup', detail: { groupId: body.groupId } },
    );
  },
  shareGroups: ({ services, user, body }) =>
    shareGroups(services.db, scopeOf(user), body.groupIds, body.userIds, body.mode),
  groupShares: ({ services, user, body }) => groupShares(services.db, scopeOf(user), body.groupId),
} satisfies Partial<Handlers>;
