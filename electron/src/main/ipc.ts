import type { BridgeEventName, BridgeEventPayload } from '@facet/shared';
import { app, type BrowserWindow, dialog, ipcMain, shell } from 'electron';
import { createBridgeHandlers } from '../services/app-shell/bridge-handlers.js';
import { installConfirmTexts } from '../services/app-shell/install-confirm.js';
import {
  BRIDGE_SUBSCRIBED_CHANNEL,
  createEventEmitter,
  registerBridgeHandlers,
  subscribedEvent,
} from '../services/app-shell/ipc-dispatch.js';
import type { FacetClient } from '../services/client.js';
import type { UpdateMachine } from '../services/update/index.js';

export type EmitToConsole = <E extends BridgeEventName>(event: E, payload: BridgeEventPayload<E>) => void;

/** Events go to the main window only, and only while it lives. */
export function consoleEmitter(getWindow: () => BrowserWindow | null): EmitToConsole {
  return createEventEmitter((channel, payload) => {
    const w = getWindow();
    if (w && !w.isDestroyed() && !w.webContents.isDestroyed()) w.webContents.send(channel, payload);
  });
}

/**
 * The client bridge in the main process: one ipcMain handler per channel of the shared table
 * (each checks its sender and parses its payload), and the client's events forwarded to the console.
 */
export function registerIpc(o: {
  client: FacetClient;
  updates: UpdateMachine | null;
  consoleOrigin: string;
  getWindow: () => BrowserWindow | null;
  showMainWindow: () => void;
  answerClose: (action: 'tray' | 'quit' | 'stay') => void;
  /** The console listens for close-requested: it can ask the close question. */
  onCloseListener: () => void;
  /** A phone's window (its console page uses the bridge too). */
  isPhoneWindow: (sender: unknown) => boolean;
}): { emit: EmitToConsole; channels: string[] } {
  const emit = consoleEmitter(o.getWindow);
  const handlers = createBridgeHandlers({
    client: o.client,
    updates: o.updates,
    confirmInstall: async (version) => {
      const t = installConfirmTexts(app.getLocale(), version);
      const w = o.getWindow();
      const options = {
        type: 'question' as const,
        title: t.title,
        message: t.message,
        buttons: [t.install, t.later],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      };
      const { response } =
        w && !w.isDestroyed() ? await dialog.showMessageBox(w, options) : await dialog.showMessageBox(options);
      return response === 0;
    },
    openExternal: (url) => shell.openExternal(url),
    showMainWindow: o.showMainWindow,
    answerClose: o.answerClose,
    emit: (event, payload) => emit(event, payload),
  });
  const trust = {
    consoleOrigin: o.consoleOrigin,
    isTrustedSender: (sender: unknown) => {
      const w = o.getWindow();
      return (!!w && !w.isDestroyed() && sender === w.webContents) || o.isPhoneWindow(sender);
    },
  };
  const channels = registerBridgeHandlers(
    { handle: (channel, listener) => ipcMain.handle(channel, (event, payload) => listener(event, payload)) },
    handlers,
    trust,
  );
  ipcMain.on(BRIDGE_SUBSCRIBED_CHANNEL, (event, payload) => {
    const subscribed = subscribedEvent(event, payload, trust);
    if (subscribed === 'update-available') o.updates?.announce();
    if (subscribed === 'close-requested') o.onCloseListener();
  });
  o.client.sessions.on('state', (s: { id: number; open: boolean }) => emit('profile-state', s));
  o.client.phones.on('phone-opened', (p: { id: number }) => emit('phone-opened', p));
  o.client.phones.on('phone-closed', (p: { id: number }) => emit('phone-closed', p));
  o.client.rpa.on('task-error', (e: { message: string }) => emit('rpa-task-error', { message: e.message }));
  // The server refused the client's session: the console signs in again (docs/client.md, redirectToAuth).
  o.client.server.on('session-refused', () => emit('redirectToAuth', { url: '/login' }));
  if (o.updates)
    for (const name of ['update-available', 'download-progress', 'update-downloaded', 'update-error'] as const)
      o.updates.on(name, (payload) => emit(name, payload as never));
  return { emit, channels };
}
