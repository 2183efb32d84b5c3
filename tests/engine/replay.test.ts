// Replaying whole transcripts: the essay's transcript asserted field by field, the same transcript in every
// vendor's shape, the wasted-turn rule on other transcripts, and `--replay` in the CLI and the bundled bin.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/run';
import { check, packFromToolDefinitions, parseCall } from '../../src/engine';
import { replay, type ReplayCall, type ReplayReport } from '../../src/engine/replay';
import { readTranscript } from '../../src/engine/parse/transcript';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const essayText = fixture('essay-transcript.txt');

function report(input: unknown, options: Parameters<typeof replay>[2] = { countTokens }): ReplayReport {
  const out = replay(helpdesk, input, options);
  if (!out.ok) throw new Error(`replay failed: ${out.message}`);
  return out.report;
}

const status = (s: string) => ({ ticket_id: 'T-8841', status: s });
const invalidStatus = (received: string, didYouMean = false) => ({
  error: 'invalid_status',
  field: 'status',
  message: 'must be one of: open, pending, closed',
  received,
  ...(didYouMean ? { did_you_mean: ['open'] } : {}),
  retryable: false,
});
const fixTo = { name: 'update_ticket', arguments: status('open') };
const rejected = (received: string, didYouMean = false) => ({ ok: false, tool: 'update_ticket', body: invalidStatus(received, didYouMean), corrections: [], suggested_call: fixTo });
const accepted = (tool: string) => ({ ok: true, tool, body: null, corrections: [], suggested_call: null });
const INVALID = '{"error": "Invalid status"}';
const READ = '{"ticket_id": "T-8841", "status": "open", "assignee": "eng-3", ...}';
const UPDATED = '{"ticket_id": "T-8841", "status": "open", "updated_at": "2026-03-11T09:14:02Z"}';
const statusFault = [{ code: 'invalid_status', field: 'status' }];

