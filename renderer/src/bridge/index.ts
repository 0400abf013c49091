import { type ClientBridge, clientConfigsSchema } from '@facet/shared';
import { z } from 'zod';
import { create } from 'zustand';
import { getSid, getToken } from '../api/token-storage';
import { createLocalApiBridge, LocalApiError, localApiCaller } from './local-api';

/**
 * The client bridge as the console sees it (docs/client.md, The console and the client: the
 * bridge), from one of three providers:
 * - Electron: `window.facet`, exposed by the desktop app's preload;
 * - local API: in a plain web browser, the client's HTTP API on 127.0.0.1 (paired in settings);
 * - none: no client; desktop-only actions say how to get one.
 */
export type { ClientBridge, UpdateInfo } from '@facet/shared';
export { LocalApiError } from './local-api';

declare global {
  interface Window {
    facet?: ClientBridge;
  }
}

export const DEFAULT_CLIENT_PORT = 7701;
export const CLIENT_PORT_KEY = 'localClientPort';
export const CLIENT_KEY_KEY = 'localClientApiKey';

export type LocalClientState = 'electron' | 'checking' | 'connected' | 'unreachable' | 'needs-key';
export interface LocalClientStatus {
  state: LocalClientState;
  /** The port tried last (browser mode). */
  port: number | null;
  /** The local API address when connected. */
  url: string | null;
  /** The client's (or the network's) words about the last failure. */
  error: string | null;
}

interface BridgeState {
  bridge: ClientBridge | null;
  status: LocalClientStatus;
}

const initialStatus = (): LocalClientStatus =>
  typeof window !== 'undefined' && window.facet
    ? { state: 'electron', port: null, url: null, error: null }
    : { state: 'checking', port: storedPort(), url: null, error: null };

export const useBridgeStore = create<BridgeState>(() => ({
  bridge: typeof window !== 'undefined' && window.facet ? window.facet : null,
  status: initialStatus(),
}));

let testBridge: ClientBridge | null | undefined;

/** The bridge in use now, else null (no client). */
export function getBridge(): ClientBridge | null {
  if (testBridge !== undefined) return testBridge;
  if (typeof window !== 'undefined' && window.facet) return window.facet;
  return useBridgeStore.getState().bridge;
}

/** The bridge, re-rendering when a client connects or goes away. */
export function useBridge(): ClientBridge | null {
  const bridge = useBridgeStore((s) => s.bridge);
  if (testBridge !== undefined) return testBridge;
  if (typeof window !== 'undefined' && window.facet) return window.facet;
  return bridge;
}

/** The desktop app's own bridge (the preload's `window.facet`), not the local API. */
export function isElectronBridge(bridge: ClientBridge | null | undefined): bridge is ClientBridge {
  return !!bridge && (bridge.kind === 'electron' || (typeof window !== 'undefined' && bridge === window.facet));
}

export function useLocalClientStatus(): LocalClientStatus {
  return useBridgeStore((s) => s.status);
}

/** Tests install a double of the bridge here (undefined: back to the real providers). */
export function setBridgeForTests(bridge: ClientBridge | null | undefined): void {
  testBridge = bridge;
  useBridgeStore.setState({ bridge: bridge ?? null });
}

function storedPort(): number {
  const n = Number(typeof localStorage !== 'undefined' ? localStorage.getItem(CLIENT_PORT_KEY) : null);
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : DEFAULT_CLIENT_PORT;
}
function storedKey(): string | null {
  return typeof localStorage !== 'undefined' ? localStorage.getItem(CLIENT_KEY_KEY) || null : null;
}

const localUrl = (port: number) => `http://127.0.0.1:${port}`;
let attempt = 0;

export interface ConnectOptions {
  port?: number;
  apiKey?: string | null;
  fetch?: typeof fetch;
  /** The session was just handed over (pairLocalClient). */
  paired?: boolean;
}

/**
 * Finds the client: Electron's preload, else the local API at the stored port (probed with
 * `POST /configs/all`). A found local client is handed the console's session, so it opens
 * profiles as the signed-in user. Resolves to the status.
 */
