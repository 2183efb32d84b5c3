// grade(): every point earned by one reply and missed by another, on the helpdesk pack's calls from the
// essays; the engine's own bodies graded by the same code, with the results they really get.
import { describe, expect, test } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { check, grade, GRADE_POINTS, readReply, type Grade, type GradePointId } from '../../src/engine';
import { packs } from '../../src/packs';

const pack = packs.find((p) => p.id === 'helpdesk')!;
const countTokens = (text: string) => encode(text).length;
const BAD_STATUS = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } };
const TWO_FAULTS = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN', priority: 'high' } };
const NO_TICKET = { name: 'update_ticket', arguments: { ticket_id: 'T-9999', status: 'open' } };

function at(g: Grade, id: GradePointId) {
  const p = g.points.find((x) => x.id === id);
  if (!p) throw new Error(`no point ${id}`);
  return p;
}
const graded = (call: unknown, reply: unknown) => grade(pack, call, reply, { countTokens });

describe('grade(): each point earned and missed', () => {
  test('every point is reported, once, in order', () => {
    expect(graded(BAD_STATUS, '{"error":"Invalid status"}').points.map((p) => p.id)).toEqual([...GRADE_POINTS]);
  });

  test('code', () => {
    expect(at(graded(BAD_STATUS, { error: 'invalid_status' }), 'code').met).toBe(true);
    const prose = at(graded(BAD_STATUS, { error: 'Invalid status' }), 'code');
    expect(prose.met).toBe(false);
    expect(prose.note).toMatch(/no machine-readable code/);
  });

  test('field: a path the call has, not a word of prose nor a name it lacks', () => {
    expect(at(graded(BAD_STATUS, { error: 'x', field: 'status' }), 'field').met).toBe(true);
    expect(at(graded(BAD_STATUS, "Error: invalid value for argument 'status'"), 'field').met).toBe(true);
    const word = at(graded(BAD_STATUS, { error: 'Invalid status' }), 'field');
    expect(word).toMatchObject({ met: false });
    expect(word.note).toMatch(/word of prose/);
    const stray = at(graded(BAD_STATUS, { error: 'invalid_state', field: 'state' }), 'field');
    expect(stray.met).toBe(false);
    expect(stray.note).toMatch(/"state", which the call does not have/);
  });

  test('received: quoted apart; spliced into the sentence is an injection risk', () => {
    expect(at(graded(BAD_STATUS, { error: 'invalid_status', received: 'OPEN' }), 'received').met).toBe(true);
    const quotedInText = at(graded(BAD_STATUS, "status 'OPEN' is not allowed"), 'received');
    expect(quotedInText.met).toBe(true);
    expect(quotedInText.note).toMatch(/inside the message/);
    const spliced = at(graded(BAD_STATUS, 'Invalid status OPEN for this ticket'), 'received');
    expect(spliced.met).toBe(false);
    expect(spliced.note).toMatch(/injection risk/);
    expect(at(graded(BAD_STATUS, { error: 'Invalid status' }), 'received').met).toBe(false);
  });

  test('what would pass: compared with the schema, not taken on trust', () => {
    const right = at(graded(BAD_STATUS, { field: 'status', message: 'must be one of: open, pending, closed' }), 'permitted');
    expect(right.met).toBe(true);
    const wrong = at(graded(BAD_STATUS, { field: 'status', message: 'must be one of: open, pending, resolved' }), 'permitted');
    expect(wrong.met).toBe(false);
    expect(wrong.note).toMatch(/names resolved, which the schema refuses/);
    expect(wrong.note).toMatch(/omits closed, which the schema accepts/);
    const none = at(graded(BAD_STATUS, { error: 'Invalid status' }), 'permitted');
    expect(none.met).toBe(false);
    expect(none.note).toMatch(/the schema permits open, pending, closed/);
  });

  test('what would pass, for a rule: a rule and one example', () => {
    const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', due_at: 'next Friday' } };
    expect(at(graded(call, { field: 'due_at', message: 'must be an ISO 8601 timestamp in UTC, e.g. 2026-03-11T09:14:02Z' }), 'permitted').met).toBe(true);
    const ruleOnly = at(graded(call, { field: 'due_at', message: 'must be an ISO 8601 timestamp' }), 'permitted');
    expect(ruleOnly.met).toBe(false);
    expect(ruleOnly.note).toMatch(/no example/);
  });

  test('next call, for a state fault', () => {
    expect(check(pack, NO_TICKET).body?.error).toBe('not_found');
    expect(at(graded(NO_TICKET, { error: 'not_found', field: 'ticket_id', next_call: 'search_tickets(query)' }), 'next_call').met).toBe(true);
    const without = at(graded(NO_TICKET, { error: 'not_found', field: 'ticket_id' }), 'next_call');
    expect(without.met).toBe(false);
    expect(without.note).toMatch(/search_tickets\(query\)/);
  });

  test('retryable: said, and said rightly', () => {
    expect(at(graded(BAD_STATUS, { error: 'invalid_status', retryable: false }), 'retryable').met).toBe(true);
    expect(at(graded(BAD_STATUS, { error: 'invalid_status' }), 'retryable').met).toBe(false);
    const wrong = at(graded(BAD_STATUS, { error: 'invalid_status', retryable: true }), 'retryable');
    expect(wrong.met).toBe(false);
    expect(wrong.note).toMatch(/will fail again/);
  });

  test('faults: all in one reply, or the rounds one at a time costs', () => {
    expect(at(graded(TWO_FAULTS, check(pack, TWO_FAULTS).body), 'faults').met).toBe(true);
    const one = at(graded(TWO_FAULTS, { error: 'invalid_status', field: 'status', message: 'must be one of: open, pending, closed' }), 'faults');
    expect(one.met).toBe(false);
    expect(one.note).toMatch(/2 independent faults and the reply names 1; one at a time, that is at least 2 rounds/);
  });

  test('leaks: stack traces, internal paths, SQL', () => {
    expect(at(graded(BAD_STATUS, { error: 'invalid_status' }), 'leaks').met).toBe(true);
    const trace = 'TypeError: Cannot read properties of undefined\n    at updateTicket (/srv/app/handlers/tickets.js:41:17)';
    expect(at(graded(BAD_STATUS, trace), 'leaks')).toMatchObject({ met: false });
    expect(at(graded(BAD_STATUS, trace), 'leaks').note).toMatch(/stack trace/);
    expect(at(graded(BAD_STATUS, 'ERROR: invalid input value for enum ticket_status: "OPEN" (SQLSTATE 22P02)'), 'leaks').note).toMatch(/SQL/);
  });

  test('tokens: counted by the counter handed in, over the budget fails', () => {
    const g = graded(BAD_STATUS, '{"error":"Invalid status"}');
    expect(g.tokens.reply).toBe(countTokens('{"error":"Invalid status"}'));
    expect(g.tokens.body).toBe(countTokens(JSON.stringify(check(pack, BAD_STATUS).body)));
    expect(at(g, 'tokens').met).toBe(true);
    const long = { error: 'invalid_status', allowed: Array.from({ length: 300 }, (_, i) => `status-${i}`) };
    expect(at(graded(BAD_STATUS, long), 'tokens').met).toBe(false);
  });

  test('rounds: the essay\'s body recovers in one, a bare "Invalid status" never', () => {
    const bare = graded(BAD_STATUS, '{"error":"Invalid status"}');
    expect(bare.rounds).toEqual({ reply: null, body: 1 });
    expect(at(bare, 'rounds').met).toBe(false);
    const essay = graded(BAD_STATUS, { error: 'invalid_status', field: 'status', message: 'must be one of: open, pending, closed', received: 'OPEN', retryable: false });
    expect(essay.rounds).toEqual({ reply: 1, body: 1 });
    expect(at(essay, 'rounds').met).toBe(true);
  });

  test('rounds: a wrong set leads the caller astray, and the templated reply keeps saying so', () => {
    // The caller takes 'Open' from the list; a plain server refuses it and says the same with 'Open' quoted.
    const g = graded(BAD_STATUS, { error: 'invalid_status', field: 'status', message: 'must be one of: Open, Pending, Closed', received: 'OPEN' });
    expect(g.rounds.reply).toBeNull();
    expect(g.rounds.body).toBe(1);
  });
});

