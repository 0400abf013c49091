import type { DeviceFingerprint } from '@facet/shared';
import type { Db } from '../../db/connection.js';
import { deviceFingerprints } from './tables.js';

/** Keeps one row per browser (fingerPrintId); a later upload refreshes it. */
export async function storeDeviceFingerprint(
  db: Db,
  payload: DeviceFingerprint,
  userId: number | null,
  ip: string,
): Promise<true> {
  await db
    .insert(deviceFingerprints)
    .values({ fingerPrintId: payload.fingerPrintId, userId, ip, payload })
    .onConflictDoUpdate({
      target: deviceFingerprints.fingerPrintId,
      set: { payload, ip, updatedAt: new Date(), ...(userId ? { userId } : {}) },
    });
  return true;
}
