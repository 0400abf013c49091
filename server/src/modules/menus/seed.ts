import type { Db } from '../../db/connection.js';
import { menus } from './tables.js';

type MenuSeed = typeof menus.$inferInsert;

/**
 * Menu entries for the screens that exist. Each feature adds its entries here with its
 * screens; `permission` is the code a user needs to see the entry.
 */
export const MENU_SEED: MenuSeed[] = [
  {
    name: 'Dashboard',
    path: 'dashboard',
    component: 'dashboard/index',
    title: 'menu.dashboard',
    icon: 'dashboard',
    sort: 0,
    permission: 'dashboard:view',
  },
];

export async function seedMenus(db: Db): Promise<void> {
  for (const m of MENU_SEED) {
    await db.insert(menus).values(m).onConflictDoUpdate({ target: menus.name, set: m });
  }
}
