/**
 * Screenshots of the screens that talk to the desktop client — the profile grid with profiles
 * open and the batch-open progress, the proxy list with check results, and the client settings
 * (local API, open browser, system proxy, close setting) and the grid's Windows menu — in light and dark, for people to look
 * at (not a test). Real server, real headless client, real Chromium profiles.
 * Run: `npx tsx e2e/screenshots-client.ts [lang]`. Writes to .screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web/chromium';
import { startHeadlessClient } from './web/client-process';
import { ServerApi } from './web/server-api';
import { ADMIN_PASSWORD, ROOT, startFacet } from './web/server-process';

const OUT = join(ROOT, '.screenshots');
const lng = process.argv[2] ?? 'en';

async function settle(page: Page, ms = 400) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(ms);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const facet = await startFacet();
  const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  for (const name of ['Shop US 01', 'Shop US 02', 'Ads EU 01', 'Mail Asia 01'])
    await admin.call('POST', '/v1/browserInfos', { name, proxy: { proxyMethod: 1, proxyType: 'noproxy' } });
  await admin.call('POST', '/v1/proxyIps/batchAdd', { text: '127.0.0.1:9\nsocks5://user:pass@127.0.0.1:1' });
  // A check through a port nobody listens on: the list shows its failure reason.
  const proxies = await admin.call<{ list: Array<{ id: number }> }>('POST', '/v1/proxyIps/list', {});
  for (const p of proxies.list) await admin.call('POST', '/v1/proxyIps/check', { id: p.id }).catch(() => {});
  const client = await startHeadlessClient(facet.url, admin.bearer);
  const port = new URL(client.url).port;
  // A system proxy with a stored password: its screen says the password is kept, never shows it.
  await client.call('POST', '/configs/save', {
    systemProxy: { type: 1, host: '10.0.0.1', port: 3128, username: 'office', password: 'kept-secret' },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(
        ([l, d, p, k]) => {
          localStorage.setItem('locale', l as string);
          localStorage.setItem('themeDark', String(d));
          // As a browser that paired with this client before (its identity is the admin's).
          localStorage.setItem('localClientPort', p as string);
          localStorage.setItem('localClientApiKey', k as string);
        },
        [lng, dark, port, client.apiKey],
      );
      const page = await context.newPage();
      const shot = (screen: string) => join(OUT, `${screen}-${lng}-${dark ? 'dark' : 'light'}.png`);
      await page.goto(`${facet.url}/login`);
      await page.locator('input[name=username]').fill('admin');
      await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/dashboard/);

      await page.goto(`${facet.url}/browser`);
      await page.getByTestId('profile-row').first().waitFor();
      await settle(page);
      await page.screenshot({ path: shot('client-browser-grid') });
      if (!dark) {
        const rows = page.getByTestId('profile-row');
        for (let i = 0; i < 3; i++) await rows.nth(i).getByTestId('row-check').click();
        await page.getByTestId('batch-open').click();
        await page.getByTestId('open-progress-result').waitFor({ timeout: 60_000 });
        await settle(page, 300);
        await page.screenshot({ path: shot('client-open-progress') });
        await page.getByTestId('open-progress-close').click();
        await settle(page, 800);
        await page.screenshot({ path: shot('client-browser-grid-open') });
      }
      await page.getByTestId('windows-menu').click();
      await page.getByTestId('windows-arrange').waitFor();
      await settle(page, 300);
      await page.screenshot({ path: shot('client-windows-menu') });
      await page.keyboard.press('Escape');

      await page.goto(`${facet.url}/proxy`);
      await settle(page);
      await page.screenshot({ path: shot('client-proxy-list') });

      for (const [path, name] of [
        ['/settings/local-api', 'client-settings-local-api'],
        ['/settings/open-browser', 'client-settings-open-browser'],
        ['/settings/system-proxy', 'client-settings-system-proxy'],
        ['/settings/close', 'client-settings-close'],
      ] as const) {
        await page.goto(`${facet.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settle(page);
        await page.screenshot({ path: shot(name), fullPage: true });
      }
      await context.close();

      // A browser that never paired, at phone width: not paired, the code asked for; then paired.
      const narrow = await browser.newContext({ viewport: { width: 360, height: 780 } });
      await narrow.addInitScript(
        ([l, d, p]) => {
          localStorage.setItem('locale', l as string);
          localStorage.setItem('themeDark', String(d));
          localStorage.setItem('localClientPort', p as string);
        },
        [lng, dark, port],
      );
      const phone = await narrow.newPage();
      await phone.goto(`${facet.url}/login`);
      await phone.locator('input[name=username]').fill('admin');
      await phone.locator('input[name=password]').fill(ADMIN_PASSWORD);
      await phone.getByTestId('login-submit').click();
      await phone.waitForURL(/dashboard/);
      await phone.goto(`${facet.url}/settings/local-api`);
      await phone.getByTestId('pair-code').waitFor();
      await settle(phone);
      await phone.screenshot({ path: shot('client-settings-local-api-unpaired-360'), fullPage: true });
      await phone.getByTestId('pair-code').fill(client.pairingCode());
      await phone.getByTestId('pair-connect').click();
      await phone.getByTestId('local-api-key').waitFor();
      await settle(phone, 800);
      await phone.screenshot({ path: shot('client-settings-local-api-paired-360'), fullPage: true });
      await phone.goto(`${facet.url}/settings/system-proxy`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.getByTestId('proxy-type-http').click();
      await settle(phone);
      await phone.screenshot({ path: shot('client-settings-system-proxy-360'), fullPage: true });
      await narrow.close();
    }
  } finally {
    await browser.close();
    await client.stop();
    facet.proc.kill('SIGTERM');
  }
  console.log(`screenshots in ${OUT}`);
}

await main();
