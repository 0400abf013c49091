import {
  type ClientBridge,
  clientConfigsSchema,
  normalizePairingCode,
  pairChallengeResultSchema,
  pairingProof,
  pairResultSchema,
} from '@facet/shared';
import { z } from 'zod';
import { create } from 'zustand';
import { api } from '../api/calls';
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

/**
 * `needs-pairing`: something answers on the port, but it has not proven to be this user's client
 * (or the key kept here no longer opens it): the console sends it nothing until paired with a code.
 */
export type LocalClientState = 'electron' | 'checking' | 'connected' | 'unreachable' | 'needs-pairing';
export interface LocalClientStatus {
  state: LocalClientState;
  /** The port tried last (browser mode). */
  port: number | null;
  /** The local API address when connected. */
  url: string | null;
  /** The client's (or the network's) words about the last failure, or a reason code (`PAIRING_REFUSALS`). */
  error: string | null;
}

/**
 * Why the console would not pair or connect, as codes the screens translate
 * (`clientSettings.localApi.refusal.<code>`).
 */
export const PAIRING_REFUSALS = {
  /** The program on the port did not prove it holds the code the user typed: nothing was sent to it. */
  notTheClient: 'not-the-client',
  /** The code is not 16 characters of the code's alphabet. */
  badCode: 'bad-code',
  /** The client says the code is wrong (or spent). */
  wrongCode: 'wrong-code',
  /** The client shows no code (the desktop app makes one when asked). */
  noCode: 'no-code',
  /** The program on the port is not a client this user paired: nothing was sent to it. */
  unverified: 'unverified',
  /** Pairing hands over the console's session: the user must be signed in. */
  signedOut: 'signed-out',
} as const;

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

// Function declarations: the store's initial status reads the kept port while this module loads.
function validPort(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n < 65536;
}
/** The port this browser was told (paired with, or set), else null. */
function keptPort(): number | null {
  const kept = typeof localStorage !== 'undefined' ? localStorage.getItem(CLIENT_PORT_KEY) : null;
  return kept && validPort(Number(kept)) ? Number(kept) : null;
}
function storedPort(): number {
  return keptPort() ?? DEFAULT_CLIENT_PORT;
}
function storedKey(): string | null {
  return typeof localStorage !== 'undefined' ? localStorage.getItem(CLIENT_KEY_KEY) || null : null;
}

const localUrl = (port: number) => `http://127.0.0.1:${port}`;
let attempt = 0;

/** A fresh nonce for a proof: 144 random bits, base64url. */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

const identityProofSchema = z.object({ publicKey: z.string(), port: z.number().int(), signature: z.string() });

/** The port of the client started beside the server (`npm start`), as the server says; null when none. */
type AnnouncedPort = () => Promise<number | null>;
let announced: Promise<number | null> | null = null;
const askServer: AnnouncedPort = () => {
  announced ??= api.clientLocalApi().then(
    ({ url }) => {
      const port = url ? Number(new URL(url).port) : Number.NaN;
      return validPort(port) ? port : null;
    },
    () => {
      // Asked again next time: the server may not have answered this once.
      announced = null;
      return null;
    },
  );
  return announced;
};

/** Asks the server whether a proof is by a client this user paired (tests put their own here). */
type VerifyIdentity = (b: { publicKey: string; nonce: string; port: number; signature: string }) => Promise<boolean>;
const verifyWithServer: VerifyIdentity = async (b) => (await api.clientIdentityVerify(b)).valid;

export interface ConnectOptions {
  port?: number;
  apiKey?: string | null;
  fetch?: typeof fetch;
  /** The session was just handed over (pairLocalClient). */
  paired?: boolean;
  verifyIdentity?: VerifyIdentity;
  /** Where the server says its own client listens (tests put their own here). */
  announcedPort?: AnnouncedPort;
  /** The user asked to look (Check again): with no port known, the default one is tried too. */
  tryDefault?: boolean;
}