describe('readReply(): the forms servers send', () => {
  test('an MCP isError result is read through its text', () => {
    const mcp = { content: [{ type: 'text', text: '{"error":"invalid_status","field":"status"}' }], isError: true };
    const read = readReply(mcp);
    expect(read.codes).toContain('invalid_status');
    expect(read.entries[0].field).toBe('status');
    expect(at(graded(BAD_STATUS, mcp), 'field').met).toBe(true);
  });

  test('AJV error objects: the path, and the allowed values in params', () => {
    const ajv = [{ instancePath: '/status', schemaPath: '#/properties/status/enum', keyword: 'enum', params: { allowedValues: ['open', 'pending', 'closed'] }, message: 'must be equal to one of the allowed values' }];
    const g = graded(BAD_STATUS, ajv);
    expect(at(g, 'field').met).toBe(true);
    expect(at(g, 'permitted').met).toBe(true);
    expect(g.rounds.reply).toBe(1);
  });

  test('a JSON-RPC error with problem-shaped data, and problem+json invalid-params', () => {
    const rpc = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params', data: { field: 'status', received: 'OPEN' } } };
    const g = graded(BAD_STATUS, rpc);
    expect(at(g, 'code').note).toMatch(/numeric code/);
    expect(at(g, 'received').met).toBe(true);
    const problem = { type: 'https://example.com/probs/invalid', title: 'Your request parameters didn\'t validate.', status: 400, 'invalid-params': [{ name: 'status', reason: 'must be one of: open, pending, closed' }] };
    const p = graded(BAD_STATUS, problem);
    expect(at(p, 'code').note).toMatch(/probs\/invalid/);
    expect(at(graded(BAD_STATUS, { ...problem, type: 'about:blank' }), 'code').met).toBe(false);
    expect(at(p, 'field').met).toBe(true);
    expect(at(p, 'permitted').met).toBe(true);
    expect(p.rounds.reply).toBe(1);
  });
});

