import { startTestPhone } from '@facet/server/test/adb-device';
import { calls } from '@facet/shared';
import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('SMS: the codes Facet sent with their delivery status, the SMS a cloud phone received, and the operator’s list', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  const phone = await startTestPhone({ model: 'Inbox 1' });
  try {
    const region = `e2e-sms-${user.phone}`;
    await admin.call('POST', calls.adminDeviceSave.path, {
      name: `SMS ${phone.port}`,
      host: '127.0.0.1',
      port: phone.port,
      region,
      androidVersion: '13',
    });
    const pkg = await admin.call<{ id: number }>('POST', calls.adminPackageSave.path, {
      name: `SMS ${user.phone.slice(-6)}`,
      region,
      androidVersion: '13',
      days: 30,
      price: '0.00',
    });
    await api.call('POST', calls.phonePay.path, { packageId: pkg.id, name: 'Inbox phone' });
    await expect
      .poll(
        async () =>
          (await api.call<{ list: Array<{ state: string }> }>('POST', calls.phoneList.path, {})).list[0]?.state,
        { timeout: 60_000 },
      )
      .toBe('off');
    phone.sms.push(
      { address: '+15550100', body: 'Your bank code is 424242', date: Date.UTC(2026, 5, 1, 9) },
      { address: 'SHOP', body: 'Parcel on its way', date: Date.UTC(2026, 5, 2, 9) },
    );

    await signInAs(page, user.username, user.password);
    await page.goto('/sms');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and SMS' })).toBeVisible();
    // The registration code: no provider on this server, so the operator's outbox holds it.
    const sent = page.getByTestId('sms-sent').getByTestId('log-row');
    await expect(sent).toHaveCount(1);
    await expect(sent.first()).toContainText(`+86${user.phone}`);
    await expect(sent.first()).toContainText(/Your Facet verification code is \d{6}/);
    await expect(sent.first()).toContainText('Not sent');
    await page.getByTestId('sms-channel').click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await expect(page.getByText('Nothing was sent to you yet')).toBeVisible();

    const inbox = page.getByTestId('sms-inbox').getByTestId('sms-inbox-row');
    await expect(inbox).toHaveCount(2);
    await expect(inbox.nth(0)).toContainText('SHOP');
    await expect(inbox.nth(0)).toContainText('Inbox phone');
    await expect(inbox.nth(1)).toContainText('Your bank code is 424242');
    phone.sms.push({ address: 'BANK', body: 'New login', date: Date.UTC(2026, 5, 3, 9) });
    await page.getByTestId('sms-inbox-refresh').click();
    await expect(inbox).toHaveCount(3);
    await expect(inbox.nth(0)).toContainText('New login');
    await phone.stop();
    await page.getByTestId('sms-inbox-refresh').click();
    await expect(page.getByTestId('sms-unread')).toContainText('Inbox phone could not be read');

    // ---- the operator: every message, by recipient and status ----
    const adminPage = await page.context().browser()!.newPage();
    await adminPage.goto(`${baseURL}/login?lang=en`);
    await loginThroughForm(adminPage, 'admin', ADMIN_PASSWORD);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto(`${baseURL}/admin/messages`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Messages sent' })).toBeVisible();
    await adminPage.getByTestId('admin-messages-recipient').fill(`+86${user.phone}`);
    const rows = adminPage.getByTestId('admin-messages').getByTestId('log-row');
    await expect(rows).toHaveCount(1);
    await adminPage.getByTestId('admin-messages-status').click();
    await adminPage.getByRole('option', { name: 'Failed' }).click();
    await expect(rows).toHaveCount(0);
    await adminPage.close();
  } finally {
    await phone.stop().catch(() => {});
  }
});
