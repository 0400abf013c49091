/**
 * Screenshots of the list and form screens built on the console's data layer and list scaffold
 * — profiles grid, profile form, groups, proxy IPs, recycle bin, users, roles, the four logs, IP
 * whitelist and API token — in en light, zh dark and en at 360 px, for people to look at (not a
 * test). Real server with seeded data. Run: `npx tsx e2e/screenshots-screens.ts`. Writes to
 * .screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web/chromium';
import { ServerApi } from './web/server-api';
import { ADMIN_PASSWORD, ROOT, startFacet } from './web/server-process';

const OUT = join(ROOT, '.screenshots');

/** Route → what shows the screen has its data (a test id or a text on it). */
const SCREENS: Array<{ name: string; path: string; ready: string }> = [
  { name: 'screen-browser', path: '/browser', ready: '[data-testid="profile-row"]' },
  { name: 'screen-browser-create', path: '/browser/create', ready: '#section-extensions' },
  { name: 'screen-groups', path: '/groups', ready: 'text=Shops' },
  { name: 'screen-proxy', path: '/proxy', ready: 'text=127.0.0.1' },
  { name: 'screen-recycle', path: '/recycle', ready: 'text=Old 01' },
  { name: 'screen-users', path: '/team/users', ready: 'text=helper_ann' },
  { name: 'screen-roles', path: '/team/roles', ready: 'text=Reviewers' },
  { name: 'screen-logs-login', path: '/logs/login', ready: 'table' },
  { name: 'screen-logs-new', path: '/logs/new', ready: 'table' },
  { name: 'screen-logs-old', path: '/logs/old', ready: 'table' },
  { name: 'screen-logs-api-error', path: '/logs/api-error', ready: 'table' },
  { name: 'screen-ip-whitelist', path: '/settings/ip-whitelist', ready: 'main' },
  { name: 'screen-api-token', path: '/settings/api-token', ready: 'main' },
];

async function seed(api: ServerApi) {
  const group = await api.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Shops' });
  await api.call('POST', '/v1/browserGroups', { name: 'Ads' });
  const names = ['Shop US 01', 'Shop US 02', 'Shop DE 01', 'Ads EU 01', 'Mail Asia 01', 'Old 01', 'Old 02'];
  const ids: number[] = [];
  for (const name of names) {
    const r = await api.call<{ id: number }>('POST', '/v1/browserInfos', {
      name,
      groupId: name.startsWith('Shop') ? group.id : undefined,
      remark: name.startsWith('Shop') ? 'Seller central' : '',
      proxy: { proxyMethod: 1, proxyType: 'noproxy' },
    });
    ids.push(r.id);
  }
  await api.call('DELETE', '/v1/browserInfos', { ids: ids.slice(-2) });
  await api.call('POST', '/v1/proxyIps/batchAdd', {
    text: '127.0.0.1:9\nsocks5://user:pass@127.0.0.1:1\nhttp://127.0.0.1:3128',
  });
  await api.call('POST', '/v1/sysUsers', { username: 'helper_ann', password: 'Passw0rd!x', roleId: 'member' });
  const tree = await api.call<Array<{ group: string; codes: string[] }>>('GET', '/v1/sysRoles/permissionTree');
  const codes = tree.flatMap((g) => g.codes).filter((c) => c.endsWith(':list'));
  await api
    .call('POST', '/v1/sysRoles', { name: 'Reviewers', remark: 'Read only', codes })
    .catch((e: unknown) => console.warn(`role not seeded: ${String(e)}`));
  // An API error for its log: a call refused for a malformed id.
  await api.call('GET', '/v1/browserInfos/abc').catch(() => undefined);
}

async function settle(page: Page, ms = 400) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(ms);
}

async function shoot(browser: Browser, base: string, lng: string, dark: boolean, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 } });
  await context.addInitScript(
    ([l, d]) => {
      localStorage.setItem('locale', l as string);
      localStorage.setItem('themeDark', String(d));
    },
    [lng, dark],
  );
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('fig-sessions').waitFor();
  for (const s of SCREENS) {
    await page.goto(`${base}${s.path}`);
    await page
      .locator(s.ready)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => console.warn(`${s.name}: ${s.ready} did not show`));
    await settle(page);
    const file = join(OUT, `${s.name}-${lng}-${dark ? 'dark' : 'light'}${width < 600 ? '-360' : ''}.png`);
    await page.screenshot({ path: file, fullPage: width < 600 });
    if (s.name === 'screen-browser-create' && width >= 600) {
      // The fingerprint section, below the fold.
      await page.locator('#section-fingerprint').scrollIntoViewIfNeeded();
      await settle(page, 300);
      await page.screenshot({ path: file.replace('screen-browser-create', 'screen-browser-create-fingerprint') });
    }
  }
  await context.close();
}

const facet = await startFacet();
try {
  mkdirSync(OUT, { recursive: true });
  const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  await seed(admin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  await shoot(browser, facet.url, 'en', false, 1280);
  await shoot(browser, facet.url, 'zh', true, 1280);
  await shoot(browser, facet.url, 'en', false, 360);
  await browser.close();
  console.log(`screenshots in ${OUT}`);
} finally {
  facet.proc.kill('SIGTERM');
}
