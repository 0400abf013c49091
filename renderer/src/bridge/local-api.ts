import {
  activeProfileSchema,
  type BridgeEventName,
  type BridgeEventPayload,
  type ClientBridge,
  type ClientConfigs,
  clientConfigsSchema,
  extraLogListSchema,
  fingerprintCheckSchema,
  localApiEnvelopeSchema,
  mcpCallListSchema,
  mcpInfoSchema,
  type OpenResult,
  openedPhoneSchema,
  phoneClipboardSchema,
  phoneControlGroupSchema,
  phonePushResultSchema,
  phoneSavedImagesSchema,
  startedProfileSchema,
  windowPlacementSchema,
} from '@facet/shared';
import { z } from 'zod';
import { createEmitter } from './emitter';

/** Opening runs this many profiles at a time, like the client's own batch open. */
export const LOCAL_OPEN_CONCURRENCY = 4;
/** `profile-state` cannot come over HTTP: the active list is polled this often instead. */
export const ACTIVE_POLL_MS = 2000;

/** How long a frame request may wait: the client holds it up to a second for a newer frame. */
const FRAME_TIMEOUT_MS = 15_000;

/** A refusal of the local API, with the client's own words (`msg`) and the HTTP status. */
export class LocalApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'LocalApiError';
  }
}

export interface LocalApiOptions {
  /** e.g. http://127.0.0.1:7701 */
  baseUrl: string;
  apiKey?: string | null;
  fetch?: typeof fetch;
  clientVersion?: string;
  pollMs?: number;
  /** Whether the page is on screen (polling pauses while it is hidden). */
  visible?: () => boolean;
  /** A poll found nobody at the address: the client was stopped. */
  onUnreachable?: (message: string) => void;
}

const anyData = z.unknown();

