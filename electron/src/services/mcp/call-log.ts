import { type McpCall, mcpCallSchema } from '@facet/shared';
import { JsonlLog, pageOf } from '../jsonl-log.js';

/** How long an argument summary may be. */
const ARGS_MAX = 300;

/**
 * Every call an agent made to the MCP server (docs/ai.md, The call log): JSON lines in
 * FACET_DATA_DIR/client/mcp-calls.jsonl, the newest `cap` kept (the file is rewritten once it holds
 * a tenth more). Writes run one at a time.
 */
export class McpCallLog {
  private readonly log: JsonlLog<McpCall>;

  constructor(file: string, cap = 2_000) {
    this.log = new JsonlLog(file, mcpCallSchema, cap);
  }

  add(call: Omit<McpCall, 'id'>): Promise<McpCall> {
    return this.log.add((id) => ({ id, ...call }));
  }

  /** Newest first, paged. */
  async list(q: { page: number; pageSize: number }): Promise<{ total: number; list: McpCall[] }> {
    return pageOf(await this.log.newestFirst(), q);
  }
}

/**
 * What the log keeps of a call's arguments: scalars as they are, a flow as its step count, other
 * objects and lists by size, the whole cut to ARGS_MAX characters.
 */
export function summarizeArgs(args: Record<string, unknown> | undefined): string {
  if (!args) return '';
  const parts = Object.entries(args).map(([k, v]) => {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
      const s = typeof v === 'string' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v) : String(v);
      return `${k}=${s}`;
    }
    if (Array.isArray(v)) return `${k}=[${v.length}]`;
    const steps = (v as { steps?: unknown }).steps;
    if (Array.isArray(steps)) return `${k}={${steps.length} steps}`;
    return `${k}={${Object.keys(v as object).length} keys}`;
  });
  const text = parts.join(' ');
  return text.length > ARGS_MAX ? `${text.slice(0, ARGS_MAX - 1)}…` : text;
}
