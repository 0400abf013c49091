import { MCP_PATH } from '@facet/shared';
import type { FacetClient } from '../client.js';
import { clientConfigsOf, systemProxyView } from '../config-store.js';
import { arrangeWithPhones } from '../phones/arrange.js';
import type { UpdateMachine } from '../update/index.js';
import type { BridgeHandlers } from './ipc-dispatch.js';
import { externalUrl } from './web-guards.js';

const mcpInfo = async (c: Pick<FacetClient, 'url' | 'mcp'>) => ({
  url: c.url ? `${c.url}${MCP_PATH}` : '',
  key: await c.mcp.key.get(),
});

/** How many profiles a batch open from the console launches at once (the local API's default). */
export const BRIDGE_OPEN_CONCURRENCY = 4;

export interface BridgeDeps {
  client: Pick<
    FacetClient,
    | 'sessions'
    | 'phones'
    | 'phoneScale'
    | 'config'
    | 'url'
    | 'clientVersion'
    | 'pairing'
    | 'setSession'
    | 'engineVersion'
    | 'extraLog'
    | 'mcp'
  >;
  /** Null until the update flow is set up (or when it cannot be). */
  updates: Pick<UpdateMachine, 'download' | 'install' | 'state' | 'lastRefusal'> | null;
  /**
   * Asks the user, natively, whether to install this version now; the console cannot answer for
   * them (install-confirm.ts). True: install.
   */
  confirmInstall(version: string): Promise<boolean>;
  /** Electron's shell.openExternal. */
  openExternal(url: string): Promise<void>;
  showMainWindow(): void;
  /** The user's answer to the close question (close-requested). */
  answerClose(action: 'tray' | 'quit' | 'stay'): void;
  /** Events to the console (open-progress of a batch open). */
  emit: (event: 'open-progress', payload: Parameters<NonNullable<OpenProgressListener>>[0]) => void;
}
type OpenProgressListener = Parameters<FacetClient['sessions']['openMany']>[2];

/**
 * What each bridge method does in the desktop app: the client services the local API also
 * serves, plus the update flow and the shell. Inputs arrive parsed (ipc-dispatch).
 */
export function createBridgeHandlers(d: BridgeDeps): BridgeHandlers {
  const { sessions, phones, config } = d.client;
  const updates = () => {
    if (!d.updates) throw new Error('updates are not available in this client');
    return d.updates;
  };
  return {
    async downloadUpdate() {
      const u = updates();
      // Failures reach the console as update-error events; a refusal (nothing to download) is answered here.
      if (!(await u.download()) && u.state.name !== 'error')
        throw new Error(u.lastRefusal ?? 'the update was not downloaded');
    },
    async quitAndInstall() {
      const u = updates();
      const version = u.state.name === 'downloaded' ? u.state.info?.version : undefined;
      if (version && !(await d.confirmInstall(version)))
        throw new Error('install-declined: the user chose to install later');
      if (!(await u.install()) && u.state.name !== 'downloaded')
        throw new Error(u.lastRefusal ?? 'the update cannot be installed');
    },
    closeAllBrowsers: async () => ({ count: await sessions.closeAll() }),
    async openByDefaultBrowser(url) {
      await d.openExternal(externalUrl(url));
    },
    getPerformanceConfig: () => config.get().performance,
    savePerformanceConfig: (patch) => config.savePerformance(patch),
    getGlobalConfigs: () =>
      clientConfigsOf(config.get(), {
        localApiUrl: d.client.url,
        clientVersion: d.client.clientVersion,
        engineVersion: d.client.engineVersion(),
      }),
    async saveSysProxyConfig(proxy) {
      try {
        return systemProxyView(await config.saveSystemProxy(proxy));
      } catch (e) {
        throw new Error(`the system proxy cannot be used: ${(e as Error).message}`);
      }
    },
    async openProfiles(b) {
      const results = await sessions.openMany(b.ids, {
        concurrency: BRIDGE_OPEN_CONCURRENCY,
        ...(b.headless === undefined ? {} : { headless: b.headless }),
        onProgress: (p) => d.emit('open-progress', p),
      });
      return results.map(({ id, ok, error }) => ({ id, ok, ...(error ? { error } : {}) }));
    },
    closeProfile: ({ id }) => sessions.close(id),
    activeProfiles: () => sessions.active(),
    checkFingerprint: ({ id }) => sessions.checker.check(id),
    arrangeWindows: (a) => arrangeWithPhones(sessions, phones, a, d.client.phoneScale),
    resetWindowBounds: async ({ ids }) => ({ count: await sessions.resetWindowBounds(ids) }),
    async pairSession(s) {
      if (s.apiKey) await config.saveApiKey(s.apiKey);
      await d.client.setSession(s);
    },
    newPairingCode: async () => ({ code: d.client.pairing.issue('asked') }),
    getLocalApiKey: async () => ({ apiKey: config.get().apiKey }),
    showMainWindow: () => d.showMainWindow(),
    openPhone: ({ id }) => phones.open(id),
    closePhone: ({ id }) => phones.close(id),
    closeAllPhones: async () => ({ count: await phones.closeAll() }),
    openedPhones: () => phones.opened(),
    reconnectPhone: ({ id }) => phones.reconnect(id),
    phoneFrame: async ({ id, after }) => {
      const f = await phones.frame(id, after);
      return { seq: f.seq, png: new Uint8Array(f.png) };
    },
    // The window streams the video from the local API like a browser tab does (docs/phones.md, Screen modes).
    phoneVideoSource: async () =>
      d.client.url ? { url: `${d.client.url}/phone/video`, headers: { 'x-api-key': config.get().apiKey } } : null,
    phoneClipboard: async ({ id }) => phones.clipboard(id),
    phoneInput: ({ id, input }) => phones.input(id, input),
    pushPhoneFile: ({ id, name, base64 }) => phones.push(id, name, Buffer.from(base64, 'base64')),
    savePhoneImages: ({ ids }) => phones.saveImages(ids),
    setPhoneBounds: ({ id, bounds }) => phones.setBounds(id, bounds),
    phoneGroup: () => phones.group(),
    setPhoneGroup: ({ main, followers }) => phones.setGroup(main, followers),
    closePhoneGroup: ({ ids }) => phones.closeGroup(ids),
    answerClose: ({ action }) => d.answerClose(action),
    extraLogList: (q) => d.client.extraLog.list(q),
    extraLogDelete: async ({ ids }) => ({ count: await d.client.extraLog.delete(ids) }),
    mcpInfo: async () => mcpInfo(d.client),
    rotateMcpKey: async () => {
      await d.client.mcp.key.rotate();
      return mcpInfo(d.client);
    },
    mcpCalls: (q) => d.client.mcp.log.list(q),
  };
}