describe("the essay's transcript (turns 4 to 8)", () => {
  test('the whole report, every field', () => {
    expect(report(essayText)).toEqual({
      pack: 'helpdesk',
      format: 'text',
      turns: 5,
      calls: [
        { index: 0, turn: 4, id: null, line: 1, name: 'update_ticket', arguments: status('OPEN'), result: { text: INVALID, is_error: true }, check: rejected('OPEN'), faults: statusFault, next_same_tool: 1, fixed_by_next: false, loop: true, episode: 0, wasted: false, tokens: { call: 20, result: 7, body: 32 } },
        { index: 1, turn: 5, id: null, line: 3, name: 'update_ticket', arguments: status('Open'), result: { text: INVALID, is_error: true }, check: rejected('Open'), faults: statusFault, next_same_tool: 2, fixed_by_next: false, loop: true, episode: 0, wasted: true, tokens: { call: 20, result: 7, body: 32 } },
        // ACTIVE is no variant of any status: did_you_mean names the one the essay's model ended on.
        { index: 2, turn: 6, id: null, line: 5, name: 'update_ticket', arguments: status('ACTIVE'), result: { text: INVALID, is_error: true }, check: rejected('ACTIVE', true), faults: statusFault, next_same_tool: 4, fixed_by_next: true, loop: true, episode: 0, wasted: true, tokens: { call: 20, result: 7, body: 39 } },
        // The read made to recover: accepted, in no episode of its own, and wasted.
        { index: 3, turn: 7, id: null, line: 7, name: 'get_ticket', arguments: { ticket_id: 'T-8841' }, result: { text: READ, is_error: false }, check: accepted('get_ticket'), faults: [], next_same_tool: null, fixed_by_next: null, loop: false, episode: null, wasted: true, tokens: { call: 16, result: 27, body: null } },
        { index: 4, turn: 8, id: null, line: 9, name: 'update_ticket', arguments: status('open'), result: { text: UPDATED, is_error: false }, check: accepted('update_ticket'), faults: [], next_same_tool: null, fixed_by_next: null, loop: false, episode: 0, wasted: false, tokens: { call: 20, result: 35, body: null } },
      ],
      loops: [{ tool: 'update_ticket', code: 'invalid_status', field: 'status', calls: [0, 1, 2] }],
      episodes: [{ tool: 'update_ticket', first_call: 0, last_call: 4, fixed: true, recovery_turns: 4, wasted_turns: [5, 6, 7] }],
      // Four turns of recovery where an actionable body at turn 4 needs one: turns 5, 6 and 7 are wasted.
      wasted_turns: 3,
      wasted_turn_numbers: [5, 6, 7],
      wasted_calls: 3,
      wasted_tokens: 97,
      actionable: { turns: 1, body_tokens: 32 },
    });
  });

  test('the body at turn 4 is the seed body, byte for byte, and the token figures are what o200k_base counts', () => {
    const r = report(essayText);
    expect(JSON.stringify(r.calls[0].check.body)).toBe('{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}');
    // wasted_tokens: each wasted call as {name, arguments} as sent, plus its result's text as the transcript holds it.
    const wasted = [
      ['{"name":"update_ticket","arguments":{"ticket_id":"T-8841","status":"Open"}}', INVALID],
      ['{"name":"update_ticket","arguments":{"ticket_id":"T-8841","status":"ACTIVE"}}', INVALID],
      ['{"name":"get_ticket","arguments":{"ticket_id":"T-8841"}}', READ],
    ];
    expect(r.wasted_tokens).toBe(wasted.reduce((n, [call, result]) => n + countTokens(call) + countTokens(result), 0));
    expect(r.actionable.body_tokens).toBe(countTokens(JSON.stringify(r.calls[0].check.body)));
  });

  test('each body is what check() gives the call on its own', () => {
    const r = report(essayText);
    const lines = essayText.split('\n').filter((l) => l.startsWith('[turn'));
    r.calls.forEach((c, i) => {
      const own = check(helpdesk, lines[i].replace(/^\[turn \d+\] /, ''));
      expect(c.check).toEqual({ ok: own.ok, tool: own.tool, body: own.body, corrections: own.corrections, suggested_call: own.suggested_call });
    });
  });

  test('without a token counter every token figure is null, and nothing else changes', () => {
    const withTokens = report(essayText);
    const without = report(essayText, {});
    expect(without.wasted_tokens).toBeNull();
    expect(without.actionable.body_tokens).toBeNull();
    expect(without.calls.map((c) => c.tokens)).toEqual([null, null, null, null, null]);
    const strip = (r: ReplayReport) => ({ ...r, wasted_tokens: null, actionable: { ...r.actionable, body_tokens: null }, calls: r.calls.map((c) => ({ ...c, tokens: null })) });
    expect(without).toEqual(strip(withTokens));
  });
});

/** What does not depend on the envelope: the calls, the results, the bodies, the fixes and the waste. */
const core = (r: ReplayReport) => ({
  calls: r.calls.map((c: ReplayCall) => ({ name: c.name, arguments: c.arguments, result: c.result, check: c.check, faults: c.faults, next_same_tool: c.next_same_tool, fixed_by_next: c.fixed_by_next, loop: c.loop, wasted: c.wasted, tokens: c.tokens })),
  loops: r.loops,
  wasted_turns: r.wasted_turns,
  wasted_calls: r.wasted_calls,
  wasted_tokens: r.wasted_tokens,
  actionable: r.actionable,
});

