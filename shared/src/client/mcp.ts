import { z } from 'zod';

/**
 * The client's MCP server (docs/ai.md): served by the local API at `/mcp` with its own key. These
 * are the shapes of the local API's mcp/* calls the console's AI screen uses.
 */
export const MCP_PATH = '/mcp';

/** Where an agent connects and with what key (created on first use). */
export const mcpInfoSchema = z.object({
  /** e.g. http://127.0.0.1:7701/mcp; empty when the local API is not listening. */
  url: z.string(),
  key: z.string(),
});

export const mcpCallSchema = z.object({
  id: z.number().int(),
  /** ISO time the call started. */
  time: z.string(),
  tool: z.string(),
  /** The arguments, shortened (no flow bodies, no long texts). */
  args: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  durationMs: z.number().int(),
});
export type McpCall = z.infer<typeof mcpCallSchema>;

export const mcpCallListBodySchema = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
});
export const mcpCallListSchema = z.object({ total: z.number().int(), list: z.array(mcpCallSchema) });
