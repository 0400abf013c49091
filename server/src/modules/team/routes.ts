import type { Handlers } from '../../http/call-context.js';

/** Sub-accounts and roles (docs/team.md, Calls): HTTP in, service out. */
export const teamHandlers = {
  sysUsersList: ({ services, user, body }) => services.team.list(user, body),
  // The operator may keep more sub-accounts for verified accounts (docs/identity.md).
  sysUsersCreate: async ({ services, user, body }) => {
    await services.identity.requireVerified(user.parentId ?? user.id, 'subAccounts');
    return services.team.create(user, body);
  },
  sysUsersUpdate: ({ services, user, body }) => services.team.update(user, body),
  sysUsersDelete: ({ services, user, body }) => services.team.remove(user, body.ids),
  sysUsersGet: ({ services, user, params }) => services.team.get(user, params.id),
  getChildUseid: ({ services, user }) => services.team.childIds(user),
  updateStatusStop: ({ services, user, body }) => services.team.stop(user, body.ids),
  recover: ({ services, user, body }) => services.team.recover(user, body.ids),
  updateUserPwd: ({ services, user, body }) => services.team.setPassword(user, body.id, body.password),
  usernameVerify: ({ services, query }) => services.team.usernameAvailable(query.username),
  userShares: ({ services, user, body }) => services.team.shares(user, body.userId),
  setUserShares: ({ services, user, body }) => services.team.setShares(user, body),
  checkUserPass: ({ services, user, body }) => services.team.checkOwnPassword(user, body.password),

  loginLogList: ({ services, user, body }) => services.team.loginLog(user, body),

  permissionTree: ({ services }) => services.team.permissionTree(),
  rolesList: ({ services, user }) => services.team.roles(user),
  rolesCreate: ({ services, user, body }) => services.team.createRole(user, body),
  rolesUpdate: ({ services, user, body }) => services.team.updateRole(user, body),
  rolesDelete: ({ services, user, body }) => services.team.deleteRole(user, body.id),
} satisfies Partial<Handlers>;
