// formats.ts reads and writes every call format. A call written in format F and read back is the same
// call and gets the same body; a message holding several calls is checked call by call, each from its own
// text, so each gets the body it would get alone (numbers as written included).
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run';
import { CALL_FORMATS, check, checkCalls, packFromToolDefinitions, parseCall, readCalls, writeCall, writeCalls, type Json } from '../../src/engine';
import Ajv2020 from 'ajv/dist/2020';
import { callSchema, CALL_FORMAT_LABELS, shapeLabel, spansOf } from '../../src/engine/parse/formats';
import { replay } from '../../src/engine/replay';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const CHARGE_USD = 'ch_3MmlLrLkdIwHu7ix0snN0B15';

/** Calls that exercise names, nested values, strings needing escapes, booleans and null, valid and faulty. */
const CALLS: { pack: typeof helpdesk; call: { name: string; arguments: Json } }[] = [
  { pack: helpdesk, call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } } },
  { pack: helpdesk, call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } } },
  { pack: helpdesk, call: { name: 'get_ticket', arguments: { ticket_id: 'T-1 "quoted" \\ \u00e9\n' } } },
  { pack: stripe, call: { name: 'create_refund', arguments: { charge: CHARGE_USD, amount: 1500, reason: 'damaged', metadata: { order: 'A-1', note: null } } } },
  { pack: stripe, call: { name: 'create_refund', arguments: { charge: CHARGE_USD, amount: 15.5 } } },
];

