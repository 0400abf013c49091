import type { Handlers } from '../../http/call-context.js';
import { dashboardSummary } from './service.js';

export const dashboardHandlers = {
  dashboardSummary: ({ services, user }) => dashboardSummary(services.db, user),
} satisfies Partial<Handlers>;
