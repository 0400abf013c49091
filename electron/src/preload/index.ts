import { contextBridge, ipcRenderer } from 'electron';
import { readClientVersion, readStyleNonce } from '../services/app-shell/args.js';
import { createClientBridge } from '../services/app-shell/bridge-client.js';

/**
 * The sandboxed preload: exposes `window.facet`, the typed client bridge built from the shared
 * channel table. The console gets functions only — never ipcRenderer or an IPC event object.
 */
contextBridge.exposeInMainWorld(
  'facet',
  createClientBridge(ipcRenderer, {
    platform: process.platform,
    clientVersion: readClientVersion(process.argv),
    styleNonce: readStyleNonce(process.argv),
  }),
);