describe("grade(): the engine's own bodies, graded as any reply", () => {
  const own = (call: { name: string; arguments: Record<string, unknown> }) => graded(call, check(pack, call as never).body);
  const unmet = (g: Grade) => g.points.filter((p) => !p.met).map((p) => p.id);

  test('a bad enum value: every point met, one round', () => {
    const g = own(BAD_STATUS);
    expect(unmet(g)).toEqual([]);
    expect(g.rounds).toEqual({ reply: 1, body: 1 });
  });

  test('two faults, one of them ("high" for p1..p3) with no near spelling: the caller never gets there', () => {
    const g = own(TWO_FAULTS);
    expect(unmet(g)).toEqual(['rounds']);
    expect(g.rounds).toEqual({ reply: null, body: null });
  });

  test('a ticket that does not exist: the next call named, but the caller cannot make it', () => {
    const g = own(NO_TICKET);
    expect(at(g, 'next_call').met).toBe(true);
    expect(unmet(g)).toEqual(['rounds']);
  });

  test('an unknown tool: the body states its rule (the tools it can call), so the point is met', () => {
    const misspelt = own({ name: 'update_tickt', arguments: { ticket_id: 'T-8841', status: 'open' } });
    expect(at(misspelt, 'permitted')).toMatchObject({ met: true, note: '"name": names a tool it can call (update_ticket)' });
    expect(unmet(misspelt)).toEqual([]);
    // No tool near: the body lists them, and the list is the rule.
    const body = check(pack, { name: 'zz_qq', arguments: {} }).body!;
    expect(body).toMatchObject({ error: 'unknown_tool' });
    expect(body).not.toHaveProperty('did_you_mean');
    expect(at(graded({ name: 'zz_qq', arguments: {} }, body), 'permitted').met).toBe(true);
  });

  test('an unknown tool: a reply naming no tool, or one the pack lacks, misses the point', () => {
    const call = { name: 'update_tickt', arguments: { ticket_id: 'T-8841', status: 'open' } };
    expect(at(graded(call, { error: 'unknown_tool', message: 'Unknown tool' }), 'permitted')).toMatchObject({ met: false, note: '"name" is not a tool of the pack, and the reply does not say which are' });
    expect(at(graded(call, { error: 'unknown_tool', field: 'name', message: 'is not a tool you can call', did_you_mean: ['edit_ticket'] }), 'permitted')).toMatchObject({ met: false, note: '"name": names edit_ticket, which the pack does not have' });
  });

  test('a misspelt argument: renamed in one round', () => {
    const g = own({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', statuss: 'open' } });
    expect(unmet(g)).toEqual([]);
    expect(g.rounds).toEqual({ reply: 1, body: 1 });
  });
});
