import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalApiBridge, LocalApiError } from './local-api';

type Answer = { status?: number; data?: unknown; msg?: string; raw?: Response };
type Handler = (body: unknown) => Answer;

/** A local API double: routes by path (all POST), records requests, answers `{success, data, msg}` or a raw response. */
function fakeClient(routes: Record<string, Handler>) {
  const requests: Array<{ path: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (init?.method !== 'POST') throw new TypeError('Failed to fetch');
    const route = routes[path];
    if (!route) return new Response(JSON.stringify({ success: false, data: null, msg: 'no route' }), { status: 404 });
    const r = route(body);
    if (r.raw) return r.raw;
    const status = r.status ?? 200;
    return new Response(JSON.stringify({ success: status < 300, data: r.data ?? null, msg: r.msg ?? 'success' }), {
      status,
    });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, requests };
}

const KEY = 'k'.repeat(12);
const phone = (id: number, state = 'connected') => ({
  id,
  name: `P${id}`,
  width: 720,
  height: 1280,
  rotated: false,
  mode: 'screencap',
  state,
  bounds: null,
  fps: 0,
});
const bridgeOf = (f: ReturnType<typeof fakeClient>, pollMs?: number) =>
  createLocalApiBridge({
    baseUrl: 'http://127.0.0.1:7788',
    apiKey: KEY,
    fetch: f.fetch,
    visible: () => true,
    ...(pollMs ? { pollMs } : {}),
  });

afterEach(() => vi.useRealTimers());

describe('local API bridge: cloud phones', () => {
  it('sends each phone method to its phone/* route with its body and the key', async () => {
    const group = { main: 1, followers: [2, 3] };
    const f = fakeClient({
      '/phone/open': (b) => ({ data: phone((b as { id: number }).id) }),
      '/phone/close': () => ({ data: true }),
      '/phone/close/all': () => ({ data: { count: 2 } }),
      '/phone/opened/configs': () => ({ data: [phone(1), phone(2, 'reconnecting')] }),
      '/phone/reconnect': (b) => ({ data: phone((b as { id: number }).id, 'connecting') }),
      '/phone/input': () => ({ data: true }),
      '/phone/push': () => ({ data: { path: '/sdcard/Download/a.apk', installed: true } }),
      '/phone/saveimgs': () => ({ data: { files: [{ id: 1, path: '/home/u/Downloads/P1.png' }] } }),
      '/phone/bounds': (b) => ({ data: { ...phone(1), bounds: (b as { bounds: unknown }).bounds } }),
      '/phone/qunkong/ids': () => ({ data: group }),
      '/phone/qunkong/set': (b) => ({ data: b }),
      '/phone/qunkong/close': () => ({ data: { main: null, followers: [] } }),
    });
    const b = bridgeOf(f);
    expect(await b.openPhone({ id: 1 })).toMatchObject({ id: 1, width: 720 });
    expect(await b.closePhone({ id: 1 })).toBe(true);
    expect(await b.closeAllPhones()).toEqual({ count: 2 });
    expect((await b.openedPhones()).map((p) => p.state)).toEqual(['connected', 'reconnecting']);
    expect(await b.reconnectPhone({ id: 2 })).toMatchObject({ id: 2, state: 'connecting' });
    expect(await b.phoneInput({ id: 1, input: { type: 'tap', x: 0.5, y: 0.25 } })).toBe(true);
    expect(await b.pushPhoneFile({ id: 1, name: 'a.apk', base64: 'UEs=' })).toEqual({
      path: '/sdcard/Download/a.apk',
      installed: true,
    });
    expect((await b.savePhoneImages({ ids: [1] })).files[0]?.path).toBe('/home/u/Downloads/P1.png');
    const bounds = { x: 0, y: 0, width: 400, height: 800 };
    expect((await b.setPhoneBounds({ id: 1, bounds })).bounds).toEqual(bounds);
    expect(await b.phoneGroup()).toEqual(group);
    expect(await b.setPhoneGroup({ main: 1, followers: [2, 3] })).toEqual(group);
    expect(await b.closePhoneGroup({})).toEqual({ main: null, followers: [] });
    await b.closePhoneGroup({ ids: [2] });

    expect(f.requests.map((r) => [r.path, r.body])).toEqual([
      ['/phone/open', { id: 1 }],
      ['/phone/close', { id: 1 }],
      ['/phone/close/all', {}],
      ['/phone/opened/configs', {}],
      ['/phone/reconnect', { id: 2 }],
      ['/phone/input', { id: 1, input: { type: 'tap', x: 0.5, y: 0.25 } }],
      ['/phone/push', { id: 1, name: 'a.apk', base64: 'UEs=' }],
      ['/phone/saveimgs', { ids: [1] }],
      ['/phone/bounds', { id: 1, bounds }],
      ['/phone/qunkong/ids', {}],
      ['/phone/qunkong/set', { main: 1, followers: [2, 3] }],
      ['/phone/qunkong/close', {}],
      ['/phone/qunkong/close', { ids: [2] }],
    ]);
    expect(f.requests.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
  });

  it('reads a frame as raw PNG with its number from x-frame-seq, and a refusal from the envelope', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const f = fakeClient({
      '/phone/frame': (b) =>
        (b as { id: number }).id === 9
          ? { status: 404, msg: 'phone 9 is not open' }
          : { raw: new Response(png, { headers: { 'content-type': 'image/png', 'x-frame-seq': '42' } }) },
    });
    const b = bridgeOf(f);
    const frame = await b.phoneFrame({ id: 1, after: 41 });
    expect(frame.seq).toBe(42);
    expect([...frame.png]).toEqual([...png]);
    expect(f.requests[0]?.body).toEqual({ id: 1, after: 41 });
    const refused = await b.phoneFrame({ id: 9 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalApiError);
    expect(refused).toMatchObject({ message: 'phone 9 is not open', status: 404 });
  });

  it('raises phone-opened and phone-closed from polling phone/opened/ids while someone listens', async () => {
    vi.useFakeTimers();
    let open: number[] = [1];
    const f = fakeClient({ '/phone/opened/ids': () => ({ data: open }) });
    const b = bridgeOf(f, 1000);
    const events: string[] = [];
    const off1 = b.on('phone-opened', ({ id }) => events.push(`+${id}`));
    const off2 = b.on('phone-closed', ({ id }) => events.push(`-${id}`));
    await vi.advanceTimersByTimeAsync(0);
    open = [1, 2];
    await vi.advanceTimersByTimeAsync(1000);
    open = [2];
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual(['+2', '-1']);
    off1();
    off2();
    const asked = f.requests.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(f.requests.length).toBe(asked);
  });

  it('opening and closing here say so at once, without waiting for the poll', async () => {
    vi.useFakeTimers();
    const f = fakeClient({
      '/phone/opened/ids': () => ({ data: [] }),
      '/phone/open': () => ({ data: phone(5) }),
      '/phone/close': () => ({ data: true }),
    });
    const b = bridgeOf(f, 60_000);
    const events: string[] = [];
    const offs = [
      b.on('phone-opened', ({ id }) => events.push(`+${id}`)),
      b.on('phone-closed', ({ id }) => events.push(`-${id}`)),
    ];
    await vi.advanceTimersByTimeAsync(0);
    await b.openPhone({ id: 5 });
    await b.closePhone({ id: 5 });
    expect(events).toEqual(['+5', '-5']);
    for (const off of offs) off();
  });
});
