// Where a call's parts sit in its text (parse/positions.ts): the playground's squiggle must sit on the exact
// offending value, in every format check() reads, inside OpenAI's string-encoded arguments and
// Python-style calls included.
import { describe, expect, test } from 'vitest';
import { decodeStringLiteral, locateCall } from '../../src/engine/parse/positions';
import { parsePath as parseFieldPath } from '../../src/engine/paths';
import { rangeOfPointer } from '../../src/components/playground/editor/pointer-range';
import { CALL_FORMATS, check, writeCall, writeCalls, type Json } from '../../src/engine';
import { describeCorrection } from '../../src/components/playground/views/labels';
import { getPack } from '../../src/packs';

const stripe = getPack('stripe')!;

const slice = (text: string, r: { start: number; end: number } | undefined) => (r ? text.slice(r.start, r.end) : undefined);

describe('parseFieldPath reads the engine’s field paths', () => {
  test.each([
    ['status', ['status']],
    ['start.dateTime', ['start', 'dateTime']],
    ['attendees[0].email', ['attendees', 0, 'email']],
    ['metadata["order-id"]', ['metadata', 'order-id']],
    ['a["x\\"y"].b[12]', ['a', 'x"y', 'b', 12]],
    ['', []],
  ])('%s', (field, segments) => {
    expect(parseFieldPath(field)).toEqual(segments);
  });

  test('a path it cannot read gives null, not a guess', () => {
    expect(parseFieldPath('a..b')).toBeNull();
    expect(parseFieldPath('a[x]')).toBeNull();
    expect(parseFieldPath('.a')).toBeNull();
    // A quoted key with an escape JSON does not have (a server's reply may send one).
    expect(parseFieldPath('a["\\q"]')).toBeNull();
  });

  test('a name that is no identifier, as a server names a field, reads up to the next . or [', () => {
    expect(parseFieldPath('metadata.order-id')).toEqual(['metadata', 'order-id']);
    expect(parseFieldPath('user name[0]')).toEqual(['user name', 0]);
  });
});

describe('decodeStringLiteral keeps an offset for every decoded unit', () => {
  test('escapes map back to where they start', () => {
    const raw = '"a\\"b\\u00e9c\\n"';
    const d = decodeStringLiteral(raw, 10)!;
    expect(d.text).toBe('a"béc\n');
    expect(d.offsets).toEqual([11, 12, 14, 15, 21, 22, 24]);
  });
});

