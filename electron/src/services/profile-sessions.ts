import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  type ActiveProfile,
  type BookmarkEntry,
  bookmarkEntrySchema,
  Code,
  type Fingerprint,
  type OpenProgress,
  parseGlobalList,
  type WebsiteCredential,
  type WindowPlacement,
  websiteCredentialSchema,
} from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import { AUTOFILL_WORLD, autofillScript } from './autofill.js';
import { writeBookmarks } from './bookmarks.js';
import type { CdpConnection } from './cdp.js';
import { type Claims, claimsOf } from './checker/analyze.js';
import { type CheckableSessions, FingerprintChecker } from './checker/index.js';
import { buildChromeFlags, cookieKeyStore } from './chrome-flags.js';
import { fromCdpCookie, toCdpCookie } from './cookies.js';
import { DevToolsRelay } from './devtools-relay.js';
import {
  type ExitLocation,
  ExitLocations,
  followsExitIp,
  tableLocation,
  upstreamUnreachable,
  withExitLocation,
} from './exit-location.js';
import { denyExtensionFileAccess, extensionIdOfFolder } from './extension-file-access.js';
import { ExtensionCache } from './extensions.js';
import { FingerprintApplier } from './fingerprint/applier.js';
import { languagesOf, timeZoneOf, webrtcPolicy } from './fingerprint/overrides.js';
import { profileFontconfig } from './fontconfig.js';
import {
  applyDownloadBehavior,
  type LaunchPreferences,
  launchFlagsOf,
  RestartBudget,
  writeLaunchPreferences,
} from './launch-preferences.js';
import { killTree, type LaunchedBrowser, launchChrome } from './launcher.js';
import { backgroundLoad, busiestProcess, type Load, overloadReason, type PerformanceConfig } from './performance.js';
import { type ConnectProxy, type ProxyRelay, startProxyRelay } from './proxy-relay.js';
import { answerRelayAuth } from './relay-auth.js';
import { type ServerClient, ServerError } from './server-client.js';
import { SshHostKeys } from './ssh-host-keys.js';
import { type Rect, type TileArea, tileRects } from './tiling.js';
import { WindowBoundsStore } from './window-bounds.js';
import { WindowStatusReporter } from './window-status.js';

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
  /** Where window bounds are kept; FACET_DATA_DIR/client/window-bounds.json by default. */
  bounds?: WindowBoundsStore;
  /** How often an open headed window's bounds are remembered (ms). */
  boundsSnapshotMs?: number;
}

/** The area `arrange` tiles the windows over, and which open profiles (all by default). */
export type ArrangeInput = TileArea & { ids?: number[] | undefined };

/** The shapes of the client contract (shared): what `active` lists and what a batch open reports. */
export type { ActiveProfile, OpenProgress };

export class ClientError extends Error {}
/** Opening refused because the machine is above the performance thresholds. */
export class OverloadError extends ClientError {}
/** The profile's proxy relay could not be started. */
export class ProxyRelayError extends ClientError {}
/** One of the profile's extensions could not be fetched, checked or unpacked. */
export class ExtensionLoadError extends ClientError {}

interface Session {
  info: ActiveProfile;
  browser: LaunchedBrowser;
  cdp: CdpConnection;
  relay: ProxyRelay | null;
  /** Stops serving the browser's DevTools to callers. */
  unserve: () => void;
  applier: FingerprintApplier;
  /** What the fingerprint claims, its "ip" settings resolved: what the checker holds it to. */
  claims: Claims;
  closing: boolean;
  done: Promise<void>;
  boundsTimer: NodeJS.Timeout | null;
  /** Process protect: restarts allowed within a minute when the browser ends unasked (0: off). */
  protect: number;
  /** Reports the page the window shows (docs/profiles.md, Window status). */
  windows: WindowStatusReporter;
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

export class ProfileSessions extends EventEmitter implements CheckableSessions {
  private readonly sessions = new Map<number, Session>();
  private readonly opening = new Map<number, Promise<ActiveProfile>>();
  readonly device: string;
  private readonly load: () => Promise<Load>;
  readonly bounds: WindowBoundsStore;
  /** Unpacked extensions, shared by the profiles that load them: FACET_DATA_DIR/extensions/<sha256>. */
  readonly extensions: ExtensionCache;
  /** SSH proxy host keys pinned on first use: FACET_DATA_DIR/client/ssh-host-keys.json. */
  readonly sshHostKeys: SshHostKeys;
  /** Exit locations per proxy (FACET_IP_INFO_URL asked through each profile's relay). */
  private readonly exitLocations = new ExitLocations();
  /**
   * Host:port pairs the relays connect to directly, not through the profile's proxy: the client's
   * own check pages on loopback, which no upstream could reach.
   */
  readonly directHosts = new Set<string>();
  /** The built-in fingerprint check (docs/client.md, The fingerprint checker). */
  readonly checker: FingerprintChecker = new FingerprintChecker(this);
  /** Where callers reach the open profiles' DevTools; started with the first open. */
  private devtools: Promise<DevToolsRelay> | null = null;
  /** Process protect's restarts per profile (docs/client.md, Process protect). */
  private readonly restarts = new RestartBudget();
  /** Set by shutdown: a browser that dies while the client stops is not started again. */
  private stopping = false;

