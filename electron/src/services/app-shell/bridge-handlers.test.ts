import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenProgress } from '@facet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigStore } from '../config-store.js';
import { PairingCodes } from '../pairing.js';
import { type BridgeDeps, createBridgeHandlers } from './bridge-handlers.js';

let dir: string;
let config: ConfigStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facet-bridge-'));
  config = new ConfigStore(join(dir, 'config.json'));
  await config.load();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function deps(over: Partial<BridgeDeps> = {}) {
  const sessions = {
    openMany: vi.fn(async (ids: number[], o: { onProgress?: (p: OpenProgress) => void }) =>
      ids.map((id, i) => {
        const p = { id, ok: id !== 2, done: i + 1, total: ids.length, ...(id === 2 ? { error: 'no chrome' } : {}) };
        o.onProgress?.(p);
        return p;
      }),
    ),
    close: vi.fn(async () => true),
    closeAll: vi.fn(async () => 3),
    active: vi.fn(() => [{ id: 4 }, { id: 5 }, { id: 6 }]),
    reconcile: vi.fn(async () => []),
    setWindowBounds: vi.fn(async (_id: number, r: { left: number; top: number; width: number; height: number }) => r),
    resetWindowBounds: vi.fn(async (ids: number[]) => ids.length - 1),
  };
  const phoneList = [{ id: 70, width: 1000, height: 2000, rotated: false }];
  const phones = {
    opened: vi.fn(() => phoneList),
    setBounds: vi.fn((id: number, bounds: unknown) => ({ id, bounds })),
  };
  const client = {
    sessions,
    phones,
    phoneScale: vi.fn(async () => 0.5),
    config,
    setSession: vi.fn(async () => undefined),
    pairing: new PairingCodes({ renew: false }),
    url: 'http://127.0.0.1:7701',
    clientVersion: '1.0.0',
    engineVersion: () => '156.0.7571.0',
  };
  const d = {
    client: client as never,
    updates: null,
    confirmInstall: vi.fn(async () => true),
    openExternal: vi.fn(async () => undefined),
    showMainWindow: vi.fn(),
    answerClose: vi.fn(),
    emit: vi.fn(),
    ...over,
  } satisfies BridgeDeps;
  return { d, sessions, phones, client, h: createBridgeHandlers(d) };
}

