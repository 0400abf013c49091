import type { Fingerprint } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import type { CdpConnection, CdpEvent } from '../cdp.js';
import {
  geolocationOf,
  identityHeaders,
  nativeEmulation,
  scriptConfig,
  timeZoneOf,
  userAgentOverride,
} from './overrides.js';
import { fingerprintScript } from './page-script.js';

interface AttachedParams {
  sessionId: string;
  targetInfo: { targetId: string; type: string; url: string };
  waitingForDebugger: boolean;
}

const PAGE_LIKE = new Set(['page', 'iframe']);
const WORKER_LIKE = new Set(['worker', 'shared_worker', 'service_worker']);

/**
 * Applies a profile's fingerprint to every target of its browser before the target's own
 * scripts run: auto-attach with waitForDebuggerOnStart pauses each new page, OOPIF and worker;
 * the overrides and native emulation go in, the resume right behind them, whatever becomes of
 * them (docs/client.md, Opening a profile). Auto-attach is set recursively on each page and
 * worker session so nested frames and workers are caught as well.
 */
export class FingerprintApplier {
  private readonly script: string;
  private readonly ua;
  private readonly tz: string | null;
  private readonly geo;
  private readonly pending = new Set<Promise<void>>();
  /** Target id ⇄ the session that set it up, both ways. */
  private readonly targets = new Map<string, string>();
  /** Workers waiting at their first script, by session. */
  private readonly pausedWaiters = new Map<string, () => void>();
  private readonly headers: Record<string, string>;
  private readonly native;
  /** The browser session whose interception corrects first requests (see guardFirstRequests). */
  private guard: string | null = null;
  private readonly onEvent = (ev: CdpEvent) => {
    if (ev.method === 'Fetch.requestPaused' && ev.sessionId && ev.sessionId === this.guard)
      this.correct(ev.sessionId, ev.params as unknown as Protocol.Fetch.RequestPausedEvent);
    else if (ev.method === 'Debugger.paused' && ev.sessionId) this.pausedWaiters.get(ev.sessionId)?.();
    else if (ev.method === 'Target.detachedFromTarget') {
      const sessionId = ev.params.sessionId as string;
      const targetId = this.targets.get(sessionId);
      if (targetId && this.targets.get(targetId) === sessionId) this.targets.delete(targetId);
      this.targets.delete(sessionId);
      this.pausedWaiters.get(sessionId)?.();
    } else if (ev.method === 'Target.attachedToTarget') {
      const p = this.onAttached(ev.params as unknown as AttachedParams);
      this.pending.add(p);
      void p.finally(() => this.pending.delete(p));
    }
  };
  /** Targets whose setup failed; kept for diagnostics and tests. */
  readonly errors: string[] = [];

  constructor(
    private readonly cdp: CdpConnection,
    profileId: number,
    fp: Fingerprint,
    /** More scripts for every page and frame (e.g. credential autofill), each in its own world. */
    private readonly pageScripts: ReadonlyArray<{ source: string; worldName: string }> = [],
    /** A headless browser has the profile's screen everywhere (--screen-info); a visible one not. */
    o: { headless?: boolean } = {},
  ) {
    this.script = fingerprintScript(scriptConfig(profileId, fp, o));
    this.ua = userAgentOverride(fp);
    this.tz = timeZoneOf(fp);
    this.geo = geolocationOf(fp);
    this.headers = identityHeaders(fp);
    this.native = nativeEmulation(fp);
  }

  /** Starts watching; existing page targets (the first tab) are set up too. */
  async start(): Promise<void> {
    this.cdp.on('event', this.onEvent);
    await Promise.all([
      this.applyBrowserWide(),
      this.guardFirstRequests(),
      this.cdp.send('Target.setAutoAttach', AUTO_ATTACH),
    ]);
    // Existing targets are announced before the command's answer: wait until they are set up,
    // so the first tab carries the fingerprint before anyone navigates it.
    await Promise.all([...this.pending]);
  }

  stop() {
    this.cdp.off('event', this.onEvent);
    if (this.guard) void this.cdp.send('Target.detachFromTarget', { sessionId: this.guard }).catch(() => {});
  }

