import type { Handlers } from '../../http/call-context.js';
import { listOutbox } from './service.js';

export const outboxHandlers = {
  outboxList: ({ services, query }) => listOutbox(services.db, query),
} satisfies Partial<Handlers>;
