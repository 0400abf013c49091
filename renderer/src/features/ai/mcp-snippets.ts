/** The MCP clients the AI screen has a ready configuration for (docs/ai.md, Connecting an agent). */
export const MCP_CLIENTS = ['claudeCode', 'cursor', 'vscode', 'claudeDesktop'] as const;
export type McpClientName = (typeof MCP_CLIENTS)[number];
/** Product names: the same in every language. */
export const MCP_CLIENT_NAMES: Record<McpClientName, string> = {
  claudeCode: 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  claudeDesktop: 'Claude Desktop',
};

/**
 * How each MCP client is told about the server: those that speak Streamable HTTP get the URL and
 * the key as a header; Claude Desktop's config file starts only local commands, so it runs the
 * `mcp-remote` bridge with the same two.
 */
export function mcpSnippet(client: McpClientName, url: string, key: string): string {
  const auth = `Bearer ${key}`;
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  switch (client) {
    case 'claudeCode':
      return `claude mcp add --transport http facet ${url} --header "Authorization: ${auth}"`;
    case 'cursor':
      return json({ mcpServers: { facet: { url, headers: { Authorization: auth } } } });
    case 'vscode':
      return json({ servers: { facet: { type: 'http', url, headers: { Authorization: auth } } } });
    case 'claudeDesktop':
      return json({
        mcpServers: {
          facet: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', `Authorization:${auth}`] },
        },
      });
  }
}

/** The tools the client's MCP server offers (electron/src/services/mcp/tools.ts). */
export const MCP_TOOLS = ['list_profiles', 'open_profile', 'close_profile', 'screenshot', 'run_flow'] as const;
