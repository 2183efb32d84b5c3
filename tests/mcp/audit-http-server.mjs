// The audit-server.mjs tools over streamable HTTP (stateless: a server and a transport per request), for
// `audit --url`. Prints its URL on stdout once it listens; every call gets a bare "Error".
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  {
    name: 'find_orders',
    annotations: { readOnlyHint: true },
    inputSchema: { type: 'object', properties: { customer_id: { type: 'integer' } }, required: ['customer_id'], additionalProperties: false },
  },
];

const http = createServer(async (req, res) => {
  const server = new Server({ name: 'audit-test-http', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'Error' }], isError: true }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  let body = '';
  for await (const chunk of req) body += chunk;
  await transport.handleRequest(req, res, body ? JSON.parse(body) : undefined);
});
http.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`));
