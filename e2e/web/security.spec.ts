import type { Browser } from '@playwright/test';
import { generateSync } from 'otplib';
import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/** A TOTP code as the phone app would show it, `stepsAhead` 30-second steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/**
 * Another computer: a context of its own (no token, no stored device id) with another system and
 * screen, so its device fingerprint (a digest of such traits) differs from the first one's.
 */
const OTHER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
async function freshDevice(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent: OTHER_UA,
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/login?lang=en');
  return { context, page };
}

test('two-factor: bind TOTP from the QR secret, an unknown device must give a code, sign out the others', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);

  await page.goto('/login?lang=en');
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('totp-row')).toContainText('Off');
  await expect(card.getByTestId('2fa-on')).toHaveCount(0);

  await card.getByTestId('totp-bind').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await dialog.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The secret is shown in groups of four for typing.
  await expect(dialog.getByTestId('totp-secret')).toHaveText(secret.replace(/(.{4})(?=.)/g, '$1 '));

  // A code of another secret is refused, with the reason in words.
  const wrong = totp(secret) === '000000' ? '111111' : '000000';
  await dialog.getByLabel('6-digit code').fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice').first()).toContainText('The code is wrong');
  await page.waitForTimeout(350); // the dialog's confirm is throttled to once per 300 ms
  // Kept: replayed below (recomputing it later could land in the next 30-s step, a fresh code).
  const bindCode = totp(secret);
  await dialog.getByLabel('6-digit code').fill(bindCode);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Authenticator app turned on')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('totp-row')).toContainText('On');
  await expect(card.getByTestId('2fa-on')).toHaveText('Protected');

  // A new device: the password alone gives no token, the second step asks for the code.
  const other = await freshDevice(browser, baseURL!);
  await loginThroughForm(other.page, user.username, user.password);
  const step = other.page.getByTestId('strange-device-step');
  await expect(step).toContainText('This device has not signed in before');
  expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The code used to bind is spent; the next step's code (within the allowed drift) passes.
  await step.getByLabel('6-digit code').fill(bindCode);
  await step.getByTestId('second-factor-submit').click();
  await expect(other.page.getByText('The code is wrong, expired or was already used')).toBeVisible();
  await step.getByLabel('6-digit code').fill(totp(secret, 1));
  await step.getByTestId('second-factor-submit').click();
  await expect(other.page).toHaveURL(/\/dashboard$/);
  expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // The first device sees every session (the registration's API client too), marks itself,
  // and signs the others out.
  await page.reload();
  const sessions = page.getByTestId('sessions-card');
  await expect(sessions.getByTestId('session-row')).toHaveCount(3);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'Chrome 120 · Windows' })).toContainText(
    'IP 127.0.0.1',
  );
  await sessions.getByTestId('sign-out-others').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Other devices signed out: 2')).toBeVisible();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);
  await other.page.reload();
  await expect(other.page).toHaveURL(/\/login/);
  await other.context.close();
});

test('two-factor: SMS codes on, an unknown device signs in with a code sent to the phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);

  await page.goto('/login?lang=en');
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const sms = page.getByTestId('sms-row');
  await expect(sms).toContainText('Off');
  await sms.getByRole('switch', { name: 'SMS codes' }).click();
  await expect(page.getByText('SMS codes turned on')).toBeVisible();
  await expect(sms).toContainText('On');
  await expect(page.getByTestId('2fa-on')).toBeVisible();

  const other = await freshDevice(browser, baseURL!);
  await loginThroughForm(other.page, user.username, user.password);
  const step = other.page.getByTestId('strange-device-step');
  // Only SMS is on: no method choice, the masked phone is named.
  await expect(step).toContainText(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`);
  await step.getByTestId('send-code').click();
  await expect(step.getByTestId('send-code')).toContainText('Resend in');
  const code = await admin.latestCode(`+86${user.phone}`);
  await step.getByLabel('Verification code').fill(code);
  await step.getByTestId('second-factor-submit').click();
  await expect(other.page).toHaveURL(/\/dashboard$/);
  await other.context.close();

  // Turning SMS codes off takes a code sent to the phone (one code a minute per phone: not sent here).
  await sms.getByRole('switch', { name: 'SMS codes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('We send a code to your phone number');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Enter the 6-digit code')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(sms).toContainText('On');
});
