import type { ClientBridge } from '@facet/shared';
import { expect, test } from '@playwright/test';
import { electronBinary, electronSuite, launchFacet } from './electron-app';

test.skip(!electronBinary.path, `no Electron binary: ${electronBinary.reason}`);

type FacetWindow = Window & { facet?: ClientBridge; require?: unknown; process?: unknown };

test('the window shows the console, isolated, sandboxed and under the app CSP', async () => {
  const app = await launchFacet();
  try {
    const page = await app.firstWindow();
    const origin = new URL(electronSuite().url).origin;
    await expect(page.locator('input[name=username]')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);

    // The window's preferences as main set them (an internal but long-standing webContents method).
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const wc = BrowserWindow.getAllWindows()[0]?.webContents as unknown as {
        getLastWebPreferences?: () => Record<string, unknown>;
      };
      return wc.getLastWebPreferences?.() ?? null;
    });
    if (prefs)
      expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });

    // The console sees the bridge's functions only: no Node, no ipcRenderer.
    const seen = await page.evaluate(() => {
      const w = window as FacetWindow;
      return {
        require: typeof w.require,
        process: typeof w.process,
        kind: w.facet?.kind,
        clientVersion: w.facet?.clientVersion,
        ipc: 'ipcRenderer' in (w.facet ?? {}),
      };
    });
    expect(seen).toEqual({
      require: 'undefined',
      process: 'undefined',
      kind: 'electron',
      clientVersion: '0.1.0',
      ipc: false,
    });

    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    const evalBlocked = await page.evaluate(() => {
      try {
        // biome-ignore lint/security/noGlobalEval: the point is that the CSP refuses it.
        eval('1');
        return false;
      } catch {
        return true;
      }
    });
    expect(evalBlocked).toBe(true);

    // No new app windows, and the window does not leave the console.
    expect(await page.evaluate(() => window.open('file:///etc/hosts') === null)).toBe(true);
    await page.evaluate(() => {
      location.href = 'http://127.0.0.1:9/elsewhere';
    });
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(app.windows()).toHaveLength(1);
  } finally {
    await app.close();
  }
});
