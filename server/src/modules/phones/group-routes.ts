import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** Groups of cloud-phone environments (docs/phones.md, Groups): HTTP in, service out. */
export const phoneGroupHandlers = {
  phoneGroupList: ({ services, user }) => services.phones.groups.list(scopeOf(user)),
  phoneGroupCreate: ({ services, user, body }) => services.phones.groups.create(scopeOf(user), body.name, body.sort),
  phoneGroupRename: ({ services, user, body }) => services.phones.groups.rename(scopeOf(user), body.id, body.name),
  phoneGroupDelete: ({ services, user, body }) => services.phones.groups.remove(scopeOf(user), body.ids),
  phoneGroupMove: ({ services, user, body }) => services.phones.groups.move(scopeOf(user), body.ids, body.groupId),
} satisfies Partial<Handlers>;
