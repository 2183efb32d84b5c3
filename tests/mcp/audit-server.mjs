// A scripted stdio MCP server for the audit tests: a read-only tool (find_orders), one that writes
// (delete_order), one whose schema cannot be compiled (legacy_lookup), and a way of answering wrong calls
// set by $AUDIT_MODE. Every tools/call that reaches it is appended to $SEEN_FILE, so a test can tell which
// tools were called at all.
//   good         the engine's own body (check() from the built lib/index.js); a call check() absorbs is refused with a body of the same shape
//   bad          a bare "Error"
//   leaky        a stack trace and a paragraph of prose
//   accepts      an ordinary result for every call, as if each were valid
//   slow         never answers a call
//   crash        exits in the middle of every call
//   out-of-order holds each call's answer until the next call arrives, then answers the new call first
//   huge         20 MB of text for a tool it does not have, a bare "Error" otherwise
import { appendFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const TOOLS = [
  {
    name: 'find_orders',
    annotations: { readOnlyHint: true },
    inputSchema: {
      type: 'object',
      properties: {
        customer_id: { type: 'integer' },
        status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
        since: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'string' } },
        filter: { type: 'object', properties: { field: { type: 'string' } }, required: ['field'], additionalProperties: false },
      },
      required: ['customer_id', 'status'],
      additionalProperties: false,
    },
  },
  {
    name: 'delete_order',
    annotations: { readOnlyHint: false, destructiveHint: true },
    // A promise the schema does not keep: the report offers the JSON Patch that would.
    inputSchema: { type: 'object', properties: { order_id: { type: 'integer' }, reason: { type: 'string', description: 'One of: customer, fraud.' } }, required: ['order_id'], additionalProperties: false },
  },
  // A draft the engine does not read: the tool cannot be compiled, so it is reported and never called.
  { name: 'legacy_lookup', annotations: { readOnlyHint: true }, inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { id: { type: 'string' } } } },
];

const mode = process.env.AUDIT_MODE ?? 'bad';
const names = new Set(TOOLS.map((t) => t.name));
const text = (t, isError = true) => ({ content: [{ type: 'text', text: t }], isError });
const engine = mode === 'good' ? await import('../../lib/index.js') : undefined;
const pack = engine?.packFromToolDefinitions({ tools: TOOLS });

function goodReply(name, args) {
  const r = engine.check(pack, { name, arguments: args });
  if (r.body) return text(JSON.stringify(r.body));
  const field = r.corrections[0]?.field ?? '';
  return text(JSON.stringify({ error: 'invalid_value', field, received: args[field] ?? null, message: 'is not in the form the schema asks for', retryable: false }));
}

let held;
const server = new Server({ name: `audit-test-${mode}`, version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const { name, arguments: args = {} } = req.params;
  if (process.env.SEEN_FILE) appendFileSync(process.env.SEEN_FILE, JSON.stringify({ name, arguments: args }) + '\n');
  switch (mode) {
    case 'good':
      return goodReply(name, args);
    case 'leaky':
      return text(`Error: invalid input\n    at validate (/srv/app/node_modules/orders/lib/validate.js:41:11)\n    at handle (/srv/app/src/server.js:88:5)\n${'The request could not be processed because one or more of the values supplied did not satisfy the constraints that apply to this operation. '.repeat(30)}`);
    case 'accepts':
      return text(JSON.stringify({ orders: [] }), false);
    case 'slow':
      return new Promise(() => {});
    case 'crash':
      return process.exit(1);
    case 'out-of-order': {
      // The earlier call is answered only after this one, and this one first: its answer quotes its own arguments.
      const before = held;
      const answer = text(`Error in ${name}: ${JSON.stringify(args)}`);
      if (before) setTimeout(() => before.resolve(text(`late answer: ${JSON.stringify(before.args)}`)), 20);
      if (!before) return new Promise((resolve) => (held = { resolve, args }));
      held = undefined;
      return answer;
    }
    case 'huge':
      return names.has(name) ? text('Error') : text('x'.repeat(20 * 1024 * 1024));
    default:
      return text('Error');
  }
});
await server.connect(new StdioServerTransport());
