import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, signedIn, test } from './fixtures';
import type { ServerApi } from './server-api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Page = import('@playwright/test').Page;

/** A new main account signed in through the form; its token for calls behind the console's back. */
const total = async (api: ServerApi, body: Record<string, unknown> = {}) =>
  (await api.call<{ total: number }>('POST', '/v1/browserInfos/list', { pageSize: 1, ...body })).total;

async function openImport(page: Page) {
  await page.goto('/browser');
  await page.getByTestId('import-button').click();
  const dialog = page.getByRole('dialog', { name: 'Import profiles' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('import-file-input').setInputFiles({ name, mimeType: XLSX, buffer });
}

test('import: 200 rows with two bad ones are refused with both rows named; without them 198 import into the chosen group', async ({
  page,
  baseURL,
}) => {
  // The server validates all 200 rows (and makes a fingerprint for each good one) before it answers.
  test.setTimeout(150_000);
  const importTimeout = { timeout: 45_000 };
  const api = await signedIn(page, baseURL!);
  const group = await api.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Imported' });
  const dialog = await openImport(page);

  // The template comes from the server through the dialog's button.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('import-download-template').click(),
  ]);
  expect(download.suggestedFilename()).toBe('profiles-template.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as never);
  const ws = wb.getWorksheet('profiles')!;
  expect(ws.getRow(1).getCell(1).text).toBe('name');
  ws.spliceRows(2, ws.rowCount - 1); // the example row
  const col = (key: string) => (ws.getRow(1).values as string[]).indexOf(key);
  for (let i = 0; i < 200; i++) {
    const row = ws.getRow(i + 2);
    // Sheet rows 51 and 121 are wrong: a name with a symbol, a port that is not a number.
    row.getCell(col('name')).value = i === 49 ? 'Shop #49!' : `Shop ${i}`;
    row.getCell(col('remark')).value = `imported ${i}`;
    row.getCell(col('proxyType')).value = 'socks5';
    row.getCell(col('host')).value = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    row.getCell(col('port')).value = i === 119 ? 'abc' : 1080;
    row.commit();
  }
  await chooseFile(page, 'shops.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));

  await expect(dialog.getByTestId('import-file-name')).toHaveText('shops.xlsx');
  await expect(dialog.getByText('200 rows')).toBeVisible();
  await expect(dialog.getByTestId('import-precheck-warning')).toContainText('Rows with problems: 2');
  await expect(dialog.getByTestId('preview-row-2')).toContainText('Shop 0');
  await dialog.getByText('Only rows with problems').click();
  await expect(dialog.getByTestId('import-preview').locator('tbody tr')).toHaveCount(2);
  // Each problem once, in words: no schema-library English, no list of every proxy type.
  await expect(dialog.getByTestId('preview-row-121')).toContainText('port: The port must be from 1 to 65535');
  await expect(dialog.getByTestId('preview-row-51')).toContainText(
    'name: A name cannot contain punctuation or symbols',
  );
  await expect(dialog.getByTestId('import-preview')).not.toContainText(/Invalid input|expected/);
  await expect(dialog.getByTestId('import-start')).toBeEnabled();

  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-refused')).toHaveText(
    'Nothing was imported. Rows with errors: 2',
    importTimeout,
  );
  await expect(dialog.getByTestId('import-error-row-51')).toContainText('name');
  await expect(dialog.getByTestId('import-error-row-51')).toContainText('A name cannot contain punctuation or symbols');
  await expect(dialog.getByTestId('import-error-row-121')).toContainText('portThe port must be from 1 to 65535');
  await expect(dialog.getByTestId('import-errors').locator('tbody tr')).toHaveCount(2);
  expect(await total(api)).toBe(0);

  // The user removes the two rows and imports again, into a chosen group.
  ws.spliceRows(121, 1);
  ws.spliceRows(51, 1);
  await dialog.getByTestId('import-another').click();
  await chooseFile(page, 'shops-fixed.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(dialog.getByText('198 rows')).toBeVisible();
  await expect(dialog.getByTestId('import-precheck-warning')).toBeHidden();
  await dialog.getByTestId('import-group').click();
  await page.getByRole('option', { name: 'Imported' }).click();
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-success')).toHaveText('Profiles imported: 198', importTimeout);
  expect(await total(api)).toBe(198);
  expect(await total(api, { groupId: group.id })).toBe(198);
  expect(await total(api, { name: 'Shop 199' })).toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
});

test('import: a file that is not the template is refused before anything is sent', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  const dialog = await openImport(page);
  await chooseFile(page, 'list.csv', Buffer.from('title,colour\nA,red\n'));
  await expect(dialog.getByTestId('import-file-error')).toHaveText(
    "Row 1 must be the template's header: the name column is missing",
  );
  await chooseFile(page, 'notes.txt', Buffer.from('name\nA\n'));
  await expect(dialog.getByTestId('import-file-error')).toHaveText('Only .xlsx and .csv files can be imported');
  // A CSV with the template's header is fine.
  await chooseFile(page, 'two.csv', Buffer.from('name,remark,tags\nAlpha,"first, one","a,b"\nBeta,,\n'));
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-success')).toHaveText('Profiles imported: 2');
});

test('export and re-import: an exported file imports back with the same data and group', async ({ page, baseURL }) => {
  const api = await signedIn(page, baseURL!);
  const group = await api.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Round trip' });
  const added = await api.call<{ ids: number[] }>('POST', '/v1/browserInfos/batchAdd', {
    list: [
      {
        name: 'Trip one',
        groupId: group.id,
        remark: 'with proxy',
        tags: ['shop', 'us'],
        siteUrl: 'https://shop.example.com',
        accountUsername: 'seller@example.com',
        accountPassword: 'S3cret',
        proxy: { proxyType: 'socks5', host: '10.1.2.3', port: 1080, proxyUserName: 'u', proxyPassword: 'p' },
        startupUrls: ['https://shop.example.com/a', 'https://shop.example.com/b'],
        cookie: 'sid=abc; theme=dark',
        cookieDomain: 'shop.example.com',
      },
      { name: 'Trip two', remark: 'no proxy' },
    ],
  });
  const res = await fetch(`${baseURL}/api/v1/browserInfos/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: added.ids, includeSecrets: true }),
  });
  expect(res.ok).toBe(true);
  const exported = Buffer.from(await res.arrayBuffer());

  const dialog = await openImport(page);
  await chooseFile(page, 'profiles-export.xlsx', exported);
  await expect(dialog.getByText('2 rows')).toBeVisible();
  // The export's group column is used when the group exists.
  await expect(dialog.getByTestId('preview-row-2')).toContainText('Round trip');
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-success')).toHaveText('Profiles imported: 2');

  type Row = {
    id: number;
    name: string;
    groupId: number;
    remark: string;
    tags: string[];
    host: string;
    port: number;
    proxyType: string;
    siteUrl: string;
    cookieCount: number;
  };
  const list = (await api.call<{ list: Row[] }>('POST', '/v1/browserInfos/list', { name: 'Trip one' })).list;
  expect(list).toHaveLength(2);
  const [copy, original] = list[0]!.id > list[1]!.id ? [list[0]!, list[1]!] : [list[1]!, list[0]!];
  for (const k of ['name', 'groupId', 'remark', 'tags', 'host', 'port', 'proxyType', 'siteUrl', 'cookieCount'] as const)
    expect(copy[k], k).toEqual(original[k]);
  expect(copy.cookieCount).toBe(2);
  const detail = await api.call<{ accountPassword: string; proxyPassword: string; startupUrls: string[] }>(
    'GET',
    `/v1/browserInfos/${copy.id}`,
  );
  expect(detail.accountPassword).toBe('S3cret');
  expect(detail.proxyPassword).toBe('p');
  expect(detail.startupUrls).toEqual(['https://shop.example.com/a', 'https://shop.example.com/b']);
  // The fingerprint came along in its JSON column: the copy has the original's, not a new one.
  const fingerprint = async (id: number) =>
    (await api.call<{ browserFingerPrint: unknown }>('GET', `/v1/browserInfos/${id}`)).browserFingerPrint;
  expect(await fingerprint(copy.id)).toEqual(await fingerprint(original.id));
  expect(await total(api, { name: 'Trip two' })).toBe(2);
});
