import { hasPermission, type MenuEntry, type PermissionSubject } from '@facet/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { menus } from './tables.js';

type MenuRow = typeof menus.$inferSelect;

/** The menu tree a user's permission codes allow; a parent with no visible child is dropped. */
export async function menuTreeFor(db: Db, user: PermissionSubject): Promise<MenuEntry[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.name));
  const visible = rows.filter((r) => !r.permission || hasPermission(user, [r.permission]));
  const build = (parent: string | null): MenuEntry[] =>
    visible
      .filter((r) => r.parentName === parent)
      .flatMap((r: MenuRow) => {
        const children = build(r.name);
        const isContainer = rows.some((c) => c.parentName === r.name);
        if (isContainer && children.length === 0) return [];
        const entry: MenuEntry = {
          name: r.name,
          path: r.path,
          hidden: r.hidden,
          component: r.component,
          meta: { title: r.title, icon: r.icon, noCache: r.noCache },
        };
        if (children.length) entry.children = children;
        return [entry];
      });
  return build(null);
}
