import { requireVisibleGroup, scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

export const groupHandlers = {
  groupList: ({ services, user }) => services.groups.list(scopeOf(user)),
  groupCreate: ({ services, user, body }) => services.groups.create(scopeOf(user), body.name, body.sort),
  groupRename: ({ services, user, body }) => services.groups.rename(scopeOf(user), body.id, body.name),
  groupDelete: ({ services, user, body }) => services.groups.remove(scopeOf(user), body.ids),
  groupMoveProfiles: async ({ services, user, body }) => {
    const s = scopeOf(user);
    const group = await requireVisibleGroup(services.db, s, body.groupId);
    return services.profiles.updateMany(
      s,
      body.ids,
      { groupId: body.groupId },
      {
        state: 'any',
        action: 'moveGroup',
        detail: { groupId: body.groupId, group: group.name },
      },
    );
  },
  shareGroups: ({ services, user, body }) =>
    services.shares.shareGroups(scopeOf(user), body.groupIds, body.userIds, body.mode),
  groupShares: ({ services, user, body }) => services.shares.groupShares(scopeOf(user), body.groupId),
} satisfies Partial<Handlers>;
