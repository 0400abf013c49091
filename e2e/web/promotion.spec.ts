import { rmSync } from 'node:fs';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { rechargeConfirmed, submitRegisterForm } from './money';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * Promotion from both sides. An invite code used from an address or device any session of the
 * inviter had is refused (docs/billing.md, Promotion), and on one machine every browser comes
 * from 127.0.0.1 with the same fingerprint. So this file runs its own server behind a trusted
 * proxy (FACET_TRUST_PROXY=1) and gives each person's browser its own X-Forwarded-For, as two
 * people on two networks reaching the same load balancer, and its own screen, so the device id
 * (a digest of the user agent, screen, GPU and cores: lib/fingerprint.ts) differs too.
 */
test.describe.configure({ mode: 'default' });

const LAPTOP = { width: 1280, height: 800 };
const DESKTOP = { width: 1920, height: 1080 };

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

/** A browser of its own on a device with this screen, reaching the server from `ip` (the proxy's X-Forwarded-For). */
async function personAt(
  browser: Browser,
  ip: string,
  screen: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: facet.url,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    screen,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: facet.url });
  return context;
}

test('an invitee registers through the invite link (code filled in); the inviter sees them, the pending commission of their bank payment, and a withdrawal above what is available refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const base = facet.url;
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);

  // A: the inviter, signed in from one network.
  const a = uniqueUser();
  await new ServerApi(base).register(a, admin);
  const contextA = await personAt(browser, '203.0.113.10', LAPTOP);
  const pageA = await contextA.newPage();
  await pageA.goto('/login?lang=en');
  await loginThroughForm(pageA, a.username, a.password);
  await expect(pageA).toHaveURL(/\/dashboard$/);

  // A opens Invite code and copies the link.
  await pageA.goto('/promotion/invite-code');
  const code = (await pageA.getByTestId('invite-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  // The invite page is a marketing page: the link carries its locale (docs/i18n.md, Public pages).
  const link = `${base}/register?inviteCode=${code}&lang=en`;
  await expect(pageA.getByTestId('invite-link')).toHaveText(link);
  await expect(pageA.getByTestId('invite-qr')).toBeVisible();
  await pageA.getByRole('button', { name: 'Copy link' }).click();
  await expect(pageA.getByText('Copied')).toBeVisible();
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // B: opens the link from another network and device; the invite code is already there.
  const b = uniqueUser();
  const contextB = await personAt(browser, '198.51.100.20', DESKTOP);
  const pageB = await contextB.newPage();
  // B reads English (the console's default is Chinese); the choice is kept for the link's page.
  await pageB.goto('/login?lang=en');
  await pageB.goto(link);
  await expect(pageB.locator('input[name=inviteCode]')).toHaveValue(code);
  await submitRegisterForm(pageB, b, admin);
  await expect(pageB).toHaveURL(/\/dashboard$/);

  // A's records list B (masked), joined, nothing paid yet.
  await pageA.goto('/promotion/records');
  const row = pageA.getByTestId('invitee-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${b.username.slice(0, 2)}****`);
  await expect(row).not.toContainText(b.username);
  await expect(row).toContainText('$0.00');

  // B recharges $100 by bank transfer; the operator confirms the transfer.
  await rechargeConfirmed(pageB, base, '100', admin);

  // A's details: one paying invitee, 10 % of it pending for the hold, nothing available yet.
  await pageA.goto('/promotion/details');
  await expect(pageA.getByTestId('figure-invitees')).toContainText('1');
  await expect(pageA.getByTestId('figure-paid')).toContainText('1');
  await expect(pageA.getByTestId('figure-percent')).toContainText('10%');
  await expect(pageA.getByTestId('figure-pending')).toContainText('$10.00');
  await expect(pageA.getByTestId('figure-available')).toContainText('$0.00');
  await expect(pageA.getByTestId('figure-earned')).toContainText('$10.00');
  await expect(pageA.getByTestId('promotion-rules')).toContainText('pending for 7 days');
  await expect(pageA.getByTestId('promotion-rules')).toContainText('a payout starts at $50.00');
  const commission = pageA.getByTestId('commission-row');
  await expect(commission).toHaveCount(1);
  await expect(commission).toContainText('$10.00');
  await expect(commission).toContainText('Pending');

  // Withdrawing more than is available is refused in the dialog; nothing is sent.
  const sent: string[] = [];
  pageA.on('request', (r) => {
    if (r.url().includes('/promotion/withdrawToWallet')) sent.push(r.url());
  });
  await pageA.getByTestId('open-withdraw').click();
  const dialog = pageA.getByRole('dialog');
  await expect(dialog).toContainText('Available: $0.00');
  await dialog.getByTestId('amount-input').fill('10');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog).toContainText('That is more than the available $0.00.');
  expect(sent).toEqual([]);

  await contextA.close();
  await contextB.close();
});

test('an invite code used from the inviter’s own address is refused on the Register page', async ({ browser }) => {
  const base = facet.url;
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const a = uniqueUser();
  const inviter = await new ServerApi(base).register(a, admin);
  const { inviteCode } = await inviter.call<{ inviteCode: string }>('GET', '/v1/promotion/summary');

  // The inviter signs in from 203.0.113.30; another device on that address tries the link.
  const contextA = await personAt(browser, '203.0.113.30', LAPTOP);
  const pageA = await contextA.newPage();
  await pageA.goto('/login?lang=en');
  await loginThroughForm(pageA, a.username, a.password);
  await expect(pageA).toHaveURL(/\/dashboard$/);

  const b = uniqueUser();
  const contextB = await personAt(browser, '203.0.113.30', DESKTOP);
  const pageB = await contextB.newPage();
  await pageB.goto(`/register?inviteCode=${inviteCode}&lang=en`);
  await expect(pageB.locator('input[name=inviteCode]')).toHaveValue(inviteCode);
  await submitRegisterForm(pageB, b, admin);
  await expect(pageB.getByText('An invite code cannot be used by its own owner.')).toBeVisible();
  await expect(pageB).toHaveURL(/\/register/);

  await contextA.close();
  await contextB.close();
});
