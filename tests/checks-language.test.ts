// The condition language of checks and effects (src/engine/shared/conditions.ts): what each operator means, how a
// missing value behaves, timestamps compared as instants, computed paths, and that evaluation never reads
// outside the data it is handed.
import { describe, expect, test } from 'vitest';
import { describeExpr, evaluate, type Json } from '../src/engine';
import { checkExpr, instant, parsePath, type ExprContext, type ExprProblem, type Scope } from '../src/engine/shared/conditions';

function scope(over: Partial<Scope> = {}): Scope {
  return {
    args: { status: 'closed', amount: 700, start: { dateTime: '2026-03-11T09:00:00+01:00' } },
    caller: { team: 'eng', scopes: ['tickets:write'] },
    now: '2026-03-11T12:00:00Z',
    records: { balances: { usd: { available: 500 }, eur: { available: 40 } }, events: { a: { cal: 'x', n: 1 }, b: { cal: 'y', n: 2 } } },
    names: new Map<string, Json | undefined>([
      ['ticket', { assignee: null, closed_at: '2026-01-20T12:00:00Z', team: 'eng' }],
      ['payment', { currency: 'eur' }],
    ]),
    ...over,
  };
}

const ev = (e: Json, s = scope()) => evaluate(e, s);

describe('values and paths', () => {
  test('paths read the call, the caller, the state and bound records', () => {
    expect(ev('$args.status')).toBe('closed');
    expect(ev('$args.start.dateTime')).toBe('2026-03-11T09:00:00+01:00');
    expect(ev('$caller.team')).toBe('eng');
    expect(ev('$now')).toBe('2026-03-11T12:00:00Z');
    expect(ev('$ticket.team')).toBe('eng');
    expect(ev('$records.balances[$payment.currency].available')).toBe(40);
  });

  test('a string that does not start with $ is a literal, and literal keeps one that does', () => {
    expect(ev('closed')).toBe('closed');
    expect(ev({ literal: '$args.status' })).toBe('$args.status');
    expect(ev({ literal: { eq: [1, 1] } })).toEqual({ eq: [1, 1] });
  });

  test('what is not there is missing, never an error', () => {
    expect(ev('$args.nope')).toBeUndefined();
    expect(ev('$args.status.length')).toBeUndefined();
    expect(ev('$records.balances[$payment.nope].available')).toBeUndefined();
    expect(ev('$unbound.x')).toBeUndefined();
    expect(ev('$records', scope({ records: undefined }))).toBeUndefined();
  });

  test('only own keys are read: no prototype, no constructor, no array length', () => {
    expect(ev('$args.constructor')).toBeUndefined();
    expect(ev('$args.__proto__')).toBeUndefined();
    expect(ev('$caller.scopes.length')).toBeUndefined();
    expect(ev('$caller.scopes.0')).toBe('tickets:write');
    const hostile = JSON.parse('{"__proto__": {"polluted": true}}');
    expect(ev('$args.__proto__.polluted', scope({ args: hostile }))).toBe(true);
    expect(({} as any).polluted).toBeUndefined();
  });

  test('parsePath refuses what it cannot read', () => {
    expect(parsePath('$a.b[$c.d].e')).toEqual({ root: 'a', segments: [{ key: 'b' }, { dynamic: { root: 'c', segments: [{ key: 'd' }] } }, { key: 'e' }] });
    expect(parsePath('$')).toBe('expected a name after "$" at character 2');
    expect(parsePath('$a[$b')).toBe('expected "]" at character 6');
    expect(parsePath('$a b')).toBe('unexpected " " at character 3; keys are letters, digits, _ and -, joined by "."');
  });
});

