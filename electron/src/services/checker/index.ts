import type { FingerprintCheck } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import type { CdpConnection } from '../cdp.js';
import { analyzeCheck, type Claims } from './analyze.js';
import { CheckSite } from './site.js';

/** What the checker needs of the open profiles (ProfileSessions). */
export interface CheckableSessions {
  get(id: number): unknown;
  open(id: number): Promise<unknown>;
  close(id: number): Promise<boolean>;
  /** The open profile's browser connection and what it claims. */
  inspect(id: number): { cdp: CdpConnection; claims: Claims } | undefined;
  /** Host:port pairs the profiles' relays reach directly, not through the proxy. */
  readonly directHosts: Set<string>;
}

/**
 * The built-in fingerprint check (docs/client.md, The fingerprint checker): opens the profile when
 * it is not open, shows it a page the client serves, and reports what its contexts disagree on.
 * A profile it opened is closed again; what the page left in the profile is cleared.
 */
export class FingerprintChecker {
  private site: Promise<CheckSite> | null = null;
  constructor(
    private readonly sessions: CheckableSessions,
    private readonly o: { timeoutMs?: number } = {},
  ) {}

  async check(id: number): Promise<FingerprintCheck> {
    this.site ??= CheckSite.start().then((site) => {
      for (const h of site.hosts) this.sessions.directHosts.add(h);
      return site;
    });
    const site = await this.site;
    const wasOpen = Boolean(this.sessions.get(id));
    if (!wasOpen) await this.sessions.open(id);
    try {
      const browser = this.sessions.inspect(id);
      if (!browser) throw new Error(`profile ${id} closed during the check`);
      const { cdp } = browser;
      const started = Date.now();
      const run = site.newRun(this.o.timeoutMs ?? 60_000);
      let targetId: string | null = null;
      try {
        ({ targetId } = await cdp.send<Protocol.Target.CreateTargetResponse>('Target.createTarget', {
          url: run.url,
        }));
        const raw = await run.done;
        const { product } = await cdp.send<Protocol.Browser.GetVersionResponse>('Browser.getVersion');
        return analyzeCheck(raw, {
          id,
          engine: product.replace(/^HeadlessChrome\//, 'Chrome/'),
          claims: browser.claims,
          durationMs: Date.now() - started,
        });
      } finally {
        run.cancel();
        // The tab, and the workers it started (an unregistered service worker would otherwise
        // run on until it idles out).
        const { targetInfos } = await cdp
          .send<Protocol.Target.GetTargetsResponse>('Target.getTargets')
          .catch(() => ({ targetInfos: [] as Protocol.Target.TargetInfo[] }));
        const ours = targetInfos.filter((t) => t.targetId === targetId || t.url.startsWith(run.url));
        for (const t of ours) await cdp.send('Target.closeTarget', { targetId: t.targetId }).catch(() => {});
        // The check's service worker, caches and storage are not the user's: nothing stays.
        for (const origin of site.origins)
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' }).catch(() => {});
      }
    } finally {
      if (!wasOpen) await this.sessions.close(id).catch(() => false);
    }
  }

  async stop(): Promise<void> {
    const site = await this.site?.catch(() => null);
    if (!site) return;
    for (const h of site.hosts) this.sessions.directHosts.delete(h);
    await site.close();
  }
}
