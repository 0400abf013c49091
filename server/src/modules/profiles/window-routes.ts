import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** Window status (docs/profiles.md, Window status): HTTP in, service out. */
export const profileWindowHandlers = {
  profileMarkWindowStatus: ({ services, user, body }) => services.profileWindows.mark(scopeOf(user), body),
  profileWindowStatus: ({ services, user, body }) => services.profileWindows.status(scopeOf(user), body.ids),
} satisfies Partial<Handlers>;
