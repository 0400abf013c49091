import { normalizePairingCode, pairingProof } from '@facet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../api/token-storage';
import {
  CLIENT_KEY_KEY,
  CLIENT_PORT_KEY,
  connectLocalClient,
  getBridge,
  LocalApiError,
  PAIRING_REFUSALS,
  pairLocalClient,
  useBridgeStore,
} from './index';
import { createLocalApiBridge } from './local-api';

const CONFIGS = {
  performance: { open: true, cpu: 95, mem: 95, freeCacheSpace: 1, xcf: 'x'.repeat(48) },
  systemProxy: { type: 1, host: null, port: null, username: null, passwordSet: false },
  localApiUrl: 'http://127.0.0.1:7788',
  clientVersion: '7.0.2',
};

type Handler = (body: unknown, headers: Record<string, string>) => { status?: number; data?: unknown; msg?: string };

/** A local API double: routes by "METHOD path", records requests, answers `{success, data, msg}`. */
function fakeClient(routes: Record<string, Handler>) {
  const requests: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({ method, url: u, body, headers });
    const route = routes[`${method} ${new URL(u).pathname}`];
    if (!route) throw new TypeError('Failed to fetch');
    const r = route(body, headers);
    const status = r.status ?? 200;
    return new Response(JSON.stringify({ success: status < 300, data: r.data ?? null, msg: r.msg ?? 'success' }), {
      status,
    });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, requests };
}

beforeEach(() => {
  localStorage.clear();
  useBridgeStore.setState({ bridge: null });
});
afterEach(() => vi.useRealTimers());

