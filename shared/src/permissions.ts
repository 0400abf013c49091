/**
 * Permission codes (docs/team.md, Permission codes): one table, used by server routes, seeded roles and the console's
 * permission gate. Codes are `area:action`; the tree groups them for the role editor.
 */
export const PERMISSION_TREE = {
  dashboard: ['dashboard:view'],
  browser: [
    'browser:list',
    'browser:create',
    'browser:update',
    'browser:delete',
    'browser:delete:forever',
    'browser:open',
    'browser:import',
    'browser:export',
    'browser:share',
    'browser:cookie',
  ],
  extension: ['extension:list', 'extension:create', 'extension:delete'],
  group: ['group:list', 'group:create', 'group:update', 'group:delete'],
  proxy: ['proxy:list', 'proxy:create', 'proxy:update', 'proxy:delete'],
  recycle: ['recycle:list', 'recycle:recover', 'recycle:delete:selection', 'recycle:delete:all'],
  user: ['user:list', 'user:create', 'user:update', 'user:delete', 'user:stop'],
  role: ['role:list', 'role:create', 'role:update', 'role:delete'],
  setting: ['setting:view', 'setting:update', 'setting:apiToken', 'setting:ipWhitelist'],
  log: ['log:login', 'log:operation', 'log:apiError'],
  billing: ['billing:view', 'billing:pay'],
  promotion: ['promotion:view'],
  phone: ['phone:list', 'phone:create', 'phone:update', 'phone:delete', 'phone:open', 'phone:share'],
  rpa: ['rpa:list', 'rpa:update', 'rpa:run'],
  outbox: ['outbox:read'],
  admin: ['admin:billing', 'admin:phones', 'admin:content', 'admin:third', 'admin:accounts', 'admin:identity'],
} as const;

type Tree = typeof PERMISSION_TREE;
export type PermissionCode = Tree[keyof Tree][number];
export const ALL_PERMISSION_CODES: PermissionCode[] = Object.values(PERMISSION_TREE).flat();
/** Codes only the admin holds; never in a main account's roles. */
export const ADMIN_ONLY_CODES: ReadonlyArray<PermissionCode> = [
  'outbox:read',
  'admin:billing',
  'admin:phones',
  'admin:content',
  'admin:third',
  'admin:accounts',
  'admin:identity',
];
/** Codes a main account's own roles may hold (and its owner role holds). */
export const ASSIGNABLE_PERMISSION_CODES: PermissionCode[] = ALL_PERMISSION_CODES.filter(
  (c) => !ADMIN_ONLY_CODES.includes(c),
);

/** At riskLevel 1 these codes are taken away, from admins too. */
export const RISK_LEVEL_REMOVED_CODES: ReadonlyArray<string> = [
  'recycle:delete:selection',
  'recycle:delete:all',
  'browser:delete:forever',
];

export const ADMIN_ROLE_ID = 'admin';
export const OWNER_ROLE_ID = 'owner';
export const MEMBER_ROLE_ID = 'member';
export const MAIN_ACCOUNT_USER_TYPE = 1;
export const SUB_ACCOUNT_USER_TYPE = 2;
export const FREE_PACKAGE_ID = 'p1';

/** Codes a sub-account gets from the seeded member role: work with profiles, not the team. */
export const MEMBER_CODES: PermissionCode[] = [
  'dashboard:view',
  'browser:list',
  'browser:create',
  'browser:update',
  'browser:open',
  'browser:cookie',
  'extension:list',
  'group:list',
  'proxy:list',
  'recycle:list',
  'recycle:recover',
  'setting:view',
  'phone:list',
  'phone:open',
  'rpa:list',
  'rpa:run',
];

export const PERMISSION_TAG_EMPTY_ERROR = 'Please set value of permission tag';

export interface PermissionSubject {
  roleId: string;
  riskLevel: number;
  menuCodes: ReadonlyArray<string>;
}

/** The codes a user holds after the riskLevel rule. */
export function effectiveCodes(user: PermissionSubject): Set<string> {
  const codes = new Set(user.menuCodes);
  if (user.riskLevel === 1) for (const c of RISK_LEVEL_REMOVED_CODES) codes.delete(c);
  return codes;
}

/**
 * What a user may do, in a few characters: the role, the risk level and the codes after the risk
 * rule (FNV-1a of them, sorted). It changes whenever any of them does.
 */
export function accessStamp(user: PermissionSubject): string {
  const text = [user.roleId, user.riskLevel, ...[...effectiveCodes(user)].sort()].join('|');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * True when the user holds every listed code. Admins skip the check, except at riskLevel 1
 * where the removed codes are refused to them as well.
 */
export function hasPermission(user: PermissionSubject, required: ReadonlyArray<string>): boolean {
  if (required.length === 0) throw new Error(PERMISSION_TAG_EMPTY_ERROR);
  if (user.roleId === ADMIN_ROLE_ID && user.riskLevel !== 1) return true;
  const codes = effectiveCodes(user);
  return required.every((c) => codes.has(c));
}