describe('round trip: written in each format, read back, checked', () => {
  for (const format of CALL_FORMATS) {
    test.each(CALLS.map((c, i) => [i, c] as const))(`${format}: call %i is the same call with the same body`, (_, { pack, call }) => {
      const text = writeCall(call, format);
      const parsed = parseCall(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      // Bare arguments carry no name: the tool is chosen (--tool, the picker).
      expect(parsed.name).toBe(format === 'bare-arguments' ? null : call.name);
      expect(parsed.args).toEqual(call.arguments);
      expect(parsed.shape).toBe(format);
      const options = format === 'bare-arguments' ? { tool: call.name } : {};
      const alone = check(pack, call);
      const again = check(pack, text, options);
      expect(again.body).toEqual(alone.body);
      expect(again.ok).toBe(alone.ok);
      expect(again.suggested_call).toEqual(alone.suggested_call);
    });
  }

  test('each format has its label, and the schema an editor completes it with takes the call writeCall writes', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const format of CALL_FORMATS) {
      expect(shapeLabel(format)).toBe(CALL_FORMAT_LABELS[format]);
      const name = { type: 'string', const: 'create_refund' };
      // Properties closed, so a schema that puts the arguments under another key fails.
      const args = { type: 'object', required: ['amount'], properties: { charge: {}, amount: { type: 'integer' }, reason: {}, metadata: {} }, additionalProperties: false };
      const validate = ajv.compile(callSchema(format, name, args));
      const text = writeCall(CALLS[3].call, format);
      if (format === 'python') continue; // not JSON: completion is for JSON text
      expect(validate(JSON.parse(text)), `${format}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(validate(JSON.parse(writeCall({ name: 'create_refund', arguments: { amount: 'x' } }, format))), format).toBe(['openai-chat', 'openai-responses', 'openai-function-call'].includes(format));
    }
    expect(shapeLabel('unknown')).toBe('Not readable as a call');
  });

  test('every format is written differently, so none is read as another', () => {
    const texts = CALL_FORMATS.map((f) => writeCall(CALLS[0].call, f));
    expect(new Set(texts).size).toBe(CALL_FORMATS.length);
  });
});

describe('a message with several calls', () => {
  const faulty = { ticket_id: 'T-8841', status: 'OPEN' };
  const valid = { ticket_id: 'T-1' };
  const messages: Record<string, string> = {
    'openai-chat tool_calls': JSON.stringify({ role: 'assistant', content: null, tool_calls: [
      { id: 'call_a', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(faulty) } },
      { id: 'call_b', type: 'function', function: { name: 'get_ticket', arguments: JSON.stringify(valid) } },
    ] }),
    'anthropic tool_use blocks, text between': JSON.stringify({ role: 'assistant', content: [
      { type: 'text', text: 'Two things: {"name": "not a call"}' },
      { type: 'tool_use', id: 'toolu_a', name: 'update_ticket', input: faulty },
      { type: 'tool_use', id: 'toolu_b', name: 'get_ticket', input: valid },
    ] }, null, 2),
    'gemini functionCall parts': JSON.stringify({ candidates: [{ content: { role: 'model', parts: [
      { functionCall: { name: 'update_ticket', args: faulty } },
      { text: 'and' },
      { functionCall: { name: 'get_ticket', args: valid } },
    ] } }] }),
    'a list of calls': JSON.stringify([{ name: 'update_ticket', arguments: faulty }, { name: 'get_ticket', arguments: valid }]),
  };
  const alone = [check(helpdesk, { name: 'update_ticket', arguments: faulty }), check(helpdesk, { name: 'get_ticket', arguments: valid })];

  test.each(Object.entries(messages))('%s: one result per call, each the body it gets alone', (_, text) => {
    // check() still refuses the whole message: its return type stays one result.
    expect(check(helpdesk, text).body).toMatchObject({ error: 'invalid_call' });
    const results = checkCalls(helpdesk, text);
    expect(results.map((r) => r.body)).toEqual(alone.map((r) => r.body));
    expect(results.map((r) => r.tool)).toEqual(['update_ticket', 'get_ticket']);
    // The same message as a value splits the same way.
    expect(checkCalls(helpdesk, JSON.parse(text)).map((r) => r.body)).toEqual(alone.map((r) => r.body));
  });

  test.each(Object.entries(messages))('%s: each call is cut from the text at its own offsets', (_, text) => {
    const calls = readCalls(text);
    expect(calls).toHaveLength(2);
    for (const c of calls) {
      expect(c.span).not.toBeNull();
      expect(c.input).toBe(text.slice(c.span!.start, c.span!.end));
      // The cut is the very value at that path.
      let at: unknown = JSON.parse(text);
      for (const s of c.path) at = (at as Record<string | number, unknown>)[s];
      expect(JSON.parse(c.input as string)).toEqual(at);
    }
  });

  test('15.00 in the second of two parallel calls is read as written there', () => {
    const text = `{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"create_refund","input":{"charge":"${CHARGE_USD}","amount":1500}},{"type":"tool_use","id":"b","name":"create_refund","input":{"charge":"${CHARGE_USD}","amount":15.00}}]}`;
    const [first, second] = checkCalls(stripe, text);
    expect(first.ok).toBe(true);
    expect(second.body).toMatchObject({ field: 'amount', received: '15.00', did_you_mean: [1500] });
  });

  test('one call, a single-element list, Python text and broken JSON are one entry: the input itself, with its value when it is JSON', () => {
    const json = [messages['a list of calls'].replace(/,\{"name":"get_ticket".*\]$/, ']'), JSON.stringify({ name: 'get_ticket', arguments: valid })];
    for (const input of [...json, 'update_ticket(ticket_id="T-1")', '{"name": ']) {
      // The value read while looking for several calls goes to check(), which would otherwise parse the text again.
      expect(readCalls(input)).toEqual([{ input, span: null, path: [], ...(json.includes(input) ? { value: JSON.parse(input) } : {}) }]);
      expect(checkCalls(helpdesk, input)).toEqual([check(helpdesk, input)]);
    }
    // What check() gets from readCalls is used as the text's value: a faulty call keeps its own body.
    const faultyText = JSON.stringify({ name: 'update_ticket', arguments: faulty });
    expect(checkCalls(helpdesk, faultyText)[0].body).toEqual(check(helpdesk, faultyText).body);
    expect(checkCalls(helpdesk, faultyText)[0].ok).toBe(false);
  });

  test.each(['openai-chat', 'anthropic', 'gemini', 'plain', 'mcp', 'openai-responses', 'python'] as const)('writeCalls in %s reads back as the same calls', (format) => {
    const calls = [{ name: 'update_ticket', arguments: faulty }, { name: 'get_ticket', arguments: valid }];
    const results = checkCalls(helpdesk, writeCalls(calls, format));
    expect(results.map((r) => r.body)).toEqual(alone.map((r) => r.body));
  });
});

describe('transcripts keep numbers as written (--replay)', () => {
  const block = (id: string, amount: string) => `{"type":"tool_use","id":"${id}","name":"create_refund","input":{"charge":"${CHARGE_USD}","amount":${amount}}}`;
  const transcripts: Record<string, string> = {
    'an Anthropic messages array': `{"messages":[{"role":"user","content":"refund $15"},{"role":"assistant","content":[${block('a', '15.00')},${block('b', '1500')}]}]}`,
    'JSON lines': `{"role":"user","content":"refund $15"}\n{"role":"assistant","content":[${block('a', '15.00')},${block('b', '1500')}]}\n`,
    'a Gemini contents array': `{"contents":[{"role":"model","parts":[{"functionCall":{"name":"create_refund","args":{"charge":"${CHARGE_USD}","amount":15.00}}},{"functionCall":{"name":"create_refund","args":{"charge":"${CHARGE_USD}","amount":1500}}}]}]}`,
  };
  test.each(Object.entries(transcripts))('%s: 15.00 is rejected, 1500 accepted', (_, text) => {
    const out = replay(stripe, text);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.report.calls.map((c) => c.check.body?.received ?? 'accepted')).toEqual(['15.00', 'accepted']);
  });
});

describe('spansOf', () => {
  test('keys and strings holding brackets, quotes and escapes do not move the offsets', () => {
    const text = '{ "a\\"]": [ "}\\\\", {"x": [1, -2.5e3]} ], "b" : true }';
    const [a1, x1, b] = spansOf(text, [['a"]', 1], ['a"]', 1, 'x', 1], ['b']]);
    expect(text.slice(a1!.start, a1!.end)).toBe('{"x": [1, -2.5e3]}');
    expect(text.slice(x1!.start, x1!.end)).toBe('-2.5e3');
    expect(text.slice(b!.start, b!.end)).toBe('true');
    expect(spansOf(text, [['missing']])).toEqual([null]);
  });
});

describe('the CLI and several calls', () => {
  const io = (stdin: string) => ({ stdin: () => stdin, readFile: () => '', pack: getPack, toolsPack: packFromToolDefinitions });
  const text = JSON.stringify({ role: 'assistant', tool_calls: [
    { id: 'a', type: 'function', function: { name: 'update_ticket', arguments: '{"ticket_id":"T-8841","status":"OPEN"}' } },
    { id: 'b', type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id":"T-1"}' } },
  ] });

  test('one line per call, in order; exit 1 when any is rejected', () => {
    const out = runCli(['--pack', 'helpdesk'], io(text));
    expect(out.code).toBe(1);
    expect(out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual([
      { error: 'invalid_status', field: 'status', message: 'must be one of: open, pending, closed', received: 'OPEN', retryable: false },
      { name: 'get_ticket', arguments: { ticket_id: 'T-1' } },
    ]);
  });

  test('--full prints the list of results; --jsonl a list on the line that held the calls', () => {
    const full = JSON.parse(runCli(['--pack', 'helpdesk', '--full'], io(text)).stdout);
    expect(full.map((r: { tool: string }) => r.tool)).toEqual(['update_ticket', 'get_ticket']);
    const lines = runCli(['--pack', 'helpdesk', '--jsonl'], io(`${text}\n{"name":"get_ticket","arguments":{"ticket_id":"T-1"}}\n`)).stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].map((r: { ok: boolean }) => r.ok)).toEqual([false, true]);
    expect(lines[1].ok).toBe(true);
  });
});
