import { randomBytes } from 'node:crypto';
import {
  ADMIN_ROLE_ID,
  ALL_PERMISSION_CODES,
  ASSIGNABLE_PERMISSION_CODES,
  MAIN_ACCOUNT_USER_TYPE,
  MEMBER_CODES,
  MEMBER_ROLE_ID,
  OWNER_ROLE_ID,
} from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { hashPassword } from '../../lib/passwords.js';
import { roles, users } from './tables.js';

/** A main account may do everything to its own data; only the admin reads the outbox. */
const OWNER_CODES = [...ASSIGNABLE_PERMISSION_CODES];

const SYSTEM_ROLES = [
  { id: ADMIN_ROLE_ID, name: 'admin', codes: [...ALL_PERMISSION_CODES] },
  { id: OWNER_ROLE_ID, name: 'owner', codes: OWNER_CODES },
  { id: MEMBER_ROLE_ID, name: 'member', codes: MEMBER_CODES },
];

export async function seedRoles(db: Db): Promise<void> {
  for (const r of SYSTEM_ROLES) {
    await db
      .insert(roles)
      .values({ ...r, mainAccountId: null })
      .onConflictDoUpdate({ target: roles.id, set: { name: r.name, codes: r.codes } });
  }
}

/**
 * Creates the admin main account on first run. Returns the password when it was generated,
 * so that the caller prints it once; it is stored only as an argon2id hash.
 */
export async function ensureAdmin(
  db: Db,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; username: string; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ADMIN_ROLE_ID)).limit(1);
  if (existing) return { created: false, username };
  const generated = password ? undefined : `Fa${randomBytes(9).toString('base64url')}!9`;
  const inserted = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password ?? (generated as string)),
      userType: MAIN_ACCOUNT_USER_TYPE,
      roleId: ADMIN_ROLE_ID,
      inviteCode: 'ADMIN0',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    // Another process seeded it first, or the name is taken by a registered user.
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
    if (row?.roleId !== ADMIN_ROLE_ID)
      throw new Error(`FACET_ADMIN_USER "${username}" is taken by a user who is not the admin`);
    return { created: false, username };
  }
  return { created: true, username, ...(generated ? { generatedPassword: generated } : {}) };
}
