import type { ClientBridge } from '@facet/shared';
import { expect, test } from '@playwright/test';
import { electronBinary, launchFacet } from './electron-app';

test.skip(!electronBinary.path, `no Electron binary: ${electronBinary.reason}`);

type FacetWindow = Window & { facet: ClientBridge };

test('the bridge round trip: configs, performance save, refusal of a bad payload', async () => {
  const app = await launchFacet();
  try {
    const page = await app.firstWindow();
    await expect(page.locator('input[name=username]')).toBeVisible();

    const configs = await page.evaluate(() => (window as unknown as FacetWindow).facet.getGlobalConfigs());
    expect(configs.clientVersion).toBe('0.1.0');
    expect(configs.localApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(configs.systemProxy).not.toHaveProperty('password');

    const saved = await page.evaluate(() =>
      (window as unknown as FacetWindow).facet.savePerformanceConfig({ cpu: 70 }),
    );
    expect(saved).toMatchObject({ cpu: 70, mem: configs.performance.mem, open: configs.performance.open });
    const again = await page.evaluate(() => (window as unknown as FacetWindow).facet.getPerformanceConfig());
    expect(again.cpu).toBe(70);

    const refused = await page.evaluate(() =>
      (window as unknown as FacetWindow).facet.savePerformanceConfig({ cpu: 500 }).then(
        () => 'accepted',
        (e: Error) => e.message,
      ),
    );
    expect(refused).toMatch(/facet:config:performance:save: cpu:/);
    const kept = await page.evaluate(() => (window as unknown as FacetWindow).facet.getPerformanceConfig());
    expect(kept.cpu).toBe(70);

    // The local API the app started answers the same configs, to a caller with its key only.
    const { apiKey } = await page.evaluate(() => (window as unknown as FacetWindow).facet.getLocalApiKey());
    const viaApi = await page.evaluate(
      async ([url, key]) => {
        const r = await fetch(`${url}/configs/all`, { method: 'POST', headers: { 'x-api-key': key as string } });
        return (await r.json()) as { success: boolean; data: { performance: { cpu: number } } };
      },
      [configs.localApiUrl, apiKey],
    );
    expect(viaApi.data.performance.cpu).toBe(70);
  } finally {
    await app.close();
  }
});
