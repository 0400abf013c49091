import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { CloseAction } from '@facet/shared';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  nativeImage,
  safeStorage,
  session,
  shell,
  Tray,
  type WebContents,
  type WebPreferences,
} from 'electron';
import electronUpdater from 'electron-updater';
import { applicationMenu } from '../services/app-shell/app-menu.js';
import { clientVersionArg, styleNonceArg } from '../services/app-shell/args.js';
import { answerDecision, createQuitGuard, decideClose, parseCloseAction } from '../services/app-shell/close-action.js';
import { PlainHttpConsent, plainHttpConfirmTexts } from '../services/app-shell/plain-http-confirm.js';
import {
  consoleCsp,
  mayNavigate,
  originOf,
  permissionAllowed,
  windowOpenDecision,
  withCsp,
} from '../services/app-shell/web-guards.js';
import { type ClientSettings, type FacetClient, settingsFromEnv, startClient } from '../services/client.js';
import type { SecretSeal } from '../services/config-store.js';
import { createUpdateMachine, type UpdateMachine } from '../services/update/index.js';
import { type EmitToConsole, registerIpc } from './ipc.js';
import { phoneWindows } from './phone-windows.js';
import { createElectronUpdater } from './updater.js';

/**
 * The desktop app's main process: only Electron wiring. The client's work (launcher, local API,
 * config, updates) is the same services the headless client runs (ARCHITECTURE.md).
 */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_UPDATE_CHECK_MS = 10_000;
const CLOSE_SETTING_TIMEOUT_MS = 2_000;

let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
let client: FacetClient | null = null;

const quitGuard = createQuitGuard({
  // Browsers closed (cookies saved, reported closed), local API and relays stopped, then exit.
  stop: async () => client?.stop(),
  exit: () => app.exit(0),
  onError: (e) => console.error(`[facet] quitting: ${e.message}`),
});

function showMainWindow() {
  const w = mainWindow;
  if (!w || w.isDestroyed()) return;
  if (w.isMinimized()) w.restore();
  w.show();
  w.focus();
}

function resourcePath(name: string): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'resources', name)
    : join(app.getAppPath(), '..', 'resources', name);
}

if (!app.requestSingleInstanceLock()) {
  // Another Facet runs with this profile folder; it shows its window (second-instance below).
  app.quit();
} else {
  app.on('second-instance', showMainWindow);
  app.on('before-quit', (e) => quitGuard.onBeforeQuit(e));
  // The tray keeps the app; quitting is explicit (tray menu, close action "quit", update install).
  app.on('window-all-closed', () => undefined);
  app.on('web-contents-created', (_e, contents) => hardenContents(contents));
  app
    .whenReady()
    .then(main)
    .catch((e: Error) => {
      dialog.showErrorBox('Facet', `Facet could not start: ${e.message}`);
      app.exit(1);
    });
}

let consoleOrigin = '';
/** The style elements the console's CSP allows carry this; new each run (docs/security.md). */
const styleNonce = randomBytes(18).toString('base64');

/** Every webContents, including any the console might create: no webviews, no new windows, no leaving the console. */
function hardenContents(contents: WebContents) {
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const d = windowOpenDecision(url);
    if (d.external) void shell.openExternal(d.external);
    return { action: d.action };
  });
  const guard = (e: { preventDefault(): void }, url: string) => {
    if (!mayNavigate(url, consoleOrigin)) e.preventDefault();
  };
  contents.on('will-navigate', (e) => guard(e, e.url));
  contents.on('will-redirect', (e) => guard(e, e.url));
}

function clientSettings(): ClientSettings {
  return settingsFromEnv({
    ...process.env,
    FACET_DATA_DIR: process.env.FACET_DATA_DIR || app.getPath('userData'),
  });
}

/**
 * Plain http to another machine is asked about once per origin, before the client sends anything
 * or the console loads (docs/client.md, "Server address"). False: the user chose to quit.
 */