export async function connectLocalClient(opts: ConnectOptions = {}): Promise<LocalClientStatus> {
  if (typeof window !== 'undefined' && window.facet) {
    const status: LocalClientStatus = { state: 'electron', port: null, url: null, error: null };
    useBridgeStore.setState({ bridge: window.facet, status });
    // The desktop app's main process opens profiles as the signed-in user, so it needs the session too.
    const token = getToken();
    if (token && !opts.paired) {
      const sid = getSid();
      try {
        await window.facet.pairSession({ token, ...(sid ? { sid } : {}) });
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        const failed: LocalClientStatus = { ...status, error };
        useBridgeStore.setState({ bridge: window.facet, status: failed });
        return failed;
      }
    }
    return status;
  }
  const port = opts.port ?? storedPort();
  const apiKey = opts.apiKey === undefined ? storedKey() : opts.apiKey;
  const baseUrl = localUrl(port);
  const mine = ++attempt;
  const set = (state: BridgeState) => {
    // A later attempt (another port, a new key) wins over one still under way.
    if (mine === attempt) useBridgeStore.setState(state);
    return state.status;
  };
  const call = localApiCaller({ baseUrl, apiKey, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  try {
    const token = getToken();
    const configs = await call('POST', '/configs/all', clientConfigsSchema);
    const bridge: ClientBridge = createLocalApiBridge({
      baseUrl,
      apiKey,
      clientVersion: configs.clientVersion,
      onUnreachable: (error) => {
        if (useBridgeStore.getState().bridge !== bridge) return;
        useBridgeStore.setState({ bridge: null, status: { state: 'unreachable', port, url: null, error } });
      },
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    if (token && !opts.paired) {
      const sid = getSid();
      await bridge.pairSession({ token, ...(sid ? { sid } : {}), ...(apiKey ? { apiKey } : {}) });
    }
    return set({ bridge, status: { state: 'connected', port, url: configs.localApiUrl || baseUrl, error: null } });
  } catch (e) {
    const status = e instanceof LocalApiError ? e.status : 0;
    const error = e instanceof Error ? e.message : String(e);
    return set({
      bridge: null,
      status: { state: status === 401 ? 'needs-key' : 'unreachable', port, url: null, error },
    });
  }
}

/**
 * Pairs the console with a client on this machine: keeps port and key (in this browser only),
 * hands the client the console's session (and the key, which the client keeps), and connects.
 * Throws with the client's message when it cannot.
 */
export async function pairLocalClient(p: { port: number; apiKey?: string; fetch?: typeof fetch }): Promise<void> {
  const apiKey = p.apiKey?.trim() || null;
  const token = getToken();
  const baseUrl = localUrl(p.port);
  const call = localApiCaller({ baseUrl, apiKey, ...(p.fetch ? { fetch: p.fetch } : {}) });
  // Pairing first: a client that has no key yet takes it from this request.
  if (token) {
    const sid = getSid();
    try {
      await call('POST', '/api/v1/session', z.unknown(), {
        token,
        ...(sid ? { sid } : {}),
        ...(apiKey ? { apiKey } : {}),
      });
    } catch (e) {
      useBridgeStore.setState({
        bridge: null,
        status: {
          state: e instanceof LocalApiError && e.status === 401 ? 'needs-key' : 'unreachable',
          port: p.port,
          url: null,
          error: e instanceof Error ? e.message : String(e),
        },
      });
      throw e;
    }
  }
  localStorage.setItem(CLIENT_PORT_KEY, String(p.port));
  if (apiKey) localStorage.setItem(CLIENT_KEY_KEY, apiKey);
  else localStorage.removeItem(CLIENT_KEY_KEY);
  const status = await connectLocalClient({
    port: p.port,
    apiKey,
    paired: !!token,
    ...(p.fetch ? { fetch: p.fetch } : {}),
  });
  if (status.state !== 'connected') throw new LocalApiError(status.error ?? status.state, 0);
}
