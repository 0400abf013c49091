import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeChannels } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StubState } from './test/electron-stub.js';
import { freePort, runMainWithStub } from './test/run-main.js';

/**
 * The main process, bundled as for the app but with a stand-in `electron` module (no Electron
 * binary here): real client services, real IPC handlers from the table, the guards as wired.
 */
const SERVER = 'http://127.0.0.1:7898';
const dir = mkdtempSync(join(tmpdir(), 'facet-main-smoke-'));
let stub: StubState;
let localPort = 0;

beforeAll(async () => {
  localPort = await freePort();
  stub = await runMainWithStub(dir, {
    FACET_STUB_USER_DATA: join(dir, 'userData'),
    FACET_SERVER_URL: SERVER,
    FACET_CLIENT_PORT: String(localPort),
  });
  await vi.waitFor(() => expect(stub.windows).toHaveLength(1), { timeout: 20_000 });
}, 60_000);

afterAll(async () => {
  if (stub && stub.exited === undefined) {
    stub.app?.quit();
    await vi.waitFor(() => expect(stub.exited).toBe(0), { timeout: 20_000 });
  }
  rmSync(dir, { recursive: true, force: true });
});

const win = () => stub.windows[0]!;
const fromConsole = (url = `${SERVER}/browser`) => ({ sender: win().webContents, senderFrame: { url } });
const call = async (channel: string, payload?: unknown, event: unknown = fromConsole()) =>
  stub.handlers.get(channel)!(event, payload);

describe('main process (stubbed Electron)', () => {
  it('opens the console in a locked-down window', () => {
    const prefs = win().opts.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      additionalArguments: [
        '--facet-client-version=0.1.0',
        expect.stringMatching(/^--facet-style-nonce=[A-Za-z0-9+/]{24}$/),
      ],
    });
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(stub.log).toContainEqual(['loadURL', SERVER]);
  });

  it('registers every bridge channel and answers from the client services (data in userData)', async () => {
    // One handler per channel of the shared table.
    expect(stub.handlers.size).toBe(Object.keys(bridgeChannels).length);
    expect(stub.handlers.has('facet:windows:arrange')).toBe(true);
    const configs = (await call('facet:config:all')) as { localApiUrl: string; clientVersion: string };
    expect(configs).toMatchObject({ localApiUrl: `http://127.0.0.1:${localPort}`, clientVersion: '0.1.0' });
    await expect(call('facet:config:performance:save', { cpu: 70 })).resolves.toMatchObject({ cpu: 70, mem: 95 });
    await expect(call('facet:config:performance:save', { cpu: 500 })).rejects.toThrow(/cpu: Too big/);
  });

  it('keeps the local API key sealed with the OS keystore; the console reads it over the bridge, and it opens the API', async () => {
    const { apiKey } = (await call('facet:local-api:key')) as { apiKey: string };
    expect(apiKey).toMatch(/^fcl_/);
    const stored = readFileSync(join(dir, 'userData', 'client', 'config.json'), 'utf8');
    expect(stored).not.toContain(apiKey);
    expect(JSON.parse(stored).apiKey).toEqual({ sealed: expect.any(String) });
    const url = `http://127.0.0.1:${localPort}/configs/all`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { 'x-api-key': apiKey } })).status).toBe(200);
    const { code } = (await call('facet:pairing:new-code')) as { code: string };
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  });

  it('refuses other frames and other webContents', async () => {
    await expect(call('facet:config:all', undefined, fromConsole('https://evil.example/'))).rejects.toThrow(
      /not the console/,
    );
    await expect(call('facet:config:all', undefined, { sender: {}, senderFrame: { url: SERVER } })).rejects.toThrow(
      /not the Facet main window/,
    );
  });

  it('applies the CSP, the permission policy, window.open and navigation guards', async () => {
    const headers = await new Promise<{ responseHeaders: Record<string, string[]> }>((r) =>
      stub.onHeaders!({ url: `${SERVER}/`, responseHeaders: {} }, r as (x: unknown) => void),
    );
    expect(headers.responseHeaders['Content-Security-Policy']?.[0]).toContain(
      `connect-src 'self' ${SERVER} http://127.0.0.1:${localPort}`,
    );
    // Style elements only with the nonce handed to this window's preload; no inline styles.
    const nonce = String((win().opts.webPreferences.additionalArguments as string[])[1]).split('=')[1];
    expect(headers.responseHeaders['Content-Security-Policy']?.[0]).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(headers.responseHeaders['Content-Security-Policy']?.[0]).not.toContain('unsafe-inline');
    const ask = (p: string) =>
      new Promise<boolean>((r) => stub.permission!(null, p, r, { requestingUrl: `${SERVER}/` }));
    expect(await ask('media')).toBe(false);
    expect(await ask('clipboard-sanitized-write')).toBe(true);
    expect(win().webContents.openHandler!({ url: 'file:///etc/hosts' })).toEqual({ action: 'deny' });
    let prevented = false;
    win().webContents.emit('will-navigate', {
      url: 'https://evil.example/',
      preventDefault: () => {
        prevented = true;
      },
    });
    expect(prevented).toBe(true);
  });

  it('hides to the tray on close by default, and quits in order', async () => {
    win().emit('close', { preventDefault() {} });
    await expect.poll(() => stub.log.some((l) => l[0] === 'hide')).toBe(true);
    stub.app?.quit();
    await expect.poll(() => stub.exited, { timeout: 20_000 }).toBe(0);
  });
});
