import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A program squatting on the port the console expects the client on. It is the strongest kind:
 * it passes every request on to the real client (on the real client's port) and hands back the
 * real answers, recording everything the console sent it.
 */
async function startRelayingSquatter(realUrl: string) {
  const seen: Seen[] = [];
  const real = new URL(realUrl);
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const out = http.request(
        {
          host: real.hostname,
          port: real.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: real.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.writeHead(502).end());
      out.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, seen, close: () => server.close() };
}

test('a program squatting on the client’s port gets neither the session nor the key, not even by relaying the real client', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  // The user's real client, signed in: it registered its identity for this user.
  const client = await startHeadlessClient(baseURL!, api.bearer);
  const squatter = await startRelayingSquatter(client.url);
  try {
    // This browser paired with the client before; now a squatter holds the port it remembers.
    await page.addInitScript(
      ([port, key]) => {
        localStorage.setItem('localClientPort', port as string);
        localStorage.setItem('localClientApiKey', key as string);
      },
      [String(squatter.port), client.apiKey],
    );
    await signInAs(page, user.username, user.password);
    const secrets = async () => {
      const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
      expect(token.length).toBeGreaterThan(10);
      return [token, client.apiKey, client.pairingCode(), client.pairingCode().replace(/-/g, '')];
    };

    await page.goto('/settings/local-api');
    await expect(page.getByTestId('client-status')).toHaveText('Not paired');
    await expect(page.getByTestId('client-error')).toContainText('not a client paired with your account');
    await expect.poll(() => squatter.seen.length).toBeGreaterThan(0);
    // Asked for its proof only: the real client's proof, relayed, names the real client's port.
    expect(new Set(squatter.seen.map((s) => s.url.split('?')[0]))).toEqual(new Set(['/api/v1/identity']));

    // The user types the real client's code for the squatter's port: the squatter relays the
    // challenge, but the proof it gets back is bound to the real port, so the console stops there.
    await page.getByTestId('pair-port').fill(String(squatter.port));
    await page.getByTestId('pair-code').fill(client.pairingCode());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('notice').last()).toContainText('did not prove it holds this code');
    const asked = squatter.seen.filter((s) => s.method !== 'OPTIONS').map((s) => `${s.method} ${s.url.split('?')[0]}`);
    expect(new Set(asked)).toEqual(new Set(['GET /api/v1/identity', 'POST /api/v1/pair/challenge']));
    expect(asked.filter((a) => a === 'POST /api/v1/pair/challenge')).toHaveLength(1);

    // Nothing secret reached it: no session token, no key, no code, in any header, path or body.
    const everything = JSON.stringify(squatter.seen);
    for (const secret of await secrets()) expect(everything).not.toContain(secret);
    expect(squatter.seen.some((s) => s.headers['x-api-key'])).toBe(false);

    // The same code on the real client's port pairs: it was never spent by the squatter.
    await page.getByTestId('pair-port').fill(new URL(client.url).port);
    await page.getByTestId('pair-code').fill(client.pairingCode());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');
  } finally {
    squatter.close();
    await client.stop();
  }
});
