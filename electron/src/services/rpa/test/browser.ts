import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { buildChromeFlags } from '../../chrome-flags.js';
import { DevToolsRelay } from '../../devtools-relay.js';
import { killTree, launchChrome } from '../../launcher.js';
import { chromePath, tempDir } from '../../test/world.js';

/**
 * A browser as the runner meets it in the client: Chromium started by the launcher with its
 * DevTools on a pipe, served by the relay, reached with connectOverCDP.
 */
export async function cdpBrowser(): Promise<{ browser: Browser; context: BrowserContext; close: () => Promise<void> }> {
  const data = tempDir('facet-rpa-');
  const userDataDir = `${data.dir}/profile`;
  const launched = await launchChrome({
    chromePath: chromePath as string,
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
  const relay = await DevToolsRelay.start();
  const served = relay.serve(launched.cdp);
  const browser = await chromium.connectOverCDP(served.wsEndpoint);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  return {
    browser,
    context,
    close: async () => {
      await browser.close().catch(() => {});
      served.stop();
      await relay.close();
      killTree(launched.process);
      await launched.exited;
      data.remove();
    },
  };
}
