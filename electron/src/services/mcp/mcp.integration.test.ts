import { MCP_PATH } from '@facet/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, sendKeyed, startFacetServer, startSite, startTestClient, tempDir } from '../test/world.js';

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

describe.skipIf(noChrome)('the MCP server of the client', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let client: FacetClient;
  let site: Awaited<ReturnType<typeof startSite>>;
  let profileId: number;
  const data = tempDir('facet-mcp-');

  const connect = async (key: string) => {
    const agent = new Client({ name: 'test-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${client.url}${MCP_PATH}`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return agent;
  };
  const textOf = (content: unknown) => JSON.parse((content as Content).find((c) => c.type === 'text')?.text ?? 'null');

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    site = await startSite();
    client = await startTestClient(world, u, data.dir, { device: 'mcp-device' });
    const r = await world.srv.call(
      'profileCreate',
      { name: 'agent profile', browserFingerPrint: windowsFingerprint() },
      { token: u.token, sid: u.sid },
    );
    profileId = r.result.id;
  });
  afterAll(async () => {
    await client?.stop();
    await new Promise<void>((r) => (site ? site.server.close(() => r()) : r()));
    await world?.srv.close();
    data.remove();
  });

  it('refuses a wrong key and the local API key; the MCP key opens nothing else', async () => {
    await expect(connect('mcp_wrong')).rejects.toThrow(/wrong or missing MCP key/);
    // The local API key (sendKeyed sends it) is not the MCP key.
    const viaLocalKey = await sendKeyed(
      client.url,
      'POST',
      MCP_PATH,
      { accept: 'application/json, text/event-stream' },
      {},
    );
    expect(viaLocalKey.status).toBe(401);
    const info = await sendKeyed(client.url, 'POST', '/mcp/info', {}, {});
    const mcpKey = (info.body.data as { key: string }).key;
    const res = await fetch(`${client.url}/api/v1/profiles/active`, { headers: { 'x-api-key': mcpKey } });
    expect(res.status).toBe(401);
  });

  it('lists the tools, opens a real profile, screenshots its page, closes it; the calls are logged', async () => {
    const info = (await sendKeyed(client.url, 'POST', '/mcp/info', {}, {})).body.data as { url: string; key: string };
    expect(info.url).toBe(`${client.url}${MCP_PATH}`);
    const agent = await connect(info.key);
    try {
      const tools = (await agent.listTools()).tools.map((t) => t.name).sort();
      expect(tools).toEqual(['close_profile', 'list_profiles', 'open_profile', 'run_flow', 'screenshot']);

      const listed = textOf((await agent.callTool({ name: 'list_profiles', arguments: {} })).content);
      expect(listed.list).toEqual([expect.objectContaining({ id: profileId, name: 'agent profile', open: false })]);

      const opened = textOf((await agent.callTool({ name: 'open_profile', arguments: { profileId } })).content);
      expect(opened.wsEndpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//);
      // The endpoint is a real browser the agent can drive.
      const browser = await chromium.connectOverCDP(opened.wsEndpoint);
      const page = browser.contexts()[0]?.pages()[0] ?? (await browser.contexts()[0]!.newPage());
      await page.goto(`${site.url}/`);
      await browser.close();

      const shot = await agent.callTool({ name: 'screenshot', arguments: { profileId } });
      const image = (shot.content as Content).find((c) => c.type === 'image');
      expect(image?.mimeType).toBe('image/png');
      expect(
        Buffer.from(image?.data ?? '', 'base64')
          .subarray(0, 4)
          .toString('hex'),
      ).toBe('89504e47');
      expect(textOf(shot.content).url).toContain(site.url);

      const flow = await agent.callTool({
        name: 'run_flow',
        arguments: { profileId, flow: { version: 1, steps: [{ type: 'extract', what: 'url', variable: 'where' }] } },
      });
      expect(textOf(flow.content)).toMatchObject({ status: 'done', extracted: { where: `${site.url}/` } });
      const badFlow = await agent.callTool({
        name: 'run_flow',
        arguments: { profileId, flow: { version: 1, steps: [{ type: 'goto' }] } },
      });
      expect(badFlow.isError).toBe(true);

      expect(textOf((await agent.callTool({ name: 'close_profile', arguments: { profileId } })).content)).toEqual({
        closed: profileId,
      });
      const again = await agent.callTool({ name: 'close_profile', arguments: { profileId } });
      expect(again.isError).toBe(true);
      expect(client.sessions.get(profileId)).toBeUndefined();
    } finally {
      await agent.close();
    }

    const log = (await sendKeyed(client.url, 'POST', '/mcp/calls', {}, { pageSize: 20 })).body.data as {
      total: number;
      list: Array<{ tool: string; ok: boolean; args: string; durationMs: number; error?: string }>;
    };
    expect(log.list.map((c) => `${c.tool}:${c.ok}`).reverse()).toEqual([
      'list_profiles:true',
      'open_profile:true',
      'screenshot:true',
      'run_flow:true',
      'run_flow:false',
      'close_profile:true',
      'close_profile:false',
    ]);
    expect(log.list.find((c) => c.tool === 'open_profile')?.args).toBe(`profileId=${profileId}`);
    expect(log.list.find((c) => c.tool === 'run_flow')?.args).toContain('flow={1 steps}');
    expect(log.list[0]?.error).toContain('is not open');
  });

  it('rotating the key refuses the old one at once', async () => {
    const before = ((await sendKeyed(client.url, 'POST', '/mcp/info', {}, {})).body.data as { key: string }).key;
    const after = ((await sendKeyed(client.url, 'POST', '/mcp/key/rotate', {}, {})).body.data as { key: string }).key;
    expect(after).not.toBe(before);
    await expect(connect(before)).rejects.toThrow(/wrong or missing MCP key/);
    const agent = await connect(after);
    expect((await agent.listTools()).tools).toHaveLength(5);
    await agent.close();
    // Made once and kept: a client started on the same data folder has the same key.
    expect(await client.mcp.key.get()).toBe(after);
  });
});
