import type { FingerprintCheck } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChromeFlags } from '../chrome-flags.js';
import type { FacetClient } from '../client.js';
import { killTree, launchChrome } from '../launcher.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { chromePath, noChrome, startFacetServer, startTestClient, startTestProxy, tempDir } from '../test/world.js';
import { analyzeCheck } from './analyze.js';
import { CheckSite } from './site.js';

/** The findings, one line each, for a readable failure. */
const lines = (r: FingerprintCheck) =>
  r.findings.map((f) => `${f.kind} ${f.subject} @${f.where.join(',')}: want ${f.expected}, got ${f.actual}`);

describe.skipIf(noChrome)('the built-in fingerprint checker', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let user: Awaited<ReturnType<Awaited<ReturnType<typeof startFacetServer>>['srv']['register']>>;
  let client: FacetClient;
  let proxy: Awaited<ReturnType<typeof startTestProxy>>;
  const data = tempDir('facet-checker-');

  beforeAll(async () => {
    world = await startFacetServer();
    user = await world.srv.register();
    proxy = await startTestProxy('check-user', 'check-pass');
    // The engine probe runs: generated profiles claim this engine, as they do for a user.
    client = await startTestClient(world, user, data.dir, { probeEngine: true });
    for (let i = 0; i < 100 && !client.engineVersion(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(async () => {
    await client?.stop();
    await proxy?.close();
    await world?.srv.close();
    data.remove();
  });

  const as = () => ({ token: user.token, sid: user.sid });
  async function create(name: string, extra: Record<string, unknown> = {}) {
    const r = await world.srv.call('profileCreate', { name, ...extra }, as());
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  }

  it('finds no mismatch in five generated profiles, and tells them apart, each the same after reopening', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await create(`generated ${i}`, {
          // One behind a proxy: the check pages are reached directly, not through it.
          ...(i === 0
            ? {
                proxy: {
                  proxyMethod: 1,
                  proxyType: 'http',
                  host: '127.0.0.1',
                  port: proxy.port,
                  proxyUserName: 'check-user',
                  proxyPassword: 'check-pass',
                },
              }
            : {}),
        }),
      );
    const hashes: string[] = [];
    for (const id of ids) {
      const report = await client.sessions.checker.check(id);
      expect(lines(report), `profile ${id}`).toEqual([]);
      expect(report.contexts.map((c) => [c.context, c.ran])).toEqual([
        ['page', true],
        ['sameOriginFrame', true],
        ['crossOriginFrame', true],
        ['dedicatedWorker', true],
        ['sharedWorker', true],
        ['serviceWorker', true],
      ]);
      // The check opened the profile for itself and closed it again.
      expect(client.sessions.get(id)).toBeUndefined();
      hashes.push(report.fingerprintHash);
    }
    expect(new Set(hashes).size).toBe(5);
    // Reopened (the check opens each again): the same fingerprint.
    for (const [i, id] of ids.entries())
      expect((await client.sessions.checker.check(id)).fingerprintHash).toBe(hashes[i]);
  }, 240_000);

  it('keeps an open profile open and leaves nothing of the check in it', async () => {
    const id = await create('already open');
    const opened = await client.sessions.open(id);
    const report = await client.sessions.checker.check(id);
    expect(lines(report)).toEqual([]);
    expect(client.sessions.get(id)?.pid).toBe(opened.pid);
    const cdp = client.sessions.inspect(id)!.cdp;
    const left = async () =>
      (await cdp.send<Protocol.Target.GetTargetsResponse>('Target.getTargets')).targetInfos
        .filter((t) => t.url.includes('/check/'))
        .map((t) => t.type);
    // The tab and its workers are closed (closing takes a moment on a busy machine).
    await expect.poll(left, { timeout: 10_000 }).toEqual([]);
    await client.sessions.close(id);
  });

  it("shows a Windows profile the claimed system's fonts by name, not the Linux host's", async () => {
    const id = await create('windows fonts', { browserFingerPrint: windowsFingerprint({ fonts: [] }) });
    const report = await client.sessions.checker.check(id);
    const measured = report.contexts[0]!.values['fonts.measured']!.split(', ');
    expect(measured).toEqual(expect.arrayContaining(['Arial', 'Times New Roman', 'Courier New']));
    for (const host of ['DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'WenQuanYi Micro Hei'])
      expect(measured, process.platform === 'linux' ? 'a Linux host font' : '').not.toContain(host);
  });

  it('reports claims the engine and the profile contradict', async () => {
    // A Windows profile whose user agent names a Mac and a Chrome the engine is not.
    const fp = windowsFingerprint({
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      browserVersion: '120',
    });
    const id = await create('contradicted', { browserFingerPrint: fp });
    const report = await client.sessions.checker.check(id);
    const subjects = report.findings.filter((f) => f.kind === 'claim').map((f) => f.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['navigator.userAgent Chrome version', 'userAgentData.platform', 'navigator.platform']),
    );
    expect(report.findings.filter((f) => f.kind === 'patch')).toEqual([]);
  });
});

/** The probe against a Chromium nobody patched, and against a naive patch a detector would catch. */
describe.skipIf(noChrome)('the probe on a bare Chromium', () => {
  const data = tempDir('facet-checker-bare-');
  let site: CheckSite;
  beforeAll(async () => {
    site = await CheckSite.start();
  });
  afterAll(async () => {
    await site?.close();
    data.remove();
  });

  async function checkBare(name: string, patch: string | null) {
    const userDataDir = `${data.dir}/${name}`;
    const browser = await launchChrome({
      chromePath: chromePath!,
      userDataDir,
      args: buildChromeFlags({
        userDataDir,
        headless: true,
        proxyServer: null,
        userAgent: undefined,
        languages: ['en-US'],
        webrtcPolicy: null,
        window: null,
        noSandbox: process.getuid?.() === 0,
      }),
    });
    try {
      const { cdp } = browser;
      const { targetId } = await cdp.send<Protocol.Target.CreateTargetResponse>('Target.createTarget', {
        url: 'about:blank',
      });
      const { sessionId } = await cdp.send<Protocol.Target.AttachToTargetResponse>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      await cdp.send('Page.enable', {}, sessionId);
      if (patch) await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: patch }, sessionId);
      const run = site.newRun(60_000);
      await cdp.send('Page.navigate', { url: run.url }, sessionId);
      const raw = await run.done;
      const { product } = await cdp.send<Protocol.Browser.GetVersionResponse>('Browser.getVersion');
      return analyzeCheck(raw, {
        id: 0,
        engine: product,
        durationMs: 0,
        claims: {
          userAgent: String(raw.results.page?.values?.['navigator.userAgent']),
          languages: ['en-US'],
          timeZone: null,
          hardwareConcurrency: Number(raw.results.page?.values?.['navigator.hardwareConcurrency']),
          deviceMemory: Number(raw.results.page?.values?.['navigator.deviceMemory']),
          screen: null,
          webgl: null,
        },
      });
    } finally {
      killTree(browser.process);
      await browser.exited;
    }
  }

  it('finds no sign of patching and no mismatch between contexts in the browser itself', async () => {
    const report = await checkBare('bare', null);
    expect(lines(report).filter((l) => !l.startsWith('claim'))).toEqual([]);
    expect(report.contexts.every((c) => c.ran)).toBe(true);
  });

  it('catches a naive patch: its source, a foreign this, a page that disagrees with its workers', async () => {
    const report = await checkBare(
      'patched',
      `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3, configurable: true });
       Object.defineProperty(navigator, 'platform', { get: () => 'Win32' });`,
    );
    const patch = report.findings.filter((f) => f.kind === 'patch').map((f) => f.subject);
    expect(patch).toEqual(
      expect.arrayContaining([
        'Navigator.prototype.hardwareConcurrency toString',
        'Navigator.prototype.hardwareConcurrency foreign this',
        'navigator own properties',
      ]),
    );
    const context = report.findings.filter((f) => f.kind === 'context').map((f) => f.subject);
    expect(context).toEqual(expect.arrayContaining(['navigator.hardwareConcurrency', 'navigator.platform']));
  });
});