async function confirmPlainHttp(urls: string[], dataDir: string): Promise<boolean> {
  const consent = new PlainHttpConsent(join(dataDir, 'client', 'plain-http.json'));
  for (const origin of await consent.unconfirmed(urls)) {
    const t = plainHttpConfirmTexts(app.getLocale(), origin);
    const { response } = await dialog.showMessageBox({
      type: 'warning',
      title: t.title,
      message: t.title,
      detail: t.message,
      buttons: [t.continue, t.quit],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    if (response !== 0) return false;
    await consent.remember(origin);
  }
  return true;
}

/** The OS's own Downloads, Documents and Desktop (moved or localized ones included) for utils/readexcel. */
function osUserFolders(): string[] {
  return (['downloads', 'documents', 'desktop'] as const).flatMap((name) => {
    try {
      return app.getPath(name) || [];
    } catch {
      return [];
    }
  });
}

/**
 * The OS keystore for the client's secrets (docs/security.md, Secrets at rest), or null where
 * safeStorage has none: on Linux without a keyring it falls back to a fixed password
 * ('basic_text'), which protects nothing a mode-600 file does not.
 */
function osSeal(): SecretSeal | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return null;
  return { seal: (plain) => safeStorage.encryptString(plain), open: (sealed) => safeStorage.decryptString(sealed) };
}

async function startServices(settings: ClientSettings): Promise<FacetClient> {
  const opts = {
    clientVersion: app.getVersion(),
    readExcelDirs: osUserFolders(),
    seal: osSeal(),
    // Phone screenshots go where the OS keeps the user's downloads.
    downloadDir: app.getPath('downloads'),
  };
  try {
    return await startClient(settings, opts);
  } catch (e) {
    // The headless client (npm start) may hold the default port: the app's local API takes a free one.
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || process.env.FACET_CLIENT_PORT) throw e;
    const client = await startClient({ ...settings, port: 0 }, opts);
    // Scripts written for the default port must learn the new one: the Local API screen shows it too.
    console.warn(`[facet] port ${settings.port} is in use; the local API is at ${client.url}`);
    return client;
  }
}

function setUpUpdates(c: FacetClient): UpdateMachine | null {
  try {
    return createUpdateMachine({
      dataDir: c.settings.dataDir,
      updater: createElectronUpdater({
        serverUrl: c.settings.serverUrl,
        updater: devAwareUpdater(),
        extraPublicKeys: devReleaseKeys(),
      }),
      closeAll: () => c.sessions.closeAll(),
      cleanup: async () => {
        await c.api.close();
        await c.systemProxy.stop();
      },
    });
  } catch (e) {
    console.warn(`[facet] updates unavailable: ${(e as Error).message}`);
    return null;
  }
}

/** electron-updater skips unpackaged apps; the e2e update flow asks it not to (FACET_UPDATE_CHECK=1). */
function devAwareUpdater() {
  const au = electronUpdater.autoUpdater;
  if (!app.isPackaged && process.env.FACET_UPDATE_CHECK === '1') au.forceDevUpdateConfig = true;
  return au;
}

/**
 * An unpackaged app under the e2e update flow also trusts the keys in FACET_RELEASE_PUBLIC_KEYS
 * (the test signs its own release). A packaged app trusts only the keys built into it.
 */
function devReleaseKeys(): string[] {
  if (app.isPackaged || process.env.FACET_UPDATE_CHECK !== '1') return [];
  return (process.env.FACET_RELEASE_PUBLIC_KEYS ?? '').split(',').filter(Boolean);
}

function applyWebPolicy(serverOrigin: string, localApiOrigin: string | null) {
  const s = session.defaultSession;
  const csp = consoleCsp({ consoleOrigin, serverOrigin, localApiOrigin, styleNonce });
  // No URL filter: withCsp itself picks the console's documents (match patterns and ports do not mix well).
  s.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withCsp(details.url, details.responseHeaders, consoleOrigin, csp) }),
  );
  s.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, consoleOrigin)),
  );
  s.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, consoleOrigin),
  );
}

/** The user's close setting (global value browserBaseSetting.closeaction), asked when the window closes. */
let lastCloseAction: CloseAction | 'ask' = 'ask';
/** Whether the loaded console listens for close-requested (reset when the console reloads). */
let consoleCanAsk = false;
/** The close question is on screen: another close waits for its answer. */
let closeAsked = false;
let emitToConsole: EmitToConsole | null = null;
async function closeAction(c: FacetClient): Promise<CloseAction | 'ask'> {
  if (!c.server.hasSession) return lastCloseAction;
  const asked = c.server
    .globalValues(['browserBaseSetting'])
    .then((v) => {
      lastCloseAction = parseCloseAction(v.browserBaseSetting);
      return lastCloseAction;
    })
    .catch(() => lastCloseAction);
  const late = new Promise<CloseAction | 'ask'>((r) => setTimeout(() => r(lastCloseAction), CLOSE_SETTING_TIMEOUT_MS));
  return Promise.race([asked, late]);
}

