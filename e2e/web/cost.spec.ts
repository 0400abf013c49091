import { rmSync } from 'node:fs';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

// The money's screens on a server with the plans a fresh server sells (docs/billing.md).
let facet: Awaited<ReturnType<typeof startFacet>>;
const at = (path: string) => `${facet.url}${path}`;

/** A new main account on this spec's server, signed in through the form. */
async function signedIn(page: import('@playwright/test').Page) {
  const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(facet.url).register(user, admin);
  await signInAs(page, user.username, user.password, { base: facet.url });
  return owner;
}

test.describe('cost screens', () => {
  // One server for both tests.
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    facet = await startFacet({}, { plans: 'seeded' });
  });
  test.afterAll(async () => {
    if (!facet) return;
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
    rmSync(facet.dataDir, { recursive: true, force: true });
  });

  test('a user with money buys Basic for a month from the wallet; the bills and the month list show it', async ({
    page,
  }) => {
    const owner = await signedIn(page);
    const me = await owner.call<{ id: number }>('GET', '/users/currentUser');
    const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
    await admin.call('POST', '/v1/admin/ledger/adjust', { userId: me.id, amount: '50.00', reason: 'e2e' });

    await page.goto(at('/billing/plans'));
    await expect(page.getByTestId('header-balance')).toContainText('50');
    await page.getByTestId('plan-buy-basic').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('channel-wallet').click();
    await expect(dialog.getByTestId('price-total')).toHaveText('$9.00');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Payment done.')).toBeVisible();
    await expect(page.getByTestId('plan-basic')).toContainText('Current');
    await expect(page.getByTestId('header-balance')).toContainText('41');

    // A change to Pro starts from Pro's full price; the credit for Basic is taken off below it.
    await page.getByTestId('plan-buy-pro').click();
    const change = page.getByTestId('payment-dialog');
    await expect(change.getByTestId('price-list')).toHaveText('$49.00');
    await expect(change.getByTestId('price-credit')).toContainText('−$');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(at('/billing/bills'));
    const purchase = page.getByTestId('bill-purchase');
    await expect(purchase).toContainText('Purchase');
    await expect(purchase).toContainText('−$9.00');
    await purchase.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByTestId('bill-detail')).toContainText('Purchase');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    await page.goto(at('/billing/months'));
    const month = new Date().toISOString().slice(0, 7);
    await expect(page.getByTestId(`month-${month}`)).toContainText('$9.00');
  });

  test('a bank recharge shows the instructions, waits in unpaid orders and can be cancelled', async ({ page }) => {
    await signedIn(page);
    await page.goto(at('/cost'));
    await page.getByTestId('recharge-amount').fill('25');
    await page.getByTestId('channel-bank').click();
    await expect(page.getByTestId('recharge-total')).toContainText('$25.00');
    await page.getByTestId('recharge-submit').click();
    const bank = page.getByTestId('bank-dialog');
    await expect(bank).toBeVisible();
    await expect(bank).toContainText('$25.00');
    const no = (await bank.getByTestId('bank-reference').textContent()) ?? '';
    expect(no).toMatch(/^F\d{8}\d{6}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    const row = page.getByTestId(`order-${no}`);
    await expect(row).toContainText('Unpaid');
    // On a phone the table fits the screen, its actions included.
    await page.setViewportSize({ width: 360, height: 740 });
    const right = async (testId: string) => {
      const box = await page.getByTestId(testId).boundingBox();
      return (box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY);
    };
    await expect.poll(() => right('unpaid-orders')).toBeLessThanOrEqual(360);
    expect(await right(`order-cancel-${no}`)).toBeLessThanOrEqual(360);
    await page.getByTestId(`order-cancel-${no}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(`Order ${no} was cancelled.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('unpaid-orders')).toContainText('No unpaid orders.');
  });

  test('past the free plan the profile form opens the plan-limit dialog, which leads to Plans', async ({ page }) => {
    const owner = await signedIn(page);
    for (let i = 1; i <= 5; i++)
      await owner.call('POST', '/v1/browserInfos', {
        name: `Shop ${i}`,
        proxy: { proxyMethod: 1, proxyType: 'noproxy' },
      });
    await page.goto(at('/browser/create'));
    await page.getByTestId('profile-name').fill('Sixth');
    await page.getByTestId('save-profile').click();
    await expect(page.getByTestId('plan-limit-text')).toHaveText(
      'Your plan allows 5 profiles. Change the plan to add more.',
    );
    await page.getByRole('button', { name: 'Change plan' }).click();
    // The form still guards what was typed.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/billing\/plans$/);
  });
});
