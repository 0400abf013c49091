import { hasPermission, type PermissionCode } from '@facet/shared';
import { forbidden } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import type { UserRow } from '../accounts/tables.js';

/** The main account whose data a user works on: its own, or its parent's for a sub-account. */
export const mainAccountOf = (user: Pick<UserRow, 'id' | 'parentId'>) => user.parentId ?? user.id;

/** A permission check that depends on the body (e.g. the recycle bin through list). */
export async function requireCodes(services: Services, user: UserRow, codes: PermissionCode[]) {
  const menuCodes = await services.accounts.roleCodes(services.db, user.roleId);
  if (!hasPermission({ roleId: user.roleId, riskLevel: user.riskLevel, menuCodes }, codes))
    throw forbidden(`permission denied: needs ${codes.join(', ')}`);
}
