import { expect, signedIn, test } from './fixtures';
import type { ServerApi } from './server-api';

type Page = import('@playwright/test').Page;

type Summary = { id: number; serialNumber: number; name: string; deletedTime: string | null };
const list = async (api: ServerApi, deleted: boolean) =>
  (await api.call<{ total: number; list: Summary[] }>('POST', '/v1/browserInfos/list', { deleted, pageSize: 100 }))
    .list;

/** A server time (China Standard Time text) in another zone, the way the console shows it. */
function cstIn(zone: string, cst: string): string {
  const instant = new Date(`${cst.replace(' ', 'T')}+08:00`);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const p = (t: string) => parts.find((x) => x.type === t)!.value;
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

async function confirm(page: Page, button: string, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('recycle-confirm-text')).toContainText(text);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('recycle bin: restore, delete forever, restore all and empty, with times in the user zone', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  await api.call('POST', '/users/updateTimeZone', { timeZone: 'America/New_York' });
  const names = ['Bin alpha', 'Bin beta', 'Bin gamma', 'Bin delta', 'Bin eps', 'Kept one'];
  const { ids } = await api.call<{ ids: number[] }>('POST', '/v1/browserInfos/batchAdd', {
    list: names.map((name) => ({ name, remark: `r ${name}` })),
  });
  await api.call('DELETE', '/v1/browserInfos', { ids: ids.slice(0, 5) });
  const binned = await list(api, true);
  expect(binned).toHaveLength(5);
  const alpha = binned.find((p) => p.name === 'Bin alpha')!;

  // The user's data (with the new time zone) is read when the console loads.
  await page.goto('/recycle');
  await expect(page.getByRole('heading', { name: 'Recycle bin' })).toBeVisible();
  const table = page.getByTestId('recycle-table');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table).not.toContainText('Kept one');
  const alphaRow = page.getByTestId(`recycle-row-${alpha.serialNumber}`);
  await expect(alphaRow).toContainText('Default group');
  await expect(alphaRow).toContainText(cstIn('America/New_York', alpha.deletedTime!));

  // Search by name.
  await page.getByRole('textbox', { name: 'Search by name' }).fill('gamma');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Search by name' }).fill('nothing like this');
  await expect(page.getByTestId('recycle-empty')).toHaveText('No deleted profile matches the search');
  await page.getByRole('textbox', { name: 'Search by name' }).fill('');
  await expect(table.locator('tbody tr')).toHaveCount(5);

  // Restore one selected profile.
  await page.getByRole('checkbox', { name: 'Select Bin alpha' }).check();
  await expect(page.getByTestId('recycle-selected')).toContainText('Selected: 1');
  await page.getByRole('button', { name: 'Restore selected' }).click();
  await confirm(page, 'Restore', 'Restore the selected profiles (1)');
  await expect(page.getByTestId('notice').last()).toContainText('Profiles restored: 1');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  expect((await list(api, false)).map((p) => p.name).sort()).toEqual(['Bin alpha', 'Kept one']);

  // Delete two forever.
  await page.getByRole('checkbox', { name: 'Select Bin beta' }).check();
  await page.getByRole('checkbox', { name: 'Select Bin gamma' }).check();
  await page.getByRole('button', { name: 'Delete forever' }).click();
  await confirm(page, 'Delete forever', 'Delete the selected profiles (2) for good');
  await expect(page.getByTestId('notice').last()).toContainText('Profiles deleted forever: 2');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  expect((await list(api, true)).map((p) => p.name).sort()).toEqual(['Bin delta', 'Bin eps']);
  expect(await list(api, false)).toHaveLength(2);

  // Restore all, then bin them again and empty the bin.
  await page.getByRole('button', { name: 'Restore all' }).click();
  await confirm(page, 'Restore all', 'Restore every profile in the recycle bin (2)');
  await expect(page.getByTestId('recycle-empty')).toContainText('The recycle bin is empty');
  expect(await list(api, false)).toHaveLength(4);

  await api.call('DELETE', '/v1/browserInfos', { ids: (await list(api, false)).map((p) => p.id) });
  await page.reload();
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await page.getByRole('button', { name: 'Empty bin' }).click();
  await confirm(page, 'Empty bin', 'Delete every profile in the recycle bin (4) for good');
  await expect(page.getByTestId('recycle-empty')).toContainText('The recycle bin is empty');
  expect(await list(api, true)).toHaveLength(0);
  expect(await list(api, false)).toHaveLength(0);
  await expect(page.getByRole('button', { name: 'Empty bin' })).toBeDisabled();
});