/**
 * Finds the client (docs/client.md, Finding the client): Electron's preload, else the local API at
 * the port this browser keeps (it paired there), else at the port of the client the server started
 * beside itself; with neither, nothing is asked (no refused connections to a port nobody named)
 * unless the user asked to look (`tryDefault`). A kept port where nobody answers falls back to the
 * server's. In a browser the program on that port must first prove it is a client this user paired:
 * it signs a fresh nonce and the port, and the server checks the signature against the user's
 * paired clients. Only then does the console send it the key kept here and its session. A
 * program that cannot prove it gets nothing (`needs-pairing`). Resolves to the status.
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
  const mine = ++attempt;
  if (opts.port !== undefined) return connectAt(opts.port, mine, opts);
  const kept = keptPort();
  const token = getToken();
  // Signed out nothing is asked (connectAt says why); signed in, the server says where its own client is.
  const server = token ? await (opts.announcedPort ?? askServer)() : null;
  const first = kept ?? server ?? (opts.tryDefault || !token ? DEFAULT_CLIENT_PORT : null);
  if (first === null) {
    // Nobody named a port: the console does not knock on one (a refused connection in the console).
    const status: LocalClientStatus = { state: 'unreachable', port: DEFAULT_CLIENT_PORT, url: null, error: null };
    if (mine === attempt) useBridgeStore.setState({ bridge: null, status });
    return status;
  }
  const status = await connectAt(first, mine, opts);
  if (status.state === 'unreachable' && server !== null && server !== first && mine === attempt)
    return connectAt(server, mine, opts);
  return status;
}

async function connectAt(port: number, mine: number, opts: ConnectOptions): Promise<LocalClientStatus> {
  const apiKey = opts.apiKey === undefined ? storedKey() : opts.apiKey;
  const baseUrl = localUrl(port);
  const set = (state: BridgeState) => {
    // A later attempt (another port, a new key) wins over one still under way.
    if (mine === attempt) useBridgeStore.setState(state);
    return state.status;
  };
  const unpaired = (error: string | null) =>
    set({ bridge: null, status: { state: 'needs-pairing', port, url: null, error } });
  const token = getToken();
  // Checking the client's proof needs the user's session (the server knows their clients).
  if (!token) return unpaired(PAIRING_REFUSALS.signedOut);
  const fetchOpt = opts.fetch ? { fetch: opts.fetch } : {};
  // The proof is asked for without the key: whoever answers has not shown who it is yet.
  const ask = localApiCaller({ baseUrl, apiKey: null, ...fetchOpt });
  const call = localApiCaller({ baseUrl, apiKey, ...fetchOpt });
  try {
    const nonce = newNonce();
    const proof = await ask('GET', `/api/v1/identity?nonce=${nonce}`, identityProofSchema);
    const verify = opts.verifyIdentity ?? verifyWithServer;
    if (proof.port !== port || !(await verify({ ...proof, nonce }))) return unpaired(PAIRING_REFUSALS.unverified);
    if (!apiKey) return unpaired(null);
    const configs = await call('POST', '/configs/all', clientConfigsSchema);
    const bridge: ClientBridge = createLocalApiBridge({
      baseUrl,
      apiKey,
      clientVersion: configs.clientVersion,
      onUnreachable: (error) => {
        if (useBridgeStore.getState().bridge !== bridge) return;
        useBridgeStore.setState({ bridge: null, status: { state: 'unreachable', port, url: null, error } });
      },
      ...fetchOpt,
    });
    if (!opts.paired) {
      const sid = getSid();
      await bridge.pairSession({ token, ...(sid ? { sid } : {}) });
    }
    return set({ bridge, status: { state: 'connected', port, url: configs.localApiUrl || baseUrl, error: null } });
  } catch (e) {
    const status = e instanceof LocalApiError ? e.status : 0;
    const error = e instanceof Error ? e.message : String(e);
    if (status === 401) return unpaired(error);
    return set({ bridge: null, status: { state: 'unreachable', port, url: null, error } });
  }
}

/**
 * Pairs the console with the client on this machine by the one-time code it shows
 * (docs/client.md, Pairing). The program on the port must first prove it holds that code, bound
 * to the port: a program squatting there cannot, and is sent neither the code nor the session.
 * Then the code (spent by the client) and the session go over, the client answers with its key,
 * and port and key are kept in this browser. Throws a LocalApiError whose message is a
 * PAIRING_REFUSALS code or the client's words.
 */
export async function pairLocalClient(p: {
  port: number;
  code: string;
  fetch?: typeof fetch;
  verifyIdentity?: VerifyIdentity;
}): Promise<void> {
  const baseUrl = localUrl(p.port);
  const fetchOpt = p.fetch ? { fetch: p.fetch } : {};
  const call = localApiCaller({ baseUrl, apiKey: null, ...fetchOpt });
  const refuse = (error: string, status: LocalClientState = 'needs-pairing', httpStatus = 0): never => {
    useBridgeStore.setState({ bridge: null, status: { state: status, port: p.port, url: null, error } });
    throw new LocalApiError(error, httpStatus);
  };
  const code = normalizePairingCode(p.code);
  if (!code) return refuse(PAIRING_REFUSALS.badCode);
  const token = getToken();
  if (!token) return refuse(PAIRING_REFUSALS.signedOut);
  const answered = <T>(work: Promise<T>) =>
    work.catch((e: unknown): never => {
      if (!(e instanceof LocalApiError)) throw e;
      if (e.status === 401) return refuse(PAIRING_REFUSALS.wrongCode, 'needs-pairing', 401);
      if (e.status === 409) return refuse(PAIRING_REFUSALS.noCode, 'needs-pairing', 409);
      return refuse(e.message, e.status === 0 ? 'unreachable' : 'needs-pairing', e.status);
    });
  const nonce = newNonce();
  const challenge = await answered(call('POST', '/api/v1/pair/challenge', pairChallengeResultSchema, { nonce }));
  if (challenge.port !== p.port || challenge.proof !== pairingProof(code, nonce, p.port))
    return refuse(PAIRING_REFUSALS.notTheClient);
  const sid = getSid();
  const { apiKey } = await answered(
    call('POST', '/api/v1/pair', pairResultSchema, { code, token, ...(sid ? { sid } : {}) }),
  );
  localStorage.setItem(CLIENT_PORT_KEY, String(p.port));
  localStorage.setItem(CLIENT_KEY_KEY, apiKey);
  const status = await connectLocalClient({
    port: p.port,
    apiKey,
    paired: true,
    ...fetchOpt,
    ...(p.verifyIdentity ? { verifyIdentity: p.verifyIdentity } : {}),
  });
  if (status.state !== 'connected') throw new LocalApiError(status.error ?? status.state, 0);
}