describe('operators', () => {
  test('eq and ne: deep equality, where missing equals only missing', () => {
    expect(ev({ eq: ['$args.status', 'closed'] })).toBe(true);
    expect(ev({ eq: [{ literal: { a: [1, 2] } }, { literal: { a: [1, 2] } }] })).toBe(true);
    expect(ev({ eq: ['$args.nope', null] })).toBe(false);
    expect(ev({ eq: ['$args.nope', '$args.other'] })).toBe(true);
    expect(ev({ ne: ['$args.singleEvents', true] })).toBe(true);
  });

  test('order compares numbers, or timestamps as instants; anything else is false', () => {
    expect(ev({ gt: ['$args.amount', 600] })).toBe(true);
    expect(ev({ lte: ['$args.amount', 700] })).toBe(true);
    // 09:00 in Zurich is 08:00 UTC, though the text sorts after it.
    expect(ev({ lt: ['2026-03-11T09:00:00+01:00', '2026-03-11T08:30:00Z'] })).toBe(true);
    expect(ev({ lt: ['2026-03-10', '2026-03-11T00:00:00Z'] })).toBe(true);
    // A local time with no offset is not an instant.
    expect(ev({ lt: ['2026-03-11T08:00:00', '2026-03-11T09:00:00Z'] })).toBe(false);
    expect(ev({ gt: ['b', 'a'] })).toBe(false);
    expect(ev({ gt: ['$args.nope', 0] })).toBe(false);
    expect(ev({ lte: ['$args.nope', 0] })).toBe(false);
    expect(ev({ gt: ['5', 3] })).toBe(false);
  });

  test('in, missing, present', () => {
    expect(ev({ in: ['tickets:write', '$caller.scopes'] })).toBe(true);
    expect(ev({ in: ['admin', '$caller.roles'] })).toBe(false);
    expect(ev({ in: ['$args.nope', [null]] })).toBe(false);
    expect(ev({ missing: '$ticket.assignee' })).toBe(true);
    expect(ev({ missing: '$ticket.nope' })).toBe(true);
    expect(ev({ present: '$ticket.team' })).toBe(true);
  });

  test('all, any, not', () => {
    expect(ev({ all: [{ eq: [1, 1] }, { missing: '$ticket.assignee' }] })).toBe(true);
    expect(ev({ all: [{ eq: [1, 1] }, { eq: [1, 2] }] })).toBe(false);
    expect(ev({ any: [{ eq: [1, 2] }, { eq: [2, 2] }] })).toBe(true);
    expect(ev({ not: { eq: [1, 2] } })).toBe(true);
  });

  test('some binds $item, and restores an outer one', () => {
    expect(ev({ some: ['$records.events', { eq: ['$item.cal', 'y'] }] })).toBe(true);
    expect(ev({ some: ['$records.events', { eq: ['$item.cal', 'z'] }] })).toBe(false);
    expect(ev({ some: ['$args.nope', { eq: [1, 1] }] })).toBe(false);
    const nested: Json = { some: ['$records.events', { all: [{ some: [[1, 2], { eq: ['$item', 2] }] }, { eq: ['$item.n', 2] }] }] };
    expect(ev(nested)).toBe(true);
  });

  test('arithmetic and coalesce', () => {
    expect(ev({ add: ['$args.amount', 300, 0.5] })).toBe(1000.5);
    expect(ev({ sub: ['$args.amount', 200] })).toBe(500);
    expect(ev({ add: ['$args.amount', '$args.nope'] })).toBeUndefined();
    expect(ev({ sub: ['$args.status', 1] })).toBeUndefined();
    expect(ev({ coalesce: ['$args.nope', '$ticket.assignee', 'open'] })).toBe('open');
  });

  test('days_since and seconds_until count from the state\'s now', () => {
    expect(ev({ days_since: '$ticket.closed_at' })).toBe(50);
    expect(ev({ seconds_until: '2026-03-11T12:00:45Z' })).toBe(45);
    expect(ev({ seconds_until: '2026-03-11T12:00:45Z' }, scope({ now: undefined }))).toBeUndefined();
    expect(ev({ days_since: 'yesterday' })).toBeUndefined();
    expect(instant('2026-03-11T12:00:00+01:00')).toBe(Date.UTC(2026, 2, 11, 11));
    expect(instant('2026-03-11T12:00:00')).toBeUndefined();
  });
});

