// What the playground's panels show, computed purely: the body's JSON tokens (line breaks only between
// them, each entry's field tied to its source), the rule behind each entry, a call in each caller's own
// envelope, and the pickers' search.
import { describe, expect, test } from 'vitest';
import { check, parseCall, serializeBody, type Json } from '../src/engine';
import { getPack } from '../src/packs';
import { filterOptions, RENDER_MAX } from '../src/components/playground/toolbar/Combobox';
import { envelopeOfShape, ENVELOPES, inEnvelope, pythonLiteral } from '../src/components/playground/views/envelopes';
import { EXAMPLES } from '../src/components/playground/examples/examples';
import { entrySources } from '../src/sandbox/faults';
import { tokenizeJson } from '../src/components/playground/views/json-tokens';

const helpdesk = getPack('helpdesk')!;
const example = (id: string) => EXAMPLES.find((e) => e.id === id)!;

describe('tokenizeJson', () => {
  test('joined back, the tokens are the text, byte for byte, for every example’s body in both views', () => {
    let bodies = 0;
    for (const ex of EXAMPLES) {
      const r = check(getPack(ex.pack)!, ex.call);
      if (!r.body) continue;
      bodies++;
      for (const text of [serializeBody(r.body), JSON.stringify(r.body, null, 2)]) expect(tokenizeJson(text).map((t) => t.text).join('')).toBe(text);
    }
    expect(bodies).toBeGreaterThan(20);
  });

  test('a single-fault body: its kinds, and the field’s value tied to entry 0', () => {
    const tokens = tokenizeJson('{"error":"invalid_status","field":"status","received":"OPEN","retryable":false}');
    expect(tokens).toEqual([
      { kind: 'punct', text: '{' },
      { kind: 'key', text: '"error"' },
      { kind: 'punct', text: ':' },
      { kind: 'str', text: '"invalid_status"' },
      { kind: 'punct', text: ',' },
      { kind: 'key', text: '"field"' },
      { kind: 'punct', text: ':' },
      { kind: 'str', text: '"status"', entry: 0 },
      { kind: 'punct', text: ',' },
      { kind: 'key', text: '"received"' },
      { kind: 'punct', text: ':' },
      { kind: 'str', text: '"OPEN"' },
      { kind: 'punct', text: ',' },
      { kind: 'key', text: '"retryable"' },
      { kind: 'punct', text: ':' },
      { kind: 'lit', text: 'false' },
      { kind: 'punct', text: '}' },
    ]);
  });

  test('a batched body: errors[i].field is entry i; a "field" key elsewhere is no entry', () => {
    const r = check(helpdesk, example('three-faults').call);
    const fields = tokenizeJson(JSON.stringify(r.body, null, 2)).filter((t) => t.entry !== undefined);
    expect(fields.map((t) => [t.text, t.entry])).toEqual([
      ['"status"', 0],
      ['"priority"', 1],
      ['"due_at"', 2],
    ]);
    const nested = tokenizeJson('{"error":"x","received":{"field":"a"},"errors":[{"received":{"field":"b"}}]}');
    expect(nested.filter((t) => t.entry !== undefined)).toEqual([]);
  });

  test('escapes inside strings stay inside their token; text that is not JSON comes back whole', () => {
    const text = '{"received":"a \\"quoted\\" , : value"}';
    const tokens = tokenizeJson(text);
    expect(tokens.map((t) => t.text)).toEqual(['{', '"received"', ':', '"a \\"quoted\\" , : value"', '}']);
    expect(tokenizeJson('{"a": nope}').map((t) => t.text).join('')).toBe('{"a": nope}');
  });
});

describe('entrySources: the rule behind each entry of the body', () => {
  test.each([
    ['open-status', [{ field: 'status', rule: 'the schema’s enum at #/properties/status/enum (must be equal to one of the allowed values)' }]],
    ['sync-token', [{ field: 'syncToken', rule: 'the pack’s x-conflicts (syncToken + timeMin)' }]],
    ['close-unassigned', [{ field: 'status', rule: 'the ordered check rule:ticket_unassigned: status is "closed" and ticket.assignee is absent' }]],
    ['unknown-tool', [{ field: 'name', rule: 'reading the call: no tool named "close_ticket" in pack helpdesk' }]],
  ])('%s', (id, sources) => {
    const ex = example(id);
    expect(entrySources(check(getPack(ex.pack)!, ex.call))).toEqual(sources);
  });

  test('one source per entry of a batched body, in its order', () => {
    expect(entrySources(check(helpdesk, example('three-faults').call)).map((s) => s.field)).toEqual(['status', 'priority', 'due_at']);
  });
});

