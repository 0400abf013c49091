import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import { menuEntrySchema } from '../schemas/user.js';

export const menuCalls = {
  getRouters: call({
    method: 'GET',
    path: '/v1/sysMenus/getRouters/2',
    summary: 'The menu tree the caller’s permission codes allow',
    auth: 'user',
    result: z.array(menuEntrySchema),
  }),
} satisfies Record<string, CallDef>;