/** One call of the local API: the envelope is parsed, and a refusal becomes a LocalApiError. */
export function localApiCaller(o: Pick<LocalApiOptions, 'baseUrl' | 'apiKey' | 'fetch'>) {
  const doFetch = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  return async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined || method === 'POST') headers['content-type'] = 'application/json';
    if (o.apiKey) headers['x-api-key'] = o.apiKey;
    let res: Response;
    try {
      res = await doFetch(`${o.baseUrl}${path}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch (e) {
      throw new LocalApiError(e instanceof Error && e.message ? e.message : 'unreachable', 0);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new LocalApiError(`HTTP ${res.status}`, res.status);
    }
    const env = localApiEnvelopeSchema(anyData).safeParse(json);
    if (!env.success) throw new LocalApiError(`HTTP ${res.status}`, res.status);
    if (!res.ok || !env.data.success) throw new LocalApiError(env.data.msg || `HTTP ${res.status}`, res.status);
    const data = schema.safeParse(env.data.data);
    if (!data.success) throw new LocalApiError(`unexpected answer from ${path}`, res.status);
    return data.data;
  };
}

/**
 * phone/frame: the answer is the PNG itself with its number in `x-frame-seq`; a refusal is the
 * usual envelope.
 */
export function localApiFrameCaller(o: Pick<LocalApiOptions, 'baseUrl' | 'apiKey' | 'fetch'>) {
  const doFetch = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  return async (body: {
    id: number;
    after?: number | undefined;
  }): Promise<{ seq: number; png: Uint8Array<ArrayBuffer> }> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.apiKey) headers['x-api-key'] = o.apiKey;
    let res: Response;
    try {
      res = await doFetch(`${o.baseUrl}/phone/frame`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(FRAME_TIMEOUT_MS),
      });
    } catch (e) {
      throw new LocalApiError(e instanceof Error && e.message ? e.message : 'unreachable', 0);
    }
    const type = res.headers.get('content-type') ?? '';
    if (res.ok && type.startsWith('image/png')) {
      const seq = Number(res.headers.get('x-frame-seq'));
      if (!Number.isInteger(seq) || seq < 0) throw new LocalApiError('unexpected answer from /phone/frame', res.status);
      return { seq, png: new Uint8Array(await res.arrayBuffer()) };
    }
    let msg = `HTTP ${res.status}`;
    try {
      const env = localApiEnvelopeSchema(anyData).safeParse(await res.json());
      if (env.success && env.data.msg) msg = env.data.msg;
    } catch {
      // Not JSON either: the status says it.
    }
    throw new LocalApiError(msg, res.status);
  };
}

/** Runs `work` over `items`, at most `limit` at a time, in order of start. */
export async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The client bridge over the client's local API, for the console in a plain web browser.
 * Update and window methods belong to the desktop app; they refuse here.
 */
export function createLocalApiBridge(o: LocalApiOptions): ClientBridge {
  const call = localApiCaller(o);
  const emitter = createEmitter();
  const configs = () => call('POST', '/configs/all', clientConfigsSchema);
  const save = (body: { performance?: unknown; systemProxy?: unknown }) =>
    call('POST', '/configs/save', clientConfigsSchema, body);
  const desktopOnly = async (): Promise<never> => {
    throw new LocalApiError('only the desktop app can do this', 0);
  };

  // `profile-state` from polling: a profile appearing in or leaving the active list.
  let known: Set<number> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const visible = o.visible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const noteActive = (ids: number[]) => {
    const now = new Set(ids);
    if (known) {
      for (const id of now) if (!known.has(id)) emitter.emit('profile-state', { id, open: true });
      for (const id of known) if (!now.has(id)) emitter.emit('profile-state', { id, open: false });
    }
    known = now;
  };
  const poll = async () => {
    if (!visible()) return;
    try {
      noteActive((await bridge.activeProfiles()).map((p) => p.id));
    } catch (e) {
      // The client went away: the console stops offering it until it is found again.
      if (e instanceof LocalApiError && e.status === 0) o.onUnreachable?.(e.message);
    }
  };
  const watch = (listening: boolean) => {
    if (listening && !timer) {
      known = null;
      void poll();
      timer = setInterval(() => void poll(), o.pollMs ?? ACTIVE_POLL_MS);
    } else if (!listening && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const setKnown = (id: number, open: boolean) => {
    if (!known || known.has(id) === open) return;
    if (open) known.add(id);
    else known.delete(id);
    emitter.emit('profile-state', { id, open });
  };

  // `phone-opened` and `phone-closed` from polling phone/opened/ids, like the profiles above.
  let knownPhones: Set<number> | null = null;
  let phoneTimer: ReturnType<typeof setInterval> | undefined;
  const notePhones = (ids: number[]) => {
    const now = new Set(ids);
    if (knownPhones) {
      for (const id of now) if (!knownPhones.has(id)) emitter.emit('phone-opened', { id });
      for (const id of knownPhones) if (!now.has(id)) emitter.emit('phone-closed', { id });
    }
    knownPhones = now;
  };
  const pollPhones = async () => {
    if (!visible()) return;
    try {
      notePhones(await call('POST', '/phone/opened/ids', z.array(z.number().int())));
    } catch (e) {
      if (e instanceof LocalApiError && e.status === 0) o.onUnreachable?.(e.message);
    }
  };
  const phoneEvents = new Set<BridgeEventName>(['phone-opened', 'phone-closed']);
  const watchPhones = (listening: boolean) => {
    if (listening && !phoneTimer) {
      knownPhones = null;
      void pollPhones();
      phoneTimer = setInterval(() => void pollPhones(), o.pollMs ?? ACTIVE_POLL_MS);
    } else if (!listening && phoneTimer) {
      clearInterval(phoneTimer);
      phoneTimer = undefined;
    }
  };
  // `rpa-task-error` from polling rpa/errors: the first answer is where this page starts (errors
  // from before it opened are not shown again), later ones are each emitted once.
  let rpaSeen: number | null = null;
  let rpaTimer: ReturnType<typeof setInterval> | undefined;
  const rpaErrors = z.object({
    last: z.number().int(),
    list: z.array(z.object({ seq: z.number().int(), message: z.string() })),
  });
  const pollRpaErrors = async () => {
    if (!visible()) return;
    try {
      const r = await call('GET', `/api/v1/rpa/errors?after=${rpaSeen ?? 0}`, rpaErrors);
      const after = rpaSeen;
      if (after !== null)
        for (const e of r.list) if (e.seq > after) emitter.emit('rpa-task-error', { message: e.message });
      rpaSeen = Math.max(after ?? 0, r.last);
    } catch {
      // An older client without RPA, or one that is away: the profile poll says so.
    }
  };
  const watchRpaErrors = (listening: boolean) => {
    if (listening && !rpaTimer) {
      rpaSeen = null;
      void pollRpaErrors();
      rpaTimer = setInterval(() => void pollRpaErrors(), o.pollMs ?? ACTIVE_POLL_MS);
    } else if (!listening && rpaTimer) {
      clearInterval(rpaTimer);
      rpaTimer = undefined;
    }
  };
  const setPhoneKnown = (id: number, open: boolean) => {
    if (!knownPhones || knownPhones.has(id) === open) return;
    if (open) knownPhones.add(id);
    else knownPhones.delete(id);
    emitter.emit(open ? 'phone-opened' : 'phone-closed', { id });
  };
  const frame = localApiFrameCaller(o);

  const bridge: ClientBridge = {
    kind: 'local-api',
    platform: typeof navigator !== 'undefined' ? navigator.platform : '',
    clientVersion: o.clientVersion ?? '',
    downloadUpdate: desktopOnly,
    quitAndInstall: desktopOnly,
    newPairingCode: desktopOnly,
    // The key this browser was given when it paired; the client never sends it again.
    getLocalApiKey: async () => ({ apiKey: o.apiKey ?? '' }),
    extraLogList: (q) => call('POST', '/extralog/list', extraLogListSchema, q),
    extraLogDelete: (b) => call('POST', '/extralog/delete', z.object({ count: z.number() }), b),
    mcpInfo: () => call('POST', '/mcp/info', mcpInfoSchema),
    rotateMcpKey: () => call('POST', '/mcp/key/rotate', mcpInfoSchema),
    mcpCalls: (q) => call('POST', '/mcp/calls', mcpCallListSchema, q),
    closeAllBrowsers: async () => {
      const r = await call('POST', '/api/v1/profiles/stop-all', z.object({ count: z.number() }));
      if (known) for (const id of [...known]) setKnown(id, false);
      return r;
    },
    openByDefaultBrowser: async (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    getPerformanceConfig: async () => (await configs()).performance,
    savePerformanceConfig: async (patch) => (await save({ performance: patch })).performance,
    getGlobalConfigs: (): Promise<ClientConfigs> => configs(),
    saveSysProxyConfig: async (c) => (await save({ systemProxy: c })).systemProxy,
    openProfiles: async ({ ids: asked, headless }) => {
      const ids = asked.map(Number);
      const results: OpenResult[] = [];
      let done = 0;
      await runPool(ids, LOCAL_OPEN_CONCURRENCY, async (id) => {
        let r: OpenResult;
        try {
          await call('POST', '/api/v1/profiles/start', startedProfileSchema, {
            id,
            ...(headless === undefined ? {} : { headless }),
          });
          r = { id, ok: true };
          setKnown(id, true);
        } catch (e) {
          r = { id, ok: false, error: e instanceof Error ? e.message : String(e) };
        }
        results.push(r);
        done += 1;
        emitter.emit('open-progress', { ...r, done, total: ids.length });
      });
      // In the order asked, like the client's start-many.
      return ids.map((id) => results.find((r) => r.id === id) as OpenResult);
    },
    closeProfile: async ({ id: asked }) => {
      const id = Number(asked);
      const r = await call('POST', '/api/v1/profiles/stop', z.boolean(), { id });
      setKnown(id, false);
      return r;
    },
    activeProfiles: () => call('GET', '/api/v1/profiles/active', z.array(activeProfileSchema)),
    checkFingerprint: ({ id }) =>
      call('POST', '/api/v1/profiles/check-fingerprint', fingerprintCheckSchema, { id: Number(id) }),
    arrangeWindows: (a) => call('POST', '/bounds/flexable', z.array(windowPlacementSchema), a),
    resetWindowBounds: (b) => call('POST', '/bounds/reset', z.object({ count: z.number() }), b),
    pairSession: async (body) => {
      await call('POST', '/api/v1/session', anyData, body);
    },
    openPhone: async ({ id }) => {
      const r = await call('POST', '/phone/open', openedPhoneSchema, { id: Number(id) });
      setPhoneKnown(r.id, true);
      return r;
    },
    closePhone: async ({ id }) => {
      const r = await call('POST', '/phone/close', z.boolean(), { id: Number(id) });
      setPhoneKnown(Number(id), false);
      return r;
    },
    closeAllPhones: async () => {
      const r = await call('POST', '/phone/close/all', z.object({ count: z.number() }));
      if (knownPhones) for (const id of [...knownPhones]) setPhoneKnown(id, false);
      return r;
    },
    openedPhones: () => call('POST', '/phone/opened/configs', z.array(openedPhoneSchema)),
    reconnectPhone: ({ id }) => call('POST', '/phone/reconnect', openedPhoneSchema, { id: Number(id) }),
    phoneFrame: ({ id, after }) => frame({ id: Number(id), ...(after === undefined ? {} : { after }) }),
    phoneVideoSource: async () => {
      const headers: Record<string, string> = {};
      if (o.apiKey) headers['x-api-key'] = o.apiKey;
      return { url: `${o.baseUrl}/phone/video`, headers };
    },
    phoneClipboard: ({ id }) => call('POST', '/phone/clipboard', phoneClipboardSchema, { id: Number(id) }),
    phoneInput: ({ id, input }) => call('POST', '/phone/input', z.boolean(), { id: Number(id), input }),
    pushPhoneFile: ({ id, name, base64 }) =>
      call('POST', '/phone/push', phonePushResultSchema, { id: Number(id), name, base64 }),
    savePhoneImages: ({ ids }) => call('POST', '/phone/saveimgs', phoneSavedImagesSchema, { ids: ids.map(Number) }),
    setPhoneBounds: ({ id, bounds }) => call('POST', '/phone/bounds', openedPhoneSchema, { id: Number(id), bounds }),
    phoneGroup: () => call('POST', '/phone/qunkong/ids', phoneControlGroupSchema),
    setPhoneGroup: ({ main, followers }) =>
      call('POST', '/phone/qunkong/set', phoneControlGroupSchema, {
        main: Number(main),
        followers: followers.map(Number),
      }),
    closePhoneGroup: ({ ids } = {}) =>
      call('POST', '/phone/qunkong/close', phoneControlGroupSchema, ids ? { ids: ids.map(Number) } : {}),
    // A web page has no window of the client to show, nor to close.
    showMainWindow: async () => {},
    answerClose: async () => {},
    on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEventPayload<E>) => void) {
      const off = emitter.on(event, listener);
      if (event === 'profile-state') watch(true);
      if (phoneEvents.has(event)) watchPhones(true);
      if (event === 'rpa-task-error') watchRpaErrors(true);
      return () => {
        off();
        if (event === 'profile-state' && emitter.count('profile-state') === 0) watch(false);
        if (phoneEvents.has(event) && emitter.count('phone-opened') + emitter.count('phone-closed') === 0)
          watchPhones(false);
        if (event === 'rpa-task-error' && emitter.count('rpa-task-error') === 0) watchRpaErrors(false);
      };
    },
  };
  return bridge;
}
