import type { Db } from '../../db/connection.js';
import { Catalog } from './catalog.js';
import { Ledger } from './ledger.js';

/** The system ledger accounts and the catalogue's defaults, on every start; what the operator changed stays. */
export async function seedBilling(db: Db): Promise<void> {
  await new Ledger(db).seedSystemAccounts();
  await new Catalog(db, false).seed();
}
