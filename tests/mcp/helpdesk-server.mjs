// A real MCP server for the proxy tests, built with the official SDK, serving the helpdesk pack's tools
// with the vendor's schemas (the pack's x- keywords stripped) and no checking of its own. Every tools/call
// that reaches it is appended to $SEEN_FILE, so a test can tell what the proxy let through. Plain
// JavaScript so that it starts in a blink. What a call does depends on its ticket_id:
//   T-404  a tool error of the server's own (a result with isError: true)
//   T-500  a JSON-RPC error of the server's own (code -32603, with data)
//   T-999  the server crashes in the middle of the call (exit code 3, no answer)
//   other  an ordinary result that echoes the call: {"tool": name, "arguments": {...}}
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from './helpdesk-tools.mjs';


const mcp = new McpServer({ name: 'helpdesk-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
mcp.server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const { name, arguments: args = {} } = req.params;
  if (process.env.SEEN_FILE) appendFileSync(process.env.SEEN_FILE, JSON.stringify({ name, arguments: args }) + '\n');
  if (args.ticket_id === 'T-999') process.exit(3);
  if (args.ticket_id === 'T-500') throw new McpError(ErrorCode.InternalError, 'the ticket store is down', { retry_after_s: 30 });
  if (args.ticket_id === 'T-404') return { content: [{ type: 'text', text: 'no ticket T-404' }], isError: true };
  return { content: [{ type: 'text', text: JSON.stringify({ tool: name, arguments: args }) }] };
});
await mcp.connect(new StdioServerTransport());
