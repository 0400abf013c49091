import type { Handlers } from '../../http/call-context.js';

export const messageHandlers = {
  messageList: ({ services, user, query }) => services.messages.listFor(user, query),
  adminMessageList: ({ services, query }) => services.messages.listAll(query),
} satisfies Partial<Handlers>;
