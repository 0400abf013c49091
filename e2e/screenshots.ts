/**
 * Screenshots of Login, Register, Dashboard, Profile and the extensions (the screen with its
 * profiles and delete dialogs, the profile form's extensions section, the grid's extensions
 * dialog) in light and dark, zh and en, at desktop width and at 360 px, for people to look at
 * (not a test). Run: `npx tsx e2e/screenshots.ts`. Writes to .screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { extensionZip } from '@facet/server/test/extension-fixture';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web/chromium';
import { ServerApi } from './web/server-api';
import { ADMIN_PASSWORD, ROOT, startFacet } from './web/server-process';

const OUT = join(ROOT, '.screenshots');

/** A 48×48 PNG icon: a coloured disc with a white ring, for an extension to show. */
function discIcon([r, g, b]: [number, number, number]): Buffer {
  const size = 48;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - 23.5, y - 23.5);
      const ring = d > 12 && d < 16;
      const inside = d < 23;
      rows.push(...(ring ? [255, 255, 255, 255] : inside ? [r, g, b, 255] : [0, 0, 0, 0]));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Two extensions (one with an icon, one without) loaded by three profiles; answers a profile to edit. */
async function seedExtensions(owner: ServerApi): Promise<number> {
  const upload = async (fileName: string, zip: Buffer) =>
    (
      await owner.call<{ id: number }>('POST', '/v1/browserExtend/upload', {
        fileName,
        content: zip.toString('base64'),
      })
    ).id;
  const helper = await upload(
    'shop-helper-1.2.0.zip',
    extensionZip({
      name: 'Shop Helper',
      version: '1.2.0',
      description: 'Fills the checkout forms of the shops you sell on and keeps their order numbers.',
      icon: discIcon([25, 118, 210]),
      permissions: ['storage', 'cookies', 'tabs'],
    }),
  );
  const blocker = await upload(
    'ad-shield.crx.zip',
    extensionZip({
      name: 'Ad Shield — block ads, trackers and cookie banners on every site',
      version: '4.12.0.3',
      manifestVersion: 2,
      description:
        'Blocks ads, trackers and cookie banners before they load, so pages open faster and the profile leaves fewer traces across sites.',
      icon: null,
    }),
  );
  let editId = 0;
  for (const [name, extendIds] of [
    ['Shop US 01', [helper, blocker]],
    ['Shop US 02', [helper]],
    ['Ads EU 01', [blocker]],
  ] as const) {
    const p = await owner.call<{ id: number }>('POST', '/v1/browserInfos', { name, extendIds });
    editId ||= p.id;
  }
  return editId;
}

async function settle(page: Page, ms = 400) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(ms);
}

/** The extensions screen and its dialogs, the form's extensions section, the grid's dialog. */
async function shootExtensions(page: Page, base: string, name: (screen: string) => string, editId: number) {
  await page.goto(`${base}/extensions`);
  await page.getByTestId('extension-row').first().waitFor();
  await settle(page);
  await page.screenshot({ path: name('extensions'), fullPage: (page.viewportSize()?.width ?? 1280) < 600 });
  await page.getByTestId('extension-profile-count').first().click();
  await page.getByTestId('extension-profile-row').first().waitFor();
  await settle(page, 300);
  await page.screenshot({ path: name('extensions-profiles-dialog') });
  await page.keyboard.press('Escape');
  await settle(page, 300);
  await page.getByTestId('extension-delete').first().click();
  await page.getByTestId('extension-delete-text').waitFor();
  await settle(page, 300);
  await page.screenshot({ path: name('extensions-delete-dialog') });
  await page.keyboard.press('Escape');
  await settle(page, 300);
  await page.getByTestId('extension-add').last().click();
  await page.getByRole('dialog').getByTestId('profile-row').first().waitFor();
  await settle(page, 300);
  await page.screenshot({ path: name('extensions-add-dialog') });
  await page.keyboard.press('Escape');

  await page.goto(`${base}/browser/edit/${editId}`);
  const section = page.locator('#section-extensions');
  await section.getByTestId('extensions-select').waitFor();
  await section.scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: name('browser-form-extensions') });
  await section.getByTestId('extensions-select').click();
  await page.getByRole('option').first().waitFor();
  await settle(page, 300);
  await page.screenshot({ path: name('browser-form-extensions-open') });
  await page.keyboard.press('Escape');

  await page.goto(`${base}/browser`);
  await page.getByTestId('profile-row').first().getByTestId('row-check').click();
  await page.getByTestId('batch-extensions').click();
  await page.getByTestId('extension-choices').waitFor();
  await page.getByTestId('extension-choices').getByRole('checkbox').first().check();
  await settle(page, 300);
  await page.screenshot({ path: name('browser-extensions-dialog') });
  await page.keyboard.press('Escape');
}

async function shoot(
  browser: Browser,
  base: string,
  user: { username: string; password: string },
  editId: number,
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
    await page.keyboard.press('Escape');
  }
  await shootExtensions(page, base, name, editId);
  await context.close();
}

const facet = process.env.FACET_E2E_URL ? null : await startFacet();
const base = process.env.FACET_E2E_URL ?? facet!.url;
try {
  mkdirSync(OUT, { recursive: true });
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const user = { username: 'lin_wei', password: 'Passw0rd!x', phone: '13912345678' };
  const owner = await new ServerApi(base).register(user, admin);
  const editId = await seedExtensions(owner);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // FACET_SHOT_LANGS=en shoots one language (quicker when only the layout is looked at).
  const langs = process.env.FACET_SHOT_LANGS?.split(',') ?? ['zh', 'en'];
  for (const lng of langs) for (const dark of [false, true]) await shoot(browser, base, user, editId, lng, dark, 1280);
  for (const lng of langs) await shoot(browser, base, user, editId, lng, false, 360);
  await browser.close();
  console.log(`screenshots in ${OUT}`);
} finally {
  facet?.proc.kill('SIGTERM');
}
