import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module, for the main-process smoke test on machines without the
 * Electron binary: records what main asks of Electron and lets the test drive events.
 */
type Handler = (event: unknown, ...args: unknown[]) => unknown;
export interface StubState {
  log: unknown[][];
  handlers: Map<string, Handler>;
  listeners: Map<string, Handler>;
  windows: StubWindow[];
  sent: [string, unknown][];
  onHeaders?: (d: { url: string; responseHeaders: Record<string, string[]> }, cb: (r: unknown) => void) => void;
  permission?: (wc: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl: string }) => void;
  exited?: number;
  /** What dialog.showMessageBox answers (the button's index); 1 unless a test says otherwise. */
  messageBoxResponse?: number;
  /** The bundle's own copy of `app` (the bundle inlines this module). */
  app?: { quit(): void };
}
const g = globalThis as unknown as { __facetElectronStub?: StubState };
g.__facetElectronStub ??= { log: [], handlers: new Map(), listeners: new Map(), windows: [], sent: [] };
export const stub: StubState = g.__facetElectronStub;

class StubWebContents extends EventEmitter {
  openHandler?: (d: { url: string }) => { action: string };
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h;
  }
  send(channel: string, payload: unknown) {
    stub.sent.push([channel, payload]);
  }
  isDestroyed() {
    return false;
  }
}

class StubApp extends EventEmitter {
  name = 'Facet';
  isPackaged = false;
  requestSingleInstanceLock = () => true;
  whenReady = () => Promise.resolve();
  getPath = () => process.env.FACET_STUB_USER_DATA ?? '';
  getVersion = () => '0.1.0';
  getAppPath = () => process.cwd();
  getName = () => 'Facet';
  getLocale = () => process.env.FACET_STUB_LOCALE ?? 'en-US';
  quit = () => {
    stub.log.push(['quit']);
    this.emit('before-quit', { preventDefault() {} });
  };
  exit = (code: number) => {
    stub.log.push(['exit', code]);
    stub.exited = code;
  };
}
export const app = new StubApp();
stub.app = app;

export class BrowserWindow extends EventEmitter {
  webContents = new StubWebContents();
  constructor(readonly opts: { webPreferences: Record<string, unknown> }) {
    super();
    stub.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    stub.log.push(['loadURL', url]);
    return Promise.resolve();
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  show = () => stub.log.push(['show']);
  hide = () => stub.log.push(['hide']);
  focus = () => undefined;
  restore = () => undefined;
}
export type StubWindow = BrowserWindow;

export const ipcMain = {
  handle: (channel: string, fn: Handler) => stub.handlers.set(channel, fn),
  on: (channel: string, fn: Handler) => stub.listeners.set(channel, fn),
};
export const session = {
  defaultSession: {
    webRequest: { onHeadersReceived: (f: StubState['onHeaders']) => (stub.onHeaders = f) },
    setPermissionRequestHandler: (f: StubState['permission']) => (stub.permission = f),
    setPermissionCheckHandler: () => undefined,
  },
};
export const shell = { openExternal: async (url: string) => void stub.log.push(['openExternal', url]) };
export class Tray {
  setToolTip() {}
  setContextMenu() {}
  on() {}
}
export const Menu = { buildFromTemplate: (t: unknown) => t };
export const nativeImage = { createFromPath: (p: string) => ({ p }) };
export const dialog = {
  showErrorBox: (...a: unknown[]) => stub.log.push(['errorBox', ...a]),
  showMessageBox: async (...a: unknown[]) => {
    stub.log.push(['messageBox', ...a]);
    return { response: stub.messageBoxResponse ?? 1, checkboxChecked: false };
  },
};
export const autoUpdater = new EventEmitter();
/** A keystore that is there (a Linux desktop's keyring): sealed bytes are not the text. */
export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (plain: string) => Buffer.from(`stub-sealed:${Buffer.from(plain).reverse().toString('base64')}`),
  decryptString: (sealed: Buffer) =>
    Buffer.from(sealed.toString().replace(/^stub-sealed:/, ''), 'base64')
      .reverse()
      .toString(),
};
