import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const CONTEXTS = [
  'Page',
  'Same-origin frame',
  'Cross-origin frame',
  'Dedicated worker',
  'Shared worker',
  'Service worker',
];
const chromeMajor = (ua: string) => Number(/Chrome\/(\d+)/.exec(ua)?.[1]);
const NO_PROXY = { proxyMethod: 1, proxyType: 'noproxy' };

test('fingerprint check from the grid: the real client probes the profile in every context and the dialog shows its report', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  // Made before any client said its engine: it claims the generator's own, older Chrome.
  await api.call('POST', '/v1/browserInfos', { name: 'Old claim', proxy: NO_PROXY });

  const client = await startHeadlessClient(baseURL!, '');
  try {
    // A shared CI machine runs far above the 95% CPU default; the load guard has its own tests.
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    await page.addInitScript((p) => localStorage.setItem('localClientPort', p), new URL(client.url).port);
    await signInAs(page, user.username, user.password);

    // ---- no client paired yet: the row menu has no check ----
    await page.goto('/browser');
    const row = (name: string) => page.getByTestId('profile-row').filter({ hasText: name });
    await row('Old claim').getByTestId('row-more').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByTestId('row-check-fingerprint')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/settings/local-api');
    await page.getByTestId('pair-code').fill(client.pairingCode());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');

    // Once paired the client tells the server its engine: a profile made now claims it.
    const engineStatus = () =>
      api.call<{ engineVersion: string | null }>('GET', '/v1/browserInfos/engineStatus').then((s) => s.engineVersion);
    await expect.poll(engineStatus, { timeout: 30_000 }).not.toBeNull();
    const engine = (await engineStatus())!;
    const engineMajor = Number(engine.split('.')[0]);
    const fresh = await api.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Fresh one', proxy: NO_PROXY });
    const gone = await api.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Gone soon', proxy: NO_PROXY });
    const profiles = await api.call<{ list: Array<{ id: number; name: string; userAgent: string }> }>(
      'POST',
      '/v1/browserInfos/list',
      {},
    );
    const uaOf = (name: string) => profiles.list.find((p) => p.name === name)!.userAgent;
    const openStatus = async (id: number) =>
      (await api.call<Array<{ openStatus: number }>>('POST', '/v1/browserInfos/getOpenStatus', { ids: [id] }))[0]
        ?.openStatus;

    await page.goto('/browser');
    await expect(row('Fresh one').getByTestId('open-state')).toHaveText('Closed');
    const dialog = page.getByTestId('fp-check');
    const summary = dialog.getByTestId('fp-check-summary');
    const check = async (name: string) => {
      await row(name).getByTestId('row-more').click();
      await page.getByTestId('row-check-fingerprint').click();
      await expect(dialog.getByRole('heading')).toHaveText(`Fingerprint check: ${name}`);
    };

    // ---- a profile that claims the engine: no mismatch in any of the six contexts ----
    await check('Fresh one');
    await expect(dialog.getByTestId('fp-check-running')).toContainText(
      'Checking the fingerprint in page, frames and workers…',
    );
    await expect(summary).toHaveText(
      'No mismatch found: 6 contexts agree, the claims match the engine, no sign of patching',
      { timeout: 60_000 },
    );
    await expect(summary).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(dialog.getByTestId('fp-finding')).toHaveCount(0);
    await expect(dialog.getByTestId('fp-check-not-run')).toHaveCount(0);
    await expect(dialog.getByTestId('fp-check-engine')).toHaveText(`Chrome/${engine}`);
    const hashOf = () => dialog.getByTestId('fp-check-hash-value').getAttribute('title');
    const freshHash = await hashOf();
    expect(freshHash).toMatch(/^[0-9a-f]{16}$/);
    await expect(dialog.getByTestId('fp-check-hash-value')).toHaveText(freshHash!);
    await expect(dialog.getByTestId('fp-check-duration')).toHaveText(/^\d+(\.\d)? sec$/);

    // The values per context: a column for each of the six, the profile's user agent in every one.
    await dialog.getByTestId('fp-check-values-toggle').click();
    const table = dialog.getByTestId('fp-check-values');
    await expect(table.getByRole('columnheader')).toHaveText(['Value', ...CONTEXTS]);
    await expect(table.getByTestId('fp-check-context-error')).toHaveCount(0);
    await expect(table.locator('[data-differs]')).toHaveCount(0);
    const uaRow = table
      .getByTestId('fp-check-value-row')
      .filter({ has: page.getByRole('rowheader', { name: 'navigator.userAgent' }) });
    await expect(uaRow.getByRole('cell')).toHaveText(CONTEXTS.map(() => uaOf('Fresh one')));

    // The client opened the profile for the check and closed it again.
    await expect(row('Fresh one').getByTestId('open-state')).toHaveText('Closed');
    expect(await openStatus(fresh.id)).toBe(0);
    expect((await client.call<unknown[]>('GET', '/api/v1/profiles/active')).data).toEqual([]);

    // Again: the same profile gives the same hash.
    await dialog.getByTestId('fp-check-again').click();
    await expect(summary).toHaveText(/^No mismatch found: 6 contexts agree/, { timeout: 60_000 });
    expect(await hashOf()).toBe(freshHash);
    await dialog.getByTestId('fp-check-close').click();
    await expect(dialog).toBeHidden();

    // ---- a profile that claims an older Chrome than the engine: one claim, shown as found ----
    await check('Old claim');
    await expect(summary).toHaveText('Findings: 1', { timeout: 60_000 });
    await expect(summary).toHaveClass(/MuiAlert-colorWarning/);
    await expect(dialog.getByTestId('fp-findings-context')).toHaveCount(0);
    await expect(dialog.getByTestId('fp-findings-patch')).toHaveCount(0);
    const claims = dialog.getByTestId('fp-findings-claim');
    await expect(claims.getByRole('heading')).toHaveText('Claims (1)');
    await expect(claims.getByTestId('fp-finding-subject')).toHaveText(/^navigator\.userAgent\b/);
    await expect(claims.getByTestId('fp-finding-where')).toHaveText('Page');
    await expect(claims.getByTestId('fp-finding-expected')).toContainText(`Chrome/${engineMajor}`);
    await expect(claims.getByTestId('fp-finding-actual')).toContainText(`Chrome/${chromeMajor(uaOf('Old claim'))}`);
    expect(chromeMajor(uaOf('Old claim'))).toBeLessThan(engineMajor);
    // Another profile, another hash.
    const oldHash = await hashOf();
    expect(oldHash).toMatch(/^[0-9a-f]{16}$/);
    expect(oldHash).not.toBe(freshHash);
    await dialog.getByTestId('fp-check-close').click();

    // ---- the client cannot open a profile deleted behind the grid's back: its words in the dialog ----
    await api.call('POST', '/v1/browserInfos/deleteForever', { ids: [gone.id] });
    await check('Gone soon');
    const error = dialog.getByTestId('fp-check-error');
    await expect(error).toContainText('The check could not run', { timeout: 60_000 });
    await expect(dialog.getByTestId('fp-check-error-message')).toContainText(`profile ${gone.id} not found`);
    await expect(summary).toHaveCount(0);
    await dialog.getByTestId('fp-check-close').click();
    await expect(row('Gone soon')).toHaveCount(0);
  } finally {
    await client.stop();
  }
});