describe('the same transcript in every shape', () => {
  const essay = report(essayText);
  const cases: [string, string, (string | null)[], number[], (number | null)[]][] = [
    // fixture, format, ids, turns, lines
    ['essay-openai-chat.json', 'openai-chat', ['call_4', 'call_5', 'call_6', 'call_7', 'call_8'], [1, 2, 3, 4, 5], [null, null, null, null, null]],
    ['essay-anthropic.json', 'anthropic', ['toolu_4', 'toolu_5', 'toolu_6', 'toolu_7', 'toolu_8'], [1, 2, 3, 4, 5], [null, null, null, null, null]],
    ['essay-openai-responses.json', 'openai-responses', ['call_4', 'call_5', 'call_6', 'call_7', 'call_8'], [1, 2, 3, 4, 5], [null, null, null, null, null]],
    // A call log's records carry their turn numbers.
    ['essay-call-log.jsonl', 'calls', [null, null, null, null, null], [4, 5, 6, 7, 8], [1, 2, 3, 4, 5]],
  ];
  for (const [file, format, ids, turns, lines] of cases) {
    test(`${file}: ${format}, the same calls, results, bodies and waste`, () => {
      const r = report(fixture(file));
      expect(r.format).toBe(format);
      expect(r.calls.map((c) => c.id)).toEqual(ids);
      expect(r.calls.map((c) => c.turn)).toEqual(turns);
      expect(r.calls.map((c) => c.line)).toEqual(lines);
      expect(r.wasted_turn_numbers).toEqual(turns.slice(1, 4));
      expect(core(r)).toEqual(core(essay));
    });
  }

  test('the chat transcript as a parsed value reads as its text does', () => {
    expect(report(JSON.parse(fixture('essay-openai-chat.json')))).toEqual(report(fixture('essay-openai-chat.json')));
  });

  test('Gemini contents: functionCall parts, functionResponse results as their JSON', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'Set ticket T-8841 to open.' }] },
      ...[['OPEN', { error: 'Invalid status' }], ['open', { ticket_id: 'T-8841', status: 'open' }]].flatMap(([s, response]) => [
        { role: 'model', parts: [{ functionCall: { name: 'update_ticket', args: status(s as string) } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'update_ticket', response } }] },
      ]),
    ];
    const r = report({ contents });
    expect(r.format).toBe('gemini');
    expect(r.calls.map((c) => [c.turn, c.name, c.arguments, c.result, c.check.ok, c.fixed_by_next])).toEqual([
      [1, 'update_ticket', status('OPEN'), { text: '{"error":"Invalid status"}', is_error: true }, false, true],
      [2, 'update_ticket', status('open'), { text: '{"ticket_id":"T-8841","status":"open"}', is_error: false }, true, null],
    ]);
    expect(r.calls[0].check.body).toEqual(invalidStatus('OPEN'));
    expect(r.wasted_turns).toBe(0);
  });

  test("Gemini's functionCall on its own, bare or in its part, is one call", () => {
    for (const input of [{ name: 'update_ticket', args: status('OPEN') }, { functionCall: { name: 'update_ticket', args: status('OPEN') } }]) {
      const r = report(input);
      expect(r.format).toBe('call');
      expect(r.calls).toHaveLength(1);
      expect(r.calls[0]).toMatchObject({ name: 'update_ticket', arguments: status('OPEN'), result: null, check: rejected('OPEN') });
    }
  });

  test('an assistant message with several tool_calls: one turn, each call checked, results paired by id', () => {
    const message = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(status('OPEN')) } },
        { id: 'b', type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id": "T-8841"}' } },
      ],
    };
    const r = report(message);
    expect(r.format).toBe('openai-chat');
    expect(r.turns).toBe(1);
    expect(r.calls.map((c) => [c.index, c.turn, c.id, c.name, c.check.ok])).toEqual([
      [0, 1, 'a', 'update_ticket', false],
      [1, 1, 'b', 'get_ticket', true],
    ]);
    expect(r.calls[0].check.body).toEqual(invalidStatus('OPEN'));
    // Results come back in the other order; ids pair them.
    const withResults = report([message, { role: 'tool', tool_call_id: 'b', content: READ }, { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: INVALID }] }]);
    expect(withResults.calls.map((c) => c.result)).toEqual([{ text: INVALID, is_error: true }, { text: READ, is_error: false }]);
  });

  test('an array of calls in mixed shapes: one turn each, in order', () => {
    const r = report([
      { name: 'update_ticket', arguments: status('Open') },
      { type: 'tool_use', id: 'toolu_1', name: 'update_ticket', input: status('pending') },
      { type: 'function', id: 'c', function: { name: 'get_ticket', arguments: '{"ticket_id": "T-8841" "status": "open"}' } },
    ]);
    expect(r.format).toBe('anthropic');
    expect(r.calls.map((c) => [c.turn, c.id, c.name, c.arguments, c.check.ok])).toEqual([
      [1, null, 'update_ticket', status('Open'), false],
      [2, 'toolu_1', 'update_ticket', status('pending'), true],
      // Arguments that are not JSON: the call is still a call, and check() says what is wrong.
      [3, 'c', 'get_ticket', null, false],
    ]);
    expect(r.calls[2].check.body).toMatchObject({ error: 'invalid_json', field: 'arguments' });
    expect(report([{ name: 'update_ticket', arguments: status('Open') }]).format).toBe('calls');
  });

  test('OpenAI Responses: consecutive function_call items are one turn (parallel calls)', () => {
    const r = report({
      output: [
        { type: 'reasoning', summary: [] },
        { type: 'function_call', call_id: 'x', name: 'update_ticket', arguments: JSON.stringify(status('OPEN')) },
        { type: 'function_call', call_id: 'y', name: 'list_agents', arguments: '{}' },
        { type: 'function_call_output', call_id: 'x', output: INVALID },
        { type: 'function_call', call_id: 'z', name: 'update_ticket', arguments: JSON.stringify(status('open')) },
      ],
    });
    expect(r.format).toBe('openai-responses');
    expect(r.calls.map((c) => [c.turn, c.id, c.result?.text ?? null])).toEqual([
      [1, 'x', INVALID],
      [1, 'y', null],
      [2, 'z', null],
    ]);
    expect(r.episodes).toEqual([{ tool: 'update_ticket', first_call: 0, last_call: 2, fixed: true, recovery_turns: 1, wasted_turns: [] }]);
  });

  test('MCP: tools/call requests and their responses, paired by JSON-RPC id, as JSON lines', () => {
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'update_ticket', arguments: status('OPEN') } },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Invalid status' }], isError: true } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'update_ticket', arguments: status('open') } },
      { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'server went away' } },
    ].map((l) => JSON.stringify(l));
    const r = report(lines.join('\n'));
    expect(r.format).toBe('mcp');
    expect(r.calls.map((c) => [c.turn, c.id, c.line, c.result])).toEqual([
      [1, '2', 2, { text: 'Invalid status', is_error: true }],
      [2, '3', 4, { text: '{"code":-32000,"message":"server went away"}', is_error: true }],
    ]);
    expect(r.calls[0].check.body).toEqual(invalidStatus('OPEN'));
  });

  test('a call log of single-call lines, as --jsonl reads: a line that is not a call is a call check() explains', () => {
    const r = report(['update_ticket(ticket_id="T-8841", status="OPEN")', '', 'not a call', JSON.stringify({ name: 'update_ticket', arguments: status('closed') })].join('\n'));
    expect(r.format).toBe('calls');
    expect(r.calls.map((c) => [c.turn, c.line, c.name, c.check.ok, c.check.body?.error ?? null])).toEqual([
      [1, 1, 'update_ticket', false, 'invalid_status'],
      [2, 3, null, false, 'invalid_json'],
      [3, 4, 'update_ticket', true, null],
    ]);
    // The unreadable line names no tool, so it is in no episode and the two update_ticket calls are one.
    expect(r.episodes).toEqual([{ tool: 'update_ticket', first_call: 0, last_call: 2, fixed: true, recovery_turns: 2, wasted_turns: [2] }]);
    expect(r.wasted_tokens).toBe(countTokens('not a call'));
  });

  test('the printed form without turn labels, with prose around it and a result over several lines', () => {
    const text = [
      'Here is what the agent did:',
      '',
      'update_ticket(ticket_id="T-8841",',
      '              status="Open")',
      '  -> {',
      '       "error": "Invalid status"',
      '     }',
      '',
      'update_ticket(ticket_id="T-8841", status="open")',
      '  -> ok',
    ].join('\n');
    const r = report(text);
    expect(r.format).toBe('text');
    expect(r.calls.map((c) => [c.turn, c.line, c.arguments, c.result])).toEqual([
      [1, 3, status('Open'), { text: '{\n       "error": "Invalid status"\n     }', is_error: true }],
      [2, 9, status('open'), { text: 'ok', is_error: false }],
    ]);
  });

  test('one call on its own is a transcript of one call; single-call checking is unchanged', () => {
    const r = report('update_ticket(ticket_id="T-8841", status="OPEN")');
    expect([r.format, r.turns, r.calls.length, r.wasted_turns]).toEqual(['call', 1, 1, 0]);
    expect(parseCall([{ name: 'a', arguments: {} }, { name: 'b', arguments: {} }])).toMatchObject({ ok: false, fault: { statement: 'holds 2 calls: check one call at a time' } });
  });

  test('nothing to replay: empty input, or results with no calls', () => {
    expect(replay(helpdesk, '  \n')).toEqual({ ok: false, message: 'is empty: paste a tool call or a transcript' });
    expect(replay(helpdesk, '-> {"error": "x"}')).toEqual({ ok: false, message: 'holds no tool calls' });
    expect(replay(helpdesk, { messages: [{ role: 'user', content: 'hi' }] })).toEqual({ ok: false, message: 'holds no tool calls' });
    // A line of prose is no call in any shape: said so, not replayed as one call refused as invalid JSON.
    expect(replay(helpdesk, 'this is not a transcript at all')).toEqual({ ok: false, message: 'holds no tool call: paste one (update_ticket(ticket_id="T-8841") or JSON) or a transcript' });
    // A line that may be a call still is one, which check() explains.
    expect(replay(helpdesk, 'update_ticket(ticket_id=')).toMatchObject({ ok: true, report: { calls: [{ check: { ok: false } }] } });
  });
});

