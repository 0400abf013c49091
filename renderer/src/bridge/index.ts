/**
 * The client bridge (§7): what the desktop client exposes to the console as `window.facet`.
 * The bridge itself comes with the desktop client; the console only uses this interface,
 * and runs without it in a plain browser.
 */
export interface UpdateInfo {
  version: string;
  releaseNotes?: string | string[];
  /** Newline-separated list of changes. */
  upgradeContent?: string;
  /** 1: an update exists; 2: forced. */
  updateAvailable: number;
  downloadUrl?: string;
}

export interface ClientBridgeEvents {
  'update-available': UpdateInfo;
  'download-progress': { percent: number };
  'update-downloaded': { version: string };
  'update-error': { message: string };
  'rpa-task-error': { message: string };
  'phone-closed': { id: string };
  'phone-opened': { id: string };
  redirectToAuth: { url: string };
}

export interface ClientBridge {
  platform: string;
  clientVersion: string;
  downloadUpdate(): Promise<void>;
  quitAndInstall(): Promise<void>;
  closeAllBrowsers(): Promise<void>;
  openByDefaultBrowser(url: string): Promise<void>;
  getPerformanceConfig(): Promise<unknown>;
  savePerformanceConfig(config: unknown): Promise<void>;
  getGlobalConfigs(): Promise<unknown>;
  saveSysProxyConfig(config: unknown): Promise<void>;
  /** Ids of the profile windows the client has open. */
  getOpenedWindows(): Promise<Array<string | number>>;
  /** Opens a profile as a real browser (issue 4 grid; optional: older clients lack it). */
  openBrowser?(id: number): Promise<void>;
  /** Closes a profile's browser window. */
  closeBrowser?(id: number): Promise<void>;
  showMainWindow(): void;
  on<E extends keyof ClientBridgeEvents>(event: E, listener: (payload: ClientBridgeEvents[E]) => void): () => void;
}

declare global {
  interface Window {
    facet?: ClientBridge;
  }
}

let testBridge: ClientBridge | null | undefined;

/** The bridge when running inside the desktop client, else null. */
export function getBridge(): ClientBridge | null {
  if (testBridge !== undefined) return testBridge;
  return typeof window !== 'undefined' && window.facet ? window.facet : null;
}

/** Tests install a double of the bridge here. */
export function setBridgeForTests(bridge: ClientBridge | null | undefined): void {
  testBridge = bridge;
}
