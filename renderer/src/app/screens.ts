import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './lazy-chunk';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screens that are built, by the menu's component string. A menu entry whose screen is
 * not here is not routed (no placeholder screens). Each screen is its own chunk.
 */
const SCREENS: Record<string, () => Promise<{ default: ComponentType }>> = {
  'dashboard/index': () => import('../features/dashboard/DashboardPage'),
  'profile/index': () => import('../features/account/AccountPage'),
  'profile/authentication': () => import('../features/identity/AuthenticationPage'),
  'admin/identityReview': () => import('../features/identity/ReviewPage'),
  'admin/identitySettings': () => import('../features/identity/SettingsPage'),
  'browser/index': () => import('../features/browser/BrowserPage'),
  'browser/form': () => import('../features/browser-form/BrowserFormPage'),
  'users/index': () => import('../features/team/UsersPage'),
  'users/roles': () => import('../features/team/RolesPage'),
  'groups/browser': () => import('../features/groups/GroupsPage'),
  'proxy/index': () => import('../features/proxy/ProxyPage'),
  'extensions/index': () => import('../features/extensions/ExtensionsPage'),
  'recycle/index': () => import('../features/recycle/RecyclePage'),
  'logs/login': () => import('../features/logs/LoginLogPage'),
  'logs/new': () => import('../features/logs/NewOperationLogPage'),
  'logs/old': () => import('../features/logs/OldOperationLogPage'),
  'logs/apiError': () => import('../features/logs/ApiErrorLogPage'),
  'logs/local': () => import('../features/logs/LocalLogPage'),
  'sms/index': () => import('../features/sms/SmsPage'),
  'admin/messages': () => import('../features/sms/AdminMessagesPage'),
  'ai/index': () => import('../features/ai/AiPage'),
  'settings/ipWhitelist': () => import('../features/settings/IpWhitelistPage'),
  'settings/apiToken': () => import('../features/settings/ApiTokenPage'),
  'settings/localApi': () => import('../features/settings/LocalApiPage'),
  'settings/openBrowser': () => import('../features/settings/OpenBrowserPage'),
  'settings/systemProxy': () => import('../features/settings/SystemProxyPage'),
  'settings/closeSetting': () => import('../features/settings/CloseSettingPage'),
  'settings/bookmarks': () => import('../features/settings-lists/BookmarksPage'),
  'settings/websiteCredentials': () => import('../features/settings-lists/CredentialsPage'),
  'settings/proxy': () => import('../features/settings-lists/ProxySettingsPage'),
  'settings/autoPaste': () => import('../features/settings-lists/AutoPastePage'),
  'settings/browserPreference': () => import('../features/settings/preferences/BrowserPreferencePage'),
  'settings/fingerprintPreference': () => import('../features/settings/preferences/FingerprintPreferencePage'),
  'settings/pageZoom': () => import('../features/settings/preferences/PageZoomPage'),
  'settings/downloadDir': () => import('../features/settings/preferences/DownloadDirPage'),
  'settings/processProtect': () => import('../features/settings/preferences/ProcessProtectPage'),
  'rpa/flows': () => import('../features/rpa/FlowsPage'),
  'rpa/editor': () => import('../features/rpa/FlowEditorPage'),
  'rpa/tasks': () => import('../features/rpa/TasksPage'),
  'rpa/taskForm': () => import('../features/rpa/TaskFormPage'),
  'rpa/runs': () => import('../features/rpa/TaskRunsPage'),
  'rpa/logs': () => import('../features/rpa/RunLogsPage'),
  'rpa/concurrent': () => import('../features/rpa/RpaSettingsPage'),
  'environment/daily': () => import('../features/phone-daily/PhoneDailyPage'),
  'phone/index': () => import('../features/phone/PhonePage'),
  'phone/power': () => import('../features/phone/PowerPage'),
  'phone/apps': () => import('../features/phone-apps/AppMarketPage'),
  'phone/files': () => import('../features/phone-apps/FilesPage'),
  'groups/phone': () => import('../features/phone-groups/PhoneGroupsPage'),
  // The spec's fixed computingPower route shows the same screen.
  'computingPower/index': () => import('../features/phone/PowerPage'),
  'cost/index': () => import('../features/cost/RechargePage'),
  'cost/plans': () => import('../features/cost/PlansPage'),
  'cost/bills': () => import('../features/cost/BillsPage'),
  'cost/months': () => import('../features/cost/MonthsPage'),
  'cost/orders': () => import('../features/cost/OrdersPage'),
  'cost/balanceAlert': () => import('../features/cost/BalanceAlertPage'),
  'promotion/details': () => import('../features/promotion/PromotionDetailsPage'),
  'promotion/records': () => import('../features/promotion/PromotionRecordsPage'),
  'promotion/inviteCode': () => import('../features/promotion/InviteCodePage'),
  'promotion/immediate': () => import('../features/promotion/ImmediatePromotionPage'),
  'admin/orders': () => import('../features/billing-admin/OrdersPage'),
  'admin/payouts': () => import('../features/billing-admin/PayoutsPage'),
  'admin/ledger': () => import('../features/billing-admin/LedgerPage'),
  'admin/plans': () => import('../features/billing-admin/PlansPage'),
  'admin/coupons': () => import('../features/billing-admin/CouponsPage'),
  'admin/channels': () => import('../features/billing-admin/ChannelsPage'),
  'admin/currencies': () => import('../features/billing-admin/CurrenciesPage'),
  'admin/billingSettings': () => import('../features/billing-admin/BillingSettingsPage'),
  'admin/phoneDevices': () => import('../features/phone-admin/DevicesPage'),
  'admin/phonePackages': () => import('../features/phone-admin/PackagesPage'),
  'admin/phoneSettings': () => import('../features/phone-admin/PhoneSettingsPage'),
  'admin/phoneApps': () => import('../features/phone-apps/AdminMarketPage'),
  'notices/index': () => import('../features/notices/NoticesPage'),
  'admin/notices': () => import('../features/notices-admin/AdminNoticesPage'),
  'admin/policies': () => import('../features/notices-admin/AdminPoliciesPage'),
  'admin/support': () => import('../features/notices-admin/AdminSupportPage'),
  'admin/releases': () => import('../features/releases-admin/AdminReleasesPage'),
  'admin/thirdProviders': () => import('../features/third/ProvidersAdminPage'),
  'admin/accounts': () => import('../features/accounts-admin/AccountsPage'),
};

const loaded = new Map<string, Screen>();

export const isBuiltScreen = (component: string): boolean => component in SCREENS;

export function screenFor(component: string): Screen | null {
  const load = SCREENS[component];
  if (!load) return null;
  let screen = loaded.get(component);
  if (!screen) {
    screen = lazyChunk(load);
    loaded.set(component, screen);
  }
  return screen;
}
