import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Fingerprint } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import { CdpConnection } from './cdp.js';
import { buildChromeFlags } from './chrome-flags.js';
import { fromCdpCookie, toCdpCookie } from './cookies.js';
import { FingerprintApplier } from './fingerprint/applier.js';
import { languagesOf, timeZoneOf, webrtcPolicy } from './fingerprint/overrides.js';
import { killTree, type LaunchedBrowser, launchChrome } from './launcher.js';
import { backgroundLoad, type Load, overloadReason, type PerformanceConfig } from './performance.js';
import { type ProxyRelay, startProxyRelay } from './proxy-relay.js';
import type { ServerClient } from './server-client.js';

export interface SessionsOptions {
  server: ServerClient;
  chromePath: string | null;
  dataDir: string;
  /** Default for profiles opened without an explicit headless choice (FACET_HEADLESS=1). */
  headless: boolean;
  device?: string;
  performance: () => PerformanceConfig;
  /** Injected for tests; the machine's load otherwise. */
  load?: () => Promise<Load>;
  extraFlags?: string[];
}

export interface ActiveProfile {
  id: number;
  name: string;
  wsEndpoint: string;
  debugPort: number;
  pid: number;
  headless: boolean;
  openedAt: string;
}

export class ClientError extends Error {}

interface Session {
  info: ActiveProfile;
  browser: LaunchedBrowser;
  cdp: CdpConnection;
  relay: ProxyRelay | null;
  applier: FingerprintApplier;
  closing: boolean;
  done: Promise<void>;
}

export interface OpenProgress {
  id: number;
  done: number;
  total: number;
  ok: boolean;
  error?: string;
}

/**
 * The profiles this client has open: each one its own Chromium, relay and CDP connection.
 * Every way a browser ends (stop, stop-all, the user closing it, a crash, kill -9) runs the
 * same cleanup: relay stopped, caches freed, the server told the profile is closed.
 */
/** Browsers run in their own process groups; when the client process ends, they end with it. */
const liveBrowsers = new Set<LaunchedBrowser>();
let exitHookInstalled = false;
function trackBrowser(b: LaunchedBrowser) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const x of liveBrowsers) killTree(x.process);
    });
  }
  liveBrowsers.add(b);
  void b.exited.then(() => liveBrowsers.delete(b));
}

export class ProfileSessions extends EventEmitter {
  private readonly sessions = new Map<number, Session>();
  private readonly opening = new Map<number, Promise<ActiveProfile>>();
  readonly device: string;
  private readonly load: () => Promise<Load>;

  constructor(private readonly o: SessionsOptions) {
    super();
    this.device = o.device ?? hostname();
    this.load = o.load ?? backgroundLoad();
  }

  active(): ActiveProfile[] {
    return [...this.sessions.values()].map((s) => s.info);
  }

  get(id: number): ActiveProfile | undefined {
    return this.sessions.get(id)?.info;
  }

  /** Opens a profile, or returns it when it is open already (automation calls start freely). */
  open(id: number, opts: { headless?: boolean } = {}): Promise<ActiveProfile> {
    const existing = this.sessions.get(id);
    if (existing && !existing.closing) return Promise.resolve(existing.info);
    const pending = this.opening.get(id);
    if (pending) return pending;
    const p = this.doOpen(id, opts).finally(() => this.opening.delete(id));
    this.opening.set(id, p);
    return p;
  }

