import { describe, expect, it } from 'vitest';
import { MCP_CLIENTS, mcpSnippet } from './mcp-snippets';

describe('mcpSnippet', () => {
  const url = 'http://127.0.0.1:7701/mcp';
  it('gives every client the URL and the key as a bearer header', () => {
    for (const c of MCP_CLIENTS) {
      const s = mcpSnippet(c, url, 'mcp_abc');
      expect(s).toContain(url);
      expect(s).toMatch(/Authorization"?: ?"?Bearer mcp_abc/);
    }
  });
  it('writes valid JSON for the clients configured by a file, HTTP where they speak it', () => {
    expect(JSON.parse(mcpSnippet('vscode', url, 'k')).servers.facet).toEqual({
      type: 'http',
      url,
      headers: { Authorization: 'Bearer k' },
    });
    expect(JSON.parse(mcpSnippet('claudeDesktop', url, 'k')).mcpServers.facet.args).toEqual([
      '-y',
      'mcp-remote',
      url,
      '--header',
      'Authorization:Bearer k',
    ]);
  });
});
