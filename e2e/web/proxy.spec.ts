import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

// In order, in one worker: the tests against this file's own server start it (which builds the
// console when its sources changed) only after the test on the shared server has finished.
test.describe.configure({ mode: 'default' });

async function signIn(page: import('@playwright/test').Page, base: string) {
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(base).register(user, admin);
  await signInAs(page, user.username, user.password, { base: base });
  return owner;
}

test('proxy IPs: batch add with a bad line adds nothing and names the line; fixed, all are added and extracted', async ({
  page,
  baseURL,
}) => {
  const owner = await signIn(page, baseURL!);
  await page.goto('/proxy');
  await expect(page.getByText('No saved proxies yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Batch add' }).click();
  const dialog = page.getByRole('dialog');
  const text = dialog.getByTestId('batch-add-text');
  await text.fill('10.1.1.1:8080\n10.1.1.2:99999\n\nsocks5://bob:s%40cret@10.1.1.3:1080');
  await expect(dialog.getByText('Lines: 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add (3)' }).click();
  const errors = dialog.getByTestId('batch-add-errors');
  await expect(errors).toContainText('Nothing was added. Lines with errors: 1');
  await expect(errors).toContainText('Line 2: port "99999" is not 1-65535');
  // Nothing was added: the server holds no proxy.
  expect((await owner.call<{ total: number }>('POST', '/v1/proxyIps/list', {})).total).toBe(0);

  await text.fill('10.1.1.1:8080\n10.1.1.2:3128:ann:pw\n\nsocks5://bob:s%40cret@10.1.1.3:1080');
  await expect(errors).toBeHidden();
  await page.waitForTimeout(350);
  await dialog.getByRole('button', { name: 'Add (3)' }).click();
  await expect(page.getByTestId('notice').last()).toContainText('Proxies added: 3');
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId('proxy-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '10.1.1.3:1080' })).toContainText('SOCKS5');

  // Batch extract: the selection as lines of the chosen format.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 3');
  await page.getByRole('button', { name: 'Extract' }).click();
  const extracted = dialog.getByTestId('extract-text');
  await expect(extracted).toHaveValue(/socks5:\/\/bob:s%40cret@10\.1\.1\.3:1080/);
  await expect(extracted).toHaveValue(/http:\/\/ann:pw@10\.1\.1\.2:3128/);
  await dialog.getByLabel('Line format').click();
  await page.getByRole('option', { name: 'host:port:user:pass' }).click();
  await expect(extracted).toHaveValue(['10.1.1.3:1080:bob:s@cret', '10.1.1.2:3128:ann:pw', '10.1.1.1:8080'].join('\n'));
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Remark update in place.
  const first = rows.filter({ hasText: '10.1.1.1:8080' });
  await first.getByRole('button', { name: 'Edit remark' }).click();
  await first.getByRole('textbox', { name: 'Remark' }).fill('office line');
  await first.getByRole('textbox', { name: 'Remark' }).press('Enter');
  await expect(first).toContainText('office line');
  await page.reload();
  await expect(rows.filter({ hasText: '10.1.1.1:8080' })).toContainText('office line');

  // Batch update: the ticked field only, on every selected proxy.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Batch update' }).click();
  await dialog.getByRole('checkbox', { name: 'Type' }).check();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'HTTPS' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('notice').last()).toContainText('Proxies updated: 3');
  await expect(rows.filter({ hasText: 'HTTPS' })).toHaveCount(3);
  await expect(rows.filter({ hasText: '10.1.1.1:8080' })).toContainText('office line');
});

/**
 * A local IP-info service answering like ip-api.com. While `gate.held`, answers wait for
 * `gate.release()`, so a check stays in progress as long as the test needs to see it.
 */
function ipInfoServer(gate: { held: boolean; waiting: Array<() => void> }) {
  return http.createServer((req, res) => {
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ query: req.socket.remoteAddress?.replace('::ffff:', ''), countryCode: 'DE' }));
    };
    if (gate.held) gate.waiting.push(answer);
    else answer();
  });
}

