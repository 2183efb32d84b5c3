// Stage 5, ordered checks: existence, permission and business rules against a pack's state. Every rule of
// the shipped packs is shown failing (with its exact body) and passing; a hidden record reads exactly as a
// missing one; checks run in order and stop at the first failure; a state can be swapped in; effects show.
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, test } from 'vitest';
import { check, checkDocs, ruleCodes, serializeBody, stateDiffers, stateProblems, traceSteps, type CheckResult, type CompiledPack, type Json, type JsonObject } from '../src/engine';
import { BODY_SCHEMA } from '../src/engine/body/body-schema';
import { getPack, packs } from '../src/packs';
import { VENDOR_RULE_CASES } from './vendor-rules.cases';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

const readOnly = { id: 'eng-9', role: 'agent', team: 'eng', scopes: ['tickets:read', 'customers:read'] };
const ROOM = 'room-4-12@resource.calendar.google.com';

function run(pack: CompiledPack, name: string, args: Json, state?: Json): CheckResult {
  return check(pack, { name, arguments: args }, state === undefined ? {} : { state });
}

/** The pack's own state with one change, leaving the pack untouched. */
function edited(pack: CompiledPack, edit: (s: any) => void): Json {
  const s = structuredClone(pack.state) as any;
  edit(s);
  return s;
}

const validateBody = new Ajv2020({ allErrors: true, strict: false }).compile(BODY_SCHEMA);

interface RuleCase {
  pack: CompiledPack;
  tool: string;
  check: string;
  fails: { args: Json; state?: Json; body: JsonObject };
  passes: { args: Json; state?: Json };
}

