import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

interface ListResult {
  total: number;
  list: Array<{ id: number; name: string; serialNumber: number; remark: string; groupId: number | null; sort: number }>;
}

const pad = (i: number) => String(i).padStart(4, '0');

/** A main account with `n` profiles "Grid 0001"… made through batchAdd, signed in on /browser. */
async function setup(page: Page, baseURL: string, n: number) {
  const admin = await new ServerApi(baseURL).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL).register(user, admin);
  const list = Array.from({ length: n }, (_, i) => ({
    name: `Grid ${pad(i + 1)}`,
    remark: i === 136 ? 'needle in the haystack' : '',
  }));
  const added = await api.call<{ count: number }>('POST', '/v1/browserInfos/batchAdd', { list });
  expect(added.count).toBe(n);
  await signInAs(page, user.username, user.password);
  await page.goto('/browser');
  await expect(page.getByTestId('profile-total')).toHaveText(`${n} profiles`);
  return api;
}

const rows = (page: Page) => page.getByTestId('profile-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const grid = (page: Page) => page.getByTestId('profile-grid');
const scrollGrid = (page: Page, to: 'bottom' | 'top' | number) =>
  grid(page).evaluate((el, where) => {
    el.scrollTop = where === 'bottom' ? el.scrollHeight : where === 'top' ? 0 : where;
  }, to);

test('grid: find by filter, select across pages, batch remark, move group, delete to the recycle bin', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await setup(page, baseURL!, 250);
  const group = await api.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Moved here' });

  // Find one profile by its remark (the filter goes to the server and into the URL).
  await page.getByTestId('filters-toggle').click();
  await page.getByTestId('filter-remark').fill('haystack');
  await expect(page.getByTestId('profile-total')).toHaveText('1 profile');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Grid 0137');
  await expect(page).toHaveURL(/remark=haystack/);
  // A bad serial names the field and sends nothing.
  await page.getByTestId('filter-serial').fill('12x');
  await expect(page.getByText('Serial numbers: enter whole numbers separated by commas.').first()).toBeVisible();
  await page.getByTestId('filter-serial').fill('');
  await page.getByTestId('filter-remark').fill('');
  await expect(page.getByTestId('profile-total')).toHaveText('250 profiles');

  // Select one row on the first page and one on the last (loaded only after scrolling there).
  await row(page, 'Grid 0002').getByTestId('row-check').click();
  await scrollGrid(page, 'bottom');
  await row(page, 'Grid 0249').getByTestId('row-check').click();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 2');
  await page.getByTestId('batch-remark').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Remark').fill('batch remark');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Remark changed on 2 profiles.' })).toBeVisible();
  await expect(row(page, 'Grid 0249')).toContainText('batch remark');
  const remarked = await api.call<ListResult>('POST', '/v1/browserInfos/list', { remark: 'batch remark' });
  expect(remarked.list.map((p) => p.name).sort()).toEqual(['Grid 0002', 'Grid 0249']);
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 2');

  // The same two get one proxy.
  await page.getByTestId('batch-proxy').click();
  await dialog.getByLabel('Proxy type').click();
  await page.getByRole('option', { name: /^socks5$/i }).click();
  await dialog.getByLabel('Host').fill('10.9.8.7');
  await dialog.getByLabel('Port').fill('1080');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Proxy changed on 2 profiles.' })).toBeVisible();
  await expect(row(page, 'Grid 0249')).toContainText('SOCKS5 10.9.8.7:1080');

  // Export the two as xlsx: the dialog asks about passwords (off by default); a real spreadsheet
  // (a zip) comes down, named for holding passwords only when they were ticked in.
  const exportTwo = async (withPasswords: boolean) => {
    await page.getByTestId('batch-export').click();
    await page.getByRole('menuitem', { name: 'Profiles (Excel XLSX)' }).click();
    const asked = page.getByRole('dialog', { name: 'Export profiles to Excel (2)' });
    await expect(asked.getByTestId('export-include-secrets')).not.toBeChecked();
    await expect(asked.getByTestId('export-secrets-note')).toContainText('Password columns stay empty');
    if (withPasswords) {
      await asked.getByTestId('export-include-secrets').check();
      await expect(asked.getByTestId('export-secrets-note')).toContainText('Passwords are written in plain text');
    }
    const download = page.waitForEvent('download');
    await asked.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    await expect(asked).toBeHidden();
    // The console says where the file went; closed here, so the next notice is not queued behind it.
    const saved = page.getByTestId('notice').filter({ hasText: `File saved: ${file.suggestedFilename()}` });
    await saved.getByRole('button', { name: 'Close' }).click();
    await expect(saved).toBeHidden();
    return file;
  };
  const plain = await exportTwo(false);
  expect(plain.suggestedFilename()).toMatch(/^profiles-\d+\.xlsx$/);
  const bytes = await (await plain.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');
  expect((await exportTwo(true)).suggestedFilename()).toMatch(/^profiles-\d+-with-passwords\.xlsx$/);

  // Every profile matching a filter (100 of them, over two server pages) moves to a group.
  await page.getByTestId('batch-toolbar').getByRole('button', { name: 'Clear selection' }).click();
  await page.getByTestId('filter-name').fill('Grid 01');
  await expect(page.getByTestId('profile-total')).toHaveText('100 profiles');
  await page.getByTestId('header-check').click();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 100');
  await row(page, 'Grid 0100').getByTestId('row-check').click();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 99');
  await page.getByTestId('batch-group').click();
  await dialog.getByLabel('Group').click();
  await page.getByRole('option', { name: 'Moved here' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: '99 profiles moved.' })).toBeVisible();
  await expect(page.locator('[data-group="Moved here"]')).toContainText('99');
  const moved = await api.call<ListResult>('POST', '/v1/browserInfos/list', { groupId: group.id, pageSize: 500 });
  expect(moved.total).toBe(99);
  expect(moved.list.some((p) => p.name === 'Grid 0100')).toBe(false);
  // The group panel filters the grid.
  await page.getByTestId('filter-name').fill('');
  await page.locator('[data-group="Moved here"]').click();
  await expect(page.getByTestId('profile-total')).toHaveText('99 profiles');
  await page.getByTestId('group-all').click();
  await expect(page.getByTestId('profile-total')).toHaveText('250 profiles');

  // Delete one profile from its row menu: confirm, and it is in the recycle bin.
  await row(page, 'Grid 0003').getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await expect(dialog).toContainText('Move 1 profile to the recycle bin?');
  await dialog.getByRole('button', { name: 'Move to recycle bin' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: '1 profile moved to the recycle bin.' })).toBeVisible();
  await expect(page.getByTestId('profile-total')).toHaveText('249 profiles');
  await expect(row(page, 'Grid 0003')).toHaveCount(0);
  const bin = await api.call<ListResult>('POST', '/v1/browserInfos/list', { deleted: true });
  expect(bin.list.map((p) => p.name)).toEqual(['Grid 0003']);
});

