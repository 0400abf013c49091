import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/**
 * The browser-profile form against its own server, whose proxy check reaches a local IP-info
 * service through local HTTP CONNECT proxies (loopback proxies allowed for this server only).
 */
test.describe.configure({ mode: 'default' });

/** Answers like ip-api.com: the caller's address and a country. */
function ipInfoServer() {
  return http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ query: req.socket.remoteAddress?.replace('::ffff:', ''), countryCode: 'DE' }));
  });
}

/** An HTTP CONNECT proxy; with credentials it refuses other callers. Counts its tunnels. */
function connectProxy(counter: { tunnels: number }, credentials?: string) {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: net.Socket, head) => {
    if (credentials && req.headers['proxy-authorization'] !== `Basic ${Buffer.from(credentials).toString('base64')}`) {
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

async function signIn(page: Page, base: string) {
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(base).register(user, admin);
  await signInAs(page, user.username, user.password, { base: base });
  return owner;
}

interface Detail {
  id: number;
  name: string;
  groupName: string;
  proxyMethod: number;
  proxyType: string;
  host: string;
  port: number | null;
  proxyUserName: string;
  proxyPassword: string;
  remark: string;
  tags: string[];
  twoFactorSecret: string;
  cookieCount: number;
  browserFingerPrint: { macAddress: string; userAgent: string; os: string };
}

test.describe('browser profile form', () => {
  const authed = { tunnels: 0 };
  const open = { tunnels: 0 };
  const helpers: net.Server[] = [];
  let facet: { url: string; proc: ChildProcess; dataDir: string };
  let authedPort = 0;
  let openPort = 0;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const info = ipInfoServer();
    const a = connectProxy(authed, 'u:p');
    const b = connectProxy(open);
    helpers.push(info, a, b);
    const infoPort = await listen(info);
    authedPort = await listen(a);
    openPort = await listen(b);
    const env = { FACET_IP_INFO_URL: `http://127.0.0.1:${infoPort}/json`, FACET_ALLOW_LOOPBACK_PROXY: '1' };
    // The free port can be taken by another suite's server while this one builds: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        facet = await startFacet(env);
        break;
      } catch (e) {
        if (attempt >= 3 || !String(e).includes('EADDRINUSE')) throw e;
      }
    }
  });
  test.afterAll(async () => {
    for (const s of helpers) s.close();
    if (facet) {
      facet.proc.kill('SIGTERM');
      await new Promise((r) => facet.proc.once('exit', r));
      rmSync(facet.dataDir, { recursive: true, force: true });
    }
  });

  test('create a profile with a new group and a checked proxy, find it, edit its proxy', async ({ page }) => {
    // Many real round trips (fingerprints, proxy checks); the suite's 60 s is tight on 2 busy cores.
    test.setTimeout(120_000);
    const base = facet.url;
    const owner = await signIn(page, base);
    await page.goto(`${base}/browser/create`);
    await expect(page.getByRole('heading', { name: 'New browser profile' })).toBeVisible();
    // A fingerprint from the server is there before anything is typed, and summarised.
    const summary = page.getByTestId('fingerprint-summary');
    await expect(summary).toHaveText(
      /^Windows (10|11) · Chrome \d+ · language by IP · \d+×\d+ · \d+ cores · [\d.]+ GB$/,
    );

    // The shared name rule, checked before the server is asked.
    await page.getByTestId('save-profile').click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await page.getByTestId('profile-name').fill('Shop, DE');
    await expect(page.getByText('A name cannot contain punctuation or symbols')).toBeVisible();
    await page.getByTestId('profile-name').fill('Shop DE 01');
    await expect(page.getByTestId('summary-name')).toHaveText('Shop DE 01');

    // A group made on the spot is chosen.
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Group name').fill('Team DE');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveText('Team DE');

    await page.getByLabel('Tags').fill('germany');
    await page.getByLabel('Tags').press('Enter');
    await page.getByTestId('two-factor-secret').fill('jbswy3dpehpk3pxp');

    // Pasting a proxy line fills the fields; a bad line says what is wrong.
    const paste = page.getByTestId('proxy-paste');
    await paste.fill('127.0.0.1:99999');
    await paste.press('Enter');
    await expect(page.getByText('Port “99999” must be a number from 1 to 65535')).toBeVisible();
    await paste.fill(`http://u:p@127.0.0.1:${authedPort}`);
    await paste.press('Enter');
    await expect(page.getByTestId('proxy-host')).toHaveValue('127.0.0.1');
    await expect(page.getByTestId('proxy-port')).toHaveValue(String(authedPort));
    await expect(page.getByTestId('proxy-user')).toHaveValue('u');
    await expect(page.getByTestId('proxy-password')).toHaveAttribute('type', 'password');

    // The check connects through the proxy for real: the proxy opens a tunnel.
    await page.getByRole('button', { name: 'Check proxy' }).click();
    const result = page.getByTestId('proxy-check-result');
    await expect(result).toContainText(/Exit IP 127\.0\.0\.1 · Germany \(DE\) · \d+ ms/);
    expect(authed.tunnels).toBe(1);
    // Wrong credentials: the proxy's refusal is the reason shown.
    await page.getByTestId('proxy-password').fill('wrong');
    await page.getByRole('button', { name: 'Check proxy' }).click();
    await expect(result).toContainText('Check failed: proxy answered HTTP/1.1 407');
    await page.getByTestId('proxy-password').fill('p');

    // A new fingerprint from the server: new MAC address, the same OS.
    const mac = await page.getByTestId('fp-mac').inputValue();
    await page.getByTestId('new-fingerprint').click();
    await expect(page.getByTestId('fp-mac')).not.toHaveValue(mac);
    await expect(summary).toContainText('Windows');

    await page.getByTestId('save-profile').click();
    await expect(page).toHaveURL(/\/browser$/);
    await expect(page.getByTestId('notice').last()).toContainText('Profile “Shop DE 01” created');
    await expect(page.getByText('Shop DE 01').first()).toBeVisible();

    const list = await owner.call<{ list: Array<{ id: number; name: string }> }>('POST', '/v1/browserInfos/list', {
      name: 'Shop DE 01',
    });
    expect(list.list.map((p) => p.name)).toEqual(['Shop DE 01']);
    const id = list.list[0]!.id;
    const created = await owner.call<Detail>('GET', `/v1/browserInfos/${id}`);
    expect(created).toMatchObject({
      groupName: 'Team DE',
      proxyMethod: 1,
      proxyType: 'http',
      host: '127.0.0.1',
      port: authedPort,
      proxyUserName: 'u',
      proxyPassword: 'p',
      tags: ['germany'],
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    });
    expect(created.browserFingerPrint.macAddress).not.toBe(mac);

    // Edit: the form shows what is stored; leaving with changes asks first.
    await page.goto(`${base}/browser/edit/${id}`);
    await expect(page.getByTestId('profile-name')).toHaveValue('Shop DE 01');
    await expect(page.getByTestId('proxy-port')).toHaveValue(String(authedPort));
    await expect(page.getByTestId('fingerprint-summary')).toContainText('Windows');
    await page.getByLabel('Remark').fill('moved to the open proxy');
    await page.getByRole('button', { name: 'Back to profiles' }).click();
    await expect(page.getByRole('dialog')).toContainText('Leave without saving?');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/browser/edit/${id}$`));

    await paste.fill(`127.0.0.1:${openPort}`);
    await paste.press('Enter');
    await expect(page.getByTestId('proxy-port')).toHaveValue(String(openPort));
    await expect(page.getByTestId('proxy-user')).toHaveValue('');
    await page.getByRole('button', { name: 'Check proxy' }).click();
    await expect(result).toContainText(/Exit IP 127\.0\.0\.1 · Germany \(DE\)/);
    expect(open.tunnels).toBe(1);
    await page.getByTestId('save-profile').click();
    await expect(page).toHaveURL(/\/browser$/);
    await expect(page.getByTestId('notice').last()).toContainText('Profile “Shop DE 01” saved');

    const edited = await owner.call<Detail>('GET', `/v1/browserInfos/${id}`);
    expect(edited).toMatchObject({
      port: openPort,
      proxyUserName: '',
      proxyPassword: '',
      remark: 'moved to the open proxy',
    });
    // The fingerprint was kept as it was.
    expect(edited.browserFingerPrint.macAddress).toBe(created.browserFingerPrint.macAddress);
  });

  test('cookies are checked line by line; a provider without its global configuration fails the check; a saved proxy is chosen', async ({
    page,
  }) => {
    // Many real round trips (fingerprints, proxy checks); the suite's 60 s is tight on 2 busy cores.
    test.setTimeout(120_000);
    const base = facet.url;
    const owner = await signIn(page, base);
    await page.goto(`${base}/browser/create`);
    await expect(page.getByTestId('fingerprint-summary')).toBeVisible();
    await page.getByTestId('profile-name').fill('Cookie jar');

    const cookies = page.getByTestId('cookie-text');
    const check = page.getByTestId('cookie-check');
    await cookies.fill('# Netscape HTTP Cookie File\n.shop.de\tTRUE\t/\tFALSE\t0\tsid\tabc\n.shop.de\tTRUE\t/\n');
    await expect(check).toContainText('Line 3: expected 7 tab-separated fields, found 3');
    await page.getByTestId('save-profile').click();
    await expect(page.getByText('Some fields need attention')).toBeVisible();
    await cookies.fill('sid=abc; theme=dark');
    await expect(check).toContainText('enter the domain the cookies belong to');
    await page.getByTestId('cookie-domain').fill('.shop.de');
    await expect(check).toContainText('Cookies recognised: 2 (shop.de)');

    // A provider with the global configuration, none saved: the server's proxy check refuses it.
    await page.getByRole('group', { name: 'Proxy method' }).getByRole('button', { name: 'Provider' }).click();
    await page.getByRole('button', { name: 'lunaproxy' }).click();
    await page.getByLabel('Use the global proxy configuration').check();
    await expect(page.getByTestId('global-proxy-status')).toContainText('No global proxy configuration is saved');
    await page.getByRole('button', { name: 'Check proxy' }).click();
    await expect(page.getByTestId('proxy-check-result')).toContainText(/Check failed: .*global proxy configuration/i);

    // A saved proxy, searched by host, checked by its id, stored as agentIpId (method 3).
    const saved = await owner.call<{ id: number }>('POST', '/v1/proxyIps', {
      host: '127.0.0.1',
      port: openPort,
      remark: 'office',
    });
    await page.getByRole('group', { name: 'Proxy method' }).getByRole('button', { name: 'Saved proxy' }).click();
    await page.getByRole('combobox', { name: 'Saved proxy' }).fill('127.0.0.1');
    await page.getByRole('option', { name: new RegExp(`HTTP 127\\.0\\.0\\.1:${openPort}`) }).click();
    await page.getByRole('button', { name: 'Check proxy' }).click();
    await expect(page.getByTestId('proxy-check-result')).toContainText(/Exit IP 127\.0\.0\.1 · Germany \(DE\)/);
    await expect(page.getByTestId('proxy-summary')).toHaveText(`Saved proxy #${saved.id}`);

    await page.getByTestId('save-profile').click();
    await expect(page).toHaveURL(/\/browser$/);
    const list = await owner.call<{
      list: Array<{ name: string; cookieCount: number; proxyMethod: number; agentIpId: number }>;
    }>('POST', '/v1/browserInfos/list', { name: 'Cookie jar' });
    expect(list.list).toMatchObject([{ name: 'Cookie jar', cookieCount: 2, proxyMethod: 3, agentIpId: saved.id }]);
  });
});