const cases: RuleCase[] = [
  {
    pack: helpdesk,
    tool: 'get_ticket',
    check: 'exists:ticket_id',
    fails: {
      args: { ticket_id: 'T-9999' },
      body: { error: 'not_found', field: 'ticket_id', message: 'matches no ticket', received: 'T-9999', next_call: 'search_tickets(query)', retryable: false },
    },
    passes: { args: { ticket_id: 'T-8841' } },
  },
  {
    pack: helpdesk,
    tool: 'update_ticket',
    check: 'permission',
    fails: {
      args: { ticket_id: 'T-8841', priority: 'p2' },
      state: edited(helpdesk, (s) => (s.caller = readOnly)),
      body: {
        error: 'forbidden',
        message: 'this caller may only read tickets: changes need the tickets:write scope; hand the change to an agent who has it',
        retryable: false,
      },
    },
    passes: { args: { ticket_id: 'T-8841', priority: 'p2' } },
  },
  {
    pack: helpdesk,
    tool: 'update_ticket',
    check: 'rule:ticket_unassigned',
    fails: {
      args: { ticket_id: 'T-8850', status: 'closed' },
      body: { error: 'ticket_unassigned', field: 'status', message: 'ticket must be assigned before it can be closed; call assign_ticket first', received: 'closed', next_call: 'assign_ticket(ticket_id, assignee)', retryable: false },
    },
    passes: { args: { ticket_id: 'T-8841', status: 'closed' } },
  },
  {
    pack: helpdesk,
    tool: 'update_ticket',
    check: 'rule:reopen_window_expired',
    fails: {
      args: { ticket_id: 'T-7710', status: 'open' },
      body: {
        error: 'reopen_window_expired',
        field: 'status',
        message: 'cannot reopen this ticket: it was closed at 2026-01-20T10:00:00Z, more than 30 days ago, and such tickets stay closed; open a new ticket with create_ticket and mention this one in its description',
        received: 'open',
        next_call: 'create_ticket(subject, priority)',
        retryable: false,
      },
    },
    passes: { args: { ticket_id: 'T-8790', status: 'open' } },
  },
  {
    pack: helpdesk,
    tool: 'create_ticket',
    check: 'exists:customer_id',
    fails: {
      args: { subject: 'Refund', priority: 'p2', customer_id: 'C-9999' },
      body: { error: 'not_found', field: 'customer_id', message: 'matches no customer', received: 'C-9999', next_call: 'search_customers(query)', retryable: false },
    },
    passes: { args: { subject: 'Refund', priority: 'p2', customer_id: 'C-1042' } },
  },
  {
    pack: helpdesk,
    tool: 'assign_ticket',
    check: 'permission',
    fails: {
      args: { ticket_id: 'T-8850', assignee: 'eng-3' },
      state: edited(helpdesk, (s) => (s.caller = readOnly)),
      body: {
        error: 'forbidden',
        message: 'this caller may only read tickets: changes need the tickets:write scope; hand the change to an agent who has it',
        retryable: false,
      },
    },
    passes: { args: { ticket_id: 'T-8850', assignee: 'eng-3' } },
  },
  {
    pack: helpdesk,
    tool: 'assign_ticket',
    check: 'exists:assignee',
    fails: {
      args: { ticket_id: 'T-8850', assignee: 'eng-99' },
      body: { error: 'not_found', field: 'assignee', message: 'matches no agent', received: 'eng-99', next_call: 'list_agents(team)', retryable: false },
    },
    passes: { args: { ticket_id: 'T-8850', assignee: 'eng-7' } },
  },
  {
    pack: stripe,
    tool: 'create_refund',
    check: 'exists:payment_intent',
    fails: {
      args: { payment_intent: 'pi_3NoSuchIntent' },
      body: {
        error: 'not_found',
        field: 'payment_intent',
        message: 'matches no payment intent',
        received: 'pi_3NoSuchIntent',
        next_call: 'list_payment_intents(customer)',
        retryable: false,
      },
    },
    passes: { args: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', amount: 1500 } },
  },
  {
    pack: stripe,
    tool: 'create_refund',
    check: 'rule:charge_already_refunded',
    fails: {
      args: { charge: 'ch_3FullyRefunded4Hv8Rt2Wn6' },
      body: {
        error: 'charge_already_refunded',
        message: 'this payment has already been refunded in full, so no refund on it can succeed: nothing is left to give back on it',
        retryable: false,
      },
    },
    passes: { args: { charge: 'ch_3PartlyRefunded7Qx2Lk9Ab' } },
  },
  {
    pack: stripe,
    tool: 'create_refund',
    check: 'rule:refund_exceeds_remaining',
    fails: {
      args: { charge: 'ch_3PartlyRefunded7Qx2Lk9Ab', amount: 1000 },
      body: {
        error: 'refund_exceeds_remaining',
        field: 'amount',
        message: 'is more than what remains refundable on this payment, which is 700 in the smallest unit of usd; send at most 700, or leave amount out to refund all of it',
        received: 1000,
        retryable: false,
      },
    },
    passes: { args: { charge: 'ch_3PartlyRefunded7Qx2Lk9Ab', amount: 700 } },
  },
  {
    pack: stripe,
    tool: 'create_refund',
    check: 'rule:balance_insufficient',
    fails: {
      args: { charge: 'ch_3EuroOrder9Kd3Pq7Zm1Xc5V', amount: 100000 },
      body: {
        error: 'balance_insufficient',
        message: "the account's available balance is 40000 in the smallest unit of eur, less than this refund; refund at most 40000, or tell the user the balance must be topped up first",
        retryable: false,
      },
    },
    passes: { args: { charge: 'ch_3EuroOrder9Kd3Pq7Zm1Xc5V', amount: 40000 } },
  },
  {
    pack: stripe,
    tool: 'create_payment_intent',
    check: 'exists:customer',
    fails: {
      args: { amount: 2000, currency: 'usd', customer: 'cus_Nobody' },
      body: { error: 'not_found', field: 'customer', message: 'matches no customer', received: 'cus_Nobody', next_call: 'search_customers(query)', retryable: false },
    },
    passes: { args: { amount: 2000, currency: 'usd', customer: 'cus_NffrFeUfNV2Hib' } },
  },
  {
    pack: calendar,
    tool: 'events_list',
    check: 'exists:calendarId',
    fails: { args: { calendarId: 'Work' }, body: { error: 'not_found', field: 'calendarId', message: 'matches no calendar', received: 'Work', next_call: 'calendarList_list()', retryable: false } },
    passes: { args: { calendarId: 'team@example.com' } },
  },
  {
    pack: calendar,
    tool: 'events_list',
    check: 'rule:time_range_empty',
    fails: {
      args: { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+01:00', timeMax: '2026-03-11T08:00:00Z' },
      body: {
        error: 'time_range_empty',
        field: 'timeMax',
        message: 'must be later than timeMin: the window runs from timeMin up to timeMax, and this one is empty, so the same call can never return an event; swap the two or widen the window',
        received: '2026-03-11T08:00:00Z',
        retryable: false,
      },
    },
    // 09:00 in Zurich is 08:00 UTC: 09:00Z is an hour later, although the text sorts the other way round.
    passes: { args: { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+01:00', timeMax: '2026-03-11T09:00:00Z' } },
  },
  {
    pack: calendar,
    tool: 'events_list',
    check: 'rule:order_by_requires_single_events',
    fails: {
      args: { calendarId: 'primary', orderBy: 'startTime' },
      body: {
        error: 'order_by_requires_single_events',
        field: 'orderBy',
        message: 'can be startTime only when singleEvents is true, because a recurring series has no single start to sort by; send singleEvents: true as well, or leave orderBy out',
        received: 'startTime',
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', orderBy: 'startTime', singleEvents: true } },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'permission',
    fails: {
      args: { calendarId: 'ana@example.com', start: { dateTime: '2026-03-11T09:00:00+01:00' }, end: { dateTime: '2026-03-11T10:00:00+01:00' } },
      body: {
        error: 'forbidden',
        message: "this caller cannot add events to this calendar: that needs writer or owner access (accessRole in calendarList_list), which only its owner can grant",
        next_call: 'calendarList_list()',
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'team@example.com', start: { dateTime: '2026-03-11T09:00:00+01:00' }, end: { dateTime: '2026-03-11T10:00:00+01:00' } } },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:rate_limit_exceeded',
    fails: {
      args: { calendarId: 'launches@group.calendar.google.com', start: { dateTime: '2026-03-12T16:00:00+01:00' }, end: { dateTime: '2026-03-12T17:00:00+01:00' } },
      body: {
        error: 'rate_limit_exceeded',
        message: 'this calendar has taken too many changes in a short time; the same call can succeed once the limit resets, so wait retry_after seconds and send it again unchanged',
        retryable: true,
        retry_after: 45,
      },
    },
    // The same call once the limit has reset.
    passes: {
      args: { calendarId: 'launches@group.calendar.google.com', start: { dateTime: '2026-03-12T16:00:00+01:00' }, end: { dateTime: '2026-03-12T17:00:00+01:00' } },
      state: edited(calendar, (s) => (s.now = '2026-03-11T12:00:46Z')),
    },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:slot_taken',
    fails: {
      args: { calendarId: ROOM, start: { dateTime: '2026-03-11T09:30:00+01:00' }, end: { dateTime: '2026-03-11T10:30:00+01:00' } },
      body: {
        error: 'slot_taken',
        field: 'start.dateTime',
        message: 'overlaps a booking already on this calendar, which holds one booking at a time; find a free time with freebusy_query and book that instead',
        received: '2026-03-11T09:30:00+01:00',
        next_call: 'freebusy_query(timeMin, timeMax, items)',
        retryable: false,
      },
    },
    passes: { args: { calendarId: ROOM, start: { dateTime: '2026-03-11T10:00:00+01:00' }, end: { dateTime: '2026-03-11T10:30:00+01:00' } } },
  },
];

describe('every check of the shipped packs, failing and passing', () => {
  for (const c of cases) {
    test(`${c.pack.id}.${c.tool} ${c.check}`, () => {
      const bad = run(c.pack, c.tool, c.fails.args, c.fails.state);
      expect(bad.ok).toBe(false);
      expect(bad.body).toEqual(c.fails.body);
      // Key order is what the model reads: the exact bytes, not only the same keys.
      expect(serializeBody(bad.body!)).toBe(JSON.stringify(c.fails.body));
      expect(validateBody(bad.body), JSON.stringify(validateBody.errors)).toBe(true);
      expect(bad.log).toMatchObject({ stage: 'checks', outcome: 'rejected', check: c.check });
      expect(bad.checks.find((s) => s.id === c.check)!.outcome).toBe('failed');

      const good = run(c.pack, c.tool, c.passes.args, c.passes.state);
      expect(good.ok, JSON.stringify(good.body)).toBe(true);
      expect(good.checks.find((s) => s.id === c.check)!.outcome).toBe('passed');
      expect(good.log.not_run).toEqual([]);
    });
  }

  test('the cases above cover every check the packs declare', () => {
    const declared = packs.flatMap((p) => p.tools.flatMap((t) => t.checks.map((c) => `${p.id}.${t.name} ${c.id}`)));
    const covered = new Set([...cases, ...VENDOR_RULE_CASES].map((c) => `${c.pack.id}.${c.tool} ${c.check}`));
    // Every exists check is run failing and passing, with its body, by tests/pack-coverage.test.ts; the rest
    // must each have a case here or in tests/vendor-rules.cases.ts.
    const uncovered = declared.filter((d) => !covered.has(d) && !/ exists:/.test(d));
    expect(uncovered).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(cases.length);
  });

  test('no message repeats what the caller sent; it is only under received', () => {
    let seen = 0;
    for (const p of packs) {
      for (const t of p.tools) {
        for (const doc of checkDocs(p, t)) {
          const body = doc.example?.result.body;
          if (!body || typeof body.received !== 'string') continue;
          // A word the pack wrote into the message itself ("closed") is not an echo of the call.
          const template = String((t.checks.find((c) => c.id === doc.id)!.source as { message?: string }).message ?? '');
          if (template.includes(body.received)) continue;
          seen++;
          expect(String(body.message), `${p.id}.${t.name} ${doc.id}`).not.toContain(body.received);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(8);
  });
});

describe('a record the caller may not see reads exactly as a missing one', () => {
  const withoutT9002 = edited(helpdesk, (s) => delete s.records.tickets['T-9002']);

  test.each([
    ['get_ticket', { ticket_id: 'T-9002' }],
    ['update_ticket', { ticket_id: 'T-9002', status: 'closed' }],
    ['assign_ticket', { ticket_id: 'T-9002', assignee: 'eng-3' }],
    // An unknown assignee must not reveal the hidden ticket either: the ticket is checked first.
    ['assign_ticket', { ticket_id: 'T-9002', assignee: 'eng-99' }],
  ])('%s %j', (tool, args) => {
    const hidden = run(helpdesk, tool, args);
    const missing = run(helpdesk, tool, args, withoutT9002);
    expect(hidden.body!.error).toBe('not_found');
    expect(serializeBody(hidden.body!)).toBe(serializeBody(missing.body!));
    expect(hidden.log.not_run).toEqual(missing.log.not_run);
    // Only the engineer's side tells them apart.
    expect(hidden.checks[0].detail).toMatch(/exists but is hidden from this caller/);
    expect(missing.checks[0].detail).toMatch(/no tickets record "T-9002"/);
  });

  test('the hidden record is there for a caller who may see it', () => {
    const admin = edited(helpdesk, (s) => (s.caller = { id: 'ops-1', role: 'admin', team: 'ops', scopes: ['tickets:read', 'tickets:write'] }));
    expect(run(helpdesk, 'get_ticket', { ticket_id: 'T-9002' }, admin).ok).toBe(true);
  });

  test('no did_you_mean or suggested call points at ids near a missing one', () => {
    const r = run(helpdesk, 'get_ticket', { ticket_id: 'T-8842' });
    expect(r.body).not.toHaveProperty('did_you_mean');
    expect(r.did_you_mean).toEqual([]);
    expect(r.suggested_call).toBeNull();
  });
});

describe('declared order, first failure only', () => {
  test('permission before rules: a read-only caller closing an unassigned ticket gets forbidden', () => {
    const r = run(helpdesk, 'update_ticket', { ticket_id: 'T-8850', status: 'closed' }, edited(helpdesk, (s) => (s.caller = readOnly)));
    expect(r.body!.error).toBe('forbidden');
    expect(r.log.check).toBe('permission');
    expect(r.log.not_run).toEqual(['rule:ticket_unassigned', 'rule:reopen_window_expired']);
    expect(r.checks.map((s) => [s.id, s.outcome])).toEqual([
      ['exists:ticket_id', 'passed'],
      ['permission', 'failed'],
      ['rule:ticket_unassigned', 'not_run'],
      ['rule:reopen_window_expired', 'not_run'],
    ]);
  });

  test('existence before permission: a missing ticket is not_found even for a read-only caller', () => {
    const r = run(helpdesk, 'update_ticket', { ticket_id: 'T-9999', status: 'closed' }, edited(helpdesk, (s) => (s.caller = readOnly)));
    expect(r.body!.error).toBe('not_found');
    expect(r.log.not_run).toEqual(['permission', 'rule:ticket_unassigned', 'rule:reopen_window_expired']);
  });

  test('rules in declared order: a fully refunded charge is not also "more than what remains"', () => {
    const r = run(stripe, 'create_refund', { charge: 'ch_3FullyRefunded4Hv8Rt2Wn6', amount: 5000 });
    expect(r.body!.error).toBe('charge_already_refunded');
    expect(r.log.not_run).toEqual(['rule:refund_exceeds_remaining', 'rule:balance_insufficient']);
  });

  test('the rate limit is checked before the booking, so a retry learns about the slot later', () => {
    const state = edited(calendar, (s) => (s.records.calendars[ROOM].rate_limited_until = '2026-03-11T12:00:10Z'));
    const r = run(calendar, 'events_insert', { calendarId: ROOM, start: { dateTime: '2026-03-11T09:30:00+01:00' }, end: { dateTime: '2026-03-11T10:30:00+01:00' } }, state);
    expect(r.body).toMatchObject({ error: 'rate_limit_exceeded', retryable: true, retry_after: 10 });
    expect(r.log.not_run).toEqual(['rule:slot_taken']);
  });

  test('an optional id that was not sent skips its check; the others still run', () => {
    const r = run(stripe, 'create_refund', { charge: 'ch_3MmlLrLkdIwHu7ix0snN0B15' });
    expect(r.checks.map((s) => [s.id, s.outcome])).toEqual([
      ['exists:charge', 'passed'],
      ['exists:payment_intent', 'skipped'],
      ['rule:charge_already_refunded', 'passed'],
      ['rule:refund_exceeds_remaining', 'passed'],
      ['rule:balance_insufficient', 'passed'],
    ]);
  });

  test('a call that fails validation runs no check, and the log says so ("not checked", not "passed")', () => {
    const r = check(helpdesk, 'update_ticket(ticket_id="T-9999", status="OPEN")');
    expect(r.log.stage).toBe('validate');
    expect(r.log.check).toBeUndefined();
    expect(r.log.not_run).toEqual(['exists:ticket_id', 'permission', 'rule:ticket_unassigned', 'rule:reopen_window_expired']);
    expect(r.checks.every((s) => s.outcome === 'not_run')).toBe(true);
    expect(traceSteps(r).map((s) => `${s.label} ${s.outcome}`)).toEqual([
      'validated failed',
      'exists ticket_id not_run',
      'permitted not_run',
      'ticket_unassigned not_run',
      'reopen_window_expired not_run',
    ]);
    expect(traceSteps(r)[0].detail).toBe('1 fault in the arguments; the ordered checks run only on a well-formed call');
    expect(traceSteps(check(helpdesk, 'update_ticket(ticket_id=')).map((s) => s.detail)).toEqual(['the call could not be read as a call to a tool of this pack']);
  });

  test('the trace reads validated, exists, permitted', () => {
    const r = run(calendar, 'events_insert', { calendarId: 'ana@example.com', start: { dateTime: '2026-03-11T09:00:00+01:00' }, end: { dateTime: '2026-03-11T10:00:00+01:00' } });
    expect(traceSteps(r).map((s) => `${s.label} ${s.outcome}`)).toEqual([
      'validated passed',
      'exists calendarId passed',
      'permitted failed',
      'mixed_all_day_and_timed not_run',
      'time_range_empty not_run',
      'recurrence_needs_time_zone not_run',
      'conference_data_dropped not_run',
      'rate_limit_exceeded not_run',
      'slot_taken not_run',
    ]);
  });

  test('an unknown tool or unreadable call has no checks to report', () => {
    const r = check(helpdesk, '{"name": "nope", "arguments": {}}');
    expect(r.checks).toEqual([]);
    expect(r.log.not_run).toEqual([]);
  });
});

describe('a state passed in replaces the pack state', () => {
  test('closing after the ticket was assigned in an edited state', () => {
    const assigned = edited(helpdesk, (s) => (s.records.tickets['T-8850'].assignee = 'eng-3'));
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8850', status: 'closed' }).body!.error).toBe('ticket_unassigned');
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8850', status: 'closed' }, assigned).ok).toBe(true);
  });

  test('a later now moves a ticket out of its reopen window', () => {
    const later = edited(helpdesk, (s) => (s.now = '2026-04-02T00:00:00Z'));
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8790', status: 'open' }).ok).toBe(true);
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8790', status: 'open' }, later).body!.error).toBe('reopen_window_expired');
  });

  test('the pack state is never changed by a check or an override', () => {
    const before = JSON.stringify(helpdesk.state);
    run(helpdesk, 'update_ticket', { ticket_id: 'T-8841', status: 'closed' });
    run(helpdesk, 'assign_ticket', { ticket_id: 'T-8850', assignee: 'eng-3' }, edited(helpdesk, (s) => (s.records.agents['eng-3'].team = 'x')));
    expect(JSON.stringify(helpdesk.state)).toBe(before);
  });

  test('a broken state gives a clear problem list, and check() still answers', () => {
    expect(stateProblems('nope')).toEqual([{ path: '', message: 'must be a JSON object with now, caller and records' }]);
    expect(stateProblems({ now: 'tomorrow', records: { tickets: { 'T-1': 5 } }, extra: 1 })).toEqual([
      { path: '/extra', message: 'unexpected key "extra"; a state has now, caller and records' },
      { path: '/now', message: 'must be an RFC 3339 timestamp with an offset, such as 2026-03-11T12:00:00Z' },
      { path: '/records/tickets/T-1', message: 'must be a record object' },
    ]);
    expect(stateProblems(helpdesk.state)).toEqual([]);
    for (const state of ['nope', null, [], { records: 'x' }, { records: { tickets: [] } }, { caller: 7, records: { tickets: { 'T-8841': { team: 'eng' } } } }] as Json[]) {
      const r = run(helpdesk, 'update_ticket', { ticket_id: 'T-8841', status: 'closed' }, state);
      expect(r.body!.error).toBe('not_found');
    }
  });

  test('stateDiffers is false for the pack state and true after an edit', () => {
    expect(stateDiffers(helpdesk, structuredClone(helpdesk.state) as Json)).toBe(false);
    expect(stateDiffers(helpdesk, undefined)).toBe(false);
    expect(stateDiffers(helpdesk, edited(helpdesk, (s) => (s.now = '2026-03-12T00:00:00Z')))).toBe(true);
  });
});

describe('effects of an accepted call, shown and not applied', () => {
  test('closing a ticket', () => {
    const r = run(helpdesk, 'update_ticket', { ticket_id: 'T-8841', status: 'closed', priority: 'p1' });
    // priority is already p1: no change, so no effect.
    expect(r.effects).toEqual([{ action: 'update', record: 'tickets', id: 'T-8841', field: 'status', from: 'open', to: 'closed' }]);
  });

  test('assigning a ticket that had no assignee', () => {
    expect(run(helpdesk, 'assign_ticket', { ticket_id: 'T-8850', assignee: 'eng-3' }).effects).toEqual([{ action: 'update', record: 'tickets', id: 'T-8850', field: 'assignee', from: null, to: 'eng-3' }]);
  });

  test('a refund without an amount refunds what remains', () => {
    expect(run(stripe, 'create_refund', { charge: 'ch_3PartlyRefunded7Qx2Lk9Ab' }).effects).toEqual([{ action: 'update', record: 'charges', id: 'ch_3PartlyRefunded7Qx2Lk9Ab', field: 'amount_refunded', from: 2300, to: 3000 }]);
    expect(run(stripe, 'create_refund', { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', amount: 1500 }).effects).toEqual([{ action: 'update', record: 'payment_intents', id: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', field: 'amount_refunded', from: 0, to: 1500 }]);
  });

  test('booking an event creates one', () => {
    const r = run(calendar, 'events_insert', { calendarId: ROOM, summary: '1:1', start: { dateTime: '2026-03-11T10:00:00+01:00' }, end: { dateTime: '2026-03-11T10:30:00+01:00' } });
    expect(r.effects).toEqual([
      { action: 'create', record: 'events', id: null, field: 'calendarId', from: null, to: ROOM },
      { action: 'create', record: 'events', id: null, field: 'summary', from: null, to: '1:1' },
      { action: 'create', record: 'events', id: null, field: 'start', from: null, to: { dateTime: '2026-03-11T10:00:00+01:00' } },
      { action: 'create', record: 'events', id: null, field: 'end', from: null, to: { dateTime: '2026-03-11T10:30:00+01:00' } },
    ]);
  });

  test('a rejected call has no effects, and a tool that declares none has none', () => {
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8850', status: 'closed' }).effects).toEqual([]);
    expect(run(helpdesk, 'get_ticket', { ticket_id: 'T-8841' }).effects).toEqual([]);
  });
});

describe('what the site reads', () => {
  test('checkDocs: each check in words, with the body of its example from the engine', () => {
    const docs = checkDocs(helpdesk, helpdesk.tool('update_ticket')!);
    expect(docs.map((d) => [d.id, d.code, d.example?.result.log.check])).toEqual([
      ['exists:ticket_id', 'not_found', 'exists:ticket_id'],
      ['permission', 'forbidden', 'permission'],
      ['rule:ticket_unassigned', 'ticket_unassigned', 'rule:ticket_unassigned'],
      ['rule:reopen_window_expired', 'reopen_window_expired', 'rule:reopen_window_expired'],
    ]);
    expect(docs[2].condition).toBe('status is "closed" and ticket.assignee is absent');
    expect(docs[2].words).toBe('Refused with ticket_unassigned when status is "closed" and ticket.assignee is absent. Retrying the same call is futile.');
    expect(docs[3].condition).toBe('ticket.status is "closed" and status is one of ["open", "pending"] and days since ticket.closed_at > 30');
    expect(docs[1].example!.caller).toMatchObject({ scopes: ['tickets:read', 'customers:read'] });
    expect(docs[1].example!.bytes).toBe(serializeBody(docs[1].example!.result.body!));
  });

  test('every check of every pack has an example body on its docs entry', () => {
    for (const p of packs) for (const t of p.tools) for (const d of checkDocs(p, t)) expect(d.example?.result.body?.error, `${p.id}.${t.name} ${d.id}`).toBe(d.code);
  });

  test('ruleCodes lists each business rule once per tool', () => {
    expect(ruleCodes(stripe).map((r) => [r.code, r.retryable])).toEqual([
      ['charge_already_refunded', false],
      ['refund_exceeds_remaining', false],
      ['balance_insufficient', false],
      ['amount_too_small', false],
    ]);
    expect(ruleCodes(calendar).find((r) => r.code === 'rate_limit_exceeded')).toMatchObject({ tool: 'events_insert', retryable: true });
  });
});
