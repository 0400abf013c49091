import { notInArray } from 'drizzle-orm';
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
  // Browser profiles: the grid, and its create/edit form as hidden routes.
  {
    name: 'Browser',
    path: 'browser',
    component: 'browser/index',
    title: 'menu.browser',
    icon: 'browser',
    sort: 10,
    permission: 'browser:list',
  },
  {
    name: 'BrowserCreate',
    path: 'browser/create',
    component: 'browser/form',
    title: 'menu.browserCreate',
    icon: 'browser',
    hidden: true,
    sort: 11,
    permission: 'browser:create',
  },
  {
    name: 'BrowserEdit',
    path: 'browser/edit/:id',
    component: 'browser/form',
    title: 'menu.browserEdit',
    icon: 'browser',
    hidden: true,
    sort: 12,
    permission: 'browser:update',
  },
  {
    name: 'BrowserGroups',
    path: 'groups',
    component: 'groups/browser',
    title: 'menu.groups',
    icon: 'groups',
    sort: 20,
    permission: 'group:list',
  },
  {
    name: 'ProxyIp',
    path: 'proxy',
    component: 'proxy/index',
    title: 'menu.proxy',
    icon: 'proxy',
    sort: 30,
    permission: 'proxy:list',
  },
  // Browser extensions: uploaded once, loaded by the profiles they are added to.
  {
    name: 'Extensions',
    path: 'extensions',
    component: 'extensions/index',
    title: 'menu.extensions',
    icon: 'extension',
    sort: 35,
    permission: 'extension:list',
  },
  {
    name: 'RecycleBin',
    path: 'recycle',
    component: 'recycle/index',
    title: 'menu.recycle',
    icon: 'recycle',
    sort: 40,
    permission: 'recycle:list',
  },
  // RPA (docs/rpa.md): flows and their editor, tasks with their runs and logs, the team's defaults.
  { name: 'Rpa', path: 'rpa', component: '', title: 'rpa.menu.rpa', icon: 'rpa', sort: 42, permission: null },
  ...(
    [
      ['RpaFlows', 'flows', 'rpa/flows', 'rpa.menu.flows', 'rpa:list', false],
      ['RpaFlowEdit', 'flows/:id', 'rpa/editor', 'rpa.menu.flowEdit', 'rpa:list', true],
      ['RpaTasks', 'tasks', 'rpa/tasks', 'rpa.menu.tasks', 'rpa:list', false],
      ['RpaTaskCreate', 'tasks/create', 'rpa/taskForm', 'rpa.menu.taskCreate', 'rpa:run', true],
      ['RpaTaskRuns', 'tasks/:id', 'rpa/runs', 'rpa.menu.taskRuns', 'rpa:list', true],
      ['RpaRunLogs', 'runs/:id', 'rpa/logs', 'rpa.menu.runLogs', 'rpa:list', true],
      ['RpaSettings', 'settings', 'rpa/concurrent', 'rpa.menu.settings', 'setting:update', false],
    ] as const
  ).map(([name, path, component, title, permission, hidden], i) => ({
    name,
    parentName: 'Rpa',
    path,
    component,
    title,
    icon: 'rpa',
    hidden,
    sort: 43 + i,
    permission,
  })),
  // Team: sub-accounts and their roles.
  { name: 'Team', path: 'team', component: '', title: 'menu.team', icon: 'team', sort: 50, permission: null },
  {
    name: 'Users',
    parentName: 'Team',
    path: 'users',
    component: 'users/index',
    title: 'menu.users',
    icon: 'team',
    sort: 51,
    permission: 'user:list',
  },
  {
    name: 'Roles',
    parentName: 'Team',
    path: 'roles',
    component: 'users/roles',
    title: 'menu.roles',
    icon: 'roles',
    sort: 52,
    permission: 'role:list',
  },
  // Logs: login, operation new and old, and the API error log.
  { name: 'Logs', path: 'logs', component: '', title: 'menu.logs', icon: 'logs', sort: 60, permission: null },
  {
    name: 'LoginLog',
    parentName: 'Logs',
    path: 'login',
    component: 'logs/login',
    title: 'menu.loginLog',
    icon: 'login',
    sort: 61,
    permission: 'log:login',
  },
  {
    name: 'OperationLogNew',
    parentName: 'Logs',
    path: 'new',
    component: 'logs/new',
    title: 'menu.operationLogNew',
    icon: 'logs',
    sort: 62,
    permission: 'log:operation',
  },
  {
    name: 'OperationLogOld',
    parentName: 'Logs',
    path: 'old',
    component: 'logs/old',
    title: 'menu.operationLogOld',
    icon: 'history',
    sort: 63,
    permission: 'log:operation',
  },
  {
    name: 'ApiErrorLog',
    parentName: 'Logs',
    path: 'api-error',
    component: 'logs/apiError',
    title: 'menu.apiErrorLog',
    icon: 'error',
    sort: 64,
    permission: 'log:apiError',
  },
  // The client's own log on this computer (docs/client.md, Extra log), over the bridge.
  {
    name: 'LocalLog',
    parentName: 'Logs',
    path: 'local',
    component: 'logs/local',
    title: 'localLog.menu',
    icon: 'memory',
    sort: 65,
    permission: 'setting:view',
  },
  // What Facet sent to the user and what their cloud phones received (docs/messages.md).
  { name: 'Sms', path: 'sms', component: 'sms/index', title: 'sms.menu', icon: 'sms', sort: 66, permission: null },
  // The client's MCP server for AI agents (docs/ai.md).
  { name: 'Ai', path: 'ai', component: 'ai/index', title: 'ai.menu', icon: 'ai', sort: 67, permission: 'browser:open' },
  // Settings: API token, IP whitelist, and the client's settings below.
  {
    name: 'Settings',
    path: 'settings',
    component: '',
    title: 'menu.settings',
    icon: 'settings',
    sort: 70,
    permission: null,
  },
  {
    name: 'IpWhitelist',
    parentName: 'Settings',
    path: 'ip-whitelist',
    component: 'settings/ipWhitelist',
    title: 'menu.ipWhitelist',
    icon: 'shield',
    sort: 71,
    permission: 'setting:ipWhitelist',
  },
  {
    name: 'ApiToken',
    parentName: 'Settings',
    path: 'api-token',
    component: 'settings/apiToken',
    title: 'menu.apiToken',
    icon: 'key',
    sort: 72,
    permission: 'setting:apiToken',
  },
  // The desktop client's settings (docs/client.md, Console settings for the client).
  {
    name: 'LocalApi',
    parentName: 'Settings',
    path: 'local-api',
    component: 'settings/localApi',
    title: 'menu.localApi',
    icon: 'browser',
    sort: 73,
    permission: 'setting:view',
  },
  {
    name: 'OpenBrowser',
    parentName: 'Settings',
    path: 'open-browser',
    component: 'settings/openBrowser',
    title: 'menu.openBrowser',
    icon: 'memory',
    sort: 74,
    permission: 'setting:view',
  },
  {
    name: 'SystemProxy',
    parentName: 'Settings',
    path: 'system-proxy',
    component: 'settings/systemProxy',
    title: 'menu.systemProxy',
    icon: 'proxy',
    sort: 75,
    permission: 'setting:view',
  },
  {
    name: 'CloseSetting',
    parentName: 'Settings',
    path: 'close',
    component: 'settings/closeSetting',
    title: 'menu.closeSetting',
    icon: 'settings',
    sort: 76,
    permission: 'setting:view',
  },
  // Settings over global values and the global proxy settings (docs/client.md, Console settings for the client).
  {
    name: 'Bookmarks',
    parentName: 'Settings',
    path: 'bookmarks',
    component: 'settings/bookmarks',
    title: 'settingsLists.menu.bookmarks',
    icon: 'bookmark',
    sort: 77,
    permission: 'setting:view',
  },
  {
    name: 'WebsiteCredentials',
    parentName: 'Settings',
    path: 'website-credentials',
    component: 'settings/websiteCredentials',
    title: 'settingsLists.menu.credentials',
    icon: 'key',
    sort: 78,
    permission: 'setting:view',
  },
  // The team's global proxy settings: the code their calls need (proxy:list; saving, proxy:update).
  {
    name: 'GlobalProxySettings',
    parentName: 'Settings',
    path: 'proxy',
    component: 'settings/proxy',
    title: 'settingsLists.menu.proxy',
    icon: 'proxy',
    sort: 79,
    permission: 'proxy:list',
  },
  {
    name: 'AutoPaste',
    parentName: 'Settings',
    path: 'auto-paste',
    component: 'settings/autoPaste',
    title: 'settingsLists.menu.autoPaste',
    icon: 'paste',
    sort: 80,
    permission: 'setting:view',
  },
  // The preferences that feed the launcher and new profiles (docs/client.md, Preferences the launcher applies).
  {
    name: 'BrowserPreference',
    parentName: 'Settings',
    path: 'browser-preference',
    component: 'settings/browserPreference',
    title: 'preferences.menu.browser',
    icon: 'browser',
    sort: 81,
    permission: 'setting:view',
  },
  {
    name: 'FingerprintPreference',
    parentName: 'Settings',
    path: 'fingerprint-preference',
    component: 'settings/fingerprintPreference',
    title: 'preferences.menu.fingerprint',
    icon: 'shield',
    sort: 82,
    permission: 'setting:view',
  },
  {
    name: 'PageZoom',
    parentName: 'Settings',
    path: 'page-zoom',
    component: 'settings/pageZoom',
    title: 'preferences.menu.zoom',
    icon: 'settings',
    sort: 83,
    permission: 'setting:view',
  },
  {
    name: 'DownloadDir',
    parentName: 'Settings',
    path: 'download-dir',
    component: 'settings/downloadDir',
    title: 'preferences.menu.download',
    icon: 'settings',
    sort: 84,
    permission: 'setting:view',
  },
  {
    name: 'ProcessProtect',
    parentName: 'Settings',
    path: 'process-protect',
    component: 'settings/processProtect',
    title: 'preferences.menu.protect',
    icon: 'memory',
    sort: 85,
    permission: 'setting:view',
  },
  // Cloud phones (docs/phones.md): a path-less parent, so its screens keep the spec's own paths
  // (environment, phone/power …); the other cloud-phone screens hang their entries under it.
  {
    name: 'CloudPhones',
    path: '',
    component: '',
    title: 'menu.cloudPhones',
    icon: 'phone',
    sort: 45,
    permission: null,
  },
  {
    name: 'Environment',
    parentName: 'CloudPhones',
    path: 'environment',
    component: 'phone/index',
    title: 'menu.environment',
    icon: 'phone',
    sort: 46,
    permission: 'phone:list',
  },
  // The daily screen comes right after the environments (console spec §2): same sort, and the
  // name orders it after Environment.
  {
    name: 'EnvironmentDaily',
    parentName: 'CloudPhones',
    path: 'environmentdaily',
    component: 'environment/daily',
    title: 'menu.environmentDaily',
    icon: 'calendar',
    sort: 46,
    permission: 'phone:list',
  },
  {
    name: 'PhonePower',
    parentName: 'CloudPhones',
    path: 'phone/power',
    component: 'phone/power',
    title: 'menu.computingPower',
    icon: 'memory',
    sort: 47,
    permission: 'billing:view',
  },
  // Apps and files on the environments (docs/phones.md, Apps and Files).
  {
    name: 'PhoneApps',
    parentName: 'CloudPhones',
    path: 'phone/apps',
    component: 'phone/apps',
    title: 'phoneApps.menu.market',
    icon: 'apps',
    sort: 48,
    permission: 'phone:list',
  },
  {
    name: 'PhoneFiles',
    parentName: 'CloudPhones',
    path: 'phone/files',
    component: 'phone/files',
    title: 'phoneApps.menu.files',
    icon: 'upload',
    sort: 49,
    permission: 'phone:list',
  },
  // Groups of environments (docs/phones.md, Groups).
  {
    name: 'PhoneGroups',
    parentName: 'CloudPhones',
    path: 'phone/groups',
    component: 'groups/phone',
    title: 'phoneGroups.menu',
    icon: 'groups',
    sort: 50,
    permission: 'phone:list',
  },
  // The money (docs/billing.md): Recharge is /cost, where the insufficient-balance dialog leads.
  {
    name: 'Cost',
    path: 'cost',
    component: 'cost/index',
    title: 'menu.cost',
    icon: 'wallet',
    sort: 80,
    permission: 'billing:pay',
  },
  {
    name: 'Billing',
    path: 'billing',
    component: '',
    title: 'menu.billing',
    icon: 'receipt',
    sort: 81,
    permission: null,
  },
  ...(
    [
      ['Plans', 'plans', 'cost/plans', 'menu.plans', 'plans'],
      ['Bills', 'bills', 'cost/bills', 'menu.bills', 'receipt'],
      ['MonthList', 'months', 'cost/months', 'menu.monthList', 'calendar'],
      ['Orders', 'orders', 'cost/orders', 'menu.orders', 'orders'],
      ['BalanceAlert', 'balance-alert', 'cost/balanceAlert', 'menu.balanceAlert', 'alert'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Billing',
    path,
    component,
    title,
    icon,
    sort: 82 + i,
    permission: 'billing:view',
  })),
  // Promotion: the spec's four routes; the policy and withdrawal open from the details.
  {
    name: 'Promotion',
    path: 'promotion',
    component: '',
    title: 'menu.promotion',
    icon: 'campaign',
    sort: 90,
    permission: null,
  },
  ...(
    [
      ['PromotionDetails', 'details', 'promotion/details', 'menu.promotionDetails', 'campaign'],
      ['PromotionRecords', 'records', 'promotion/records', 'menu.promotionRecords', 'people'],
      ['InviteCode', 'invite-code', 'promotion/inviteCode', 'menu.inviteCode', 'qr'],
      ['ImmediatePromotion', 'immediate-promotion', 'promotion/immediate', 'menu.immediatePromotion', 'share'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Promotion',
    path,
    component,
    title,
    icon,
    sort: 91 + i,
    permission: 'promotion:view',
  })),
  // The operator's side of the money: only the admin holds admin:billing.
  { name: 'Admin', path: 'admin', component: '', title: 'menu.admin', icon: 'admin', sort: 100, permission: null },
  ...(
    [
      ['AdminOrders', 'payments', 'admin/orders', 'menu.adminOrders', 'orders'],
      ['AdminPayouts', 'payouts', 'admin/payouts', 'menu.adminPayouts', 'payouts'],
      ['AdminLedger', 'ledger', 'admin/ledger', 'menu.adminLedger', 'receipt'],
      ['AdminPlans', 'plans', 'admin/plans', 'menu.adminPlans', 'plans'],
      ['AdminCoupons', 'coupons', 'admin/coupons', 'menu.adminCoupons', 'coupon'],
      ['AdminChannels', 'channels', 'admin/channels', 'menu.adminChannels', 'wallet'],
      ['AdminCurrencies', 'currencies', 'admin/currencies', 'menu.adminCurrencies', 'currency'],
      ['AdminBillingSettings', 'billing-settings', 'admin/billingSettings', 'menu.adminBillingSettings', 'settings'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Admin',
    path,
    component,
    title,
    icon,
    sort: 101 + i,
    permission: 'admin:billing' as const,
  })),
  // The operator's cloud phones (docs/phones.md, For the operator): only the admin holds admin:phones.
  ...(
    [
      ['AdminPhoneDevices', 'phone-devices', 'admin/phoneDevices', 'phoneAdmin.menu.devices', 'phone'],
      ['AdminPhonePackages', 'phone-packages', 'admin/phonePackages', 'phoneAdmin.menu.packages', 'plans'],
      ['AdminPhoneSettings', 'phone-settings', 'admin/phoneSettings', 'phoneAdmin.menu.settings', 'settings'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Admin',
    path,
    component,
    title,
    icon,
    sort: 110 + i,
    permission: 'admin:phones' as const,
  })),
  // Every message sent, with its delivery status (docs/messages.md).
  {
    name: 'AdminMessages',
    parentName: 'Admin',
    path: 'messages',
    component: 'admin/messages',
    title: 'sms.admin.menu',
    icon: 'sms',
    sort: 130,
    permission: 'outbox:read',
  },
  // The operator's application market (docs/phones.md, Apps).
  {
    name: 'AdminPhoneApps',
    parentName: 'Admin',
    path: 'phone-apps',
    component: 'admin/phoneApps',
    title: 'phoneApps.menu.adminMarket',
    icon: 'apps',
    sort: 120,
    permission: 'admin:phones',
  },
  // Notices, policy pages and customer service (docs/notices.md): every user reads the notices;
  // only the admin holds admin:content.
  {
    name: 'Notices',
    path: 'notices',
    component: 'notices/index',
    title: 'notices.menu.notices',
    icon: 'notifications',
    hidden: true,
    sort: 95,
    permission: null,
  },
  ...(
    [
      ['AdminNotices', 'notices', 'admin/notices', 'notices.menu.adminNotices', 'campaign'],
      ['AdminPolicies', 'policies', 'admin/policies', 'notices.menu.adminPolicies', 'receipt'],
      ['AdminSupport', 'support', 'admin/support', 'notices.menu.adminSupport', 'settings'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Admin',
    path,
    component,
    title,
    icon,
    sort: 130 + i,
    permission: 'admin:content' as const,
  })),
  // The operator's sign-in providers (docs/accounts.md, Third-party sign-in).
  {
    name: 'AdminThirdProviders',
    parentName: 'Admin',
    path: 'sign-in-providers',
    component: 'admin/thirdProviders',
    title: 'third.menu.admin',
    icon: 'login',
    sort: 133,
    permission: 'admin:third',
  },
  // The operator's accounts and their risk level (docs/accounts.md, Risk level).
  {
    name: 'AdminAccounts',
    parentName: 'Admin',
    path: 'accounts',
    component: 'admin/accounts',
    title: 'accountsAdmin.menu',
    icon: 'team',
    sort: 100,
    permission: 'admin:accounts',
  },
  // Identity verification's review and what it unlocks (docs/identity.md): only the admin holds admin:identity.
  ...(
    [
      ['AdminIdentityReview', 'identity-reviews', 'admin/identityReview', 'identity.menu.review', 'person'],
      ['AdminIdentitySettings', 'identity-settings', 'admin/identitySettings', 'identity.menu.settings', 'settings'],
    ] as const
  ).map(([name, path, component, title, icon], i) => ({
    name,
    parentName: 'Admin',
    path,
    component,
    title,
    icon,
    sort: 134 + i,
    permission: 'admin:identity' as const,
  })),
  // What the releases folder offers the desktop clients, and the notes per language (docs/client.md, The operator's view).
  {
    name: 'AdminReleases',
    parentName: 'Admin',
    path: 'releases',
    component: 'admin/releases',
    title: 'releasesAdmin.menu',
    icon: 'update',
    sort: 136,
    permission: 'admin:content',
  },
];

export async function seedMenus(db: Db): Promise<void> {
  // Parents first (the list is in that order); an entry no longer seeded is removed.
  for (const m of MENU_SEED) {
    const row = { parentName: null, hidden: false, ...m };
    await db.insert(menus).values(row).onConflictDoUpdate({ target: menus.name, set: row });
  }
  await db.delete(menus).where(
    notInArray(
      menus.name,
      MENU_SEED.map((m) => m.name),
    ),
  );
}