  constructor(private readonly o: SessionsOptions) {
    super();
    this.device = o.device ?? hostname();
    this.load = o.load ?? backgroundLoad();
    this.bounds = o.bounds ?? new WindowBoundsStore(join(o.dataDir, 'client', 'window-bounds.json'));
    this.sshHostKeys = new SshHostKeys(join(o.dataDir, 'client', 'ssh-host-keys.json'));
    this.extensions = new ExtensionCache({
      dir: join(o.dataDir, 'extensions'),
      download: (ext) => this.o.server.downloadExtension(ext.id),
    });
  }

  active(): ActiveProfile[] {
    return [...this.sessions.values()].map((s) => s.info);
  }

  get(id: number): ActiveProfile | undefined {
    return this.sessions.get(id)?.info;
  }

  /**
   * The open profile's proxy relay with its credentials (`http://user:pass@127.0.0.1:port`), for
   * requests the client makes on the profile's behalf (an RPA httpRequest step); null without one.
   */
  relayUrl(id: number): string | null {
    return this.sessions.get(id)?.relay?.authUrl ?? null;
  }

  inspect(id: number): { cdp: CdpConnection; claims: Claims } | undefined {
    const s = this.sessions.get(id);
    return s && !s.closing ? { cdp: s.cdp, claims: s.claims } : undefined;
  }

  /** Opens a profile, or returns it when it is open already (automation calls start freely). */
  open(id: number, opts: { headless?: boolean } = {}): Promise<ActiveProfile> {
    const existing = this.sessions.get(id);
    if (existing && !existing.closing) return Promise.resolve(existing.info);
    const pending = this.opening.get(id);
    if (pending) return pending;
    const p = this.doOpen(id, opts)
      .catch((e: Error) => {
        this.emit('open-failed', { id, error: e });
        throw e;
      })
      .finally(() => this.opening.delete(id));
    this.opening.set(id, p);
    return p;
  }

