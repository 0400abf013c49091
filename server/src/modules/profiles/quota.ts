import type { DbOrTx } from '../../db/connection.js';

/**
 * The plan's limits on profiles (docs/billing.md, Quotas), kept by the billing module. Checked in
 * the transaction that creates, recovers or opens, after the change, under the account's serial
 * lock: a refusal (16030) rolls the change back.
 */
export interface ProfileQuota {
  checkProfiles(tx: DbOrTx, mainId: number): Promise<void>;
  checkOpen(tx: DbOrTx, mainId: number, profileId: number): Promise<void>;
}
