import type { ClientBridge, LoginResult, UserInfo } from '@facet/shared';
import { create } from 'zustand';
import { api } from '../api/calls';
import { resetHttpState } from '../api/http';
import { noticeDuration } from '../api/notice-rules';
import {
  clearToken,
  getSid,
  getToken,
  markLoginTime,
  StorageKey,
  saveToken,
  setRefreshMarker,
} from '../api/token-storage';
import { navigateTo } from '../app/navigation';
import { getBridge } from '../bridge';
import { i18n } from '../i18n';
import { clearDictionaries } from '../queries/dictionary-cache';
import { closeAllCloudPhones } from '../queries/phone-client';
import { queryClient } from '../queries/query-client';
import { useClientStore } from './client';
import { notifyError } from './notice';
import { useRouteStore } from './route';

/** User state. */
export interface UserState {
  token: string;
  sid: string;
  username: string;
  avatar: string;
  balance: string;
  userType: number;
  roleId: string;
  userInfo: UserInfo | null;
  tipMsg: string;
  tipPhoneMsg: string;
  kefuImg: string;
  timezone: string;
  syncTasks: unknown[];
  symbolList: Record<string, string>;
  preinstallApp: unknown[];
  showChromeVersionUpdateBtn: boolean;
  /** Stores token and sid of a successful login. */
  acceptLogin: (result: LoginResult) => { strangeDeviceLogin: boolean };
  fetchUserInfo: () => Promise<UserInfo>;
  setUserInfo: (info: UserInfo) => void;
  /** Revokes the token on the server, then resets. */
  logout: () => Promise<void>;
  /** Reset: clears the session state and goes to Login. */
  resetAll: (opts?: { navigate?: boolean }) => void;
}

/** Keys the reset clears besides the token: saved group-control type, dismissed balance alerts. */
const RESET_STORAGE_KEYS = ['qunkongType', 'balanceAlertDismissed'];

export class CoreInterfaceError extends Error {}

const empty = {
  username: '',
  avatar: '',
  balance: '0',
  userType: 0,
  roleId: '',
  userInfo: null,
  tipMsg: '',
  tipPhoneMsg: '',
  timezone: '',
};

export const useUserStore = create<UserState>((set, get) => ({
  token: getToken(),
  sid: getSid(),
  ...empty,
  kefuImg: '',
  syncTasks: [],
  symbolList: {},
  preinstallApp: [],
  showChromeVersionUpdateBtn: false,

  acceptLogin: (result) => {
    if (result.strangeDeviceLogin) return { strangeDeviceLogin: true };
    if (!result.access_token) throw new Error('login interface returned no token');
    saveToken(result.access_token, result.sid);
    // A fresh token needs no exchange for the next 7 days.
    setRefreshMarker();
    markLoginTime();
    set({ token: result.access_token, sid: result.sid });
    return { strangeDeviceLogin: false };
  },

  fetchUserInfo: async () => {
    const info = await api.currentUser();
    // User info without string username and avatar is a core-interface error.
    if (typeof info?.username !== 'string' || typeof info?.avatar !== 'string') {
      const text = i18n.t('errors.coreInterface');
      notifyError(text, noticeDuration(text));
      throw new CoreInterfaceError('core interface error: malformed user info');
    }
    get().setUserInfo(info);
    return info;
  },

  setUserInfo: (info) => {
    localStorage.setItem(StorageKey.username, info.username);
    set({
      userInfo: info,
      username: info.username,
      avatar: info.avatar,
      balance: info.balance,
      userType: info.userType,
      roleId: info.roleId,
      tipMsg: info.tipMsg,
      tipPhoneMsg: info.tipPhoneMsg,
      timezone: info.timeZone,
    });
  },

  logout: async () => {
    // §4: the cloud phones open in the client are released at the server and closed first.
    const bridge = getBridge();
    if (bridge) await closeAllCloudPhones(bridge, useClientStore.getState().openedPhones).catch(() => undefined);
    try {
      if (getToken()) await api.logout(undefined, { noPrompt: true });
    } catch {
      // The token may already be gone on the server; the local reset is what matters.
    }
    get().resetAll();
  },

  resetAll: (opts) => {
    clearToken();
    for (const k of RESET_STORAGE_KEYS) localStorage.removeItem(k);
    resetHttpState();
    clearDictionaries();
    // Another user may sign in next: nothing the last one read may show.
    queryClient.clear();
    useRouteStore.getState().resetRoutes([]);
    set({ token: '', sid: '', ...empty });
    if (opts?.navigate !== false) navigateTo('/login', { replace: true });
  },
}));

/** Session loss (docs/accounts.md, Session codes): close every browser in the desktop client, reset, go to Login. */
/**
 * The desktop client's `redirectToAuth`: the server refused the client's session (docs/client.md),
 * so the console signs out as on its own session loss and shows sign-in. Returns the unsubscribe.
 */
export function connectRedirectToAuth(bridge: Pick<ClientBridge, 'on'>): () => void {
  return bridge.on('redirectToAuth', () => void handleSessionLoss());
}

export async function handleSessionLoss(): Promise<void> {
  const bridge = getBridge();
  if (bridge) await bridge.closeAllBrowsers().catch(() => undefined);
  useUserStore.getState().resetAll();
}