  /** Opens many with at most `concurrency` launching at once; progress after each one. */
  async openMany(
    ids: number[],
    opts: { headless?: boolean; concurrency?: number } = {},
    onProgress?: (p: OpenProgress) => void,
  ): Promise<OpenProgress[]> {
    const queue = [...new Set(ids)];
    const results: OpenProgress[] = [];
    let done = 0;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        let r: OpenProgress;
        try {
          await this.open(id, opts);
          r = { id, done: ++done, total: ids.length, ok: true };
        } catch (e) {
          r = { id, done: ++done, total: ids.length, ok: false, error: (e as Error).message };
        }
        results.push(r);
        onProgress?.(r);
        this.emit('progress', r);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, queue.length)) }, worker));
    return results;
  }

  private async doOpen(id: number, opts: { headless?: boolean }): Promise<ActiveProfile> {
    if (!this.o.chromePath) throw new ClientError('no Chrome or Chromium found: set CHROME_PATH');
    if (!this.o.server.hasSession)
      throw new ClientError('the client is not signed in to the server: set FACET_TOKEN or pair from the console');
    const perf = this.o.performance();
    if (perf.open) {
      const reason = overloadReason(perf, await this.load());
      if (reason) throw new ClientError(`not opening more profiles: ${reason}`);
    }
    const spec = await this.o.server.getOpen(id);
    const fp: Fingerprint = spec.browserFingerPrint;
    const headless = opts.headless ?? this.o.headless;
    const userDataDir = join(this.o.dataDir, 'profiles', String(id));
    let relay: ProxyRelay | null = null;
    let browser: LaunchedBrowser | null = null;
    try {
      if (spec.connectProxy) relay = await startProxyRelay(spec.connectProxy);
      const langs = languagesOf(fp);
      const tz = timeZoneOf(fp);
      const args = buildChromeFlags({
        userDataDir,
        headless,
        debugPort: 0,
        proxyServer: relay?.url ?? null,
        userAgent: fp.userAgent,
        languages: langs,
        webrtcPolicy: webrtcPolicy(fp.webrtc),
        window: fp.screen.mode === 'custom' ? { width: fp.screen.width, height: fp.screen.height } : null,
        noSandbox: process.platform === 'linux' && process.getuid?.() === 0,
        extra: this.o.extraFlags ?? [],
      });
      browser = await launchChrome({
        chromePath: this.o.chromePath,
        args,
        userDataDir,
        env: tz ? { TZ: tz } : {},
      });
      trackBrowser(browser);
      const cdp = await CdpConnection.connect(browser.wsEndpoint);
      const applier = new FingerprintApplier(cdp, id, fp);
      await applier.start();
      if (spec.cookies.length)
        await cdp
          .send('Storage.setCookies', { cookies: spec.cookies.map(toCdpCookie) })
          .catch((e: Error) => this.emit('warning', { id, message: `cookies not loaded: ${e.message}` }));
      await this.openStartPages(cdp, [spec.siteUrl, ...spec.startupUrls].filter(Boolean));
      const info: ActiveProfile = {
        id,
        name: spec.name,
        wsEndpoint: browser.wsEndpoint,
        debugPort: browser.debugPort,
        pid: browser.pid,
        headless,
        openedAt: new Date().toISOString(),
      };
      const session: Session = { info, browser, cdp, relay, applier, closing: false, done: Promise.resolve() };
      session.done = browser.exited.then(() => this.afterExit(session));
      this.sessions.set(id, session);
      await this.o.server
        .reportOpen(id, true, this.device)
        .catch((e: Error) => this.emit('warning', { id, message: `open state not reported: ${e.message}` }));
      this.emit('opened', info);
      return info;
    } catch (e) {
      if (browser) {
        killTree(browser.process);
        await browser.exited;
      }
      await relay?.close().catch(() => {});
      throw e;
    }
  }

  private async openStartPages(cdp: CdpConnection, urls: string[]) {
    const unique = [...new Set(urls)];
    if (!unique.length) return;
    const { targetInfos } = await cdp.send<Protocol.Target.GetTargetsResponse>('Target.getTargets');
    const first = targetInfos.find((t) => t.type === 'page');
    const [head, ...rest] = unique;
    if (first && head) {
      const { sessionId } = await cdp.send<Protocol.Target.AttachToTargetResponse>('Target.attachToTarget', {
        targetId: first.targetId,
        flatten: true,
      });
      await cdp.send('Page.navigate', { url: head }, sessionId).catch(() => {});
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
    } else if (head) rest.unshift(head);
    for (const url of rest) await cdp.send('Target.createTarget', { url }).catch(() => {});
  }

  /** Saves cookies, closes the browser (killed if it does not quit in time) and reports it closed. */
  async close(id: number): Promise<boolean> {
    const s = this.sessions.get(id);
    if (!s) return false;
    if (!s.closing) {
      s.closing = true;
      await this.saveCookies(s);
      await s.cdp.send('Browser.close').catch(() => {});
      const quit = await Promise.race([s.browser.exited.then(() => true), delay(5_000).then(() => false)]);
      if (!quit) killTree(s.browser.process);
    }
    await s.done;
    return true;
  }

  async closeAll(): Promise<number> {
    const ids = [...this.sessions.keys()];
    await Promise.all(ids.map((id) => this.close(id)));
    return ids.length;
  }

  private async saveCookies(s: Session) {
    try {
      const { cookies } = await s.cdp.send<Protocol.Storage.GetCookiesResponse>('Storage.getCookies');
      await this.o.server.saveCookies(s.info.id, cookies.map(fromCdpCookie));
    } catch (e) {
      this.emit('warning', { id: s.info.id, message: `cookies not saved: ${(e as Error).message}` });
    }
  }

  private async afterExit(s: Session) {
    const { id } = s.info;
    const crashed = !s.closing;
    s.applier.stop();
    s.cdp.close();
    this.sessions.delete(id);
    await s.relay?.close().catch(() => {});
    if (this.o.performance().freeCacheSpace === 1) await freeCaches(join(this.o.dataDir, 'profiles', String(id)));
    await this.reportClosed(id);
    this.emit('closed', { id, crashed });
  }

  private async reportClosed(id: number) {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.o.server.reportOpen(id, false, this.device);
        return;
      } catch (e) {
        if (attempt === 2) this.emit('warning', { id, message: `closed state not reported: ${(e as Error).message}` });
        else await delay(500 * (attempt + 1));
      }
    }
  }

  /**
   * After a client restart: what the server shows open on this device by this user but is not
   * running here was left by a crash of the client; the server is told it is closed.
   */
  async reconcile(): Promise<number[]> {
    const me = await this.o.server.currentUser();
    const open = await this.o.server.openProfiles();
    const stale = open.filter(
      (p) =>
        p.openUserId === me.id && p.openDevice === this.device && !this.sessions.has(p.id) && !this.opening.has(p.id),
    );
    for (const p of stale) await this.reportClosed(p.id);
    return stale.map((p) => p.id);
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The HTTP and code caches: large, and rebuilt by the browser on demand. */
async function freeCaches(userDataDir: string) {
  for (const dir of ['Default/Cache', 'Default/Code Cache', 'Default/GPUCache', 'GrShaderCache', 'ShaderCache'])
    await rm(join(userDataDir, dir), { recursive: true, force: true }).catch(() => {});
}
