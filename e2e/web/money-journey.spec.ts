import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { rechargeConfirmed, submitRegisterForm } from './money';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * The money from a new user's first limit to a commission in their wallet, in real browsers on a
 * server of its own: the plans a fresh server sells, a clock this spec moves (clock-shift.mjs), and
 * a trusted proxy so that the invitee reaches it from another address than the inviter (an invite
 * code used from its owner's address is refused: docs/billing.md, Promotion).
 */
test.describe.configure({ mode: 'default' });

const DAY = 86_400_000;
let facet: Awaited<ReturnType<typeof startFacet>>;
let clockDir: string;
let clockFile: string;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  clockDir = mkdtempSync(join(tmpdir(), 'facet-clock-'));
  clockFile = join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  facet = await startFacet({ FACET_TRUST_PROXY: '1' }, { plans: 'seeded', clockFile });
});
test.afterAll(async () => {
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
  rmSync(clockDir, { recursive: true, force: true });
});

async function browserAt(browser: Browser, ip: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: facet.url,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    screen: { width, height: 900 },
  });
  return context.newPage();
}

/** Through the form: the page's context carries its person's address (x-forwarded-for) and server. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login?lang=en');
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a free account reaches its quota, recharges by bank transfer the operator confirms, buys a plan with a coupon and grows; an invitee’s payment becomes commission it withdraws', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const base = facet.url;
  const adminApi = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  await adminApi.call('POST', '/v1/admin/coupons', {
    code: 'WELCOME10',
    kind: 'percent',
    value: '10',
    minSpend: '0',
    perUserLimit: 1,
    planIds: ['basic'],
    enabled: true,
  });

  // A: a new account on the free plan, five profiles already.
  const a = uniqueUser();
  const aApi = await new ServerApi(base).register(a, adminApi);
  for (let i = 1; i <= 5; i++)
    await aApi.call('POST', '/v1/browserInfos', { name: `Shop ${i}`, proxy: { proxyMethod: 1, proxyType: 'noproxy' } });
  const page = await browserAt(browser, '203.0.113.10', 1280);
  await signIn(page, a.username, a.password);

  // The sixth profile is refused with the plan's limit; the dialog leads to Plans.
  await page.goto('/browser/create');
  await page.getByTestId('profile-name').fill('Shop 6');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('plan-limit-text')).toContainText('Your plan allows 5 profiles');
  await page.getByRole('button', { name: 'Change plan' }).click();
  // The form asks before its typing is thrown away.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/billing\/plans$/);

  // Basic from the wallet: the wallet is empty, so the insufficient-balance dialog leads to Recharge.
  await page.getByTestId('plan-buy-basic').click();
  const pay = page.getByTestId('payment-dialog');
  await pay.getByTestId('channel-wallet').click();
  await expect(pay.getByTestId('price-total')).toHaveText('$9.00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Your balance is not enough for this operation.')).toBeVisible();
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page).toHaveURL(/\/cost$/);

  // A bank transfer of $20: the instructions and the order number to quote.
  await page.getByTestId('recharge-amount').fill('20');
  await page.getByTestId('channel-bank').click();
  await expect(page.getByTestId('recharge-total')).toContainText('$20.00');
  await page.getByTestId('recharge-submit').click();
  const no = (await page.getByTestId('bank-reference').textContent()) ?? '';
  expect(no).toMatch(/^F\d{14}$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  // The operator sees the transfer arrive and confirms it in Payments.
  const operator = await browserAt(browser, '192.0.2.1', 1440);
  await signIn(operator, 'admin', ADMIN_PASSWORD);
  await operator.goto('/admin/payments');
  await operator.getByRole('textbox', { name: 'Order number or username' }).fill(no);
  const row = operator.getByTestId(`order-${no}`);
  await expect(row).toContainText(a.username);
  await row.getByRole('button', { name: 'Confirm transfer' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(operator.getByText(`Order ${no} is paid`)).toBeVisible();

  // A's header shows the money; Basic with the coupon costs $8.10 from the wallet.
  await page.goto('/billing/plans');
  await expect(page.getByTestId('header-balance')).toContainText('20');
  await page.getByTestId('plan-buy-basic').click();
  await pay.getByTestId('channel-wallet').click();
  await pay.getByTestId('coupon-code').fill('WELCOME10');
  await pay.getByRole('button', { name: 'Apply' }).click();
  await expect(pay.getByTestId('price-total')).toHaveText('$8.10');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done.')).toBeVisible();
  await expect(page.getByTestId('plan-basic')).toContainText('Current');
  await expect(page.getByTestId('header-balance')).toContainText('11.9');

  // The sixth profile now goes in.
  await page.goto('/browser/create');
  await page.getByTestId('profile-name').fill('Shop 6');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/browser$/);
  await expect(page.getByTestId('profile-row')).toHaveCount(6);

  // The bills and the month list say it all.
  await page.goto('/billing/bills');
  await expect(page.getByText('−$8.10')).toBeVisible();
  await expect(page.getByText('$20.00').first()).toBeVisible();
  await page.goto('/billing/months');
  const month = new Date().toISOString().slice(0, 7);
  await expect(page.getByTestId(`month-${month}`)).toContainText('$11.90');

  // B registers through A's invite link from another network and pays $100 by bank transfer.
  const { inviteCode } = await aApi.call<{ inviteCode: string }>('GET', '/v1/promotion/summary');
  const b = uniqueUser();
  const pageB = await browserAt(browser, '198.51.100.20', 1920);
  await pageB.goto('/login?lang=en');
  await pageB.goto(`/register?inviteCode=${inviteCode}`);
  await expect(pageB.locator('input[name=inviteCode]')).toHaveValue(inviteCode);
  await submitRegisterForm(pageB, b, adminApi);
  await expect(pageB).toHaveURL(/\/dashboard$/);
  await rechargeConfirmed(pageB, base, '100', adminApi);

  // A: 10 % pending for the operator's seven days.
  await page.goto('/promotion/details');
  await expect(page.getByTestId('figure-pending')).toContainText('$10.00');
  await expect(page.getByTestId('figure-available')).toContainText('$0.00');

  // Eight days later it is available, and A moves it into the wallet.
  writeFileSync(clockFile, String(8 * DAY));
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId('figure-available').textContent();
    })
    .toContain('$10.00');
  await expect(page.getByTestId('figure-pending')).toContainText('$0.00');
  await page.getByTestId('open-withdraw').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('amount-input').fill('10');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('figure-available')).toContainText('$0.00');
  await expect(page.getByTestId('header-balance')).toContainText('21.9');
  await page.goto('/billing/bills');
  await expect(page.getByText('$10.00').first()).toBeVisible();
});
