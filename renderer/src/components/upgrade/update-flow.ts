import {
  DOWNLOAD_DEBOUNCE_MS,
  UPDATE_FILE_ERROR_NOTICE_MS,
  UPDATE_LOCALES,
  UPDATE_NOTICE_MS,
  UPDATE_POSTPONE_MS,
  type UpdateLocale,
} from '@facet/shared';
import { create } from 'zustand';
import type { ClientBridge, UpdateInfo } from '../../bridge';
import { i18n } from '../../i18n';
import { clampPercent } from '../../lib/format';
import { useClientStore } from '../../stores/client';
import { useNoticeStore } from '../../stores/notice';

export const IGNORED_VERSION_KEY = 'ignoredUpdateVersion';
export const POSTPONE_KEY = 'updatePostponedUntil';
/** The client's own "update error, redownload or restart" text, which it shows itself. */
const IGNORED_ERROR = '更新出错，请重新下载或重启';
const FILE_ERRORS = /file-write|unzip|cannot-write/i;

interface UpdateState {
  info: UpdateInfo | null;
  shownThisSession: boolean;
  downloading: boolean;
  applying: boolean;
  error: string | null;
  set: (patch: Partial<Omit<UpdateState, 'set'>>) => void;
}

export const useUpdateStore = create<UpdateState>((set) => ({
  info: null,
  shownThisSession: false,
  downloading: false,
  applying: false,
  error: null,
  set: (patch) => set(patch),
}));

/** Forced updates open at once; others once per session, unless postponed or ignored. */
export function shouldOpenUpdateDialog(info: UpdateInfo, shownThisSession: boolean, now = Date.now()): boolean {
  if (info.updateAvailable === 2) return true;
  if (!info.updateAvailable || shownThisSession) return false;
  if (Number(localStorage.getItem(POSTPONE_KEY) ?? 0) > now) return false;
  return localStorage.getItem(IGNORED_VERSION_KEY) !== info.version;
}

/** The go-to-download-page button shows on macOS or below client 7.0.4. */
export function offersDownloadPage(platform: string, clientVersion: string): boolean {
  return platform === 'darwin' || compareVersions(clientVersion, '7.0.4') < 0;
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

const client = () => useClientStore.getState();
const setPercent = (n: number) => client().set({ downloadPercent: clampPercent(n) });
const openDialog = (open: boolean) => client().set({ showUpdateDialog: open });

/** Update errors: which text to show, or null for the one the client shows itself. */
export function updateErrorText(message: string): string | null {
  if (message.includes(IGNORED_ERROR)) return null;
  if (FILE_ERRORS.test(message)) return i18n.t('update.error');
  const key = `update.errors.${message}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('update.error');
}

/** The release notes' language for the console's: zh, en, ru and hk as they are, every other language English. */
export const updateLocaleOf = (lng: string): UpdateLocale =>
  (UPDATE_LOCALES as readonly string[]).includes(lng) ? (lng as UpdateLocale) : 'en';

/** The update notices sit at the top for a second (§9): the dialog, not the notice, is where the user acts. */
const updateNotice = (severity: 'info' | 'success' | 'error', text: string, durationMs = UPDATE_NOTICE_MS) =>
  useNoticeStore.getState().push({ severity, text, durationMs, position: 'top' });

/** Wires the bridge's update events to the dialog state. Returns the unsubscribe. */
export function connectUpdateFlow(bridge: ClientBridge): () => void {
  const offs = [
    bridge.on('update-available', (info) => {
      client().set({ updateAvailable: info.updateAvailable });
      const s = useUpdateStore.getState();
      s.set({ info, error: null });
      if (info.updateAvailable && localStorage.getItem(IGNORED_VERSION_KEY) !== info.version)
        updateNotice('info', i18n.t('clientUpdate.available', { version: info.version }));
      if (shouldOpenUpdateDialog(info, s.shownThisSession)) {
        s.set({ shownThisSession: true });
        openDialog(true);
      }
    }),
    bridge.on('download-progress', ({ percent }) => setPercent(percent)),
    bridge.on('update-downloaded', ({ version }) => {
      updateNotice('success', i18n.t('clientUpdate.downloaded', { version }));
      setPercent(100);
      useUpdateStore.getState().set({ downloading: false });
      openDialog(true);
    }),
    bridge.on('update-error', ({ message }) => {
      const text = updateErrorText(message);
      useUpdateStore.getState().set({ downloading: false });
      setPercent(0);
      if (text === null) return;
      if (client().showUpdateDialog) useUpdateStore.getState().set({ error: text });
      // A file error names something the user must fix on disk, so it stays longer.
      else updateNotice('error', text, FILE_ERRORS.test(message) ? UPDATE_FILE_ERROR_NOTICE_MS : UPDATE_NOTICE_MS);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** The dialog's actions. */
export function updateActions(bridge: ClientBridge) {
  let lastStart = 0;
  // The download buttons are debounced 300 ms, so a double click starts one download.
  const start = () => {
    const now = Date.now();
    if (now - lastStart < DOWNLOAD_DEBOUNCE_MS) return;
    lastStart = now;
    useUpdateStore.getState().set({ downloading: true, error: null });
    void bridge.downloadUpdate();
  };
  return {
    downloadInBackground: () => {
      openDialog(false);
      start();
    },
    upgradeNow: start,
    retry: () => {
      setPercent(0);
      start();
    },
    install: async () => {
      useUpdateStore.getState().set({ applying: true });
      await bridge.closeAllBrowsers().catch(() => undefined);
      await bridge.quitAndInstall();
    },
    /** Closing postpones 6 hours; a ticked box ignores this version. */
    close: (ignoreVersion: boolean) => {
      localStorage.setItem(POSTPONE_KEY, String(Date.now() + UPDATE_POSTPONE_MS));
      const version = useUpdateStore.getState().info?.version;
      if (ignoreVersion && version) localStorage.setItem(IGNORED_VERSION_KEY, version);
      openDialog(false);
    },
    goToDownloadPage: () => {
      const url = useUpdateStore.getState().info?.downloadUrl || client().softUrl;
      if (url) void bridge.openByDefaultBrowser(url);
    },
  };
}
