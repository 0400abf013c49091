import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StubState } from './test/electron-stub.js';
import { freePort, runMainWithStub } from './test/run-main.js';

/**
 * The main process (bundled with the stand-in `electron`, as in main.smoke.test.ts) given a server
 * on another machine over plain http, the user answering "quit". Only that answer is driven here:
 * "continue" would send the client's requests off this machine. The address is TEST-NET-1
 * (192.0.2.0/24, never routed), so a request sent by mistake reaches no one.
 */
const SERVER = 'http://192.0.2.1:7898';
const dir = mkdtempSync(join(tmpdir(), 'facet-main-plain-http-'));
let stub: StubState;
let localPort = 0;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

beforeAll(async () => {
  localPort = await freePort();
  delete process.env.FACET_CONSOLE_URL;
  stub = await runMainWithStub(dir, {
    FACET_STUB_USER_DATA: join(dir, 'userData'),
    FACET_STUB_LOCALE: 'de-DE',
    FACET_SERVER_URL: `${SERVER}/`,
    FACET_CLIENT_PORT: String(localPort),
  });
  await vi.waitFor(() => expect(stub.exited).toBe(0), { timeout: 20_000 });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('main process given plain http to another machine', () => {
  it('asks in a native warning, in the system language, naming the server, with quit as default', () => {
    const boxes = stub.log.filter((l) => l[0] === 'messageBox');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]?.[1]).toMatchObject({
      type: 'warning',
      title: 'Unverschlüsselte Verbindung',
      buttons: ['Trotzdem fortfahren', 'Beenden'],
      defaultId: 1,
      cancelId: 1,
    });
    const box = boxes[0]?.[1] as { detail?: string } | undefined;
    expect(box?.detail).toContain('http://192.0.2.1:7898 über unverschlüsseltes http');
  });

  it('on "quit" ends before anything starts: no window, no local API, no handlers, nothing remembered', async () => {
    expect(stub.windows).toHaveLength(0);
    expect(stub.handlers.size).toBe(0);
    expect(stub.log).not.toContainEqual(expect.arrayContaining(['loadURL']));
    expect(await listening(localPort)).toBe(false);
    expect(existsSync(join(dir, 'userData', 'client', 'plain-http.json'))).toBe(false);
  });
});