describe('local API bridge', () => {
  it('opens four at a time, reports progress as each finishes, and keeps the client’s refusal', async () => {
    let running = 0;
    let most = 0;
    const fc = fakeClient({
      'POST /api/v1/profiles/start': (b) => {
        const id = (b as { id: number }).id;
        if (id === 3) return { status: 409, msg: 'CPU use is 97%, above the 95% limit of the performance settings' };
        return { data: { id, wsEndpoint: `ws://127.0.0.1:1/devtools/browser/t${id}`, pid: 100 + id } };
      },
    });
    const slow = vi.fn(async (...a: Parameters<typeof fetch>) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      return fc.fetch(...a);
    });
    const bridge = createLocalApiBridge({ baseUrl: 'http://127.0.0.1:7788', apiKey: 'k'.repeat(12), fetch: slow });
    const progress: unknown[] = [];
    bridge.on('open-progress', (p) => progress.push(p));
    const results = await bridge.openProfiles({ ids: [1, 2, 3, 4, 5, 6] });
    expect(most).toBe(4);
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true, true]);
    expect(results[2]?.error).toContain('CPU use is 97%');
    expect(progress).toHaveLength(6);
    expect(progress.at(-1)).toMatchObject({ done: 6, total: 6 });
    expect(fc.requests.every((r) => r.headers['x-api-key'] === 'k'.repeat(12))).toBe(true);
  });

  it('maps configs, close, stop-all and active onto the endpoints, parsing the answers', async () => {
    const fc = fakeClient({
      'POST /configs/all': () => ({ data: CONFIGS }),
      'POST /configs/save': (b) => ({
        data: { ...CONFIGS, performance: { ...CONFIGS.performance, ...(b as { performance: object }).performance } },
      }),
      'POST /api/v1/profiles/stop': (b) =>
        (b as { id: number }).id === 9 ? { status: 404, msg: 'profile 9 is not open in this client' } : { data: true },
      'POST /api/v1/profiles/stop-all': () => ({ data: { count: 2 } }),
      'GET /api/v1/profiles/active': () => ({ data: [] }),
    });
    const bridge = createLocalApiBridge({ baseUrl: 'http://127.0.0.1:7788', fetch: fc.fetch });
    expect((await bridge.getPerformanceConfig()).cpu).toBe(95);
    expect((await bridge.savePerformanceConfig({ cpu: 80 })).cpu).toBe(80);
    expect(fc.requests.at(-1)?.body).toEqual({ performance: { cpu: 80 } });
    expect(await bridge.closeProfile({ id: 1 })).toBe(true);
    await expect(bridge.closeProfile({ id: 9 })).rejects.toThrow('profile 9 is not open in this client');
    expect(await bridge.closeAllBrowsers()).toEqual({ count: 2 });
    expect(await bridge.activeProfiles()).toEqual([]);
    await expect(bridge.downloadUpdate()).rejects.toBeInstanceOf(LocalApiError);
  });

  it('arranges windows and resets bounds on the client’s bounds endpoints', async () => {
    const fc = fakeClient({
      'POST /bounds/flexable': (b) => ({
        data: ((b as { ids?: number[] }).ids ?? [1, 2]).map((id, i) => ({
          id,
          left: i * 640,
          top: 0,
          width: 640,
          height: 800,
        })),
      }),
      'POST /bounds/reset': (b) => ({ data: { count: (b as { ids: number[] }).ids.length } }),
    });
    const bridge = createLocalApiBridge({ baseUrl: 'http://127.0.0.1:7788', fetch: fc.fetch });
    const placed = await bridge.arrangeWindows({ x: 0, y: 0, width: 1280, height: 800 });
    expect(placed.map((p) => [p.id, p.left])).toEqual([
      [1, 0],
      [2, 640],
    ]);
    expect(fc.requests[0]?.body).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    expect(await bridge.resetWindowBounds({ ids: [3, 4] })).toEqual({ count: 2 });
    expect(fc.requests[1]?.url).toBe('http://127.0.0.1:7788/bounds/reset');
  });

  it('derives profile-state from polling the active list while someone listens', async () => {
    let active: number[] = [1];
    const fc = fakeClient({
      'GET /api/v1/profiles/active': () => ({
        data: active.map((id) => ({
          id,
          name: `p${id}`,
          wsEndpoint: 'ws://x',
          pid: 1,
          headless: true,
          openedAt: '2026-01-01T00:00:00Z',
        })),
      }),
    });
    const bridge = createLocalApiBridge({ baseUrl: 'http://127.0.0.1:7788', fetch: fc.fetch, pollMs: 20 });
    const seen: unknown[] = [];
    const off = bridge.on('profile-state', (e) => seen.push(e));
    await vi.waitFor(() => expect(fc.requests.length).toBeGreaterThan(0));
    active = [2];
    await vi.waitFor(() =>
      expect(seen).toEqual(
        expect.arrayContaining([
          { id: 2, open: true },
          { id: 1, open: false },
        ]),
      ),
    );
    off();
    const count = fc.requests.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fc.requests.length).toBe(count);
  });

  it('emits rpa-task-error for each task error the client reports after the page started listening', async () => {
    let errors = [{ seq: 1, message: 'from before this page' }];
    const fc = fakeClient({
      'GET /api/v1/rpa/errors': () => ({ data: { last: errors.at(-1)?.seq ?? 0, list: errors } }),
    });
    const bridge = createLocalApiBridge({ baseUrl: 'http://127.0.0.1:7788', fetch: fc.fetch, pollMs: 20 });
    const seen: unknown[] = [];
    const off = bridge.on('rpa-task-error', (e) => seen.push(e));
    await vi.waitFor(() => expect(fc.requests.length).toBeGreaterThan(0));
    errors = [{ seq: 2, message: 'RPA task "Warm up" failed on profile "Shop 1": timed out' }];
    await vi.waitFor(() => expect(seen).toEqual([{ message: errors[0]?.message }]));
    // Asked for what came after the last one seen, so each error is emitted once.
    await vi.waitFor(() => expect(fc.requests.at(-1)?.url).toContain('after=2'));
    expect(seen).toHaveLength(1);
    off();
    const count = fc.requests.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fc.requests.length).toBe(count);
  });
});

