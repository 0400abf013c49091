import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { ServerApi } from './server-api';

/** Fills the Register page as a person does (code from the outbox the admin reads) and sends it. */
export async function submitRegisterForm(
  page: Page,
  user: { username: string; password: string; phone: string },
  admin: ServerApi,
) {
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/Resend in \d+s/);
  await page.getByLabel('Verification code').fill(await admin.latestCode(`+86${user.phone}`));
  // The user agreement and privacy policy are accepted at registration (docs/notices.md).
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
}

/** The signed-in user of `page` recharges by bank transfer and the operator confirms it arrived. */
export async function rechargeConfirmed(page: Page, base: string, amount: string, admin: ServerApi) {
  const payer = new ServerApi(base, await page.evaluate(() => localStorage.getItem('token') ?? ''));
  const placed = await payer.call<{ order: { id: number } }>('POST', '/v1/sysOrderInfos', {
    kind: 'recharge',
    amount,
    channel: 'bank',
  });
  await admin.call('POST', '/v1/admin/orders/confirm', { id: placed.order.id });
}