  /**
   * Opens many with at most `concurrency` launching at once; progress after each one (the
   * `onProgress` option, the positional callback and a `progress` event all get it).
   */
  async openMany(
    ids: number[],
    opts: { headless?: boolean; concurrency?: number; onProgress?: (p: OpenProgress) => void } = {},
    onProgress: ((p: OpenProgress) => void) | undefined = opts.onProgress,
  ): Promise<OpenProgress[]> {
    const queue = [...new Set(ids)];
    const results: OpenProgress[] = [];
    let done = 0;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        let r: OpenProgress;
        try {
          await this.open(id, opts.headless === undefined ? {} : { headless: opts.headless });
          r = { id, done: ++done, total: ids.length, ok: true };
        } catch (e) {
          r = { id, done: ++done, total: ids.length, ok: false, error: (e as Error).message };
        }
        results.push(r);
        try {
          onProgress?.(r);
        } catch {}
        this.emit('progress', r);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, queue.length)) }, worker));
    return results;
  }

  private async denyFileAccess(userDataDir: string, dirs: string[]) {
    try {
      const ids = await Promise.all(
        dirs.map(async (dir) => {
          const extId = await extensionIdOfFolder(dir);
          if (!extId) throw new Error(`${dir} has no manifest key, so its id is unknown`);
          return extId;
        }),
      );
      await denyExtensionFileAccess(userDataDir, ids);
    } catch (e) {
      throw new ExtensionLoadError(`the extensions' file access could not be turned off: ${(e as Error).message}`);
    }
  }

  /**
   * Why no profile would open now (the performance settings' CPU or memory limit is passed), or
   * null. The RPA worker asks before it takes runs, so a busy machine leaves them to other clients.
   */
  async overloaded(): Promise<string | null> {
    const perf = this.o.performance();
    return perf.open ? overloadReason(perf, await this.load()) : null;
  }

  private async doOpen(id: number, opts: { headless?: boolean }): Promise<ActiveProfile> {
    if (!this.o.chromePath) throw new ClientError('no Chrome or Chromium found: set CHROME_PATH');
    if (!this.o.server.hasSession)
      throw new ClientError('the client is not signed in to the server: set FACET_TOKEN or pair from the console');
    const reason = await this.overloaded();
    if (reason) {
      const top = reason.startsWith('CPU') ? await busiestProcess() : null;
      const busiest = top ? ` (the busiest process: ${top.name}, ${Math.round(top.cpu)}% of a core)` : '';
      throw new OverloadError(`not opening more profiles: ${reason}${busiest}`);
    }
    const [spec, extras, prefs] = await Promise.all([
      this.o.server.getOpen(id),
      this.globalExtras(id),
      this.launchPreferences(id),
    ]);
    // The user assigned these extensions and expects them: the profile does not open without
    // one of them (unlike the team's bookmarks, an optional extra that only warns). A server
    // from before extensions sends no list.
    const extensionDirs = await this.extensions.prepare(spec.extensions ?? []).catch((e: Error) => {
      throw new ExtensionLoadError(`the profile's extensions could not be loaded: ${e.message}`);
    });
    const headless = opts.headless ?? this.o.headless;
    const userDataDir = join(this.o.dataDir, 'profiles', String(id));
    // Unpacked extensions read local files unless told not to (docs/client.md, Extensions):
    // no profile opens with an extension whose file access could not be turned off.
    await this.denyFileAccess(userDataDir, extensionDirs);
    const stored = await this.bounds.get(id);
    let relay: ProxyRelay | null = null;
    let browser: LaunchedBrowser | null = null;
    try {
      if (spec.connectProxy)
        relay = await startProxyRelay(spec.connectProxy, {
          sshHostKeys: this.sshHostKeys,
          direct: (host, port) => this.directHosts.has(`${host}:${port}`),
        }).catch((e: Error) => {
          throw new ProxyRelayError(`the proxy relay could not be started: ${e.message}`);
        });
      const located = await this.exitLocation(id, spec, relay);
      const fp: Fingerprint = withExitLocation(spec.browserFingerPrint, located);
      if (extras.bookmarks)
        await writeBookmarks(userDataDir, extras.bookmarks).catch((e: Error) =>
          this.emit('warning', { id, message: `bookmarks not written: ${e.message}` }),
        );
      if (prefs)
        await writeLaunchPreferences(userDataDir, prefs, id).catch((e: Error) =>
          this.emit('warning', { id, message: `page zoom and download folder not applied: ${e.message}` }),
        );
      const langs = languagesOf(fp);
      const tz = timeZoneOf(fp);
      const args = buildChromeFlags({
        userDataDir,
        headless,
        keyStore: cookieKeyStore(process.platform, process.env),
        proxyServer: relay?.url ?? null,
        userAgent: fp.userAgent,
        languages: langs,
        webrtcPolicy: webrtcPolicy(fp.webrtc),
        // The window where the user left it; else the size of the profile's screen.
        window: stored
          ? { width: stored.width, height: stored.height, x: stored.left, y: stored.top }
          : fp.screen.mode === 'custom'
            ? { width: fp.screen.width, height: fp.screen.height }
            : null,
        screen: fp.screen.mode === 'custom' ? { width: fp.screen.width, height: fp.screen.height } : null,
        noSandbox: process.platform === 'linux' && process.getuid?.() === 0,
        extensionDirs,
        extra: [...(this.o.extraFlags ?? []), ...(prefs ? launchFlagsOf(prefs.browser) : [])],
      });
      // On Linux a profile that claims another OS sees its claimed fonts by name, not the host's
      // (docs/client.md, Fonts); without the file it opens with the host's, and says so.
      const fonts = await profileFontconfig({
        dir: userDataDir,
        os: fp.os,
        fonts: fp.fonts,
        cacheDir: join(this.o.dataDir, 'client', 'fontconfig-cache'),
      }).catch((e: Error) => {
        this.emit('warning', { id, message: `font list not applied: ${e.message}` });
        return null;
      });
      browser = await launchChrome({
        chromePath: this.o.chromePath,
        args,
        userDataDir,
        env: { ...(tz ? { TZ: tz } : {}), ...fonts?.env },
      });
      trackBrowser(browser);
      const { cdp } = browser;
      if (relay) await answerRelayAuth(cdp, relay);
      if (prefs)
        await applyDownloadBehavior(cdp, prefs.setting, id).catch((e: Error) =>
          this.emit('warning', { id, message: `download folder not applied: ${e.message}` }),
        );
      const autofill = autofillScript(extras.credentials);
      const applier = new FingerprintApplier(
        cdp,
        id,
        fp,
        autofill ? [{ source: autofill, worldName: AUTOFILL_WORLD }] : [],
        { headless },
      );
      await applier.start();
      if (spec.cookies.length)
        await cdp
          .send('Storage.setCookies', { cookies: spec.cookies.map(toCdpCookie) })
          .catch((e: Error) => this.emit('warning', { id, message: `cookies not loaded: ${e.message}` }));
      await this.openStartPages(cdp, [spec.siteUrl, ...spec.startupUrls].filter(Boolean));
      this.devtools ??= DevToolsRelay.start();
      const served = (await this.devtools).serve(cdp);
      const info: ActiveProfile = {
        id,
        name: spec.name,
        wsEndpoint: served.wsEndpoint,
        pid: browser.pid,
        headless,
        openedAt: new Date().toISOString(),
      };
      const session: Session = {
        info,
        browser,
        cdp,
        relay,
        unserve: served.stop,
        applier,
        claims: claimsOf(fp),
        closing: false,
        done: Promise.resolve(),
        boundsTimer: null,
        protect: prefs?.setting.processProtect ? prefs.setting.processProtectMax : 0,
        windows: new WindowStatusReporter(cdp, (url) => this.markWindow(id, 1, url)),
      };
      session.done = browser.exited.then((how) => this.afterExit(session, how));
      this.sessions.set(id, session);
      if (!headless) {
        // A window the user closes leaves no chance to ask; its last snapshot is kept.
        session.boundsTimer = setInterval(() => void this.rememberBounds(session), this.o.boundsSnapshotMs ?? 10_000);
        session.boundsTimer.unref();
      }
      // Both at once: the open waits for one round trip to the server, not two.
      await Promise.all([
        this.o.server
          .reportOpen(id, true, this.device)
          .catch((e: Error) => this.emit('warning', { id, message: `open state not reported: ${e.message}` })),
        located?.source === 'lookup'
          ? this.o.server
              .call('profileSaveLastIp', {
                body: { id, ip: located.ip, lastIp: located.ip, lastCountry: located.country },
              })
              .catch((e: Error) => this.emit('warning', { id, message: `exit IP not recorded: ${e.message}` }))
          : null,
      ]);
      // After the open is recorded: the server takes a window's page only from the profile's holder.
      await session.windows
        .start()
        .catch((e: Error) => this.emit('warning', { id, message: `window status not followed: ${e.message}` }));
      this.emit('opened', info);
      this.emit('state', { id, open: true });
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

  /**
   * Where the profile's traffic leaves: asked through its own relay, so through the proxy the
   * browser uses, for every profile with a proxy (the open-time check: its exit IP is recorded)
   * and for those whose zone, languages or location follow the exit IP. A lookup that fails
   * through a proxy that cannot be reached refuses the open; otherwise it falls back to the
   * country the profile was last seen in, then to its proxy's country, from the offline table;
   * with neither, the profile keeps its stored values (docs/client.md, Time zone, language and
   * location from the exit IP).
   */
  private async exitLocation(
    id: number,
    spec: {
      browserFingerPrint: Fingerprint;
      connectProxy: ConnectProxy | null;
      lastCountry: string;
      country: string;
    },
    relay: ProxyRelay | null,
  ): Promise<ExitLocation | null> {
    if (!spec.connectProxy && !followsExitIp(spec.browserFingerPrint)) return null;
    const key = createHash('sha256')
      .update(JSON.stringify(spec.connectProxy ?? 'direct'))
      .digest('base64url');
    try {
      return await this.exitLocations.resolve(key, relay?.authUrl ?? null);
    } catch (e) {
      const dead = spec.connectProxy ? await upstreamUnreachable(spec.connectProxy) : null;
      if (dead) {
        const p = spec.connectProxy!;
        throw new ProxyRelayError(`the proxy ${p.host}:${p.port} cannot be reached (${dead})`);
      }
      const fallback = tableLocation(spec.lastCountry) ?? tableLocation(spec.country);
      const used = fallback ? `using ${fallback.country} from the offline table` : "keeping the profile's own values";
      this.emit('warning', { id, message: `exit IP not found (${(e as Error).message}); ${used}` });
      return fallback;
    }
  }

  /**
   * The user's preferences (page zoom, download folder, process protect, launcher options). Not
   * being able to read them never keeps a profile from opening: it opens with Chromium's own.
   */
  private async launchPreferences(id: number): Promise<LaunchPreferences | null> {
    try {
      return await this.o.server.preferences();
    } catch (e) {
      this.emit('warning', { id, message: `preferences not read, opening without them: ${(e as Error).message}` });
      return null;
    }
  }

  /**
   * Process protect: a browser that ended without the client closing it (a crash, a kill) is
   * opened again, at most `protect` times a minute; each restart and each refusal is logged.
   */
  private protectAfterCrash(s: Session) {
    const { id } = s.info;
    if (this.stopping) return;
    if (!this.restarts.take(id, s.protect)) {
      this.emit('restarted', {
        id,
        ok: false,
        message: `not restarted: ${s.protect} restarts within a minute already`,
      });
      return;
    }
    this.open(id, { headless: s.info.headless }).then(
      () => this.emit('restarted', { id, ok: true, message: 'the browser ended unexpectedly and was started again' }),
      (e: Error) => this.emit('restarted', { id, ok: false, message: `restart failed: ${e.message}` }),
    );
  }

  /**
   * The team's bookmarks and website credentials (global values). Not being able to read
   * them never keeps a profile from opening: it opens without them, with a warning.
   */
  private async globalExtras(
    id: number,
  ): Promise<{ bookmarks: BookmarkEntry[] | null; credentials: WebsiteCredential[] }> {
    try {
      const v = await this.o.server.globalValues(['bookmarks', 'websitesCredentials']);
      return {
        bookmarks: parseGlobalList(v.bookmarks, bookmarkEntrySchema),
        credentials: parseGlobalList(v.websitesCredentials, websiteCredentialSchema),
      };
    } catch (e) {
      this.emit('warning', { id, message: `bookmarks and website credentials not read: ${(e as Error).message}` });
      // null: the profile's bookmarks stay as they are (an empty list would remove the team's).
      return { bookmarks: null, credentials: [] };
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
      await Promise.all([this.saveCookies(s), this.rememberBounds(s)]);
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

  /** Closes every profile and stops the DevTools relay: the client is stopping. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    await this.closeAll();
    await this.checker.stop();
    const devtools = this.devtools;
    this.devtools = null;
    await (await devtools?.catch(() => null))?.close();
  }

  /** The window of the profile's first tab (a browser with no tab has no window to place). */
  private async windowOf(s: Session): Promise<{ windowId: number; bounds: Protocol.Browser.Bounds }> {
    const { targetInfos } = await s.cdp.send<Protocol.Target.GetTargetsResponse>('Target.getTargets');
    const page = targetInfos.find((t) => t.type === 'page');
    if (!page) throw new ClientError(`profile ${s.info.id} has no open window`);
    return s.cdp.send<Protocol.Browser.GetWindowForTargetResponse>('Browser.getWindowForTarget', {
      targetId: page.targetId,
    });
  }

  /** Stores the window's bounds when it is in its normal state (not minimized, maximized, full screen). */
  private async rememberBounds(s: Session): Promise<Rect | null> {
    try {
      const { bounds: b } = await this.windowOf(s);
      if ((b.windowState ?? 'normal') !== 'normal' || !b.width || !b.height) return null;
      const r = { left: b.left ?? 0, top: b.top ?? 0, width: b.width, height: b.height };
      await this.bounds.set(s.info.id, r);
      return r;
    } catch {
      return null;
    }
  }

  /** The open profile's window bounds, as the browser reports them. */
  async windowBounds(id: number): Promise<Rect> {
    const s = this.sessions.get(id);
    if (!s) throw new ClientError(`profile ${id} is not open in this client`);
    const { bounds: b } = await this.windowOf(s);
    return { left: b.left ?? 0, top: b.top ?? 0, width: b.width ?? 0, height: b.height ?? 0 };
  }

  /** Moves and resizes an open profile's window (restored first if minimized or maximized). */
  async setWindowBounds(id: number, r: Rect): Promise<Rect> {
    const s = this.sessions.get(id);
    if (!s) throw new ClientError(`profile ${id} is not open in this client`);
    const { windowId, bounds } = await this.windowOf(s);
    if ((bounds.windowState ?? 'normal') !== 'normal')
      await s.cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
    await s.cdp.send('Browser.setWindowBounds', { windowId, bounds: { ...r, windowState: 'normal' } });
    return (await this.rememberBounds(s)) ?? this.windowBounds(id);
  }

  /**
   * Tiles the open profiles' windows (the given ids that are open, in that order; else all, by
   * id, so the grid is the same every time) over an area of the screen. Answers where each window ended up.
   */
  async arrange(a: ArrangeInput): Promise<WindowPlacement[]> {
    const ids = (a.ids ?? [...this.sessions.keys()].sort((x, y) => x - y)).filter((id) => this.sessions.has(id));
    const unique = [...new Set(ids)];
    const rects = tileRects(unique.length, a);
    return Promise.all(unique.map(async (id, i) => ({ id, ...(await this.setWindowBounds(id, rects[i]!)) })));
  }

  /** Forgets stored window bounds; an open window is left where it is. Answers how many were stored. */
  resetWindowBounds(ids: number[]): Promise<number> {
    return this.bounds.forget(ids);
  }

  private async saveCookies(s: Session) {
    try {
      const { cookies } = await s.cdp.send<Protocol.Storage.GetCookiesResponse>('Storage.getCookies');
      await this.o.server.saveCookies(s.info.id, cookies.map(fromCdpCookie));
    } catch (e) {
      this.emit('warning', { id: s.info.id, message: `cookies not saved: ${(e as Error).message}` });
    }
  }

  private async afterExit(s: Session, how: { code: number | null; signal: NodeJS.Signals | null }) {
    const { id } = s.info;
    const crashed = !s.closing;
    if (s.boundsTimer) clearInterval(s.boundsTimer);
    s.applier.stop();
    s.unserve();
    s.cdp.close();
    this.sessions.delete(id);
    await s.relay?.close().catch(() => {});
    if (this.o.performance().freeCacheSpace === 1) await freeCaches(join(this.o.dataDir, 'profiles', String(id)));
    await s.windows.stop();
    await this.markWindow(id, 0, '').catch(() => {});
    await this.reportClosed(id);
    this.emit('closed', { id, crashed });
    this.emit('state', { id, open: false });
    // A window the user closed ends the browser with code 0: only a crash or a kill is restarted.
    if (crashed && s.protect > 0 && (how.signal !== null || how.code !== 0)) this.protectAfterCrash(s);
  }

  /**
   * Tells the server a window's state and page. A report that no longer applies (the profile was
   * closed or taken meanwhile: 16187) is dropped without a warning, as the server means it.
   */
  private markWindow(id: number, status: 0 | 1, url: string) {
    return this.o.server
      .call('profileMarkWindowStatus', { body: { ids: [id], status, url, device: this.device } })
      .catch((e: Error) => {
        if (!(e instanceof ServerError && Number(e.code) === Code.SILENT_B))
          this.emit('warning', { id, message: `window status not reported: ${e.message}` });
        throw e;
      });
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