describe('the wasted-turn rule on other transcripts', () => {
  const log = (...calls: [string, Record<string, unknown>][]) => calls.map(([name, args], i) => JSON.stringify({ turn: i + 1, name, arguments: args })).join('\n');

  test('no faults: nothing wasted, no loops, no episodes', () => {
    const r = report(log(['get_ticket', { ticket_id: 'T-8841' }], ['update_ticket', status('closed')], ['list_agents', {}]));
    expect([r.wasted_turns, r.wasted_calls, r.wasted_tokens, r.loops, r.episodes, r.actionable]).toEqual([0, 0, 0, [], [], { turns: 0, body_tokens: 0 }]);
    expect(r.calls.map((c) => [c.fixed_by_next, c.loop, c.wasted, c.episode])).toEqual([[null, false, false, null], [null, false, false, null], [null, false, false, null]]);
  });

  test('a fault fixed by the very next call: nothing wasted', () => {
    const r = report(log(['update_ticket', status('OPEN')], ['update_ticket', status('open')]));
    expect(r.calls.map((c) => [c.fixed_by_next, c.loop, c.wasted])).toEqual([[true, false, false], [null, false, false]]);
    expect(r.episodes).toEqual([{ tool: 'update_ticket', first_call: 0, last_call: 1, fixed: true, recovery_turns: 1, wasted_turns: [] }]);
    expect([r.wasted_turns, r.wasted_tokens, r.actionable.turns]).toEqual([0, 0, 1]);
  });

  test('a loop that never recovers: every retry but the one an actionable body would take is wasted', () => {
    const r = report(log(['update_ticket', status('OPEN')], ['update_ticket', status('Open')], ['update_ticket', status('ACTIVE')], ['update_ticket', status('OPEN')], ['list_agents', {}]));
    expect(r.loops).toEqual([{ tool: 'update_ticket', code: 'invalid_status', field: 'status', calls: [0, 1, 2, 3] }]);
    expect(r.episodes).toEqual([{ tool: 'update_ticket', first_call: 0, last_call: 3, fixed: false, recovery_turns: 3, wasted_turns: [2, 3] }]);
    expect(r.calls.map((c) => [c.fixed_by_next, c.loop, c.episode, c.wasted])).toEqual([
      [false, true, 0, false],
      [false, true, 0, true],
      [false, true, 0, true],
      [null, true, 0, false],
      [null, false, null, false],
    ]);
    expect([r.wasted_turns, r.wasted_turn_numbers, r.wasted_calls]).toEqual([2, [2, 3], 2]);
  });

  test('a loop is the same code on the same field; a call that fixes one field and keeps another fault continues only that one', () => {
    const r = report(
      log(
        ['update_ticket', { ticket_id: 'T-8841', status: 'OPEN', priority: 'high' }],
        ['update_ticket', { ticket_id: 'T-8841', status: 'open', priority: 'urgent' }],
        ['update_ticket', { ticket_id: 'T-8841', status: 'open', priority: 'p1' }],
      ),
    );
    expect(r.calls.map((c) => c.faults)).toEqual([
      [{ code: 'invalid_status', field: 'status' }, { code: 'invalid_priority', field: 'priority' }],
      [{ code: 'invalid_priority', field: 'priority' }],
      [],
    ]);
    expect(r.loops).toEqual([{ tool: 'update_ticket', code: 'invalid_priority', field: 'priority', calls: [0, 1] }]);
    // The fault was not fixed by the next call (it was still rejected), so the episode runs to call 2.
    expect(r.episodes).toEqual([{ tool: 'update_ticket', first_call: 0, last_call: 2, fixed: true, recovery_turns: 2, wasted_turns: [2] }]);
  });

  test('two episodes whose recoveries overlap count each wasted turn once', () => {
    const r = report(
      log(
        ['update_ticket', status('OPEN')],
        ['create_customer', { name: 'Ada', email: 'ada@example.com', country_code: 'UK' }],
        ['update_ticket', status('Open')],
        ['create_customer', { name: 'Ada', email: 'ada@example.com', country_code: 'GB' }],
        ['update_ticket', status('open')],
      ),
    );
    expect(r.episodes.map((e) => [e.tool, e.first_call, e.last_call, e.wasted_turns])).toEqual([
      ['update_ticket', 0, 4, [2, 3, 4]],
      ['create_customer', 1, 3, [3]],
    ]);
    expect([r.wasted_turns, r.wasted_turn_numbers, r.actionable.turns]).toEqual([3, [2, 3, 4], 2]);
  });

  test('calls made side by side in one turn are one turn', () => {
    const r = report([
      { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(status('OPEN')) } }, { id: '2', type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id":"T-8841"}' } }] },
      { role: 'assistant', tool_calls: [{ id: '3', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(status('Open')) } }, { id: '4', type: 'function', function: { name: 'get_ticket', arguments: '{"ticket_id":"T-8841"}' } }] },
      { role: 'assistant', tool_calls: [{ id: '5', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(status('open')) } }] },
    ]);
    expect(r.calls.map((c) => c.turn)).toEqual([1, 1, 2, 2, 3]);
    expect([r.turns, r.wasted_turns, r.wasted_calls, r.calls.map((c) => c.wasted)]).toEqual([3, 1, 2, [false, false, true, true, false]]);
  });

  test("check() options pass through: the pack's sample state, or none", () => {
    const missing = log(['update_ticket', { ticket_id: 'T-404', status: 'open' }], ['update_ticket', { ticket_id: 'T-404', status: 'open' }]);
    expect(report(missing).calls.map((c) => c.check.body?.error)).toEqual(['not_found', 'not_found']);
    expect(report(missing).loops).toEqual([{ tool: 'update_ticket', code: 'not_found', field: 'ticket_id', calls: [0, 1] }]);
    expect(report(missing, { check: { checks: false } }).calls.map((c) => c.check.ok)).toEqual([true, true]);
  });
});

