// check() in an MCP server written with the official SDK: tools/list serves the pack's tools, glosses
// included, and every tools/call is checked before it runs. A rejected call returns the body, isError set.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { check, exportPack, serializeBody } from 'actionable-errors';
import { pack } from 'actionable-errors/packs/helpdesk';

/** Your implementation of the tools: it gets calls that passed the checker, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

export function helpdeskServer(runTool: RunTool): McpServer {
  const server = new McpServer({ name: 'helpdesk', version: '1.0.0' }, { capabilities: { tools: {} } });
  // The tools are JSON Schema already, so they go to the protocol handlers as they are, not through zod.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: exportPack(pack, 'mcp') as never }));
  server.server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const result = check(pack, { name: params.name, arguments: params.arguments ?? {} }, { checks: false });
    if (!result.ok) return { content: [{ type: 'text', text: serializeBody(result.body!) }], isError: true };
    const output = await runTool(result.tool!, result.arguments as Record<string, unknown>);
    return { content: [{ type: 'text', text: JSON.stringify(output) }] };
  });
  return server;
}

/** Serves the tools over stdio: `node server.js`, as an MCP client starts it. */
export async function serve(runTool: RunTool): Promise<void> {
  await helpdeskServer(runTool).connect(new StdioServerTransport());
}
