import { MCP_PATH } from '@facet/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const NO_PROXY = { proxyMethod: 1, proxyType: 'noproxy' };
type Entry = { id: number; event: string; profileId: number | null };

test("the client's local log and its MCP server, from the console paired with the client", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  const client = await startHeadlessClient(baseURL!, api.bearer);
  try {
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    const profile = await api.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Logged one', proxy: NO_PROXY });
    // The client notes the open and the close in its own log.
    expect((await client.call('POST', '/api/v1/profiles/start', { id: profile.id, headless: true })).success).toBe(
      true,
    );
    expect((await client.call('POST', '/api/v1/profiles/stop', { id: profile.id })).success).toBe(true);

    await page.addInitScript((p) => localStorage.setItem('localClientPort', p), new URL(client.url).port);
    await signInAs(page, user.username, user.password);
    await page.goto('/settings/local-api');
    await page.getByTestId('pair-code').fill(client.pairingCode());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');

    // ---- Logs → Local log: the client's entries, filtered, two chosen and deleted ----
    await page.goto('/logs/local');
    await expect(page.getByRole('heading', { level: 1, name: 'Local log of the client' })).toBeVisible();
    const rows = page.getByTestId('local-log').getByTestId('log-row');
    await expect(rows.filter({ hasText: 'Profile opened' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Profile closed' })).toHaveCount(1);
    await page.getByTestId('local-log-level').click();
    await page.getByRole('option', { name: 'Error' }).click();
    await expect(page.getByText('The client has noted nothing')).toBeVisible();
    await page.getByTestId('local-log-level').click();
    await page.getByRole('option', { name: 'All levels' }).click();
    await expect(page.getByTestId('local-log-delete')).toBeDisabled();
    await rows.filter({ hasText: 'Profile opened' }).getByRole('checkbox').check();
    await rows.filter({ hasText: 'Profile closed' }).getByRole('checkbox').check();
    await page.getByTestId('local-log-delete').click();
    await expect(page.getByText('Delete the 2 chosen entries from the client’s log')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('2 entries deleted')).toBeVisible();
    await expect(rows.filter({ hasText: /Profile (opened|closed)/ })).toHaveCount(0);
    const left = await client.call<{ list: Entry[] }>('POST', '/extralog/list', {});
    expect(left.data.list.filter((e) => e.event === 'profile.opened' || e.event === 'profile.closed')).toEqual([]);

    // ---- AI: the address, the key, a config; an agent's calls in the log; a new key ----
    await page.goto('/ai');
    await expect(page.getByRole('heading', { level: 1, name: 'AI agents' })).toBeVisible();
    const info = (await client.call<{ url: string; key: string }>('POST', '/mcp/info', {})).data;
    expect(info.url).toBe(`${client.url}${MCP_PATH}`);
    await expect(page.getByTestId('mcp-url')).toHaveValue(info.url);
    await expect(page.getByTestId('mcp-key')).toHaveValue(info.key);
    await expect(page.getByTestId('mcp-key')).toHaveAttribute('type', 'password');
    // The key stays masked in the configuration shown; its copy button copies it with the key.
    await expect(page.getByTestId('mcp-snippet')).toContainText(
      `claude mcp add --transport http facet ${info.url} --header "Authorization: Bearer ••••`,
    );
    await expect(page.getByTestId('mcp-snippet')).not.toContainText(info.key);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('mcp-snippet-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `claude mcp add --transport http facet ${info.url} --header "Authorization: Bearer ${info.key}"`,
    );
    await page.getByTestId('mcp-client-vscode').click();
    await expect(page.getByTestId('mcp-snippet')).toContainText('"type": "http"');
    await expect(page.getByText('No agent has called yet')).toBeVisible();

    const agent = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(info.url), {
        requestInit: { headers: { authorization: `Bearer ${info.key}` } },
      }),
    );
    const listed = await agent.callTool({ name: 'list_profiles', arguments: { name: 'Logged' } });
    expect(JSON.stringify(listed.content)).toContain('Logged one');
    const refused = await agent.callTool({ name: 'close_profile', arguments: { profileId: profile.id } });
    expect(refused.isError).toBe(true);
    await agent.close();
    const log = page.getByTestId('mcp-call-log').getByTestId('log-row');
    await expect(log).toHaveCount(2, { timeout: 15_000 });
    await expect(log.nth(0)).toContainText('close_profile');
    await expect(log.nth(0)).toContainText('Failed');
    await expect(log.nth(0)).toContainText(`profileId=${profile.id}`);
    await expect(log.nth(1)).toContainText('list_profiles');
    await expect(log.nth(1)).toContainText('Done');

    await page.getByTestId('mcp-rotate').click();
    await page.getByRole('button', { name: 'New key' }).last().click();
    await expect(page.getByText('New MCP key made: give it to your agents')).toBeVisible();
    const rotated = (await client.call<{ key: string }>('POST', '/mcp/info', {})).data.key;
    expect(rotated).not.toBe(info.key);
    await expect(page.getByTestId('mcp-key')).toHaveValue(rotated);
    const old = await fetch(info.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(old.status).toBe(401);
  } finally {
    await client.stop();
  }
});