describe('locateCall finds fields in every envelope', () => {
  test('plain {name, arguments}', () => {
    const text = JSON.stringify({ name: 'update_ticket', arguments: { ticket_id: 'T-1', status: 'OPEN' } }, null, 2);
    const loc = locateCall(text);
    expect(slice(text, loc.name)).toBe('"update_ticket"');
    expect(slice(text, loc.field(['status'])!.value)).toBe('"OPEN"');
    expect(slice(text, loc.field(['status'])!.key)).toBe('"status"');
  });

  test('a call the parse stage repaired: past a sentence and a fence, in single quotes, each field found where it was written', () => {
    const helpdesk = getPack('helpdesk')!;
    const text = "Sure, here it is:\n```json\n{'name': 'update_ticket', 'arguments': {'ticket_id': 'T-8841', 'status': 'OPEN', 'note': \"it's \\\"done\\\"\"}}\n```";
    const { corrections } = check(helpdesk, text);
    expect(corrections.map((c) => c.rule)).toEqual(expect.arrayContaining(['json_leading_text', 'json_code_fence', 'json_single_quotes']));
    const loc = locateCall(text, corrections);
    expect(slice(text, loc.name)).toBe("'update_ticket'");
    expect(slice(text, loc.field(['status'])!.value)).toBe("'OPEN'");
    expect(slice(text, loc.field(['status'])!.key)).toBe("'status'");
    // A double-quoted string holding an apostrophe is left as it is.
    expect(slice(text, loc.field(['note'])!.value)).toBe('"it\'s \\"done\\""');
    // Without those corrections the text is read as it stands, and the sentence hides the call.
    expect(locateCall(text).field(['status'])).toBeNull();
  });

  test('OpenAI Chat: inside the string-encoded arguments, escaped quotes included', () => {
    const text = JSON.stringify({ type: 'function', function: { name: 'create_ticket', arguments: JSON.stringify({ subject: 'Printer', status: 'OPEN' }) } }, null, 2);
    const loc = locateCall(text);
    const at = loc.field(['status'])!;
    expect(at.exact).toBe(true);
    expect(at.escapes).toBe(1);
    expect(slice(text, at.value)).toBe('\\"OPEN\\"');
    expect(slice(text, at.key)).toBe('\\"status\\"');
  });

  test('OpenAI Responses, Anthropic, MCP and an assistant message', () => {
    const responses = JSON.stringify({ type: 'function_call', call_id: 'c', name: 'create_refund', arguments: '{"amount": 15}' });
    expect(slice(responses, locateCall(responses).field(['amount'])!.value)).toBe('15');
    const anthropic = JSON.stringify({ type: 'tool_use', id: 't', name: 'events_list', input: { syncToken: 'x', timeMin: 'y' } });
    expect(slice(anthropic, locateCall(anthropic).field(['timeMin'])!.value)).toBe('"y"');
    const mcp = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'n', arguments: { start: { dateTime: 'z' } } } });
    const m = locateCall(mcp);
    expect(slice(mcp, m.field(['start', 'dateTime'])!.value)).toBe('"z"');
    expect(slice(mcp, m.method)).toBe('"tools/call"');
    const message = JSON.stringify({ role: 'assistant', content: [{ type: 'text', text: 'hi' }, { type: 'tool_use', id: 't', name: 'n', input: { a: [1, 2] } }] });
    expect(slice(message, locateCall(message).field(['a', 1])!.value)).toBe('2');
  });

  test('bare arguments are the whole text', () => {
    const text = '{"tags": ["a", "b"], "due_at": "soon"}';
    expect(slice(text, locateCall(text).field(['tags', 1])!.value)).toBe('"b"');
  });

  test('a field sent as a JSON string is located inside that string', () => {
    const text = JSON.stringify({ name: 'events_insert', arguments: { attendees: JSON.stringify([{ email: 'ana' }]) } });
    const at = locateCall(text).field(['attendees', 0, 'email'])!;
    expect(at.exact).toBe(true);
    expect(slice(text, at.value)).toBe('\\"ana\\"');
  });

  test('a string inside a string inside OpenAI arguments is escaped twice', () => {
    const inner = JSON.stringify({ attendees: JSON.stringify([{ email: 'ana' }]) });
    const text = JSON.stringify({ type: 'function', function: { name: 'events_insert', arguments: inner } });
    const at = locateCall(text).field(['attendees', 0, 'email'])!;
    expect(at.escapes).toBe(2);
    expect(slice(text, at.value)).toBe('\\\\\\"ana\\\\\\"');
  });

  test('a name the engine absorbed (DateTime) is found through the corrections', () => {
    const text = JSON.stringify({ name: 'events_insert', arguments: { start: { DateTime: 'x' } } });
    const plain = locateCall(text).field(['start', 'dateTime'])!;
    expect(plain.exact).toBe(false);
    const absorbed = locateCall(text, [{ field: 'start.dateTime', rule: 'case_variant', from: 'DateTime', to: 'dateTime' }]).field(['start', 'dateTime'])!;
    expect(absorbed.exact).toBe(true);
    expect(slice(text, absorbed.key)).toBe('"DateTime"');
  });

  test('a field the engine moved (address[country] sent flat, name beside data) is found where it was typed', () => {
    const call = { name: 'create_customer', arguments: { email: 'a@example.com', 'address[country]': 'United Kingdom' } };
    const text = JSON.stringify(call, null, 2);
    // The corrections as check() reports them for this call.
    const corrections = check(stripe, call).corrections;
    expect(corrections).toEqual([{ field: 'address.country', rule: 'field_moved', from: '["address[country]"]', to: 'address.country' }]);
    const at = locateCall(text, corrections).field(['address', 'country'])!;
    expect(at.exact).toBe(true);
    expect(slice(text, at.key)).toBe('"address[country]"');
    expect(slice(text, at.value)).toBe('"United Kingdom"');
    const wrapped = JSON.stringify({ name: 'createTask', arguments: { data: {}, name: 'Draft' } });
    const moved = locateCall(wrapped, [{ field: 'data.name', rule: 'field_moved', from: 'name', to: 'data.name' }]).field(['data', 'name'])!;
    expect(slice(wrapped, moved.value)).toBe('"Draft"');
    // The corrections panel names the key as it was typed, not as a path of one quoted segment.
    expect(describeCorrection(corrections[0])).toBe('"address[country]" was moved to "address.country": the one place the tool declares that field');
  });

  test('a missing field points at the object that should hold it', () => {
    const text = JSON.stringify({ name: 'create_ticket', arguments: { subject: 'x', start: {} } });
    const loc = locateCall(text);
    const top = loc.field(['priority'])!;
    expect(top.exact).toBe(false);
    expect(slice(text, top.nearest)).toBe('"arguments"');
    expect(slice(text, loc.field(['start', 'dateTime'])!.nearest)).toBe('"start"');
  });

  test('duplicate keys: the last one counts, as with JSON.parse', () => {
    const text = '{"name": "t", "arguments": {"status": "a", "status": "b"}}';
    expect(slice(text, locateCall(text).field(['status'])!.value)).toBe('"b"');
  });

  test('Python-style calls', () => {
    const text = 'functions.update_ticket(ticket_id="T-8841", status=\'OPEN\', tags=["a", {"k": 1}], ok=True)';
    const loc = locateCall(text);
    expect(loc.python).toBe(true);
    expect(slice(text, loc.name)).toBe('update_ticket');
    expect(slice(text, loc.field(['status'])!.value)).toBe("'OPEN'");
    expect(slice(text, loc.field(['status'])!.key)).toBe('status');
    expect(slice(text, loc.field(['tags', 1, 'k'])!.value)).toBe('1');
    expect(slice(text, loc.field(['ok'])!.value)).toBe('True');
  });

  test('broken text never throws and locates what it can', () => {
    for (const text of ['', '{', '{"name": "t", "arguments": "{\\"a\\": ', 'f(a=', 'f(a="x", b=[1,', '[[[[', '"just a string"']) {
      expect(() => locateCall(text).field(['a'])).not.toThrow();
    }
    // A Python-style call that does not parse has its syntax fault, placed by line and column; its name is not guessed.
    expect(locateCall('f(a="x", b=[1,').name).toBeUndefined();
  });
});

