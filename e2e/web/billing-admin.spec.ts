import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * The operator's money screens (docs/billing.md, The operator's side). The first test runs on the
 * suite's shared server and leaves its catalogue as users see it: the new plan is off sale and the
 * free plan p1 keeps its widened quotas (the server refuses switching it off). The payouts test needs
 * a commission that is available at once, so it runs on its own server with no hold, behind a trusted
 * proxy: an invitee must come from another address than the inviter (docs/billing.md, Promotion).
 */
test.describe.configure({ mode: 'default' });

async function signInAsAdmin(page: Page, base = '') {
  await signInAs(page, 'admin', ADMIN_PASSWORD, { base });
}

interface AdminPlan {
  id: string;
  enabled: boolean;
  profileQuota: number;
  prices: Record<string, Record<string, string>>;
}

test('the operator creates a coupon and a plan with prices, confirms a bank transfer, and adjusts a wallet with a reason', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const u = uniqueUser();
  const user = await new ServerApi(base).register(u, admin);
  const n = u.username.slice(2);
  await signInAsAdmin(page);
  const dialog = page.getByRole('dialog');

  // A coupon: the form refuses a percentage above 100 before sending; saved, it is listed unused.
  await page.goto('/admin/coupons');
  const code = `E2E${n}`;
  await page.getByTestId('coupon-create').click();
  await page.getByTestId('coupon-code').fill(code);
  await page.getByTestId('coupon-value').fill('150');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a percentage from 1 to 100.')).toBeVisible();
  // The dialog's confirm is throttled to once per 300 ms; a person is never this fast.
  await page.waitForTimeout(350);
  await page.getByTestId('coupon-value').fill('15');
  await page.getByTestId('coupon-startsAt').fill('2026-01-01T00:00');
  await page.getByTestId('coupon-endsAt').fill('2030-12-31T23:59');
  await page.getByTestId('coupon-perUserLimit').fill('2');
  await page.getByTestId('coupon-plans').click();
  await page.getByRole('option', { name: /^Basic/ }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Coupon ${code} saved`)).toBeVisible();
  const couponRow = page.getByTestId(`coupon-${code}`);
  await expect(couponRow).toContainText('−15%');
  await expect(couponRow).toContainText('2026-01-01 00:00 – 2030-12-31 23:59');
  await expect(couponRow).toContainText('basic');
  // The same code again: the server's refusal stands at the code field.
  await page.getByTestId('coupon-create').click();
  await page.getByTestId('coupon-code').fill(code);
  await page.getByTestId('coupon-value').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A coupon with this code exists.')).toBeVisible();
  await expect(page.getByTestId('coupon-code')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('/admin/plans');

  // A plan, off sale, priced in USD (3 and 12 months filled from the monthly price) and EUR.
  const planId = `e2e-${n}`;
  await page.getByTestId('plan-create').click();
  await page.getByTestId('plan-id').fill(planId);
  await page.getByTestId('plan-name').fill(`E2E ${n}`);
  await page.getByTestId('plan-profileQuota').fill('50');
  await page.getByTestId('plan-seats').fill('1');
  await page.getByTestId('plan-seatPrice').fill('2.50');
  await page.getByTestId('plan-enabled').click();
  await page.getByTestId('price-USD-1').fill('12');
  await dialog.getByRole('button', { name: /Fill 3 and 12 months/ }).click();
  await expect(page.getByTestId('price-USD-3')).toHaveValue('34.20');
  await expect(page.getByTestId('price-USD-12')).toHaveValue('122.40');
  await dialog.getByRole('button', { name: 'Add currency' }).click();
  await page.getByRole('menuitem', { name: 'EUR' }).click();
  await page.getByTestId('price-EUR-1').fill('11.005');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an amount with at most 2 decimals')).toBeVisible();
  // The dialog's confirm is throttled to once per 300 ms; a person is never this fast.
  await page.waitForTimeout(350);
  await page.getByTestId('price-EUR-1').fill('11');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Plan E2E ${n} saved`)).toBeVisible();
  await expect(page.getByTestId(`plan-${planId}`)).toContainText('$12.00 / month');
  const plans = await admin.call<AdminPlan[]>('POST', '/v1/admin/plans/list');
  expect(plans.find((p) => p.id === planId)).toMatchObject({
    enabled: false,
    profileQuota: 50,
    prices: { USD: { 1: '12.00', 3: '34.20', 12: '122.40' }, EUR: { 1: '11.00' } },
  });

  // The free plan cannot be switched off: the server says so at the switch, and nothing changes.
  await page.getByTestId('plan-p1').getByRole('button').click();
  await page.getByTestId('plan-enabled').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The free plan cannot be switched off.')).toBeVisible();
  await page.goto('/admin/payments');
  const free = (await admin.call<AdminPlan[]>('POST', '/v1/admin/plans/list')).find((p) => p.id === 'p1');
  expect(free).toMatchObject({ enabled: true, profileQuota: 1_000_000 });

  // The user sends a bank transfer; Payments opens on the transfers waiting, the operator confirms it.
  const placed = await user.call<{ order: { no: string } }>('POST', '/v1/sysOrderInfos', {
    kind: 'recharge',
    amount: '25.00',
    channel: 'bank',
    currency: 'USD',
  });
  const no = placed.order.no;
  await page.reload();
  await page.getByRole('textbox', { name: 'Order number or username' }).fill(no);
  const orderRow = page.getByTestId(`order-${no}`);
  await expect(orderRow).toContainText(u.username);
  await expect(orderRow).toContainText('Unpaid');
  await orderRow.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(dialog).toContainText(`Has $25.00 from ${u.username} arrived for order ${no}?`);
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(page.getByText(`Order ${no} is paid`)).toBeVisible();
  await expect(orderRow).toHaveCount(0);
  const afterTransfer = await user.call<{ balance: string }>('GET', '/users/currentUser');
  expect(Number(afterTransfer.balance)).toBe(25);

  // Ledger: the wallet and its entries; an adjustment needs its reason and shows as an entry.
  await page.goto('/admin/ledger');
  await page.getByTestId('ledger-username').fill(u.username);
  await page.getByTestId('ledger-search').click();
  await expect(page.getByTestId('ledger-wallet')).toHaveText('$25.00');
  await expect(page.getByTestId('ledger-entries')).toContainText(no);
  await page.getByTestId('ledger-adjust').click();
  await page.getByTestId('adjust-amount').fill('-5.50');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(dialog.getByText('Enter a reason')).toBeVisible();
  // The dialog's confirm is throttled to once per 300 ms; a person is never this fast.
  await page.waitForTimeout(350);
  await page.getByTestId('adjust-reason').fill('Goodwill correction (e2e)');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(page.getByText(`The wallet of ${u.username} now holds $19.50`)).toBeVisible();
  await expect(page.getByTestId('ledger-wallet')).toHaveText('$19.50');
  const entry = page.getByTestId('ledger-entries').getByRole('row').filter({ hasText: 'Goodwill correction (e2e)' });
  await expect(entry).toContainText('Adjustment');
  await expect(entry).toContainText('−$5.50');
  await expect(entry).toContainText('admin');
  const afterAdjust = await user.call<{ balance: string }>('GET', '/users/currentUser');
  expect(Number(afterAdjust.balance)).toBe(19.5);
});

