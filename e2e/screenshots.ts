/**
 * Screenshots of Login, Register, Dashboard and Profile in light and dark, zh and en, at desktop
 * width and at 360 px, for people to look at (not a test). Run: `npx tsx e2e/screenshots.ts`.
 * Writes to .screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web/chromium';
import { ServerApi } from './web/server-api';
import { ADMIN_PASSWORD, ROOT, startFacet } from './web/server-process';

const OUT = join(ROOT, '.screenshots');

async function shoot(
  browser: Browser,
  base: string,
  user: { username: string; password: string },
  lng: string,
  dark: boolean,
  width: number,
) {
  // Desktop shots are one tall viewport (the side menu is fixed, so a full-page shot would cut it).
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 1100 } });
  const fullPage = width < 600;
  await context.addInitScript(
    ([l, d]) => {
      localStorage.setItem('locale', l as string);
      localStorage.setItem('themeDark', String(d));
    },
    [lng, dark],
  );
  const page = await context.newPage();
  const name = (screen: string) =>
    join(OUT, `${screen}-${lng}-${dark ? 'dark' : 'light'}${width < 600 ? '-360' : ''}.png`);
  await page.goto(`${base}/register`);
  await page.getByTestId('register-submit').waitFor();
  await page.screenshot({ path: name('register'), fullPage });
  await page.goto(`${base}/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForTimeout(400); // the focused field's label animates
  await page.screenshot({ path: name('login'), fullPage });
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('fig-sessions').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('dashboard'), fullPage });
  await page.goto(`${base}/profile`);
  await page.getByTestId('profile-username').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('profile'), fullPage });
  if (width < 600) {
    // The dialogs and menus at phone width.
    await page.getByTestId('change-password').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('profile-password-dialog') });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.getByTestId('language-switch').click();
    await page.locator('[data-lang="uk"]').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('language-menu') });
  }
  await context.close();
}

const facet = process.env.FACET_E2E_URL ? null : await startFacet();
const base = process.env.FACET_E2E_URL ?? facet!.url;
try {
  mkdirSync(OUT, { recursive: true });
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const user = { username: 'lin_wei', password: 'Passw0rd!x', phone: '13912345678' };
  await new ServerApi(base).register(user, admin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const lng of ['zh', 'en']) for (const dark of [false, true]) await shoot(browser, base, user, lng, dark, 1280);
  for (const lng of ['zh', 'en']) await shoot(browser, base, user, lng, false, 360);
  await browser.close();
  console.log(`screenshots in ${OUT}`);
} finally {
  facet?.proc.kill('SIGTERM');
}
