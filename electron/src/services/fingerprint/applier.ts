import type { Fingerprint } from '@facet/shared';
import type { CdpConnection, CdpEvent } from '../cdp.js';
import { geolocationOf, scriptConfig, timeZoneOf, userAgentOverride } from './overrides.js';
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
 * the overrides go in; then the target resumes. Auto-attach is set recursively on each page
 * session so nested frames and dedicated workers are caught as well.
 */
export class FingerprintApplier {
  private readonly script: string;
  private readonly ua;
  private readonly tz: string | null;
  private readonly geo;
  private readonly pending = new Set<Promise<void>>();
  private readonly onEvent = (ev: CdpEvent) => {
    if (ev.method !== 'Target.attachedToTarget') return;
    const p = this.onAttached(ev.params as unknown as AttachedParams);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  };
  /** Targets whose setup failed; kept for diagnostics and tests. */
  readonly errors: string[] = [];

  constructor(
    private readonly cdp: CdpConnection,
    profileId: number,
    fp: Fingerprint,
    /** More scripts for every page and frame (e.g. credential autofill), each in its own world. */
    private readonly pageScripts: ReadonlyArray<{ source: string; worldName: string }> = [],
  ) {
    this.script = fingerprintScript(scriptConfig(profileId, fp));
    this.ua = userAgentOverride(fp);
    this.tz = timeZoneOf(fp);
    this.geo = geolocationOf(fp);
  }

  /** Starts watching; existing page targets (the first tab) are set up too. */
  async start(): Promise<void> {
    this.cdp.on('event', this.onEvent);
    await Promise.all([
      this.applyBrowserWide(),
      this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }),
    ]);
    // Existing targets are announced before the command's answer: wait until they are set up,
    // so the first tab carries the fingerprint before anyone navigates it.
    await Promise.all([...this.pending]);
  }

  stop() {
    this.cdp.off('event', this.onEvent);
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
    try {
      if (PAGE_LIKE.has(targetInfo.type)) {
        await Promise.all([
          // Scripts added for new documents only take effect with the Page domain on.
          send('Page.enable'),
          send('Page.addScriptToEvaluateOnNewDocument', { source: this.script, runImmediately: true }),
          ...this.pageScripts.map((x) =>
            send('Page.addScriptToEvaluateOnNewDocument', { ...x, runImmediately: true }).catch(() => {}),
          ),
          send('Emulation.setUserAgentOverride', this.ua),
          send('Network.setUserAgentOverride', this.ua).catch(() => {}),
          this.tz ? send('Emulation.setTimezoneOverride', { timezoneId: this.tz }) : null,
          this.geo.kind === 'override'
            ? send('Emulation.setGeolocationOverride', {
                latitude: this.geo.latitude,
                longitude: this.geo.longitude,
                accuracy: this.geo.accuracy,
              })
            : null,
          send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }),
        ]);
      } else if (WORKER_LIKE.has(targetInfo.type)) {
        await Promise.all([
          send('Network.setUserAgentOverride', this.ua).catch(() => {}),
          send('Emulation.setUserAgentOverride', this.ua).catch(() => {}),
          this.tz ? send('Emulation.setTimezoneOverride', { timezoneId: this.tz }).catch(() => {}) : null,
          send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }).catch(
            () => {},
          ),
          send('Runtime.evaluate', { expression: this.script }),
        ]);
      }
    } catch (e) {
      this.errors.push(`${targetInfo.type} ${targetInfo.url}: ${(e as Error).message}`);
    } finally {
      if (p.waitingForDebugger) await send('Runtime.runIfWaitingForDebugger').catch(() => {});
    }
  }
}
