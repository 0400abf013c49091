import { MCP_PATH, mcpCallListBodySchema } from '@facet/shared';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../local-api/guards.js';
import { parse } from '../local-api/parse.js';
import type { McpCallLog } from './call-log.js';
import type { McpKey } from './key.js';
import { createMcpServer, type McpToolDeps } from './tools.js';

export interface McpRouteDeps extends Omit<McpToolDeps, 'log'> {
  key: McpKey;
  log: McpCallLog;
  /** The local API's address once it listens (empty before). */
  baseUrl: () => string;
}

/** The bearer token of a request: `Authorization: Bearer <key>`. */
const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * The MCP server on the local API (docs/ai.md): `/mcp` speaks MCP's Streamable HTTP transport,
 * stateless (one server and transport per request, JSON answers), and takes only the MCP key; the
 * local API's own key does not open it and the MCP key opens nothing else. mcp/info, mcp/key/rotate
 * and mcp/calls are ordinary local API calls (its key) for the console's AI screen.
 */
export function registerMcpRoutes(app: FastifyInstance, d: McpRouteDeps) {
  const info = async () => ({ url: d.baseUrl() ? `${d.baseUrl()}${MCP_PATH}` : '', key: await d.key.get() });
  app.post('/mcp/info', async () => ok(await info()));
  app.post('/mcp/key/rotate', async () => {
    await d.key.rotate();
    return ok(await info());
  });
  app.post('/mcp/calls', async (req) => ok(await d.log.list(parse(mcpCallListBodySchema, req.body))));

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    handler: async (req, reply) => {
      if (!(await d.key.matches(bearer(req.headers.authorization))))
        return reply.code(401).header('www-authenticate', 'Bearer').send(fail('wrong or missing MCP key'));
      if (req.method !== 'POST')
        return reply.code(405).header('allow', 'POST').send(fail('this MCP server is stateless: POST only'));
      const server = createMcpServer(d);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    },
  });
}
