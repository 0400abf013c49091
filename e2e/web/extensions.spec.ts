import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionZip } from '@facet/server/test/extension-fixture';
import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';
import type { ServerApi } from './server-api';

type Listed = { total: number; list: Array<{ id: number; name: string; version: string; profileCount: number }> };
const extensions = (api: ServerApi) => api.call<Listed>('POST', '/v1/browserExtend/list', {});
const extendIdsOf = async (api: ServerApi, id: number) =>
  (await api.call<{ extendIds: number[] }>('GET', `/v1/browserInfos/${id}`)).extendIds;
const profileId = async (api: ServerApi, name: string) =>
  (await api.call<{ list: Array<{ id: number; name: string }> }>('POST', '/v1/browserInfos/list', { name })).list.find(
    (p) => p.name === name,
  )!.id;

/**
 * The notice shows this text. Notices queue (one at a time), so it is closed for the next one to
 * show at once; over a modal dialog it cannot be clicked and hides by itself.
 */
async function seeNotice(page: Page, text: string, close = true) {
  const notice = page.getByTestId('notice').filter({ hasText: text });
  await expect(notice).toBeVisible();
  if (!close) return;
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
}
const extensionRow = (page: Page, name: string) => page.getByTestId('extension-row').filter({ hasText: name });

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facet-ext-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('extensions: upload, refusals, a profile loads it from the form, the grid adds it, the dialog removes it, delete', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  await api.call('POST', '/v1/browserInfos', { name: 'Ext B' });

  const good = join(dir, 'shop-helper.zip');
  writeFileSync(
    good,
    extensionZip({ name: 'Shop Helper', version: '1.2.0', description: 'Fills the shop forms', folder: 'shop-helper' }),
  );
  const notZip = join(dir, 'broken.zip');
  writeFileSync(notZip, 'this is a text file, not a zip');
  const badManifest = join(dir, 'future.zip');
  writeFileSync(badManifest, extensionZip({ name: 'Future', manifestVersion: 4 }));

  // The menu leads to the screen; with nothing uploaded it says what extensions are for.
  await page.getByTestId('menu-Extensions').click();
  await expect(page).toHaveURL(/\/extensions$/);
  await expect(page.getByRole('heading', { name: 'Extensions' })).toBeVisible();
  await expect(page.getByTestId('extensions-empty')).toContainText(
    'it is loaded into the profile’s browser when the client opens it',
  );

  // Upload from a file: listed with its manifest's name and version.
  const input = page.getByTestId('extension-file-input');
  await input.setInputFiles(good);
  await seeNotice(page, 'Shop Helper 1.2.0 uploaded');
  const row = extensionRow(page, 'Shop Helper');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('extension-name')).toHaveText('Shop Helper');
  await expect(row.getByTestId('extension-version')).toHaveText('1.2.0');
  await expect(row).toContainText('Fills the shop forms');
  await expect(row).toContainText('MV3');
  await expect(row.getByTestId('extension-profile-count')).toHaveText('0');
  const [uploaded] = (await extensions(api)).list;
  expect([uploaded?.name, uploaded?.version]).toEqual(['Shop Helper', '1.2.0']);
  const extId = uploaded!.id;
  // The same package again is the same extension, not a second row.
  await input.setInputFiles(good);
  await seeNotice(page, 'Shop Helper 1.2.0 uploaded');
  await expect(page.getByTestId('extension-row')).toHaveCount(1);
  expect((await extensions(api)).total).toBe(1);

  // Refusals come back in the user's words, with the server's detail.
  await input.setInputFiles(notZip);
  await seeNotice(page, 'broken.zip was not uploaded: This is not a valid zip or crx file (not a zip or crx file)');
  await input.setInputFiles(badManifest);
  await seeNotice(
    page,
    'future.zip was not uploaded: The manifest.json is not a valid extension manifest (manifest_version must be 2 or 3)',
  );
  await expect(page.getByTestId('extension-row')).toHaveCount(1);
  expect((await extensions(api)).total).toBe(1);

  // A new profile chooses the extension in its form.
  await page.goto('/browser/create');
  await expect(page.getByTestId('fingerprint-summary')).toBeVisible();
  await page.getByTestId('profile-name').fill('Ext A');
  await page.getByTestId('extensions-select').click();
  await page.getByRole('option', { name: /Shop Helper/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#section-extensions')).toContainText('Shop Helper 1.2.0');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/browser$/);
  const idA = await profileId(api, 'Ext A');
  const idB = await profileId(api, 'Ext B');
  expect(await extendIdsOf(api, idA)).toEqual([extId]);

  // The screen counts it, and its profiles dialog lists the profile.
  await page.goto('/extensions');
  await expect(row.getByTestId('extension-profile-count')).toHaveText('1');
  await row.getByTestId('extension-profile-count').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('Profiles loading Shop Helper 1.2.0');
  await expect(dialog.getByTestId('extension-profile-row')).toHaveCount(1);
  await expect(dialog.getByTestId('extension-profile-row')).toContainText('Ext A');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The grid's batch action adds it to the second profile.
  await page.goto('/browser');
  await expect(page.getByTestId('profile-total')).toHaveText('2 profiles');
  await page.getByTestId('profile-row').filter({ hasText: 'Ext B' }).getByTestId('row-check').click();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 1');
  await page.getByTestId('batch-extensions').click();
  await expect(dialog.getByRole('heading')).toContainText('Extensions of 1 profile');
  await dialog.getByRole('checkbox', { name: 'Shop Helper' }).check();
  await expect(dialog.getByTestId('extension-picked')).toHaveText('Extensions ticked: 1');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await seeNotice(page, 'Extensions added to 1 profile.');
  await expect(dialog).toBeHidden();
  expect(await extendIdsOf(api, idB)).toEqual([extId]);

  await page.goto('/extensions');
  await expect(row.getByTestId('extension-profile-count')).toHaveText('2');

  // The profiles dialog takes it off one of them.
  await row.getByTestId('extension-profile-count').click();
  await expect(dialog.getByTestId('extension-profile-row')).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: 'Ext A' }).check();
  await dialog.getByTestId('extension-profiles-remove').click();
  await seeNotice(page, 'Shop Helper removed from profiles: 1', false);
  await expect(dialog.getByTestId('extension-profile-row')).toHaveCount(1);
  await expect(dialog.getByTestId('extension-profile-row')).toContainText('Ext B');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('extension-profile-count')).toHaveText('1');
  expect(await extendIdsOf(api, idA)).toEqual([]);

  // Delete: the confirm says how many profiles load it; afterwards no profile does.
  await row.getByRole('button', { name: 'Delete Shop Helper' }).click();
  await expect(dialog.getByTestId('extension-delete-text')).toHaveText(
    'Delete Shop Helper 1.2.0? Profiles that load it: 1. They stop loading it.',
  );
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await seeNotice(page, 'Extensions deleted: 1');
  await expect(page.getByTestId('extensions-empty')).toBeVisible();
  await expect(page.getByTestId('extension-row')).toHaveCount(0);
  expect((await extensions(api)).total).toBe(0);
  expect(await extendIdsOf(api, idB)).toEqual([]);

  // The edit form of the profile that had it offers none, and a way to the screen.
  await page.goto(`/browser/edit/${idB}`);
  await expect(page.getByTestId('extensions-none')).toContainText('No extensions uploaded yet.');
  await page.getByTestId('extensions-none').getByRole('link').click();
  await expect(page).toHaveURL(/\/extensions$/);
});

