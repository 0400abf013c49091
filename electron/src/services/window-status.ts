import type { Protocol } from 'devtools-protocol';
import type { CdpConnection, CdpEvent } from './cdp.js';

/** How long the page must stay put before it is reported: a redirect chain makes one report. */
export const WINDOW_REPORT_DEBOUNCE_MS = 1000;

/**
 * Follows the pages of one profile's browser and reports the one the user went to last, once it
 * settles (docs/profiles.md, Window status). Only page targets count: a worker or an extension's
 * background page is no window. Reports are sent one after another, never two at once, and only
 * when the page changed since the last one.
 */
export class WindowStatusReporter {
  private readonly pages = new Map<string, string>();
  private latest: string | null = null;
  private sent: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly onEvent = (ev: CdpEvent) => this.event(ev);

  constructor(
    private readonly cdp: CdpConnection,
    private readonly report: (url: string) => Promise<unknown>,
    private readonly debounceMs = WINDOW_REPORT_DEBOUNCE_MS,
  ) {}

  async start(): Promise<void> {
    this.cdp.on('event', this.onEvent);
    await this.cdp.send('Target.setDiscoverTargets', { discover: true });
    const { targetInfos } = await this.cdp.send<Protocol.Target.GetTargetsResponse>('Target.getTargets');
    for (const t of targetInfos) this.seen(t);
    this.schedule();
  }

  /** Stops following; what was not reported yet is dropped (the window is going away). */
  stop(): Promise<void> {
    this.stopped = true;
    this.cdp.off('event', this.onEvent);
    if (this.timer) clearTimeout(this.timer);
    return this.sending;
  }

  private event(ev: CdpEvent) {
    if (ev.sessionId) return;
    const info = (ev.params as { targetInfo?: Protocol.Target.TargetInfo }).targetInfo;
    if ((ev.method === 'Target.targetCreated' || ev.method === 'Target.targetInfoChanged') && info) {
      if (this.seen(info)) this.schedule();
    } else if (ev.method === 'Target.targetDestroyed') {
      const { targetId } = ev.params as { targetId: string };
      if (this.pages.delete(targetId) && this.latest === targetId) {
        this.latest = [...this.pages.keys()].at(-1) ?? null;
        this.schedule();
      }
    }
  }

  /** True when a page's address changed: it becomes the page the window shows. */
  private seen(t: Protocol.Target.TargetInfo): boolean {
    if (t.type !== 'page') return false;
    if (this.pages.get(t.targetId) === t.url) return false;
    // Re-inserted, so the newest page is the last key.
    this.pages.delete(t.targetId);
    this.pages.set(t.targetId, t.url);
    this.latest = t.targetId;
    return true;
  }

  private schedule() {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sending = this.sending.then(() => this.flush());
    }, this.debounceMs);
    this.timer.unref();
  }

  private async flush() {
    if (this.stopped || this.latest === null) return;
    const url = this.pages.get(this.latest) ?? '';
    if (url === this.sent) return;
    this.sent = url;
    await this.report(url).catch(() => {
      // Reported again at the next change; the caller has said why it failed.
      this.sent = null;
    });
  }
}