describe('createBridgeHandlers', () => {
  it('answers configs/all and saves a performance patch without touching the other fields', async () => {
    const { h } = deps();
    const before = await h.getPerformanceConfig(undefined);
    const saved = await h.savePerformanceConfig({ cpu: 70 });
    expect(saved).toMatchObject({ ...before, cpu: 70 });
    expect(await h.getGlobalConfigs(undefined)).toMatchObject({
      performance: { cpu: 70, mem: before.mem },
      engineVersion: '156.0.7571.0',
      localApiUrl: 'http://127.0.0.1:7701',
      clientVersion: '1.0.0',
    });
  });

  it('opens a batch with progress events and answers each outcome', async () => {
    const { h, d, sessions } = deps();
    const out = await h.openProfiles({ ids: [1, 2] });
    expect(out).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: false, error: 'no chrome' },
    ]);
    expect(sessions.openMany.mock.calls[0]?.[1]).toMatchObject({ concurrency: 4 });
    expect(d.emit).toHaveBeenCalledWith('open-progress', expect.objectContaining({ id: 2, done: 2, total: 2 }));
  });

  it("passes the user's answer to the close question on", async () => {
    const { h, d } = deps();
    await h.answerClose({ action: 'tray' });
    expect(d.answerClose).toHaveBeenCalledWith('tray');
  });

  it('pairs the session over the bridge (and stores the key)', async () => {
    const { h, client } = deps();
    await h.pairSession({ token: 'tok', sid: 's1', apiKey: 'key-12345678' });
    expect(client.setSession).toHaveBeenCalledWith({ token: 'tok', sid: 's1', apiKey: 'key-12345678' });
    expect(config.get().apiKey).toBe('key-12345678');
  });

  it('makes a pairing code for a browser when the user asks, each replacing the one before', async () => {
    const { h, client } = deps();
    expect(client.pairing.active).toBe(false);
    const first = await h.newPairingCode(undefined);
    expect(first.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const second = await h.newPairingCode(undefined);
    expect(second.code).not.toBe(first.code);
    expect(client.pairing.redeem(first.code)).toBe('wrong');
    expect(client.pairing.redeem(second.code)).toBe('paired');
    // The desktop app keeps no code after it was used: the next browser asks for a new one.
    expect(client.pairing.active).toBe(false);
  });

  it('shows the system proxy without its password, and keeps the password when saved without one', async () => {
    const { h } = deps();
    const view = await h.saveSysProxyConfig({ type: 2, host: '10.0.0.1', port: 3128, username: 'u', password: 'pw' });
    expect(view).toEqual({ type: 2, host: '10.0.0.1', port: 3128, username: 'u', passwordSet: true });
    expect((await h.getGlobalConfigs(undefined)).systemProxy).toEqual(view);
    await h.saveSysProxyConfig({ type: 2, host: '10.0.0.2', port: 3128, username: 'u' });
    expect(config.get().systemProxy).toMatchObject({ host: '10.0.0.2', password: 'pw' });
    const cleared = await h.saveSysProxyConfig({
      type: 2,
      host: '10.0.0.2',
      port: 3128,
      username: 'u',
      password: null,
    });
    expect(cleared.passwordSet).toBe(false);
  });

  it('opens only valid http(s) links outside', async () => {
    const { h, d } = deps();
    await h.openByDefaultBrowser('https://example.com/help');
    expect(d.openExternal).toHaveBeenCalledWith('https://example.com/help');
    await expect(h.openByDefaultBrowser('https://u:p@example.com/')).rejects.toThrow(/user name or password/);
  });

  it('reports a system proxy that cannot be used and keeps the old one', async () => {
    const { h } = deps();
    config.onSystemProxy(async () => {
      throw new Error('connection refused');
    });
    await expect(h.saveSysProxyConfig({ type: 2, host: '127.0.0.1', port: 1 } as never)).rejects.toThrow(
      /system proxy cannot be used: connection refused/,
    );
    expect(config.get().systemProxy.type).toBe(1);
  });

  it('says so when updates are unavailable or nothing was found', async () => {
    await expect(deps().h.downloadUpdate(undefined)).rejects.toThrow(/updates are not available/);
    const updates = {
      download: vi.fn(async () => false),
      install: vi.fn(async () => false),
      state: { name: 'idle', info: null, percent: 0, error: null },
      lastRefusal: 'there is no update to download: check for updates first',
    } as never;
    const { h } = deps({ updates });
    await expect(h.downloadUpdate(undefined)).rejects.toThrow(/check for updates first/);
  });

  it('installs only after the user agrees in the native dialog', async () => {
    const updates = {
      download: vi.fn(async () => true),
      install: vi.fn(async () => true),
      state: { name: 'downloaded', info: { version: '7.1.0', updateAvailable: 2 }, percent: 100, error: null },
      lastRefusal: null,
    };
    const declined = deps({ updates: updates as never, confirmInstall: vi.fn(async () => false) });
    await expect(declined.h.quitAndInstall(undefined)).rejects.toThrow(/install-declined/);
    expect(declined.d.confirmInstall).toHaveBeenCalledWith('7.1.0');
    expect(updates.install).not.toHaveBeenCalled();

    const agreed = deps({ updates: updates as never });
    await agreed.h.quitAndInstall(undefined);
    expect(updates.install).toHaveBeenCalledTimes(1);
  });

  it('closes one and all browsers', async () => {
    const { h, sessions } = deps();
    expect(await h.closeAllBrowsers(undefined)).toEqual({ count: 3 });
    expect(await h.closeProfile({ id: 9 })).toBe(true);
    expect(sessions.close).toHaveBeenCalledWith(9);
  });

  it('arranges windows (phones after profiles, at phoneDeviceScale) and resets stored bounds through the sessions', async () => {
    const { h, sessions, phones } = deps();
    const placed = await h.arrangeWindows({ ids: [5, 4, 9], width: 600, height: 800 });
    // 9 is not open; the phone takes the third cell of a 2×2 grid, fitted to its 1:2 screen, half size.
    expect(placed).toEqual([
      { id: 5, left: 0, top: 0, width: 300, height: 400 },
      { id: 4, left: 300, top: 0, width: 300, height: 400 },
    ]);
    expect(sessions.setWindowBounds).toHaveBeenCalledTimes(2);
    expect(phones.setBounds).toHaveBeenCalledWith(70, { x: 0, y: 400, width: 100, height: 200 });
    expect(await h.resetWindowBounds({ ids: [4, 5] })).toEqual({ count: 1 });
    expect(sessions.resetWindowBounds).toHaveBeenCalledWith([4, 5]);
  });
});
