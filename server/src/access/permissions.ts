import { hasPermission, type PermissionCode } from '@facet/shared';
import type { Db } from '../db/connection.js';
import { forbidden } from '../lib/errors.js';
import type { UserRow } from '../modules/accounts/tables.js';

type Subject = Pick<UserRow, 'roleId' | 'riskLevel'>;

/** Refuses with 403 unless the user's role codes (after the risk rule) hold every code asked for. */
export function requirePermission(user: Subject, menuCodes: string[], codes: readonly PermissionCode[]) {
  if (!hasPermission({ roleId: user.roleId, riskLevel: user.riskLevel, menuCodes }, [...codes]))
    throw forbidden(`permission denied: needs ${codes.join(', ')}`);
}

/** Where a user's role codes come from (the accounts service); structural so access imports no service. */
export interface RoleCodeSource {
  db: Db;
  accounts: { roleCodes(db: Db, roleId: string): Promise<string[]> };
}

/**
 * A permission check that depends on the body (e.g. the recycle bin through list): the call's
 * own `permissions` are checked before the handler runs, these codes by the handler.
 */
export async function requireCodes(from: RoleCodeSource, user: Subject, codes: PermissionCode[]) {
  requirePermission(user, await from.accounts.roleCodes(from.db, user.roleId), codes);
}