describe('rangeOfPointer, for problems in pasted tool definitions', () => {
  const text = JSON.stringify([{ type: 'function', function: { name: 'a b', parameters: { type: 'object', properties: { x: { type: 'strin' } } } } }], null, 2);
  test('resolves <schema> to where this definition keeps its schema', () => {
    const r = rangeOfPointer(text, '/0/<schema>/properties/x/type')!;
    expect(r.exact).toBe(true);
    expect(r.pointer).toBe('/0/function/parameters/properties/x/type');
    expect(text.slice(r.range.start, r.range.end)).toBe('"strin"');
  });
  test('falls back to the deepest part that exists', () => {
    const r = rangeOfPointer(text, '/0/function/nope/deeper')!;
    expect(r.exact).toBe(false);
    expect(text.slice(r.range.start, r.range.end)).toBe('"function"');
  });
});

describe('every format check() reads has its name and fields placed on the characters it read', () => {
  const call = { name: 'create_refund', arguments: { amount: 15, currency: 'usd', metadata: { order: 'A-1' } } };
  /** A string value as it stands in the text: escaped once inside a string-encoded arguments. */
  const written = (value: string, escapes: number) => {
    let s = JSON.stringify(value);
    for (let i = 0; i < escapes; i++) s = JSON.stringify(s).slice(1, -1);
    return s;
  };
  test.each(CALL_FORMATS.map((f) => [f]))('%s', (format) => {
    const text = writeCall(call, format);
    const loc = locateCall(text);
    expect(loc.shape).toBe(check(getPack('stripe')!, text).shape);
    if (format === 'bare-arguments') expect(loc.name).toBeUndefined();
    else expect(slice(text, loc.name)).toBe(format === 'python' ? 'create_refund' : '"create_refund"');
    const amount = loc.field(['amount'])!;
    expect(amount.exact).toBe(true);
    expect(slice(text, amount.value)).toBe('15');
    expect(slice(text, amount.key)).toBe(format === 'python' ? 'amount' : written('amount', amount.escapes));
    const order = loc.field(['metadata', 'order'])!;
    expect(slice(text, order.value)).toBe(format === 'python' ? '"A-1"' : written('A-1', order.escapes));
    expect(order.escapes).toBe(['openai-chat', 'openai-responses', 'openai-function-call'].includes(format) ? 1 : 0);
  });

  test('Gemini in each of its wrappings: a part, a content, a response, a FunctionCall alone', () => {
    const fc = { name: 'create_refund', args: { amount: 15 } };
    for (const value of [{ functionCall: fc }, { role: 'model', parts: [{ text: 'ok' }, { functionCall: fc }] }, { candidates: [{ content: { role: 'model', parts: [{ functionCall: fc }] } }] }, fc]) {
      const text = JSON.stringify(value, null, 2);
      const loc = locateCall(text);
      expect(loc.shape).toBe('gemini');
      expect(slice(text, loc.name)).toBe('"create_refund"');
      expect(slice(text, loc.argumentsKey)).toBe('"args"');
      expect(slice(text, loc.field(['amount'])!.value)).toBe('15');
    }
  });

  test('one call in a message of calls, in each format that carries several', () => {
    for (const format of ['openai-chat', 'anthropic', 'gemini'] as const) {
      const text = writeCalls([call], format);
      expect(slice(text, locateCall(text).field(['amount'])!.value)).toBe('15');
    }
  });

  test('a byte order mark first is read past, and offsets still count it', () => {
    const text = '\uFEFF' + JSON.stringify({ name: 'n', arguments: { a: 1 } });
    expect(slice(text, locateCall(text).field(['a'])!.value)).toBe('1');
    const python = '\uFEFFn(a=1)';
    expect(slice(python, locateCall(python).field(['a'])!.value)).toBe('1');
  });

  test('positions are read with the same reader as the call: a Gemini functionCall is no bare arguments', () => {
    const text = JSON.stringify({ functionCall: { name: 'create_refund', args: { amount: 'x' as Json } } });
    const at = locateCall(text).field(['amount'])!;
    // The old copy of the envelope reader in the playground put this mark on the opening brace.
    expect(at.exact).toBe(true);
    expect(slice(text, at.value)).toBe('"x"');
  });
});
