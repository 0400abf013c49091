import type { Handlers } from '../../http/call-context.js';

/** Operation log, API error log, and the password-age calls (docs/team.md, Calls). */
export const logHandlers = {
  operationLogList: ({ services, user, body }) => services.logs.operations(user, body),
  getUserApiErrorLog: ({ services, user, query }) => services.logs.apiErrors(user, query),
  clearApiErrorLog: ({ services, user }) => services.logs.clearApiErrors(user),

  passwordModificationTime: ({ services, user }) => services.accounts.passwordAge(user),
  isCheckPwd: ({ services, user }) => services.accounts.isCheckPwd(user),
  updateViewLog: ({ services, user }) => services.accounts.viewedPasswordReminder(user),
  isDivertPwd: ({ user }) => ({ mustChange: user.passwordSetByOther === 1 }),
} satisfies Partial<Handlers>;
