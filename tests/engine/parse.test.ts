// Stage 1, parse: every input shape, and the bodies for input that cannot be read.
import { describe, expect, test } from 'vitest';
import { check, parseCall } from '../../src/engine';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;
const args = { ticket_id: 'T-8841', status: 'open' };

describe('input shapes', () => {
  const shapes: [string, unknown][] = [
    ['openai-chat', { id: 'call_1', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(args) } }],
    ['openai-responses', { type: 'function_call', call_id: 'c1', name: 'update_ticket', arguments: JSON.stringify(args) }],
    ['anthropic', { type: 'tool_use', id: 'toolu_1', name: 'update_ticket', input: args }],
    ['mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'update_ticket', arguments: args } }],
    ['plain', { name: 'update_ticket', arguments: args }],
    ['gemini', { functionCall: { name: 'update_ticket', args } }],
    ['openai-function-call', { role: 'assistant', content: null, function_call: { name: 'update_ticket', arguments: JSON.stringify(args) } }],
    ['python', 'update_ticket(ticket_id="T-8841", status="open")'],
  ];
  for (const [shape, input] of shapes) {
    test(`${shape}, as a value and as text`, () => {
      for (const form of [input, typeof input === 'string' ? input : JSON.stringify(input)]) {
        const r = check(helpdesk, form);
        expect(r.shape).toBe(shape);
        expect(r.ok).toBe(true);
        expect(r.tool).toBe('update_ticket');
        expect(r.arguments).toEqual(args);
      }
    });
  }

  test('an assistant message with one tool call is unwrapped', () => {
    const msg = { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id":"T-1"}' } }] };
    expect(check(helpdesk, msg).shape).toBe('openai-chat');
    expect(check(helpdesk, msg).ok).toBe(true);
  });

  test('Gemini: a content with parts, a response candidate, and a FunctionCall alone are unwrapped', () => {
    const part = { functionCall: { name: 'update_ticket', args } };
    const forms = [
      { role: 'model', parts: [{ text: 'Updating it.' }, part] },
      { candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP' }] },
      { name: 'update_ticket', args },
    ];
    for (const form of forms) {
      const r = check(helpdesk, form);
      expect([r.shape, r.ok, r.tool, r.arguments]).toEqual(['gemini', true, 'update_ticket', args]);
    }
    // Two calls in one content are two calls: one at a time, as for tool_calls.
    expect(check(helpdesk, { role: 'model', parts: [part, part] }).body).toMatchObject({ error: 'invalid_call', message: 'holds 2 calls: check one call at a time' });
    // Arguments that happen to have a key named parts are arguments.
    expect(check(helpdesk, { parts: ['a'] }, { tool: 'update_ticket' }).shape).toBe('bare-arguments');
  });

  test('a fault inside a Gemini or legacy function_call envelope names the field, as in the other envelopes', () => {
    const bad = { ticket_id: 'T-8841', status: 'OPEN-ish' };
    for (const form of [{ functionCall: { name: 'update_ticket', args: bad } }, { role: 'assistant', content: null, function_call: { name: 'update_ticket', arguments: JSON.stringify(bad) } }]) {
      const r = check(helpdesk, form);
      expect(r.ok).toBe(false);
      expect(r.body).toMatchObject({ field: 'status' });
    }
    // The legacy form's arguments are JSON text: a syntax fault there points inside it.
    const broken = check(helpdesk, { role: 'assistant', function_call: { name: 'update_ticket', arguments: '{"ticket_id": "T-1", "status": }' } });
    expect(broken.shape).toBe('openai-function-call');
    expect(broken.body).toMatchObject({ error: 'invalid_json', field: 'arguments' });
  });

  test('bare arguments need the tool chosen separately', () => {
    expect(check(helpdesk, args, { tool: 'update_ticket' }).ok).toBe(true);
    expect(check(helpdesk, args, { tool: 'update_ticket' }).shape).toBe('bare-arguments');
    expect(check(helpdesk, args).body).toMatchObject({ error: 'invalid_call', field: 'name' });
  });

  test('the call names the tool even when another was chosen', () => {
    expect(check(helpdesk, { name: 'get_ticket', arguments: { ticket_id: 'T-1' } }, { tool: 'update_ticket' }).tool).toBe('get_ticket');
  });

  test('Python literals: True, None, lists, dicts, single quotes, escapes', () => {
    const p = parseCall(`create_ticket(subject='It\\'s "on" fire', priority="p1", tags=["a", 'b'], x={"k": None, "t": True}, n=-1.5e2)`);
    expect(p.ok && p.args).toEqual({ subject: `It's "on" fire`, priority: 'p1', tags: ['a', 'b'], x: { k: null, t: true }, n: -150 });
  });

  test('a harness prefix before the tool name is dropped', () => {
    expect(check(helpdesk, 'functions.get_ticket(ticket_id="T-1")').tool).toBe('get_ticket');
  });
});

describe('input that cannot be read', () => {
  test('malformed JSON gives invalid_json with line, column and what was expected', () => {
    // The comment after it leaves the trailing comma without a certain repair (json-repair.ts).
    const r = check(helpdesk, '{\n  "name": "get_ticket",\n  "arguments": {"ticket_id": "T-1",}\n} // note');
    expect(r.body).toEqual({
      error: 'invalid_json',
      message: 'is not valid JSON at line 3, column 36: expected a property name in double quotes; JSON allows no trailing comma',
      line: 3,
      column: 36,
      received: expect.any(String),
      retryable: false,
    });
    expect(r.log.stage).toBe('parse');
  });

  test('malformed JSON inside OpenAI arguments points into the arguments string', () => {
    const r = check(helpdesk, { type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id": T-1}' } });
    expect(r.body).toMatchObject({ error: 'invalid_json', field: 'arguments', line: 1, column: 15 });
  });

  test('empty input', () => {
    expect(check(helpdesk, '   ').body).toMatchObject({ error: 'invalid_json', message: 'is empty at line 1, column 1: expected a JSON object' });
  });

  test('a Python call with a positional argument', () => {
    const r = check(helpdesk, 'get_ticket("T-1")');
    expect(r.body).toMatchObject({ error: 'invalid_call', message: expect.stringContaining('positional arguments cannot be matched to fields') });
  });

  test('an unknown tool gets did_you_mean over the pack tool names', () => {
    expect(check(helpdesk, { name: 'update_tiket', arguments: {} }).body).toEqual({
      error: 'unknown_tool',
      field: 'name',
      message: 'is not a tool you can call',
      received: 'update_tiket',
      did_you_mean: ['update_ticket'],
      retryable: false,
    });
  });

  test('an unknown tool with no near name lists the tools', () => {
    expect(check(helpdesk, { name: 'delete_everything', arguments: {} }).body).toMatchObject({
      error: 'unknown_tool',
      message: 'is not a tool you can call; they are: get_ticket, update_ticket, create_ticket, assign_ticket, search_customers, create_customer, search_tickets, list_agents',
    });
  });

  test('a tool name in another case, with other separators or word order, is absorbed and reported', () => {
    for (const name of ['updateTicket', 'UpdateTicket', 'update-ticket', 'ticket.update', 'tickets_update']) {
      const r = check(helpdesk, { name, arguments: { ticket_id: 'T-8841', status: 'open' } });
      expect(r.ok).toBe(true);
      expect(r.tool).toBe('update_ticket');
      expect(r.corrections).toEqual([{ field: 'name', rule: 'tool_name_variant', from: name, to: 'update_ticket' }]);
    }
  });

  test('a near tool name is never offered across verbs', () => {
    // create_refund is one edit group away from update_refund, but it does something else.
    expect(check(stripe, { name: 'update_refund', arguments: {} }).body).toEqual({
      error: 'unknown_tool',
      field: 'name',
      message: 'is not a tool you can call; they are: create_refund, retrieve_refund, list_refunds, create_customer, retrieve_customer, update_customer, list_customers, search_customers, create_payment_intent, retrieve_payment_intent, list_charges, list_payment_intents',
      received: 'update_refund',
      retryable: false,
    });
    // The vendor's other verb for the same operation on the same thing is offered.
    expect(check(calendar, { name: 'events_create', arguments: {} }).body).toEqual({
      error: 'unknown_tool',
      field: 'name',
      message: 'is not a tool you can call',
      received: 'events_create',
      did_you_mean: ['events_insert'],
      retryable: false,
    });
    expect(check(calendar, { name: 'events_remove', arguments: {} }).body).toMatchObject({ did_you_mean: ['events_delete'] });
    expect(check(calendar, { name: 'events_create', arguments: {} }).body!.did_you_mean).not.toContain('events_delete');
  });

  test('a positional argument is answered with a keyword argument of the tool itself', () => {
    expect(check(helpdesk, 'update_ticket("T-8841", status="open")').body).toMatchObject({
      error: 'invalid_call',
      message: 'is not a call the checker can read at line 1, column 15: expected a keyword argument such as ticket_id="T-8841"; positional arguments cannot be matched to fields',
    });
    expect(check(calendar, 'events_get("primary")').body!.message).toContain('such as calendarId="');
  });

  test('arguments that are not an object', () => {
    expect(check(helpdesk, { name: 'get_ticket', arguments: '["T-1"]' }).body).toMatchObject({ error: 'invalid_call', field: 'arguments', received: ['T-1'] });
  });

  test('several calls at once are refused, not guessed between', () => {
    expect(check(helpdesk, [{ name: 'get_ticket', arguments: {} }, { name: 'get_ticket', arguments: {} }]).body).toMatchObject({ error: 'invalid_call', message: 'holds 2 calls: check one call at a time' });
  });

  test('an MCP request that is not tools/call', () => {
    expect(check(helpdesk, { jsonrpc: '2.0', id: 1, method: 'tools/list' }).body).toMatchObject({ error: 'invalid_call', field: 'method', received: 'tools/list' });
  });
});

test('a call refused as written (a key sent twice) still names the tool it calls', () => {
  const r = check(getPack('helpdesk')!, '{"name":"update_ticket","arguments":{"ticket_id":"T-1","status":"open","status":"closed"}}');
  expect(r).toMatchObject({ ok: false, tool: 'update_ticket', body: { error: 'duplicate_argument', field: 'status' } });
  // A name the pack does not declare is no tool to name.
  expect(check(getPack('helpdesk')!, '{"name":"nope","arguments":{"a":1,"a":2}}').tool).toBeNull();
});