  /**
   * A tab's first navigation can start before its target is attached (a popup, a tab created
   * with a URL): its headers are then the engine's own (its client hints, Chromium's brands),
   * whatever the target's override says later. Interception on a browser session of its own
   * (beside the proxy relay's) sees every document request and puts the profile's values in
   * where they differ; the others go on untouched.
   */
  private async guardFirstRequests() {
    const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToBrowserTarget');
    this.guard = sessionId;
    await this.cdp.send(
      'Fetch.enable',
      { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] },
      sessionId,
    );
  }

  private correct(sessionId: string, p: Protocol.Fetch.RequestPausedEvent) {
    let changed = false;
    const headers = Object.entries(p.request.headers).map(([name, value]) => {
      const want = this.headers[name.toLowerCase()];
      if (want === undefined || want === value) return { name, value };
      changed = true;
      return { name, value: want };
    });
    void this.cdp
      .send(
        'Fetch.continueRequest',
        changed ? { requestId: p.requestId, headers } : { requestId: p.requestId },
        sessionId,
      )
      .catch(() => {});
  }

  private async applyBrowserWide() {
    if (this.geo.kind === 'override')
      await this.cdp.send('Browser.grantPermissions', { permissions: ['geolocation'] }).catch(() => {});
    else if (this.geo.kind === 'deny')
      await this.cdp
        .send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'denied' })
        .catch(() => {});
  }

  private async onAttached(p: AttachedParams) {
    const { sessionId, targetInfo } = p;
    const send = (method: string, params: object = {}) => this.cdp.send(method, params, sessionId);
    const resume = () => (p.waitingForDebugger ? send('Runtime.runIfWaitingForDebugger').catch(() => {}) : null);
    // A second session of a target already set up (the client's own attach to navigate a tab)
    // adds nothing: the target has its overrides, and its patch must run once per realm.
    if (
      this.targets.has(targetInfo.targetId) ||
      !(PAGE_LIKE.has(targetInfo.type) || WORKER_LIKE.has(targetInfo.type))
    ) {
      await resume();
      return;
    }
    this.targets.set(sessionId, targetInfo.targetId);
    this.targets.set(targetInfo.targetId, sessionId);
    // Everything is sent before the resume and nothing awaited until after it: a paused target
    // answers some commands only once running (a popup's Page.enable, a service worker that has
    // not fetched its script yet), and the session delivers commands in order, so the overrides
    // are in before the target's first script either way (docs/client.md, Opening a profile).
    const steps = PAGE_LIKE.has(targetInfo.type)
      ? this.pageSteps(send, targetInfo.type === 'page')
      : this.workerSteps(sessionId, send, p.waitingForDebugger);
    const settled = Promise.allSettled(steps);
    await resume();
    const failed = await withTimeout(settled, SETUP_MS).then((all) =>
      all
        ? all.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.message ?? r.reason))
        : ['timed out'],
    );
    if (failed.length) this.errors.push(`${targetInfo.type} ${targetInfo.url}: ${failed.join('; ')}`);
  }

  private pageSteps(send: Send, top: boolean): Promise<unknown>[] {
    return [
      // Scripts added for new documents only take effect with the Page domain on.
      send('Page.enable'),
      send('Page.addScriptToEvaluateOnNewDocument', { source: this.script, runImmediately: true }),
      ...this.pageScripts.map((x) =>
        send('Page.addScriptToEvaluateOnNewDocument', { ...x, runImmediately: true }).catch(() => {}),
      ),
      send('Network.setUserAgentOverride', this.ua),
      send('Emulation.setUserAgentOverride', this.ua),
      this.tz ? send('Emulation.setTimezoneOverride', { timezoneId: this.tz }) : null,
      ...this.nativeSteps(send, top),
      this.geo.kind === 'override'
        ? send('Emulation.setGeolocationOverride', {
            latitude: this.geo.latitude,
            longitude: this.geo.longitude,
            accuracy: this.geo.accuracy,
          })
        : null,
      send('Target.setAutoAttach', AUTO_ATTACH),
    ].filter((x): x is Promise<unknown> => x !== null);
  }

  /**
   * Native emulation (docs/client.md, What the fingerprint covers). The screen goes on the tab
   * only (Chromium refuses it on a frame; a headless browser has the profile's screen from
   * --screen-info everywhere). `width: 0, height: 0` keeps the window's own viewport: only the
   * screen is emulated, so media queries and `screen` agree.
   */
  private nativeSteps(send: Send, top: boolean): Promise<unknown>[] {
    const { locale, hardwareConcurrency, screen } = this.native;
    return [
      send('Emulation.setLocaleOverride', { locale }).catch((e: Error) => {
        // The locale is one per renderer process: a frame or a popup sharing its process with a
        // target set up before has it already.
        if (!/another locale override/i.test(e.message)) throw e;
      }),
      send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency }),
      ...(top && screen
        ? [
            send('Emulation.setDeviceMetricsOverride', {
              width: 0,
              height: 0,
              deviceScaleFactor: 0,
              mobile: false,
              screenWidth: screen.width,
              screenHeight: screen.height,
            }),
          ]
        : []),
    ];
  }

  /**
   * A worker has no script-on-new-document: the patch is evaluated at a breakpoint before its
   * first script runs (the instrumentation breakpoint), which fires once its global exists,
   * whenever that is: a service worker's is made only after its script is fetched. A worker
   * not paused at attach (an extension's service worker started with the browser) may have no
   * first script left to stop at: it is patched at once, behind its overrides, and the open does
   * not wait for a pause that may never come (docs/client.md, Opening a profile).
   */
  private workerSteps(sessionId: string, send: Send, paused: boolean): Promise<unknown>[] {
    const common = [
      send('Network.setUserAgentOverride', this.ua),
      send('Emulation.setUserAgentOverride', this.ua).catch(() => {}),
      this.tz ? send('Emulation.setTimezoneOverride', { timezoneId: this.tz }).catch(() => {}) : null,
      // A dedicated worker has its page's process, and so its locale, already.
      send('Emulation.setLocaleOverride', { locale: this.native.locale }).catch(() => {}),
      send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: this.native.hardwareConcurrency }),
      send('Target.setAutoAttach', AUTO_ATTACH).catch(() => {}),
    ].filter((x): x is Promise<unknown> => x !== null);
    if (!paused) return [...common, send('Runtime.evaluate', { expression: this.script, silent: true })];
    const reached = new Promise<boolean>((resolve) => this.pausedWaiters.set(sessionId, () => resolve(true)));
    const patched = withTimeout(reached, SETUP_MS).then(async (hit) => {
      this.pausedWaiters.delete(sessionId);
      try {
        if (hit) await send('Runtime.evaluate', { expression: this.script, silent: true });
      } finally {
        // Disabling the debugger also resumes the worker, whatever happened above.
        await send('Debugger.disable').catch(() => {});
      }
      if (!hit) throw new Error('the worker never reached its first script');
    });
    return [
      ...common,
      send('Debugger.enable'),
      send('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptExecution' }),
      patched,
    ];
  }
}

type Send = (method: string, params?: object) => Promise<unknown>;

/** How long one target's setup may take before it is given up (the target runs on regardless). */
const SETUP_MS = 10_000;

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

/** The promise's value, or undefined once `ms` passed. */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ms);
    }),
  ]);
}
