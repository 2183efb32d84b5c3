// A broken state, check, rule or effect in a pack fails loading with the file, the JSON path inside it and
// what is wrong, so a pack author finds the mistake where it is written.
import { describe, expect, test } from 'vitest';
import { loadPack, PackError } from '../src/engine';
import { PACK_FILES } from '../src/packs';

const FILE = 'content/packs/helpdesk.json';
const good = PACK_FILES[FILE] as any;

/** The problems loading the helpdesk pack with one edit gives, as "path: message" lines. */
function problems(edit: (p: any) => void): string[] {
  const p = structuredClone(good);
  edit(p);
  try {
    loadPack(FILE, p);
  } catch (err) {
    expect(err).toBeInstanceOf(PackError);
    expect((err as PackError).message.startsWith(`${FILE}: `)).toBe(true);
    return (err as PackError).problems.map((x) => `${x.path}: ${x.message}`);
  }
  throw new Error('the broken pack loaded');
}

// update_ticket is tool 1; its checks are exists, permission, ticket_unassigned, reopen_window_expired.
const rule = (p: any, i = 2) => p.tools[1].checks[i];

describe('rules and checks', () => {
  test('the shipped pack loads', () => {
    expect(loadPack(FILE, structuredClone(good)).tool('update_ticket')!.checks.map((c) => c.id)).toEqual(['exists:ticket_id', 'permission', 'rule:ticket_unassigned', 'rule:reopen_window_expired']);
  });

  test('a rule that reads an argument the tool does not declare', () => {
    expect(problems((p) => (rule(p).when.all[0].eq[0] = '$args.state'))).toContain(
      '/tools/1/checks/2/when/all/0/eq/0: "$args.state" refers to the argument "state", which the tool does not declare; its arguments are: ticket_id, status, priority, due_at, subject',
    );
  });

  test('a misspelt record field', () => {
    expect(problems((p) => (rule(p).when.all[1].missing = '$ticket.asignee'))).toContainEqual(expect.stringMatching(/^\/tools\/1\/checks\/2\/when\/all\/1\/missing: "\$ticket.asignee" reads "asignee", which no record of kind tickets has; they have: subject, status/));
  });

  test('a binding no exists check made', () => {
    expect(problems((p) => (rule(p).when.all[1].missing = '$customer.name'))).toContainEqual(expect.stringMatching(/^\/tools\/1\/checks\/2\/when\/all\/1\/missing: "\$customer.name" starts from \$customer, which is not bound here; paths start from \$args, \$caller, \$now, \$records, \$ticket/));
  });

  test('an unknown operator, and a value where a condition belongs', () => {
    expect(problems((p) => (rule(p).when = { equals: ['$args.status', 'closed'] }))).toContainEqual(expect.stringMatching(/^\/tools\/1\/checks\/2\/when: "equals" is not an operator; the operators are all, any, not, eq/));
    expect(problems((p) => (rule(p).when = { add: [1, 2] }))).toContain('/tools/1/checks/2/when: "add" gives a value, not true or false; a condition is one of all, any, not, eq, ne, lt, lte, gt, gte, in, missing, present, some');
    expect(problems((p) => (rule(p).when = { eq: ['$args.status'] }))).toContain('/tools/1/checks/2/when/eq: "eq" takes a list of exactly two expressions');
  });

  test('a path that does not parse', () => {
    expect(problems((p) => (rule(p).when.all[0].eq[0] = '$args..status'))).toContain('/tools/1/checks/2/when/all/0/eq/0: "$args..status" is not a path: expected a key after "." at character 7');
  });

  test('a message that would copy the call into the message', () => {
    expect(problems((p) => (rule(p).message = 'cannot close {$args.ticket_id}'))).toContain(
      '/tools/1/checks/2/message: "{$args.ticket_id}" would copy what the caller sent into the message; what the caller sent goes only under received (set "field")',
    );
    expect(problems((p) => {
      rule(p).let = { sent: '$args.status' };
      rule(p).message = 'cannot be {$sent}';
    })).toContain('/tools/1/checks/2/message: "{$sent}" would copy what the caller sent into the message; what the caller sent goes only under received (set "field")');
  });

  test('a permission message that would describe the record', () => {
    expect(problems((p) => (rule(p, 1).message = 'ticket {$ticket.subject} is not yours'))).toContain(
      '/tools/1/checks/1/message: "{$ticket.subject}": a permission message says what the caller needs and nothing about the record, so it has no placeholders',
    );
  });

  test('checks out of order', () => {
    expect(problems((p) => p.tools[1].checks.reverse())).toContain('/tools/1/checks/2/kind: a permission check comes after a rule check; checks run existence, then permission, then rules, so move it up');
  });

  test('retryable without retry_after, and retry_after on a rule that cannot succeed later', () => {
    expect(problems((p) => (rule(p).retryable = true))).toContain(
      '/tools/1/checks/2: a retryable rule must say when to retry: add "retry_after" (seconds, or an expression such as {"seconds_until": "$calendar.rate_limited_until"})',
    );
    expect(problems((p) => (rule(p).retry_after = 30))).toContain('/tools/1/checks/2/retry_after: goes only with "retryable": true; a call that cannot succeed later has no time to retry');
  });

  test('a next call to a tool the pack does not have', () => {
    expect(problems((p) => (rule(p).next_call = 'asign_ticket(ticket_id)'))).toContainEqual(expect.stringMatching(/^\/tools\/1\/checks\/2\/next_call: names the tool "asign_ticket", which this pack does not have; its tools are: get_ticket/));
  });

  test('a rule code that is generic or an enum code', () => {
    expect(problems((p) => (rule(p).code = 'not_found'))).toContain('/tools/1/checks/2/code: "not_found" is a generic code with its own meaning; a rule needs a code of its own');
    expect(problems((p) => (rule(p).code = 'invalid_status'))).toContain('/tools/1/checks/2/code: "invalid_status" is already the code for a value outside the enum of update_ticket.status');
  });

  test('one code, two meanings', () => {
    expect(problems((p) => {
      p.tools[3].checks.push({ ...structuredClone(rule(p)), retryable: true, retry_after: 5 });
    })).toContain('/tools/3/checks/3/retryable: rule code "ticket_unassigned" is not retryable at /tools/1/checks/2; one code has one meaning');
  });

  test('an exists check on an unknown argument or record kind, and an unknown key', () => {
    expect(problems((p) => (p.tools[0].checks[0].argument = 'ticket'))).toContain('/tools/0/checks/0/argument: "ticket" is not an argument of get_ticket; its arguments are: ticket_id, include_comments');
    expect(problems((p) => (p.tools[0].checks[0].record = 'issues'))).toContain('/tools/0/checks/0/record: "issues" is not a record kind in state.records; its kinds are: tickets, customers, agents');
    expect(problems((p) => (p.tools[0].checks[0].visibile = true))).toContain('/tools/0/checks/0/visibile: unexpected key "visibile" on a exists check; it takes kind, argument, record, as, where, visible');
    expect(problems((p) => delete p.tools[0].checks[0].record)).toContain('/tools/0/checks/0: a exists check needs "record"');
  });

  test('a check kind that does not exist', () => {
    expect(problems((p) => (p.tools[0].checks[0].kind = 'exist'))).toContainEqual(expect.stringMatching(/^\/tools\/0\/checks\/0\/kind: must be equal to one of the allowed values/));
  });

  test('checks with no state to read', () => {
    expect(problems((p) => delete p.state)).toContainEqual('/tools/0/checks: reads the pack state, and this pack has none: add "state" with the records these checks read');
  });

  test('a date rule with no fixed now', () => {
    expect(problems((p) => delete p.state.now)).toContain('/tools/1/checks/3/when: reads the time ($now, days_since or seconds_until), so the state needs "now": a fixed timestamp keeps the result the same on every run');
  });

  test('a state that is not well-formed', () => {
    expect(problems((p) => (p.state.now = '2026-03-11 12:00'))).toContain('/state/now: must be an RFC 3339 timestamp with an offset, such as 2026-03-11T12:00:00Z');
    expect(problems((p) => (p.state.records.tickets['T-1'] = 'open'))).toContain('/state/records/tickets/T-1: must be object');
  });

  test('an effect on a record no exists check bound', () => {
    expect(problems((p) => (p.tools[1].effects[0].update = 'customer'))).toContain('/tools/1/effects/0/update: "customer" is not a record bound by an exists check of update_ticket; bound: ticket');
    expect(problems((p) => (p.tools[1].effects[0].set = {}))).toContain('/tools/1/effects/0/set: must be an object of record fields and the expressions that give their new values');
  });
});

describe('examples of checks', () => {
  test('an example that expects another code', () => {
    expect(problems((p) => (p.tools[1].examples.checks[0].expect = 'forbidden'))).toContainEqual(expect.stringMatching(/^\/tools\/1\/examples\/checks\/0: expects forbidden but the engine gives ticket_unassigned: \{"error":"ticket_unassigned"/));
  });

  test('a check that no example stops', () => {
    expect(problems((p) => (p.tools[1].examples.checks = p.tools[1].examples.checks.filter((e: any) => e.expect !== 'reopen_window_expired')))).toEqual([
      '/tools/1/checks/3: no example stops at rule:reopen_window_expired: add one to examples.checks (or examples.invalid) whose body is reopen_window_expired',
    ]);
  });

  test('a check that no example gets past', () => {
    expect(problems((p) => {
      // Every example that reaches the rule now fails it.
      rule(p).when = { present: '$args.ticket_id' };
      p.tools[1].examples.valid = [{ ticket_id: 'T-9999', status: 'open' }];
    })).toContainEqual(expect.stringMatching(/^\/tools\/1\/checks\/2: no example passes rule:ticket_unassigned/));
  });
});
