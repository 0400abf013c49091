import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The menu tree served by getRouters/2; each entry names the permission code it needs. */
export const menus = pgTable('menus', {
  name: text('name').primaryKey(),
  parentName: text('parent_name'),
  path: text('path').notNull(),
  component: text('component').notNull(),
  title: text('title').notNull(),
  icon: text('icon').notNull().default(''),
  hidden: boolean('hidden').notNull().default(false),
  noCache: boolean('no_cache').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  permission: text('permission'),
});
