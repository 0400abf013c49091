import { create } from 'zustand';
import { isMobileDevice } from '../lib/device';

/** Dark mode is persisted under this key. */
export const THEME_STORAGE_KEY = 'themeDark';
export const CLIENT_VERSION = '7.0.2';

/** Client state. */
export interface ClientState {
  name: string;
  openedWindows: Record<string, unknown>;
  /** The cloud phones open in this client (its `phone-opened`/`phone-closed` events and openedPhones()). */
  openedPhones: ReadonlySet<number>;
  updateAvailable: number;
  showUpdateDialog: boolean;
  downloadPercent: number;
  /** Where this machine downloads the desktop client (the server's newest installer; queries/releases.ts). */
  softUrl: string;
  reloadAppPage: boolean;
  isMobile: boolean;
  /** Server clock minus ours in ms, kept only when over 60 s. */
  timeDifference: number;
  clientVersion: string;
  themeDark: boolean;
  isGolbalFireFox: boolean;
  appEnv: string;
  setThemeDark: (dark: boolean) => void;
  setTimeDifference: (ms: number) => void;
  setOpenedWindows: (ids: ReadonlyArray<string | number>) => void;
  setOpenedPhones: (ids: ReadonlyArray<number>) => void;
  notePhone: (id: number, open: boolean) => void;
  set: (patch: Partial<ClientState>) => void;
}

const savedDark = () => {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
};

export const useClientStore = create<ClientState>((set) => ({
  name: 'Facet',
  openedWindows: {},
  openedPhones: new Set(),
  updateAvailable: 0,
  showUpdateDialog: false,
  downloadPercent: 0,
  softUrl: '',
  reloadAppPage: false,
  isMobile: isMobileDevice(),
  timeDifference: 0,
  clientVersion: CLIENT_VERSION,
  themeDark: savedDark(),
  isGolbalFireFox: false,
  appEnv: 'prod',
  setThemeDark: (dark) => {
    localStorage.setItem(THEME_STORAGE_KEY, String(dark));
    set({ themeDark: dark });
  },
  setTimeDifference: (ms) => set({ timeDifference: ms }),
  setOpenedWindows: (ids) => set({ openedWindows: Object.fromEntries(ids.map((id) => [String(id), true])) }),
  setOpenedPhones: (ids) => set({ openedPhones: new Set(ids) }),
  notePhone: (id, open) =>
    set((s) => {
      if (s.openedPhones.has(id) === open) return s;
      const next = new Set(s.openedPhones);
      if (open) next.add(id);
      else next.delete(id);
      return { openedPhones: next };
    }),
  set: (patch) => set(patch),
}));
