import type { Handlers } from '../../http/call-context.js';

/** Paired desktop clients (docs/client.md, Pairing). */
export const clientHandlers = {
  clientIdentityRegister: ({ services, user, body }) => services.clients.register(user, body),
  clientIdentityVerify: ({ services, user, body }) => services.clients.verify(user, body),
  clientIdentityList: ({ services, user }) => services.clients.list(user),
  clientIdentityDelete: ({ services, user, body }) => services.clients.remove(user, body.id),
  clientLocalApi: ({ services }) => services.clients.localApi(),
} satisfies Partial<Handlers>;