/** The identity proof a client gives: the verifier below decides whether the server would accept it. */
const identityRoute = (port: number) => (): { data: unknown } => ({
  data: { publicKey: 'cGs=', port, signature: 'c2ln' },
});
const trusted = vi.fn(async () => true);
const stranger = vi.fn(async () => false);
const CODE = '7K2M-9QXA-4HDT-1VZB';

/** A client that holds `code`: it proves it for the nonce and the port it is told it listens on. */
function pairingRoutes(code: string, port: number, apiKey = 'fcl_the-key') {
  return {
    'POST /api/v1/pair/challenge': (b: unknown) => ({
      data: { port, proof: pairingProof(normalizePairingCode(code)!, (b as { nonce: string }).nonce, port) },
    }),
    'POST /api/v1/pair': (b: unknown) =>
      normalizePairingCode((b as { code: string }).code) === normalizePairingCode(code)
        ? { data: { apiKey } }
        : { status: 401, msg: 'wrong pairing code' },
  };
}

describe('connect and pair', () => {
  it('inside the desktop app, uses its bridge and hands it the console’s session', async () => {
    const pairSession = vi.fn(async () => undefined);
    const facet = { kind: 'electron', clientVersion: '0.1.0', pairSession } as unknown as NonNullable<Window['facet']>;
    window.facet = facet;
    try {
      saveToken('tok-desk', 'sid-desk');
      const status = await connectLocalClient();
      expect(status.state).toBe('electron');
      expect(getBridge()).toBe(facet);
      expect(pairSession).toHaveBeenCalledWith({ token: 'tok-desk', sid: 'sid-desk' });
    } finally {
      delete window.facet;
    }
  });

  it('connects at the stored port only after the client proved it is this user’s, then sends key and session', async () => {
    saveToken('tok-123', 'sid-9');
    localStorage.setItem(CLIENT_PORT_KEY, '7788');
    localStorage.setItem(CLIENT_KEY_KEY, 'fcl_kept');
    const fc = fakeClient({
      'GET /api/v1/identity': identityRoute(7788),
      'POST /configs/all': () => ({ data: CONFIGS }),
      'POST /api/v1/session': () => ({}),
    });
    const verify = vi.fn(async () => true);
    const status = await connectLocalClient({ fetch: fc.fetch, verifyIdentity: verify });
    expect(status).toMatchObject({ state: 'connected', port: 7788, url: 'http://127.0.0.1:7788' });
    expect(getBridge()?.kind).toBe('local-api');
    expect(getBridge()?.clientVersion).toBe('7.0.2');
    expect(fc.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/identity',
      '/configs/all',
      '/api/v1/session',
    ]);
    // The proof is checked for the nonce the console sent.
    const nonce = new URL(fc.requests[0]!.url).searchParams.get('nonce');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(verify).toHaveBeenCalledWith({ publicKey: 'cGs=', port: 7788, signature: 'c2ln', nonce });
    expect(fc.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(fc.requests[1]?.headers['x-api-key']).toBe('fcl_kept');
    expect(fc.requests[2]?.body).toEqual({ token: 'tok-123', sid: 'sid-9' });
  });

  it('sends nothing to a program that cannot prove it is this user’s client (a squatter on the port)', async () => {
    saveToken('tok-123', 'sid-9');
    localStorage.setItem(CLIENT_PORT_KEY, '7788');
    localStorage.setItem(CLIENT_KEY_KEY, 'fcl_kept');
    const squatter = fakeClient({
      'GET /api/v1/identity': identityRoute(7788),
      'POST /configs/all': () => ({ data: CONFIGS }),
      'POST /api/v1/session': () => ({}),
    });
    const status = await connectLocalClient({ fetch: squatter.fetch, verifyIdentity: stranger });
    expect(status).toMatchObject({ state: 'needs-pairing', error: PAIRING_REFUSALS.unverified });
    expect(getBridge()).toBeNull();
    expect(squatter.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/identity']);
    // Relaying the real client's proof made for another port does not help either.
    const relay = fakeClient({ 'GET /api/v1/identity': identityRoute(7789) });
    expect((await connectLocalClient({ fetch: relay.fetch, verifyIdentity: trusted })).state).toBe('needs-pairing');
    expect(trusted).not.toHaveBeenCalled();
    // The key kept in this browser never left it.
    for (const r of [...squatter.requests, ...relay.requests]) {
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(JSON.stringify(r)).not.toContain('fcl_kept');
      expect(JSON.stringify(r)).not.toContain('tok-123');
    }
  });

  it('drops the client when a poll finds nobody there (the client was stopped)', async () => {
    saveToken('tok-123', 'sid-9');
    localStorage.setItem(CLIENT_KEY_KEY, 'fcl_kept');
    let up = true;
    const fc = fakeClient({
      'GET /api/v1/identity': identityRoute(7788),
      'POST /configs/all': () => ({ data: CONFIGS }),
      'POST /api/v1/session': () => ({}),
      'GET /api/v1/profiles/active': () => ({ data: [] }),
    });
    const flaky = (async (...a: Parameters<typeof fetch>) => {
      if (!up) throw new TypeError('Failed to fetch');
      return fc.fetch(...a);
    }) as typeof fetch;
    await connectLocalClient({ port: 7788, fetch: flaky, verifyIdentity: trusted });
    const bridge = getBridge();
    expect(bridge?.kind).toBe('local-api');
    up = false;
    const off = bridge!.on('profile-state', () => {});
    await vi.waitFor(() => expect(useBridgeStore.getState().status.state).toBe('unreachable'));
    expect(getBridge()).toBeNull();
    off();
  });

  it('says unreachable when nothing answers, and needs-pairing without a key or with one the client refuses', async () => {
    saveToken('tok-123', 'sid-9');
    const none = fakeClient({});
    expect((await connectLocalClient({ port: 7790, fetch: none.fetch, verifyIdentity: trusted })).state).toBe(
      'unreachable',
    );
    expect(getBridge()).toBeNull();
    const fresh = fakeClient({ 'GET /api/v1/identity': identityRoute(7790) });
    expect(await connectLocalClient({ port: 7790, fetch: fresh.fetch, verifyIdentity: trusted })).toMatchObject({
      state: 'needs-pairing',
      error: null,
    });
    const locked = fakeClient({
      'GET /api/v1/identity': identityRoute(7790),
      'POST /configs/all': () => ({ status: 401, msg: 'wrong x-api-key' }),
    });
    expect(
      await connectLocalClient({ port: 7790, apiKey: 'fcl_old', fetch: locked.fetch, verifyIdentity: trusted }),
    ).toMatchObject({ state: 'needs-pairing', error: 'wrong x-api-key' });
  });

  it('knocks on no port nobody named: nothing kept and no client beside the server means no request', async () => {
    saveToken('tok-123', 'sid-9');
    const nobody = fakeClient({});
    const status = await connectLocalClient({ fetch: nobody.fetch, announcedPort: async () => null });
    expect(status).toMatchObject({ state: 'unreachable', port: 7701, error: null });
    expect(nobody.requests).toEqual([]);
    // Check again (the user asked) does try the default port.
    await connectLocalClient({ fetch: nobody.fetch, announcedPort: async () => null, tryDefault: true });
    expect(nobody.requests.map((r) => new URL(r.url).port)).toEqual(['7701']);
  });

  it('finds the client the server started beside itself on its own port, and falls back to it from a dead kept one', async () => {
    saveToken('tok-123', 'sid-9');
    const beside = fakeClient({ 'GET /api/v1/identity': identityRoute(7755) });
    const routed = (async (url: string | URL | Request, init?: RequestInit) =>
      new URL(String(url)).port === '7755'
        ? beside.fetch(url, init)
        : Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const status = await connectLocalClient({
      fetch: routed,
      announcedPort: async () => 7755,
      verifyIdentity: trusted,
    });
    // Found: it answers there; this browser still has to pair with its code (no key yet).
    expect(status).toMatchObject({ state: 'needs-pairing', port: 7755, error: null });
    expect(beside.requests.map((r) => new URL(r.url).port)).toEqual(['7755']);
    // A port kept from an earlier pairing where nobody answers any more: the server's client is tried next.
    localStorage.setItem(CLIENT_PORT_KEY, '7701');
    expect(
      await connectLocalClient({ fetch: routed, announcedPort: async () => 7755, verifyIdentity: trusted }),
    ).toMatchObject({ state: 'needs-pairing', port: 7755 });
  });

  it('pairs by code: checks the client’s proof first, then sends code and session, keeps port and key', async () => {
    saveToken('tok-123', 'sid-9');
    const fc = fakeClient({
      ...pairingRoutes(CODE, 7788),
      'GET /api/v1/identity': identityRoute(7788),
      'POST /configs/all': () => ({ data: CONFIGS }),
    });
    await pairLocalClient({ port: 7788, code: '7k2m 9qxa 4hdt lvzb', fetch: fc.fetch, verifyIdentity: trusted });
    expect(fc.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/pair/challenge',
      '/api/v1/pair',
      '/api/v1/identity',
      '/configs/all',
    ]);
    // The code is not in the challenge: only a client that already holds it can answer.
    expect(JSON.stringify(fc.requests[0]?.body)).not.toContain('7K2M');
    expect(fc.requests[1]?.body).toEqual({ code: '7K2M9QXA4HDT1VZB', token: 'tok-123', sid: 'sid-9' });
    expect(localStorage.getItem(CLIENT_PORT_KEY)).toBe('7788');
    expect(localStorage.getItem(CLIENT_KEY_KEY)).toBe('fcl_the-key');
    expect(fc.requests[3]?.headers['x-api-key']).toBe('fcl_the-key');
    expect(useBridgeStore.getState().status.state).toBe('connected');
    expect(await getBridge()?.getLocalApiKey()).toEqual({ apiKey: 'fcl_the-key' });
  });

  it('sends neither code nor session to a program that does not hold the code, and names each refusal', async () => {
    saveToken('tok-123', 'sid-9');
    // A squatter relaying the real client's challenge: its proof is for the port the real client listens on.
    const relay = fakeClient(pairingRoutes(CODE, 7789));
    await expect(pairLocalClient({ port: 7788, code: CODE, fetch: relay.fetch })).rejects.toThrow(
      PAIRING_REFUSALS.notTheClient,
    );
    // A squatter that cannot know the code at all.
    const guesser = fakeClient(pairingRoutes('0000-0000-0000-0000', 7788));
    await expect(pairLocalClient({ port: 7788, code: CODE, fetch: guesser.fetch })).rejects.toThrow(
      PAIRING_REFUSALS.notTheClient,
    );
    for (const r of [...relay.requests, ...guesser.requests])
      expect(new URL(r.url).pathname).toBe('/api/v1/pair/challenge');
    expect(useBridgeStore.getState().status).toMatchObject({ state: 'needs-pairing', port: 7788 });
    expect(localStorage.getItem(CLIENT_KEY_KEY)).toBeNull();

    await expect(pairLocalClient({ port: 7788, code: 'short', fetch: guesser.fetch })).rejects.toThrow(
      PAIRING_REFUSALS.badCode,
    );
    const noCode = fakeClient({
      'POST /api/v1/pair/challenge': () => ({ status: 409, msg: 'no pairing code is active' }),
    });
    await expect(pairLocalClient({ port: 7788, code: CODE, fetch: noCode.fetch })).rejects.toThrow(
      PAIRING_REFUSALS.noCode,
    );
    const nobody = fakeClient({});
    await expect(pairLocalClient({ port: 7788, code: CODE, fetch: nobody.fetch })).rejects.toThrow(LocalApiError);
    expect(useBridgeStore.getState().status.state).toBe('unreachable');
  });
});