test.describe('payouts', () => {
  let facet: Awaited<ReturnType<typeof startFacet>>;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    facet = await startFacet({ FACET_TRUST_PROXY: '1' });
  });
  test.afterAll(async () => {
    if (!facet) return;
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
    rmSync(facet.dataDir, { recursive: true, force: true });
  });

  /** The test's server calls as from `ip` (the trusted proxy's X-Forwarded-For): two people on two networks. */
  async function from<T>(ip: string, work: () => Promise<T>): Promise<T> {
    const real = globalThis.fetch;
    globalThis.fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', ip);
      return real(input, { ...init, headers });
    };
    try {
      return await work();
    } finally {
      globalThis.fetch = real;
    }
  }

  test('the operator rejects a payout request with a reason (the money returns) and approves another', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const base = facet.url;
    const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
    const settings = await admin.call<Record<string, unknown>>('GET', '/v1/admin/billing/settings');
    const { stripeConfigured: _, ...rest } = settings;
    await admin.call('POST', '/v1/admin/billing/settings', { ...rest, commissionHoldDays: 0 });

    // A invites B; B pays 600.00 by bank transfer, the operator confirms it: A earns 10 %, available at once.
    const a = uniqueUser();
    const inviter = await from('203.0.113.10', () => new ServerApi(base).register(a, admin));
    const { inviteCode } = await from('203.0.113.10', () =>
      inviter.call<{ inviteCode: string }>('GET', '/users/currentUser'),
    );
    const b = uniqueUser();
    const invitee = await from('198.51.100.20', async () => {
      const api = new ServerApi(base);
      await api.call('POST', '/users/sendSmsForRegister', { phone: b.phone, countryCode: '86' }, true);
      const smsCode = await admin.latestCode(`+86${b.phone}`);
      const r = await api.call<{ access_token: string }>(
        'POST',
        '/users/registerV2',
        { ...b, countryCode: '86', code: smsCode, inviteCode },
        true,
      );
      return new ServerApi(base, r.access_token);
    });
    const order = await from('198.51.100.20', () =>
      invitee.call<{ order: { id: number } }>('POST', '/v1/sysOrderInfos', {
        kind: 'recharge',
        amount: '600.00',
        channel: 'bank',
        currency: 'USD',
      }),
    );
    await admin.call('POST', '/v1/admin/orders/confirm', { id: order.order.id });
    const ask = (account: string) =>
      from('203.0.113.10', () =>
        inviter.call('POST', '/v1/promotion/payouts', { amount: '50.00', method: 'paypal', account }),
      );
    const available = async () =>
      (await from('203.0.113.10', () => inviter.call<{ available: string }>('GET', '/v1/promotion/summary'))).available;
    await ask('first@example.com');
    expect(Number(await available())).toBe(10);

    await signInAsAdmin(page, base);
    await page.goto(`${base}/admin/payouts`);
    const dialog = page.getByRole('dialog');
    const first = page.getByRole('row').filter({ hasText: 'first@example.com' });
    await expect(first).toContainText(a.username);
    await expect(first).toContainText('$50.00');
    await expect(first).toContainText('Pending');
    await first.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toContainText(`Reject the payout of $50.00 to ${a.username}?`);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Enter a reason')).toBeVisible();
    // The dialog's confirm is throttled to once per 300 ms; a person is never this fast.
    await page.waitForTimeout(350);
    await page.getByTestId('reason-input').fill('Account name does not match');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(`The payout to ${a.username} was rejected`)).toBeVisible();
    await expect(first).toContainText('Rejected');
    await expect(first).toContainText('Account name does not match');
    expect(Number(await available())).toBe(60);

    // A second request, approved: it stays paid out.
    await ask('second@example.com');
    await page.reload();
    const second = page.getByRole('row').filter({ hasText: 'second@example.com' });
    await second.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toContainText(`Have you paid $50.00 to ${a.username} (PayPal account: second@example.com)?`);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`The payout to ${a.username} is approved`)).toBeVisible();
    await expect(second).toContainText('Approved');
    expect(Number(await available())).toBe(10);
  });
});
