import { rpaRunBodySchema } from '@facet/shared';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ProfileSessions } from '../profile-sessions.js';
import { playwright } from '../rpa/playwright.js';
import { type RunOnProfileOptions, runFlowOnProfile } from '../rpa/run-on-profile.js';
import { type McpCallLog, summarizeArgs } from './call-log.js';

export interface McpToolDeps {
  sessions: ProfileSessions;
  /** A page of the user's profiles, from the server through the client's session. */
  listProfiles(q: { page: number; pageSize: number; name?: string | undefined }): Promise<{
    total: number;
    list: Array<{ id: number; serialNumber: number; name: string; groupName: string; remark: string }>;
  }>;
  rpa: RunOnProfileOptions;
  log: McpCallLog;
  version: string;
}

const profileId = z.number().int().min(1).max(2_147_483_647).describe('The profile id (list_profiles answers it)');

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** The HTTP address of a DevTools endpoint (what `chromium.connectOverCDP` and puppeteer's browserURL take). */
const cdpAddress = (wsEndpoint: string) => {
  const u = new URL(wsEndpoint);
  return `http://${u.host}`;
};

/**
 * The MCP server an agent talks to (docs/ai.md): the local API's profile calls as tools. A new one
 * serves each request (the transport is stateless). Each call is written to the call log with its
 * arguments' summary, whether it worked and how long it took; a failure is answered as a tool
 * error (isError) with the client's words.
 */
export function createMcpServer(d: McpToolDeps): McpServer {
  const server = new McpServer({ name: 'facet-client', version: d.version });
  const logged =
    <A extends Record<string, unknown>>(tool: string, run: (args: A, signal: AbortSignal) => Promise<CallToolResult>) =>
    async (args: A, extra: { signal: AbortSignal }): Promise<CallToolResult> => {
      const started = Date.now();
      const entry = { time: new Date(started).toISOString(), tool, args: summarizeArgs(args) };
      try {
        const r = await run(args, extra.signal);
        await d.log.add({ ...entry, ok: !r.isError, durationMs: Date.now() - started });
        return r;
      } catch (e) {
        const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        await d.log.add({ ...entry, ok: false, error, durationMs: Date.now() - started });
        return { isError: true, content: [{ type: 'text', text: error }] };
      }
    };

  server.registerTool(
    'list_profiles',
    {
      description:
        "Lists the user's browser profiles (id, number, name, group, remark) and which are open in this client.",
      inputSchema: {
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.number().int().min(1).max(500).default(50),
        name: z.string().max(100).optional().describe('Only profiles whose name contains this'),
      },
    },
    logged('list_profiles', async (a) => {
      const r = await d.listProfiles({ page: a.page, pageSize: a.pageSize, name: a.name });
      return json({
        total: r.total,
        list: r.list.map((p) => ({
          id: p.id,
          serialNumber: p.serialNumber,
          name: p.name,
          group: p.groupName,
          remark: p.remark,
          open: d.sessions.get(p.id) !== undefined,
        })),
      });
    }),
  );

  server.registerTool(
    'open_profile',
    {
      description:
        'Opens a profile in this client (or finds it open) and answers its DevTools endpoint: wsEndpoint for a CDP WebSocket, cdpUrl for tools that take an HTTP address.',
      inputSchema: { profileId, headless: z.boolean().optional() },
    },
    logged('open_profile', async (a) => {
      const p = await d.sessions.open(a.profileId, a.headless === undefined ? {} : { headless: a.headless });
      return json({ id: p.id, wsEndpoint: p.wsEndpoint, cdpUrl: cdpAddress(p.wsEndpoint), pid: p.pid });
    }),
  );

  server.registerTool(
    'close_profile',
    { description: 'Closes a profile open in this client.', inputSchema: { profileId } },
    logged('close_profile', async (a) => {
      if (!(await d.sessions.close(a.profileId))) throw new Error(`profile ${a.profileId} is not open in this client`);
      return json({ closed: a.profileId });
    }),
  );

  server.registerTool(
    'screenshot',
    {
      description: "A PNG of an open profile's page (the first tab, or the tab whose URL contains `url`).",
      inputSchema: { profileId, url: z.string().max(2000).optional(), fullPage: z.boolean().optional() },
    },
    logged('screenshot', async (a) => {
      const p = d.sessions.get(a.profileId);
      if (!p) throw new Error(`profile ${a.profileId} is not open in this client: open_profile first`);
      const browser = await (await playwright()).chromium.connectOverCDP(p.wsEndpoint);
      try {
        const pages = browser.contexts().flatMap((c) => c.pages());
        const page = a.url ? pages.find((pg) => pg.url().includes(a.url ?? '')) : pages[0];
        if (!page)
          throw new Error(a.url ? `no tab of profile ${a.profileId} shows ${a.url}` : 'the profile has no tab');
        const png = await page.screenshot({ type: 'png', fullPage: a.fullPage ?? false });
        return {
          content: [
            { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
            { type: 'text', text: JSON.stringify({ url: page.url(), title: await page.title() }) },
          ],
        };
      } finally {
        await browser.close().catch(() => {});
      }
    }),
  );

  server.registerTool(
    'run_flow',
    {
      description:
        'Runs an RPA flow (docs/rpa.md: {version: 1, steps: [...]}) on a profile, opening it first when needed; answers status, extracted values, the step log and, on failure, the failed step.',
      inputSchema: {
        profileId,
        flow: z.record(z.string(), z.unknown()).describe('The flow as the RPA editor exports it'),
        variables: z.record(z.string(), z.unknown()).optional(),
        timeoutMs: z.number().int().min(1000).max(3_600_000).optional(),
      },
    },
    logged('run_flow', async (a, signal) => {
      const body = rpaRunBodySchema.safeParse(a);
      if (!body.success) throw new Error(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const { screenshot, ...r } = await runFlowOnProfile(d.sessions, d.rpa, body.data, signal);
      const result = json(r);
      if (screenshot) result.content.push({ type: 'image', data: screenshot, mimeType: 'image/png' });
      return r.status === 'done' ? result : { ...result, isError: true };
    }),
  );
  return server;
}
