import type { Handlers } from '../../http/call-context.js';
import { mainAccountOf } from '../profiles/scope.js';
import { updateMany } from '../profiles/service.js';
import { createGroup, deleteGroups, listGroups, renameGroup, requireGroup } from './service.js';

export const groupHandlers = {
  groupList: ({ services, user }) => listGroups(services.db, mainAccountOf(user), user.id),
  groupCreate: ({ services, user, body }) =>
    createGroup(services.db, mainAccountOf(user), user.id, body.name, body.sort),
  groupRename: ({ services, user, body }) => renameGroup(services.db, mainAccountOf(user), body.id, body.name),
  groupDelete: ({ services, user, body }) =>
    services.db.transaction((tx) => deleteGroups(tx, mainAccountOf(user), user.id, body.ids)),
  groupMoveProfiles: async ({ services, user, body }) => {
    const main = mainAccountOf(user);
    await requireGroup(services.db, main, body.groupId);
    return updateMany(services.db, main, body.ids, { groupId: body.groupId }, 'any');
  },
} satisfies Partial<Handlers>;