describe('checking an expression a pack wrote', () => {
  const ctx: ExprContext = {
    names: new Map([['ticket', 'tickets']]),
    argumentPaths: ['ticket_id', 'status', 'start.dateTime'],
    callerKeys: ['team', 'scopes'],
    recordKeys: new Map([['tickets', new Set(['status', 'assignee'])], ['balances', new Set(['available'])]]),
  };
  const problemsOf = (e: unknown, condition = true) => {
    const out: ExprProblem[] = [];
    checkExpr(e, '/when', ctx, out, condition);
    return out.map((p) => `${p.path}: ${p.message}`);
  };

  test('a sound condition has no problems', () => {
    expect(problemsOf({ all: [{ eq: ['$args.status', 'closed'] }, { missing: '$ticket.assignee' }, { in: ['x', '$caller.scopes'] }, { lt: ['$args.start.dateTime', '$now'] }] })).toEqual([]);
    expect(problemsOf({ gt: [{ sub: ['$records.balances[$args.ticket_id].available', 1] }, 0] })).toEqual([]);
    expect(problemsOf({ some: ['$records.tickets', { eq: ['$item.status', 'open'] }] })).toEqual([]);
  });

  test('each mistake is named with its path', () => {
    expect(problemsOf({ eq: ['$caller.tema', 'eng'] })).toEqual(['/when/eq/0: "$caller.tema" refers to the caller\'s "tema", which state.caller does not have; it has: team, scopes']);
    expect(problemsOf({ eq: ['$records.ticket[$args.ticket_id].status', 'x'] })).toEqual(['/when/eq/0: "$records.ticket[$args.ticket_id].status" refers to the record kind "ticket", which state.records does not have; its kinds are: tickets, balances']);
    expect(problemsOf({ eq: ['$records.balances.usd.availble', 1] })).toEqual(['/when/eq/0: "$records.balances.usd.availble" reads "availble", which no record of kind balances has; they have: available']);
    expect(problemsOf({ eq: ['$item.x', 1] })).toEqual(['/when/eq/0: "$item.x": $item exists only inside "some"']);
    expect(problemsOf({ eq: ['$now.day', 1] })).toEqual(['/when/eq/0: "$now.day": $now is a timestamp and has no keys']);
    expect(problemsOf({ eq: ['$args[$ticket.status]', 1] })).toEqual(['/when/eq/0: "$args[$ticket.status]": an argument path cannot have a computed [$…] segment']);
    expect(problemsOf({ missing: 'ticket.assignee' })).toEqual(['/when/missing: "missing" takes one $path, such as "$ticket.assignee"']);
    expect(problemsOf({ all: [] })).toEqual(['/when/all: "all" takes a list of at least one expression']);
    expect(problemsOf({ all: ['$args.status'] })).toEqual(['/when/all/0: must be a condition: one operator object whose value is true or false (all, any, not, eq, ne, lt, lte, gt, gte, in, missing, present, some)']);
    expect(problemsOf({ eq: [1, 1], ne: [1, 2] })).toEqual(['/when: an operator object has exactly one key, and this one has 2; the operators are all, any, not, eq, ne, lt, lte, gt, gte, in, missing, present, some, add, sub, coalesce, days_since, seconds_until, literal (wrap a JSON value in {"literal": …})']);
    expect(problemsOf(true)).toEqual(['/when: must be a condition: one operator object whose value is true or false (all, any, not, eq, ne, lt, lte, gt, gte, in, missing, present, some)']);
  });

  test('nesting is bounded', () => {
    let deep: unknown = { eq: [1, 1] };
    for (let i = 0; i < 30; i++) deep = { not: deep };
    expect(problemsOf(deep).some((p) => p.endsWith('nests more than 24 levels deep'))).toBe(true);
  });
});

test('describeExpr puts a condition in words', () => {
  expect(describeExpr({ all: [{ eq: ['$args.orderBy', 'startTime'] }, { ne: ['$args.singleEvents', true] }] })).toBe('orderBy is "startTime" and singleEvents is not true');
  expect(describeExpr({ any: [{ eq: ['$ticket.team', '$caller.team'] }, { eq: ['$caller.role', 'admin'] }] })).toBe('ticket.team is caller.team or caller.role is "admin"');
  expect(describeExpr({ gt: ['$args.amount', { sub: ['$payment.amount', '$payment.amount_refunded'] }] })).toBe('amount > (payment.amount − payment.amount_refunded)');
  expect(describeExpr({ gt: [{ seconds_until: '$calendar.rate_limited_until' }, 0] })).toBe('seconds until calendar.rate_limited_until > 0');
});