test('grid: drag to sort, rename inline, star, columns and preferences kept after a reload, open needs the client', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await setup(page, baseURL!, 30);
  await expect(rows(page).first()).toContainText('Grid 0001');

  // Drag the third row onto the first (custom order): the order is saved on the server.
  const handle = row(page, 'Grid 0003').getByTestId('drag-handle');
  const target = row(page, 'Grid 0001').getByTestId('drag-handle');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect(rows(page).nth(0)).toContainText('Grid 0003');
  await expect(rows(page).nth(1)).toContainText('Grid 0001');
  const sorted = await api.call<ListResult>('POST', '/v1/browserInfos/list', { pageSize: 3 });
  expect(sorted.list.map((p) => p.name)).toEqual(['Grid 0003', 'Grid 0001', 'Grid 0002']);
  await page.reload();
  await expect(rows(page).nth(0)).toContainText('Grid 0003');

  // Rename inline: a bad name is refused with the rule's text, a good one is saved.
  await row(page, 'Grid 0005').getByTestId('profile-name').dblclick();
  await page.getByTestId('rename-input').fill('Bad/name!');
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('rename-input')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('rename-input').fill('Renamed five');
  await page.getByTestId('rename-input').press('Enter');
  await expect(row(page, 'Renamed five')).toHaveCount(1);
  const renamed = await api.call<ListResult>('POST', '/v1/browserInfos/list', { name: 'Renamed five' });
  expect(renamed.total).toBe(1);

  // Most common: star a row, then the filter finds only it.
  await row(page, 'Grid 0007').getByTestId('row-star').click();
  await expect(row(page, 'Grid 0007').getByTestId('row-star')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('filters-toggle').click();
  await page.getByText('Most common only').click();
  await expect(page.getByTestId('profile-total')).toHaveText('1 profile');
  await page.getByText('Most common only').click();

  // Sort by clicking a header: the server sorts, descending on the second click.
  await page.getByTestId('sort-serialNumber').click();
  await page.getByTestId('sort-serialNumber').click();
  await expect(rows(page).first()).toContainText('Grid 0030');
  await expect(page).toHaveURL(/sort=serialNumber\.desc/);

  // Columns: hide Remark, show Cookies; the layout survives a reload.
  const header = (col: string) => grid(page).locator(`[data-col="${col}"]`).first();
  await expect(header('remark')).toBeVisible();
  await page.getByTestId('columns-button').click();
  await page.getByTestId('column-toggle-remark').click();
  await page.getByTestId('column-toggle-cookieCount').click();
  await page.keyboard.press('Escape');
  await expect(header('remark')).toHaveCount(0);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(header('remark')).toHaveCount(0);
  await expect(header('cookieCount')).toHaveCount(1);

  // Preferences: compact rows, kept after a reload.
  const height = async () => (await rows(page).first().boundingBox())!.height;
  expect(await height()).toBeGreaterThan(40);
  await page.getByTestId('prefs-button').click();
  await page.getByTestId('density-compact').click();
  // Most common first: the starred profile leads, ahead of the serial-descending rest.
  await page.getByRole('dialog').getByText('List most-common profiles first').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect.poll(height).toBeLessThan(40);
  await expect(rows(page).nth(0)).toContainText('Grid 0007');
  await expect(rows(page).nth(1)).toContainText('Grid 0030');
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  expect(await height()).toBeLessThan(40);
  await expect(rows(page).nth(0)).toContainText('Grid 0007');

  // Share one profile with a sub-account from its row menu.
  const sub = await api.call<{ id: number }>('POST', '/v1/sysUsers', {
    username: `sub_${Date.now() % 1e8}`,
    password: 'Passw0rd!x',
    roleId: 'member',
  });
  const shared = row(page, 'Grid 0012');
  const sharedId = Number(await shared.getAttribute('data-id'));
  await shared.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /^sub_/ }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Sharing changed on 1 profile.' })).toBeVisible();
  const shares = await api.call<{ userIds: number[] }>('POST', '/v1/browserInfos/getShare', { id: sharedId });
  expect(shares.userIds).toEqual([sub.id]);

  // Without the desktop client, opening a profile says so.
  await row(page, 'Grid 0010').getByTestId('row-open').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'needs the Facet desktop client' })).toBeVisible();
});