describe('a call in the caller’s own envelope', () => {
  const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open', notify: true, tags: ['a', null] } as Json };

  test('each envelope, exactly', () => {
    expect(inEnvelope(call, 'plain')).toBe(JSON.stringify(call, null, 2));
    expect(JSON.parse(inEnvelope(call, 'openai-chat'))).toEqual({ id: 'call_1', type: 'function', function: { name: 'update_ticket', arguments: '{"ticket_id":"T-8841","status":"open","notify":true,"tags":["a",null]}' } });
    expect(JSON.parse(inEnvelope(call, 'openai-responses'))).toEqual({ type: 'function_call', call_id: 'call_1', name: 'update_ticket', arguments: '{"ticket_id":"T-8841","status":"open","notify":true,"tags":["a",null]}' });
    expect(JSON.parse(inEnvelope(call, 'anthropic'))).toEqual({ type: 'tool_use', id: 'toolu_1', name: 'update_ticket', input: call.arguments });
    expect(JSON.parse(inEnvelope(call, 'mcp'))).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'update_ticket', arguments: call.arguments } });
    expect(JSON.parse(inEnvelope(call, 'gemini'))).toEqual({ functionCall: { name: 'update_ticket', args: call.arguments } });
    expect(JSON.parse(inEnvelope(call, 'openai-function-call'))).toEqual({ role: 'assistant', content: null, function_call: { name: 'update_ticket', arguments: '{"ticket_id":"T-8841","status":"open","notify":true,"tags":["a",null]}' } });
    expect(inEnvelope(call, 'python')).toBe('update_ticket(ticket_id="T-8841", status="open", notify=True, tags=["a", None])');
  });

  test('the id of the call being corrected is kept', () => {
    expect(JSON.parse(inEnvelope(call, 'openai-chat', { id: 'call_Qm7', type: 'function' })).id).toBe('call_Qm7');
    expect(JSON.parse(inEnvelope(call, 'openai-responses', { call_id: 'call_8rX' })).call_id).toBe('call_8rX');
    expect(JSON.parse(inEnvelope(call, 'anthropic', { id: 'toolu_01X' })).id).toBe('toolu_01X');
    expect(JSON.parse(inEnvelope(call, 'mcp', { id: 7 })).id).toBe(7);
  });

  test('every envelope reads back, through the engine’s parser, as the same call', () => {
    for (const e of ENVELOPES) {
      const parsed = parseCall(inEnvelope(call, e));
      expect(parsed.ok, e).toBe(true);
      if (parsed.ok) expect([parsed.name, parsed.args], e).toEqual([call.name, call.arguments]);
    }
  });

  test('a key Python cannot name keeps the plain form; the shape of a call picks its envelope', () => {
    expect(inEnvelope({ name: 'f', arguments: { 'a-b': 1 } }, 'python')).toBe(JSON.stringify({ name: 'f', arguments: { 'a-b': 1 } }, null, 2));
    expect(pythonLiteral({ k: [1.5, false] })).toBe('{"k": [1.5, False]}');
    expect(['openai-chat', 'python', 'gemini', 'openai-function-call', 'bare-arguments', 'unknown'].map(envelopeOfShape)).toEqual(['openai-chat', 'python', 'gemini', 'openai-function-call', 'plain', 'plain']);
  });
});

describe('the pickers’ search', () => {
  const options = ['list_refunds', 'create_refund', 'refunds_list_all', 'get_ticket', 'update_ticket'].map((v) => ({ value: v, label: v, detail: v === 'get_ticket' ? 'GET /tickets/{id}' : undefined }));

  test('names that start with the query, then those that contain it, then details; words in any order', () => {
    expect(filterOptions(options, 'refund').map((o) => o.value)).toEqual(['refunds_list_all', 'list_refunds', 'create_refund']);
    expect(filterOptions(options, 'list refunds').map((o) => o.value)).toEqual(['list_refunds', 'refunds_list_all']);
    expect(filterOptions(options, 'GET /tickets').map((o) => o.value)).toEqual(['get_ticket']);
    expect(filterOptions(options, '').map((o) => o.value)).toEqual(options.map((o) => o.value));
    expect(filterOptions(options, 'nothing like it')).toEqual([]);
  });

  test('thousands of options: filtering stays exact, and only the first RENDER_MAX are rendered', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ value: `tool_${i}`, label: `tool_${i}` }));
    expect(filterOptions(many, 'tool_4999').map((o) => o.value)).toEqual(['tool_4999']);
    // tool_12, tool_120…, tool_1200… first (111 of them), then every other name holding both words.
    const found = filterOptions(many, 'tool_12');
    expect(found.slice(0, 111).every((o) => o.value.startsWith('tool_12'))).toBe(true);
    expect(found).toHaveLength(many.filter((o) => o.value.slice(5).includes('12')).length);
    expect(RENDER_MAX).toBe(60);
  });
});
