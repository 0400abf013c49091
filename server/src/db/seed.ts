import { ensureAdmin, seedRoles } from '../modules/accounts/seed.js';
import { seedBilling } from '../modules/billing/seed.js';
import { seedMenus } from '../modules/menus/seed.js';
import type { Db } from './connection.js';

/** First-run and every-run seed: roles and menus are refreshed, the admin created once. */
export async function seed(db: Db, adminUser: string, adminPassword: string | undefined) {
  await seedRoles(db);
  await seedMenus(db);
  await seedBilling(db);
  return ensureAdmin(db, adminUser, adminPassword);
}