function createTray(): Tray | null {
  try {
    const icon = nativeImage.createFromPath(resourcePath('tray.png'));
    const t = new Tray(icon);
    t.setToolTip('Facet');
    t.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Show Facet', click: showMainWindow },
        { type: 'separator' },
        { label: 'Quit', click: () => app.quit() },
      ]),
    );
    t.on('click', showMainWindow);
    return t;
  } catch (e) {
    // Some Linux desktops have no tray; closing the window then quits (decideClose).
    console.warn(`[facet] no tray: ${(e as Error).message}`);
    return null;
  }
}

/** The console's windows (the main one and each phone's): the same preload, sandbox and policy. */
function consoleWebPreferences(c: FacetClient): WebPreferences {
  return {
    preload: join(__dirname, '..', 'preload', 'index.cjs'),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    // A packaged app opens no DevTools on the console (app-menu.ts says why).
    devTools: !app.isPackaged,
    additionalArguments: [clientVersionArg(c.clientVersion), styleNonceArg(styleNonce)],
  };
}

function createWindow(c: FacetClient, consoleUrl: string, updates: UpdateMachine | null): BrowserWindow {
  const w = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Facet',
    icon: resourcePath('icon.png'),
    autoHideMenuBar: true,
    webPreferences: consoleWebPreferences(c),
  });
  w.once('ready-to-show', () => w.show());
  w.webContents.on('did-finish-load', () => updates?.announce());
  // A reloading console subscribes again; until then it cannot ask.
  w.webContents.on('did-start-navigation', (_e, _url, _inPlace, isMainFrame) => {
    if (isMainFrame) consoleCanAsk = false;
  });
  w.webContents.on('did-fail-load', (_e, code, description, url, isMainFrame) => {
    // -3: aborted by a newer navigation. Otherwise the server is away: try again shortly.
    if (!isMainFrame || code === -3) return;
    console.warn(`[facet] console did not load (${description}) from ${url}; retrying`);
    setTimeout(() => {
      if (!w.isDestroyed()) void w.loadURL(consoleUrl).catch(() => undefined);
    }, 3_000);
  });
  w.on('close', (e) => {
    if (quitGuard.quitting) return;
    e.preventDefault();
    if (closeAsked) return;
    void closeAction(c).then((action) => {
      const d = decideClose({ action, quitting: quitGuard.quitting, hasTray: tray !== null, canAsk: consoleCanAsk });
      if (d === 'hide') w.hide();
      else if (d === 'quit') app.quit();
      else if (d === 'ask') {
        closeAsked = true;
        emitToConsole?.('close-requested', {});
      }
    });
  });
  void w.loadURL(consoleUrl).catch(() => undefined);
  return w;
}

function setApplicationMenu() {
  const template = applicationMenu(process.platform, app.isPackaged);
  if (template !== undefined) Menu.setApplicationMenu(template && Menu.buildFromTemplate(template));
}

async function main() {
  const settings = clientSettings();
  const consoleUrl = process.env.FACET_CONSOLE_URL || settings.serverUrl;
  if (!(await confirmPlainHttp([settings.serverUrl, consoleUrl], settings.dataDir))) {
    // Nothing is started yet: no browsers to close, no request was sent.
    app.exit(0);
    return;
  }
  client = await startServices(settings);
  const c = client;
  consoleOrigin = originOf(consoleUrl) ?? '';
  if (!consoleOrigin) throw new Error(`the console URL is not valid: ${consoleUrl}`);
  applyWebPolicy(originOf(c.settings.serverUrl) ?? consoleOrigin, c.url ? originOf(c.url) : null);

  const updates = setUpUpdates(c);
  const phoneWins = phoneWindows({ client: c, consoleUrl, webPreferences: () => consoleWebPreferences(c) });
  ({ emit: emitToConsole } = registerIpc({
    client: c,
    isPhoneWindow: phoneWins.isPhoneWindow,
    updates,
    consoleOrigin,
    getWindow: () => mainWindow,
    showMainWindow,
    answerClose: (action) => {
      closeAsked = false;
      const d = answerDecision(action, tray !== null);
      if (d === 'hide') mainWindow?.hide();
      else if (d === 'quit') app.quit();
    },
    onCloseListener: () => {
      consoleCanAsk = true;
    },
  }));
  tray = createTray();
  setApplicationMenu();
  mainWindow = createWindow(c, consoleUrl, updates);
  app.on('activate', showMainWindow);

  if (updates && app.isPackaged) {
    const check = () => void updates.check({ silent: true });
    setTimeout(check, FIRST_UPDATE_CHECK_MS);
    setInterval(check, UPDATE_CHECK_EVERY_MS).unref();
  } else if (updates && process.env.FACET_UPDATE_CHECK === '1') {
    // Unpackaged runs (e2e) check only when asked to.
    void updates.check();
  }
}
