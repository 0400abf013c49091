import type { Handlers } from '../../http/call-context.js';

export const dashboardHandlers = {
  dashboardSummary: ({ services, user, query }) => services.dashboard.summary(user, query.timeZone),
} satisfies Partial<Handlers>;
