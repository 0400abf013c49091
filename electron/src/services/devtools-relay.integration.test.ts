import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startSite, startTestClient, tempDir } from './test/world.js';

/** The TCP ports the browser's processes (its process group) listen on, from /proc. */
function listeningPorts(pgid: number): number[] {
  const inodes = new Set<string>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pgrp is the 3rd field after the command's closing parenthesis.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      }
    } catch {}
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // st 0A is LISTEN; field 9 is the inode.
      if (f[3] === '0A' && inodes.has(f[9]!)) ports.push(Number.parseInt(f[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

function get(url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(2000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** Opens a WebSocket; answers the HTTP status it was refused with, or the open socket. */
function openWs(url: string, headers: Record<string, string> = {}) {
  return new Promise<WebSocket | number>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/** A raw CDP caller over the relay. */
async function rawCaller(url: string) {
  const ws = await openWs(url);
  if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
  let next = 0;
  const call = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string }; sessionId?: string }>(
      (resolve) => {
        const id = ++next;
        const on = (data: WebSocket.RawData) => {
          const m = JSON.parse(String(data));
          if (m.id !== id) return;
          ws.off('message', on);
          resolve(m);
        };
        ws.on('message', on);
        ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      },
    );
  return { ws, call };
}

describe.skipIf(noChrome)('DevTools only for the caller who asked (docs/security.md)', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let client: FacetClient;
  const data = tempDir('facet-devtools-');
  let id: number;
  let wsEndpoint: string;
  let pid: number;

  beforeAll(async () => {
    world = await startFacetServer();
    const user = await world.srv.register();
    site = await startSite();
    client = await startTestClient(world, user, data.dir);
    const r = await world.srv.call(
      'profileCreate',
      { name: 'Relayedsecret', browserFingerPrint: windowsFingerprint() },
      { token: user.token, sid: user.sid },
    );
    if (r.code !== 0) throw new Error(r.message);
    id = r.result.id;
    ({ wsEndpoint, pid } = await client.sessions.open(id));
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  it.skipIf(process.platform !== 'linux')('opens the profile with no DevTools port', async () => {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('--remote-debugging-pipe');
    expect(cmdline.filter((a) => a.startsWith('--remote-debugging-port'))).toEqual([]);
    // Whatever the browser's processes listen on (normally nothing), none of it is DevTools.
    const ports = listeningPorts(pid);
    for (const port of ports) {
      const answer = await get(`http://127.0.0.1:${port}/json/version`).catch(() => null);
      expect(answer?.body ?? '', `port ${port}`).not.toContain('webSocketDebuggerUrl');
    }
  });

  it('serves no discovery and no other path; a wrong, missing or longer token is refused at the upgrade', async () => {
    const u = new URL(wsEndpoint);
    const token = u.pathname.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const http = `http://${u.host}`;
    for (const path of ['/json/version', '/json/list', '/json', '/', '/devtools/browser/', u.pathname]) {
      const r = await get(`${http}${path}`);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('Relayedsecret');
      expect(r.body).not.toContain(String(id));
    }
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/devtools/browser/${other}`,
      '/devtools/browser/',
      `/devtools/browser/${token}x`,
      `/devtools/page/${token}`,
      `/devtools/browser/${token}?x=1`,
    ])
      expect(await openWs(`ws://${u.host}${path}`), path).toBe(404);
    // A web page could open a WebSocket to loopback; it sends an Origin, no automation tool does.
    expect(await openWs(wsEndpoint, { origin: 'https://example.com' })).toBe(404);
  });

  it('lets Playwright drive the profile, two callers at once, each with only its own sessions', async () => {
    const first = await chromium.connectOverCDP(wsEndpoint);
    const second = await chromium.connectOverCDP(wsEndpoint);
    const raw = await rawCaller(wsEndpoint);
    const other = await rawCaller(wsEndpoint);
    try {
      const a = await first.contexts()[0]!.newPage();
      const b = await second.contexts()[0]!.newPage();
      await Promise.all([a.goto(`${site.url}/?a`), b.goto(`${site.url}/?b`)]);
      expect(await a.title()).toBe('Facet test page');
      expect(await a.evaluate('navigator.hardwareConcurrency')).toBe(12); // the profile's fingerprint
      expect(await b.evaluate('location.search')).toBe('?b');

      // A raw caller's child session is its own: another caller addressing it is told it does not exist.
      const { result } = await raw.call('Target.getTargets');
      const page = (result!.targetInfos as Array<{ type: string; targetId: string }>).find((t) => t.type === 'page')!;
      const attached = await raw.call('Target.attachToTarget', { targetId: page.targetId, flatten: true });
      const child = attached.result!.sessionId as string;
      expect((await raw.call('Runtime.evaluate', { expression: '6*7' }, child)).result).toMatchObject({
        result: { value: 42 },
      });
      const stolen = await other.call('Runtime.evaluate', { expression: '1' }, child);
      expect(stolen.error).toEqual({ code: -32001, message: 'Session with given id not found.' });
      expect(stolen.sessionId).toBe(child);
      // Sessionless calls reach the caller's own browser session and come back without a sessionId.
      const version = await other.call('Browser.getVersion');
      expect(version.result?.product).toMatch(/Chrome/);
      expect(version).not.toHaveProperty('sessionId');

      // One caller leaving takes its sessions with it and leaves the profile and the others alone.
      raw.ws.close();
      await new Promise((r) => raw.ws.once('close', r));
      await first.close();
      expect(await b.evaluate('1 + 1')).toBe(2);
      expect(client.sessions.get(id)?.wsEndpoint).toBe(wsEndpoint);
    } finally {
      raw.ws.close();
      other.ws.close();
      await first.close().catch(() => {});
      await second.close();
    }
    // The profile is still open and served: a new caller gets in.
    const again = await chromium.connectOverCDP(wsEndpoint);
    const c = await again.contexts()[0]!.newPage();
    await c.goto(`${site.url}/?again`);
    expect(await c.evaluate('navigator.hardwareConcurrency')).toBe(12);
    await again.close();
  });

  it('closing the profile disconnects its callers and retires its token', async () => {
    const caller = await rawCaller(wsEndpoint);
    const gone = new Promise((r) => caller.ws.once('close', r));
    await client.sessions.close(id);
    await gone;
    expect(await openWs(wsEndpoint)).toBe(404);
    const reopened = await client.sessions.open(id);
    expect(reopened.wsEndpoint).not.toBe(wsEndpoint);
    const pw = await chromium.connectOverCDP(reopened.wsEndpoint);
    expect(pw.contexts()[0]!.pages().length).toBeGreaterThan(0);
    await pw.close();
  });
});
