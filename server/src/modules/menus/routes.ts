import type { Handlers } from '../../http/call-context.js';
import { menuTreeFor } from './service.js';

export const menuHandlers = {
  getRouters: async ({ services, user }) =>
    menuTreeFor(services.db, {
      roleId: user.roleId,
      riskLevel: user.riskLevel,
      menuCodes: await services.accounts.roleCodes(services.db, user.roleId),
    }),
} satisfies Partial<Handlers>;