/** A local HTTP CONNECT proxy requiring u:p; counts the tunnels it opened. */
function connectProxy(counter: { tunnels: number }) {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: net.Socket, head) => {
    if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('u:p').toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const up = net.connect(Number(port), host!, () => {
      counter.tunnels++;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  return server;
}

const listen = async (s: net.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

test.describe('proxy IPs against a local proxy', () => {
  const counter = { tunnels: 0 };
  const gate = { held: false, waiting: [] as Array<() => void> };
  const release = () => {
    gate.held = false;
    for (const answer of gate.waiting.splice(0)) answer();
  };
  const helpers: net.Server[] = [];
  let facet: { url: string; proc: ChildProcess; dataDir: string };
  let proxyPort = 0;
  let closedPort = 0;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const info = ipInfoServer(gate);
    const proxy = connectProxy(counter);
    helpers.push(info, proxy);
    const infoPort = await listen(info);
    proxyPort = await listen(proxy);
    // A port nobody listens on: a proxy that cannot be reached.
    const probe = net.createServer();
    closedPort = await listen(probe);
    await new Promise((r) => probe.close(r));
    facet = await startFacet({
      FACET_IP_INFO_URL: `http://127.0.0.1:${infoPort}/json`,
      FACET_ALLOW_LOOPBACK_PROXY: '1',
    });
  });
  test.afterAll(async () => {
    release();
    for (const s of helpers) s.close();
    if (facet) {
      facet.proc.kill('SIGTERM');
      await new Promise((r) => facet.proc.once('exit', r));
      rmSync(facet.dataDir, { recursive: true, force: true });
    }
  });

  test('check proxies one by one (exit IP, country, latency, or the failure) and bind one to a profile', async ({
    page,
  }) => {
    const base = facet.url;
    const owner = await signIn(page, base);
    const profile = await owner.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Shop one' });
    await owner.call('POST', '/v1/proxyIps', {
      host: '127.0.0.1',
      port: closedPort,
      remark: 'dead',
    });
    await page.goto(`${base}/proxy`);

    // A new proxy in the form, checked there before it is saved.
    await page.getByRole('button', { name: 'Add proxy' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Paste a proxy line').fill(`http://u:p@127.0.0.1:${proxyPort}`);
    await expect(dialog.getByLabel('Host')).toHaveValue('127.0.0.1');
    await expect(dialog.getByLabel('Port')).toHaveValue(String(proxyPort));
    await dialog.getByLabel('Remark').fill('local');
    await dialog.getByRole('button', { name: 'Check proxy' }).click();
    await expect(dialog.getByTestId('proxy-check-result')).toContainText('127.0.0.1');
    expect(counter.tunnels).toBe(1);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notice').last()).toContainText('Proxy saved');

    const rows = page.getByTestId('proxy-row');
    await expect(rows).toHaveCount(2);
    const good = rows.filter({ hasText: `127.0.0.1:${proxyPort}` });
    const dead = rows.filter({ hasText: `127.0.0.1:${closedPort}` });
    await expect(good.getByTestId('exit-ip')).toHaveText('—');

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    // The working proxy's check waits at the IP-info service until the progress line was seen
    // (the dead one fails at once, and both together can be done before a look at the page).
    gate.held = true;
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText(/Checking proxies: \d of 2/)).toBeVisible();
    release();
    await expect(good.getByTestId('check-status')).toHaveText(/^\d+ ms$/);
    await expect(dead.getByTestId('check-status')).toHaveText('Failed');
    await expect(page.getByText(/Checking proxies/)).toBeHidden();
    await expect(good.getByTestId('exit-ip')).toHaveText('127.0.0.1');
    await expect(good).toContainText('Germany (DE)');
    expect(counter.tunnels).toBe(2);
    // The server recorded the results: latency, time and the failure's reason are there after a reload.
    await page.reload();
    await expect(good.getByTestId('exit-ip')).toHaveText('127.0.0.1');
    const stored = await owner.call<{
      list: Array<{ port: number; latencyMs: number | null; checkedTime: string | null; checkError: string }>;
    }>('POST', '/v1/proxyIps/list', {});
    const goodRow = stored.list.find((p) => p.port === proxyPort)!;
    const deadRow = stored.list.find((p) => p.port === closedPort)!;
    expect(goodRow.latencyMs).toBeGreaterThanOrEqual(0);
    expect(deadRow).toMatchObject({ latencyMs: null, checkError: expect.stringMatching(/.+/) });
    await expect(good.getByTestId('check-status')).toHaveText(`${goodRow.latencyMs} ms`);
    // The check time in the user's time zone (the server's text is China Standard Time).
    await owner.call('POST', '/users/updateTimeZone', { timeZone: 'America/New_York' });
    await page.reload();
    const inNewYork = (cst: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'medium' })
        .format(new Date(`${cst.replace(' ', 'T')}+08:00`))
        .replace('T', ' ');
    await expect(good.getByTestId('check-time')).toHaveText(inNewYork(goodRow.checkedTime!));
    expect(inNewYork(goodRow.checkedTime!)).not.toBe(goodRow.checkedTime);
    await expect(dead.getByTestId('check-status')).toHaveText('Failed');
    await expect(dead.getByTestId('check-reason')).toHaveText(deadRow.checkError);
    await dead.getByTestId('check-cell').hover();
    await expect(page.getByRole('tooltip')).toContainText(deadRow.checkError);

    // Bind the working proxy to the profile.
    await good.getByRole('button', { name: 'Bind profiles' }).click();
    await dialog.getByTestId('profile-row').filter({ hasText: 'Shop one' }).click();
    await dialog.getByRole('button', { name: 'Bind to selected (1)' }).click();
    await expect(page.getByTestId('notice').last()).toContainText('is now used by the selected profiles: 1');
    await expect(dialog.getByTestId('bound-profiles')).toContainText('Shop one');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(good.getByTestId('bound-count')).toHaveText('1');
    const saved = await owner.call<{ list: Array<{ id: number; host: string }> }>('POST', '/v1/proxyIps/list', {});
    const proxyId = saved.list.find((p) => p.host === '127.0.0.1' && p.id)!.id;
    const bound = await owner.call<Array<{ id: number; proxyMethod: number }>>(
      'POST',
      '/v1/browserInfos/getByAgentIpId',
      { agentIpId: proxyId },
    );
    expect(bound.map((b) => [b.id, b.proxyMethod])).toEqual([[profile.id, 3]]);
  });

  test('provider button: the global configuration is saved and shown as configured', async ({ page }) => {
    const base = facet.url;
    const owner = await signIn(page, base);
    await page.goto(`${base}/proxy`);
    await page.getByRole('button', { name: 'lunaproxy: not configured' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Not configured yet.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter the proxy host')).toBeVisible();
    await dialog.getByLabel('Host').fill(' gw.luna.local ');
    await dialog.getByLabel('Port').fill('12233');
    await dialog.getByLabel('Username').fill('acc1');
    await dialog.getByLabel('Password').fill('pw1');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'SOCKS5' }).click();
    await expect(dialog.getByTestId('provider-recommendation')).toContainText('SOCKS5 carries any TCP traffic');
    await page.waitForTimeout(350);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notice').last()).toContainText('Configuration of lunaproxy saved');
    await expect(page.getByRole('button', { name: 'lunaproxy: configured' })).toBeVisible();
    const g = await owner.call<{ host: string; port: number; proxyAgreementType: string }>(
      'POST',
      '/v1/globalproxysetting/findByUserIdAndProxyType',
      { proxyType: 'lunaproxy' },
    );
    expect(g).toMatchObject({ host: 'gw.luna.local', port: 12233, proxyAgreementType: 'socks5' });
  });
});
