import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../api/token-storage';
import {
  CLIENT_KEY_KEY,
  CLIENT_PORT_KEY,
  connectLocalClient,
  getBridge,
  LocalApiError,
  pairLocalClient,
  useBridgeStore,
} from './index';
import { createLocalApiBridge } from './local-api';

const CONFIGS = {
  performance: { open: true, cpu: 95, mem: 95, freeCacheSpace: 1, xcf: 'x'.repeat(48) },
  systemProxy: { type: 1, host: null, port: null, username: null, password: null },
  apiKeySet: false,
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
});

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

  it('connects at the stored port and hands the console’s session to the client', async () => {
    saveToken('tok-123', 'sid-9');
    localStorage.setItem(CLIENT_PORT_KEY, '7788');
    const fc = fakeClient({ 'POST /configs/all': () => ({ data: CONFIGS }), 'POST /api/v1/session': () => ({}) });
    const status = await connectLocalClient({ fetch: fc.fetch });
    expect(status).toMatchObject({ state: 'connected', port: 7788, url: 'http://127.0.0.1:7788' });
    expect(getBridge()?.kind).toBe('local-api');
    expect(getBridge()?.clientVersion).toBe('7.0.2');
    expect(fc.requests.map((r) => r.url)).toEqual([
      'http://127.0.0.1:7788/configs/all',
      'http://127.0.0.1:7788/api/v1/session',
    ]);
    expect(fc.requests[1]?.body).toEqual({ token: 'tok-123', sid: 'sid-9' });
  });

  it('drops the client when a poll finds nobody there (the client was stopped)', async () => {
    let up = true;
    const fc = fakeClient({
      'POST /configs/all': () => ({ data: CONFIGS }),
      'POST /api/v1/session': () => ({}),
      'GET /api/v1/profiles/active': () => ({ data: [] }),
    });
    const flaky = (async (...a: Parameters<typeof fetch>) => {
      if (!up) throw new TypeError('Failed to fetch');
      return fc.fetch(...a);
    }) as typeof fetch;
    await connectLocalClient({ port: 7788, fetch: flaky });
    const bridge = getBridge();
    expect(bridge?.kind).toBe('local-api');
    up = false;
    const off = bridge!.on('profile-state', () => {});
    await vi.waitFor(() => expect(useBridgeStore.getState().status.state).toBe('unreachable'));
    expect(getBridge()).toBeNull();
    off();
  });

  it('says unreachable when nothing answers and needs-key on 401', async () => {
    const none = fakeClient({});
    expect((await connectLocalClient({ port: 7790, fetch: none.fetch })).state).toBe('unreachable');
    expect(getBridge()).toBeNull();
    const locked = fakeClient({ 'POST /configs/all': () => ({ status: 401, msg: 'x-api-key required' }) });
    expect(await connectLocalClient({ port: 7790, fetch: locked.fetch })).toMatchObject({
      state: 'needs-key',
      error: 'x-api-key required',
    });
  });

  it('pairs with a key: sends it, keeps port and key, and refuses with the client’s message', async () => {
    saveToken('tok-123', 'sid-9');
    const fc = fakeClient({ 'POST /configs/all': () => ({ data: CONFIGS }), 'POST /api/v1/session': () => ({}) });
    await pairLocalClient({ port: 7788, apiKey: 'fct_secret_key', fetch: fc.fetch });
    expect(fc.requests[0]).toMatchObject({
      url: 'http://127.0.0.1:7788/api/v1/session',
      body: { token: 'tok-123', sid: 'sid-9', apiKey: 'fct_secret_key' },
    });
    expect(fc.requests[0]?.headers['x-api-key']).toBe('fct_secret_key');
    expect(localStorage.getItem(CLIENT_PORT_KEY)).toBe('7788');
    expect(localStorage.getItem(CLIENT_KEY_KEY)).toBe('fct_secret_key');
    expect(useBridgeStore.getState().status.state).toBe('connected');

    const wrong = fakeClient({ 'POST /api/v1/session': () => ({ status: 401, msg: 'wrong x-api-key' }) });
    await expect(pairLocalClient({ port: 7789, apiKey: 'bad-key-123', fetch: wrong.fetch })).rejects.toThrow(
      'wrong x-api-key',
    );
    expect(useBridgeStore.getState().status).toMatchObject({ state: 'needs-key', port: 7789 });
    expect(localStorage.getItem(CLIENT_PORT_KEY)).toBe('7788');
  });
});