test('extensions: the screen and its dialogs fit a 360 px wide phone', async ({ page, baseURL }) => {
  const api = await signedIn(page, baseURL!);
  const zip = extensionZip({
    name: 'Ad Shield — block ads, trackers and cookie banners on every site',
    version: '4.12.0.3',
    description: 'Blocks ads, trackers and cookie banners before they load, so pages open faster.',
  });
  const ext = await api.call<{ id: number }>('POST', '/v1/browserExtend/upload', {
    fileName: 'ad-shield.zip',
    content: zip.toString('base64'),
  });
  await api.call('POST', '/v1/browserInfos', { name: 'Phone shop', extendIds: [ext.id] });
  await page.setViewportSize({ width: 360, height: 740 });
  /** Neither the page nor the table scrolls sideways. */
  const fits = async () => {
    const over = await page.evaluate(() =>
      [document.documentElement, ...Array.from(document.querySelectorAll('.MuiTableContainer-root'))]
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.className || el.tagName),
    );
    expect(over).toEqual([]);
  };
  for (const lng of ['en', 'zh']) {
    await page.goto(`/extensions?lang=${lng}`);
    await expect(page.getByTestId('extension-row')).toHaveCount(1);
    await fits();
    await page.getByTestId('extension-profile-count').click();
    await expect(page.getByTestId('extension-profile-row')).toHaveCount(1);
    await fits();
    // Nothing was done in the dialog: its focus is inside, so Escape closes it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('extension-add').click();
    await expect(page.getByRole('dialog').getByTestId('profile-row')).toHaveCount(1);
    await fits();
    // Nothing was done in the dialog: its focus is inside, so Escape closes it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});
