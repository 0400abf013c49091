import { PERMISSION_TREE } from '@facet/shared';

/**
 * Translation keys of permission codes and their groups. Codes hold ':' (i18next's namespace
 * separator), so the key uses '_' instead: `browser:delete:forever` → `team.perm.browser_delete_forever`.
 */
export const permissionLabelKey = (code: string) => `team.perm.${code.replaceAll(':', '_')}`;
export const permissionGroupKey = (group: string) => `team.permGroup.${group}`;

export const PERMISSION_GROUPS = Object.keys(PERMISSION_TREE);
