// The wrong calls `audit` sends: one per kind, each touching one place of the call, and only calls the
// tool's schema as written refuses (a correct server must refuse them too). The engine's compiled
// validator closes objects the schema leaves open; that alone never makes a call one to send.
import { describe, expect, test } from 'vitest';
import { packFromToolDefinitions } from '../../src/engine';
import { callsToSend, schemaRefuses } from '../../src/audit/schema-refuses';
import { MISTAKE_KINDS, wrongCalls } from '../../src/audit/wrong-calls';
import { TOOLS } from '../mcp/audit-server.mjs';

const pack = packFromToolDefinitions({ tools: TOOLS });
const names = new Set(TOOLS.map((t: { name: string }) => t.name));
const orders = pack.tool('find_orders')!;

describe('the wrong calls of one tool', () => {
  test('every kind, each refused by the schema as written', () => {
    const calls = callsToSend(orders, names);
    expect(calls.map((c) => c.kind)).toEqual([...MISTAKE_KINDS]);
    const refuses = schemaRefuses(orders);
    for (const c of calls.filter((x) => x.kind !== 'near_tool_name')) expect(refuses(c.arguments), c.kind).toBe(true);
  });

  test('each mistake is where it says, on a call that is valid without it', () => {
    const byKind = Object.fromEntries(callsToSend(orders, names).map((c) => [c.kind, c]));
    expect(byKind.missing_required.arguments).toEqual({});
    expect(byKind.missing_required.at).toBe('customer_id, status');
    expect(byKind.wrong_type.arguments).toEqual({ customer_id: '1', status: 'open' });
    expect(byKind.enum_case.arguments).toEqual({ customer_id: 1, status: 'OPEN' });
    expect(byKind.json_text.arguments).toEqual({ customer_id: 1, status: 'open', tags: '["…"]' });
    expect(byKind.single_for_list.arguments).toEqual({ customer_id: 1, status: 'open', tags: '…' });
    expect(byKind.date_form.arguments).toEqual({ customer_id: 1, status: 'open', since: '12/06/2026' });
    expect(byKind.decorated_id.arguments).toEqual({ customer_id: '#1', status: 'open' });
    expect(byKind.near_tool_name.name).toBe('find_ordes');
    expect(orders.validate({ customer_id: 1, status: 'open' })).toBeNull();
  });

  test('an open schema: an undeclared argument is made but not sent, since the schema takes it', () => {
    const open = packFromToolDefinitions({ tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } }] }).tool('echo')!;
    expect(wrongCalls(open, new Set(['echo'])).map((c) => c.kind)).toContain('undeclared_argument');
    // The compiled validator refuses it (the engine closes objects), the schema as written does not.
    expect(open.validate({ message: '…', verbose: true })).not.toBeNull();
    expect(callsToSend(open, new Set(['echo'])).map((c) => c.kind)).not.toContain('undeclared_argument');
  });

  test('a near name is never a tool the server has', () => {
    const calls = callsToSend(pack.tool('delete_order')!, new Set([...names, 'delete_ordr']));
    expect(calls.find((c) => c.kind === 'near_tool_name')!.name).toBe('functions.delete_order');
  });
});