describe('reading transcripts', () => {
  test('readTranscript hands check() each call as written, with its turn and line', () => {
    const t = readTranscript(fixture('essay-call-log.jsonl'));
    expect(t.ok && t.calls.map((c) => [c.index, c.turn_index, c.turn, c.line, c.input])).toEqual([
      [0, 0, 4, 1, { name: 'update_ticket', arguments: status('OPEN') }],
      [1, 1, 5, 2, { name: 'update_ticket', arguments: status('Open') }],
      [2, 2, 6, 3, { name: 'update_ticket', arguments: status('ACTIVE') }],
      [3, 3, 7, 4, { name: 'get_ticket', arguments: { ticket_id: 'T-8841' } }],
      [4, 4, 8, 5, { name: 'update_ticket', arguments: status('open') }],
    ]);
    const text = readTranscript(essayText);
    expect(text.ok && text.calls.map((c) => c.input)).toEqual(essayText.split('\n').filter((l) => l.startsWith('[turn')).map((l) => l.replace(/^\[turn \d+\] /, '')));
  });
});

describe('npm run check -- --replay FILE', () => {
  const files: Record<string, string> = { 'essay.txt': essayText, 'empty.txt': '' };
  const io = (stdin = '') => ({ stdin: () => stdin, readFile: (p: string) => { if (!(p in files)) throw new Error('ENOENT: no such file'); return files[p]; }, pack: getPack, toolsPack: packFromToolDefinitions, countTokens });

  test('prints the report as one JSON object and exits 0', () => {
    const out = runCli(['--pack', 'helpdesk', '--replay', 'essay.txt'], io());
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe(JSON.stringify(report(essayText), null, 2) + '\n');
    const parsed = JSON.parse(out.stdout);
    expect([parsed.calls.length, parsed.wasted_turns, parsed.wasted_tokens]).toEqual([5, 3, 97]);
  });

  test('- reads standard input; --tool names the tool of bare arguments; --tools replays against your own tools', () => {
    expect(runCli(['--pack', 'helpdesk', '--replay', '-'], io(essayText)).stdout).toBe(JSON.stringify(report(essayText), null, 2) + '\n');
    const bare = JSON.parse(runCli(['--pack', 'helpdesk', '--tool', 'update_ticket', '--replay', '-'], io(JSON.stringify(status('OPEN')))).stdout);
    expect(bare.calls[0].check.body).toEqual(invalidStatus('OPEN'));
    files['tools.json'] = JSON.stringify([{ name: 'set_mode', input_schema: { type: 'object', properties: { mode: { type: 'string', enum: ['fast', 'safe'] } }, required: ['mode'] } }]);
    const own = JSON.parse(runCli(['--tools', 'tools.json', '--replay', '-'], io('set_mode(mode="FAST")\nset_mode(mode="fast")')).stdout);
    expect([own.pack, own.calls.map((c: ReplayCall) => c.check.ok), own.episodes[0].fixed]).toEqual(['custom', [false, true], true]);
  });

  test('usage mistakes and unreadable input exit 2 with the reason', () => {
    expect(runCli(['--pack', 'helpdesk', '--replay', 'essay.txt', '--jsonl'], io())).toMatchObject({ stdout: '', code: 2, stderr: expect.stringContaining('error: --replay prints one report; it does not go with --export, --lint, --full or --jsonl') });
    expect(runCli(['--pack', 'helpdesk', '--replay'], io())).toMatchObject({ code: 2, stderr: expect.stringContaining('error: --replay needs a value') });
    expect(runCli(['--pack', 'helpdesk', '--replay', 'nope.txt'], io())).toEqual({ stdout: '', stderr: 'error: cannot read nope.txt: ENOENT: no such file\n', code: 2 });
    expect(runCli(['--pack', 'helpdesk', '--replay', 'empty.txt'], io())).toEqual({ stdout: '', stderr: 'error: empty.txt is empty: paste a tool call or a transcript\n', code: 2 });
  });

  test('the bundled bin prints the same bytes; it loads the tokenizer only for --replay', () => {
    const file = new URL('../fixtures/essay-anthropic.json', import.meta.url).pathname;
    const r = spawnSync(process.execPath, ['src/cli/launch.mjs', '--pack', 'helpdesk', '--replay', file], { encoding: 'utf8', timeout: 120_000 });
    files['anthropic.json'] = fixture('essay-anthropic.json');
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: runCli(['--pack', 'helpdesk', '--replay', 'anthropic.json'], io()).stdout, stderr: '', status: 0 });
    // What the bin loads before it runs (its static imports, followed through) holds no tokenizer: only --replay imports it.
    type Output = { imports: { path: string; kind: string }[]; inputs: string[] };
    const outputs: Record<string, Output> = JSON.parse(readFileSync(new URL('../../lib/build-meta.json', import.meta.url), 'utf8')).outputs;
    const loaded = new Set<string>();
    const queue = ['cli.js'];
    while (queue.length) {
      const f = queue.pop()!;
      if (loaded.has(f)) continue;
      loaded.add(f);
      queue.push(...outputs[f].imports.filter((i) => i.kind === 'import-statement' && i.path in outputs).map((i) => i.path));
    }
    expect([...loaded].flatMap((f) => outputs[f].inputs).filter((i) => i.includes('gpt-tokenizer'))).toEqual([]);
    const lazy = outputs['cli.js'].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(lazy.filter((p) => outputs[p].inputs.some((i) => i.includes('gpt-tokenizer/esm/encoding/o200k_base')))).toHaveLength(1);
  }, 120_000);
});
