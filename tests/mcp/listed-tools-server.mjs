// A stdio MCP server for the proxy tests whose tools/list is whatever $TOOLS_JSON holds (a JSON array of MCP
// tool definitions), so a test can hand the proxy definitions it cannot compile. Built with the official
// SDK, no checking of its own: every tools/call gets an ordinary result that echoes it,
// {"tool": name, "arguments": {...}}. With $PID_FILE set it writes its process id there, so a test can
// tell that the proxy stopped it. $LIST_ERROR=1 makes tools/list fail with the server's own JSON-RPC error;
// $NO_TOOLS=1 makes a server with no tools capability at all (tools/list is then method not found);
// $LIST_HANG=1 makes one that never answers tools/list. $LIST_PAGES=endless makes every page of tools/list
// name a next page, a new cursor each time; $LIST_PAGES=cycle:N makes the cursors go round N of them, and
// $LIST_PAGES=pages:N makes an ordinary listing of N pages; each such page holds $PAGE_TOOLS generated tools (0 unless set),
// after $TOOLS_JSON's on the first page. With $LIST_COUNT_FILE set, it writes there how
// many tools/list requests it has had, after each one. A call
// to a tool named `switch` replaces the listing with $TOOLS_AFTER_JSON and says so with
// notifications/tools/list_changed, before its own result; a call to `roots` asks the client for its roots
// (a request of the server's own, roots/list) and answers with what the client said; a call to `large`
// answers with a text of $LARGE_BYTES characters (20 MB unless set), in one JSON-RPC line.
import { readFileSync, writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

if (process.env.PID_FILE) writeFileSync(process.env.PID_FILE, String(process.pid));
// $TOOLS_FILE instead names a file that holds them: 10,000 definitions are too long for the environment.
let tools = JSON.parse(process.env.TOOLS_FILE ? readFileSync(process.env.TOOLS_FILE, 'utf8') : (process.env.TOOLS_JSON ?? '[]'));
const noTools = process.env.NO_TOOLS === '1';
const paging = process.env.LIST_PAGES ?? '';
const pageTools = Number(process.env.PAGE_TOOLS ?? 0);
let lists = 0;
/** The page a cursor names, of a listing in pages ($LIST_PAGES). */
function page(cursor) {
  const n = cursor === undefined ? 0 : Number(cursor.slice('page-'.length));
  const [mode, count] = paging.split(':');
  const generated = [...(n === 0 ? tools : []), ...Array.from({ length: pageTools }, (_, i) => ({ name: `t${n}_${i}`, inputSchema: { type: 'object' } }))];
  if (mode === 'pages' && n + 1 >= Number(count)) return { tools: generated };
  return { tools: generated, nextCursor: `page-${mode === 'cycle' ? (n + 1) % Number(count) : n + 1}` };
}
const server = new Server({ name: 'listed-tools-test-server', version: '1.0.0' }, { capabilities: noTools ? {} : { tools: { listChanged: true } } });
if (!noTools) {
  server.setRequestHandler(ListToolsRequestSchema, async (req) => {
    if (process.env.LIST_COUNT_FILE) writeFileSync(process.env.LIST_COUNT_FILE, String(++lists));
    if (paging) return page(req.params?.cursor);
    if (process.env.LIST_ERROR === '1') throw new McpError(ErrorCode.InternalError, 'the tool registry is down');
    if (process.env.LIST_HANG === '1') return new Promise(() => {});
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const { name, arguments: args = {} } = req.params;
    if (name === 'large') return { content: [{ type: 'text', text: 'x'.repeat(Number(process.env.LARGE_BYTES ?? 20 * 1024 * 1024)) }] };
    if (name === 'roots') return { content: [{ type: 'text', text: JSON.stringify(await server.listRoots()) }] };
    if (name === 'switch') {
      tools = JSON.parse(process.env.TOOLS_AFTER_JSON ?? '[]');
      await server.sendToolListChanged();
    }
    return { content: [{ type: 'text', text: JSON.stringify({ tool: name, arguments: args }) }] };
  });
}
await server.connect(new StdioServerTransport());
