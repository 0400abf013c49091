import type { Handlers } from '../../http/call-context.js';
import { storeDeviceFingerprint } from './service.js';

export const fingerprintHandlers = {
  setFingerPrintData: ({ services, body, user, ip }) => storeDeviceFingerprint(services.db, body, user?.id ?? null, ip),
} satisfies Partial<Handlers>;
