import type { Protocol } from 'devtools-protocol';
import type { CdpConnection, CdpEvent } from './cdp.js';
import type { ProxyRelay } from './proxy-relay.js';

/**
 * Lets the profile's Chromium through its relay: Fetch interception on the browser target (so it
 * covers every page, frame, worker and service worker, and targets created later) answers the
 * relay's 407 with the relay's per-session credentials. Chromium then keeps them in its proxy
 * auth cache and sends them on its own with later requests, so the challenge is rare.
 *
 * Chromium answers an auth challenge over CDP only for requests that match an interception
 * pattern ("Can't specify empty patterns with handleAuth set"), so every request is paused and
 * continued at once (the same as Puppeteer's page.authenticate). A challenge from anything but
 * the relay (a site's own Basic auth, another proxy) keeps Chromium's default handling, and the
 * relay is answered once per request, so wrong credentials end in an error, not a loop.
 *
 * Must run before the browser's first request through the relay (the client starts Chromium on
 * about:blank and calls this right after connecting).
 */
export async function answerRelayAuth(cdp: CdpConnection, relay: ProxyRelay): Promise<void> {
  const relayOrigin = new URL(relay.url).origin;
  const answered = new Set<string>();
  const onEvent = (ev: CdpEvent) => {
    // Browser-level interception reports on the browser session, without a sessionId.
    if (ev.sessionId) return;
    if (ev.method === 'Fetch.requestPaused') {
      const p = ev.params as unknown as Protocol.Fetch.RequestPausedEvent;
      answered.delete(p.requestId);
      void cdp.send('Fetch.continueRequest', { requestId: p.requestId }).catch(() => {});
    } else if (ev.method === 'Fetch.authRequired') {
      const p = ev.params as unknown as Protocol.Fetch.AuthRequiredEvent;
      const forRelay = p.authChallenge.source === 'Proxy' && p.authChallenge.origin === relayOrigin;
      const first = !answered.has(p.requestId);
      answered.add(p.requestId);
      const authChallengeResponse: Protocol.Fetch.AuthChallengeResponse = !forRelay
        ? { response: 'Default' }
        : first
          ? { response: 'ProvideCredentials', ...relay.credentials }
          : { response: 'CancelAuth' };
      void cdp.send('Fetch.continueWithAuth', { requestId: p.requestId, authChallengeResponse }).catch(() => {});
    }
  };
  cdp.on('event', onEvent);
  cdp.once('close', () => cdp.off('event', onEvent));
  await cdp.send('Fetch.enable', { handleAuthRequests: true, patterns: [{ urlPattern: '*' }] });
}
