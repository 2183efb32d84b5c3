// The rules the vendors state, enforced where the packs promise them: each rule fails with its exact body
// and passes (vendor-rules.cases.ts), impossible dates and misshaped offsets are refused the same way by
// the CLI's AJV and by the playground's generated validators, an event is found only on its own calendar,
// and the pack compiler holds `where`, `x-record` and the message taint rule to their meaning.
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, test } from 'vitest';
import { check, checkDocs, loadPack, PackError, serializeBody, type CheckOptions, type CompiledPack, type Json, type JsonObject } from '../src/engine';
import { BODY_SCHEMA } from '../src/engine/body/body-schema';
import { instant } from '../src/engine/shared/conditions';
import { dateFormatProblem, STRICT_DATE_FORMATS } from '../src/engine/shared/date-formats';
import { compilePackWith } from '../src/engine/pack/pack-compiler';
import { precompiledBackend, type StandaloneValidate } from '../src/engine/pack/precompiled-backend';
import { getPack, PACK_FILES } from '../src/packs';
import { VENDOR_RULE_CASES } from './vendor-rules.cases';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;
const validateBody = new Ajv2020({ allErrors: true, strict: false }).compile(BODY_SCHEMA);

function withCaller(pack: CompiledPack, caller?: JsonObject): CheckOptions {
  return caller ? { state: { ...(pack.state as JsonObject), caller } } : {};
}

function run(pack: CompiledPack, name: string, args: Json, options: CheckOptions = {}) {
  return check(pack, { name, arguments: args }, options);
}

describe('every rule the vendors state: failing with its exact body, and passing', () => {
  for (const c of VENDOR_RULE_CASES) {
    test(`${c.pack.id}.${c.tool} ${c.check}`, () => {
      const bad = run(c.pack, c.tool, c.fails.args, withCaller(c.pack, c.fails.caller));
      expect(serializeBody(bad.body!)).toBe(JSON.stringify(c.fails.body));
      expect(validateBody(bad.body), JSON.stringify(validateBody.errors)).toBe(true);
      expect(bad.log).toMatchObject({ stage: 'checks', outcome: 'rejected', check: c.check });
      const good = run(c.pack, c.tool, c.passes.args, withCaller(c.pack, c.passes.caller));
      expect(good.ok, JSON.stringify(good.body)).toBe(true);
      expect(good.checks.find((s) => s.id === c.check)!.outcome).toBe('passed');
    });
  }
});

const ISO_UTC = 'must be an ISO 8601 timestamp in UTC, e.g. 2026-03-11T09:14:02Z';
const RFC3339 = 'must be an RFC 3339 date-time with a time zone offset';

describe('dates and times are real calendar instants', () => {
  test.each([
    ['2026-02-30T17:00:00Z', `names no real day; ${ISO_UTC}`],
    ['2026-02-29T17:00:00Z', `names no real day; ${ISO_UTC}`],
    ['2026-13-01T17:00:00Z', `names no real day; ${ISO_UTC}`],
    ['2026-03-13T25:61:00Z', `names no real time of day; ${ISO_UTC}`],
    ['2026-03-13T23:60:00Z', `names no real time of day; ${ISO_UTC}`],
    // A due time has its own UTC pattern, so an offset of another form is not worth a word of its own.
    ['2026-03-13T17:00:00+0100', ISO_UTC],
    ['next Friday', ISO_UTC],
  ])('helpdesk due_at %s', (due_at, message) => {
    const r = run(helpdesk, 'update_ticket', { ticket_id: 'T-8841', due_at });
    expect(r.body).toEqual({ error: 'invalid_format', field: 'due_at', message, received: due_at, retryable: false });
  });

  test('a leap day in a leap year is a real day', () => {
    expect(run(helpdesk, 'update_ticket', { ticket_id: 'T-8841', due_at: '2028-02-29T17:00:00Z' }).ok).toBe(true);
  });

  test.each([
    ['2026-03-11T09:00:00+01', `has an offset not in ±hh:mm form; ${RFC3339}, e.g. 2026-03-11T00:00:00+01:00`],
    ['2026-03-11T09:00:00+0100', `has an offset not in ±hh:mm form; ${RFC3339}, e.g. 2026-03-11T00:00:00+01:00`],
    ['2026-03-11T09:00:00+24:00', `names no real time zone offset; ${RFC3339}, e.g. 2026-03-11T00:00:00+01:00`],
    ['2026-02-30T09:00:00+01:00', `names no real day; ${RFC3339}, e.g. 2026-03-11T00:00:00+01:00`],
    ['2026-03-11T09:00:00', `${RFC3339}, e.g. 2026-03-11T00:00:00+01:00`],
  ])('events_list timeMin %s', (timeMin, message, didYouMean?: string[]) => {
    const r = run(calendar, 'events_list', { calendarId: 'primary', timeMin });
    expect(r.body).toEqual({ error: 'invalid_format', field: 'timeMin', message, received: timeMin, ...(didYouMean ? { did_you_mean: didYouMean } : {}), retryable: false });
  });

  test('a space for the T is the same moment: read with the T, and reported', () => {
    const r = run(calendar, 'events_list', { calendarId: 'primary', timeMin: '2026-03-11 09:00:00+01:00' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'timeMin', rule: 'date_rewritten', from: '2026-03-11 09:00:00+01:00', to: '2026-03-11T09:00:00+01:00' }]);
  });

  test('RFC 3339 offsets as written, in either case, pass', () => {
    for (const timeMin of ['2026-03-11T09:00:00+01:00', '2026-03-11T09:00:00-05:30', '2026-03-11T09:00:00Z', '2026-03-11t09:00:00z', '2026-03-11T09:00:00.250+01:00']) {
      expect(run(calendar, 'events_list', { calendarId: 'primary', timeMin }).ok, timeMin).toBe(true);
    }
  });

  test('an all-day date that does not exist', () => {
    const r = run(calendar, 'events_insert', { calendarId: 'primary', start: { date: '2026-03-11' }, end: { date: '2026-03-32' } });
    expect(r.body).toEqual({ error: 'invalid_format', field: 'end.date', message: 'names no real day; must be a date in YYYY-MM-DD form, e.g. 2026-03-12', received: '2026-03-32', retryable: false });
  });

  test('the formats themselves', () => {
    const dt = STRICT_DATE_FORMATS['date-time'].validate;
    expect(['2026-03-11T09:00:00Z', '2024-02-29T00:00:00Z', '2026-12-31T23:59:60Z', '2026-12-31T22:59:60-01:00'].map(dt)).toEqual([true, true, true, true]);
    // A leap second is 23:59:60 in UTC only.
    expect(['2026-12-31T23:59:60+01:00', '2026-03-11T09:00:60Z', '2026-02-29T00:00:00Z', '2026-03-11T09:00Z'].map(dt)).toEqual([false, false, false, false]);
    expect(['2026-02-28', '2026-02-29', '2026-04-31', '2026-3-1'].map(STRICT_DATE_FORMATS.date.validate)).toEqual([true, false, false, false]);
    expect(['09:00:00+01:00', '09:00:00+0100', '24:00:00Z'].map(STRICT_DATE_FORMATS.time.validate)).toEqual([true, false, false]);
    expect(dateFormatProblem('date', '2026-3-1')).toBeUndefined();
    expect(dateFormatProblem('time', '09:00:00+0100')).toBe('has an offset not in ±hh:mm form');
    expect(dateFormatProblem('time', '09:00:00+0100', false)).toBeUndefined();
    expect(dateFormatProblem('email', 'x')).toBeUndefined();
  });

  test('a rule never reads a day that does not exist as an instant', () => {
    expect(instant('2026-03-02T10:00:00Z')).toBe(Date.parse('2026-03-02T10:00:00Z'));
    // Date.parse would read this as 2 March.
    expect(instant('2026-02-30T10:00:00Z')).toBeUndefined();
    expect(instant('2026-03-11T24:30:00Z')).toBeUndefined();
    expect(instant('2026-02-30')).toBeUndefined();
  });

  test('the playground’s generated validators give the same bodies as the CLI', async () => {
    const mod = (await import('../src/generated/validators/google-calendar.js')) as { validators: Record<string, StandaloneValidate> };
    const precompiled = compilePackWith(precompiledBackend(mod.validators), PACK_FILES['content/packs/google-calendar.json'], 'google-calendar.json');
    const desk = (await import('../src/generated/validators/helpdesk.js')) as { validators: Record<string, StandaloneValidate> };
    const deskPrecompiled = compilePackWith(precompiledBackend(desk.validators), PACK_FILES['content/packs/helpdesk.json'], 'helpdesk.json');
    const calls: [CompiledPack, CompiledPack, string, Json][] = [
      [calendar, precompiled, 'events_list', { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+0100' }],
      [calendar, precompiled, 'events_list', { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+01' }],
      [calendar, precompiled, 'events_list', { calendarId: 'primary', timeMin: '2026-02-30T09:00:00+01:00' }],
      [calendar, precompiled, 'events_insert', { calendarId: 'primary', start: { date: '2026-02-29' }, end: { date: '2026-03-01' } }],
      [calendar, precompiled, 'events_list', { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+01:00' }],
      [helpdesk, deskPrecompiled, 'create_ticket', { subject: 'Invoice copy', priority: 'p3', due_at: '2026-03-13T25:61:00Z' }],
    ];
    for (const [ajvPack, generated, name, args] of calls) {
      const a = run(ajvPack, name, args);
      const b = run(generated, name, args);
      expect(b.body === null ? null : serializeBody(b.body), JSON.stringify(args)).toBe(a.body === null ? null : serializeBody(a.body));
    }
    expect(run(precompiled, 'events_list', { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+0100' }).body!.error).toBe('invalid_format');
  });
});

describe('an event is found only on the calendar the call names', () => {
  const elsewhere = run(calendar, 'events_get', { calendarId: 'team@example.com', eventId: 'evt_budget_review' });
  const missing = run(calendar, 'events_get', { calendarId: 'team@example.com', eventId: 'evt_no_such_event' });
  const hidden = run(calendar, 'events_get', { calendarId: 'ana@example.com', eventId: 'evt_ana_dentist' });

  test('an event on another calendar is not_found there, byte for byte a missing one', () => {
    expect(elsewhere.body).toEqual({
      error: 'not_found',
      field: 'eventId',
      message: 'matches no event',
      received: 'evt_budget_review',
      next_call: 'events_list(calendarId, q)',
      retryable: false,
    });
    expect(serializeBody(missing.body!)).toBe(serializeBody(elsewhere.body!).replace('evt_budget_review', 'evt_no_such_event'));
    expect(run(calendar, 'events_get', { calendarId: 'primary', eventId: 'evt_budget_review' }).ok).toBe(true);
  });

  test('an event on a calendar the caller sees only as free or busy reads as missing', () => {
    expect(serializeBody(hidden.body!)).toBe(serializeBody(missing.body!).replace('evt_no_such_event', 'evt_ana_dentist'));
  });

  test('only the trace tells the three apart', () => {
    expect(elsewhere.checks[1].detail).toBe('events record "evt_budget_review" exists, but not where this call looks (where: event.calendarId is calendarId); answered as not_found');
    expect(missing.checks[1].detail).toBe('no events record "evt_no_such_event" in the state');
    expect(hidden.checks[1].detail).toBe('events record "evt_ana_dentist" exists but is hidden from this caller (visible: calendar.accessRole is one of ["reader", "writer", "owner"]); answered as not_found');
  });

  test.each(['events_get', 'events_patch', 'events_delete', 'events_instances', 'events_move'])('%s checks the event against its calendar', (tool) => {
    const args: JsonObject = { calendarId: 'primary', eventId: 'evt_quarter_planning' };
    if (tool === 'events_move') args.destination = 'team@example.com';
    const r = run(calendar, tool, args);
    expect(r.log.check).toBe('exists:eventId');
    expect(r.body!.error).toBe('not_found');
    args.calendarId = 'team@example.com';
    if (tool === 'events_move') args.destination = 'primary';
    expect(run(calendar, tool, args).ok).toBe(true);
  });

  test('the docs say so in words', () => {
    const doc = checkDocs(calendar, calendar.tool('events_get')!).find((d) => d.id === 'exists:eventId')!;
    expect(doc.words).toBe(
      "eventId must name an existing event for which event.calendarId is calendarId, that the caller may see; any other event gets exactly the body of a missing one, so a hidden one's existence is not disclosed. Otherwise not_found, pointing to events_list(calendarId, q).",
    );
    expect(doc.condition).toBe('(event.calendarId is calendarId) and (calendar.accessRole is one of ["reader", "writer", "owner"])');
  });

  test('moving an event changes its calendar, shown and not applied', () => {
    const r = run(calendar, 'events_move', { calendarId: 'primary', eventId: 'evt_budget_review', destination: 'team@example.com' });
    expect(r.effects).toEqual([{ action: 'update', record: 'events', id: 'evt_budget_review', field: 'calendarId', from: 'primary', to: 'team@example.com' }]);
  });
});

describe('list calls expand paths inside data', () => {
  test.each([
    ['list_refunds', 'charge', 'data.charge'],
    ['list_customers', 'invoice_settings.default_payment_method', 'data.invoice_settings.default_payment_method'],
    ['list_charges', 'customer', 'data.customer'],
    ['list_payment_intents', 'latest_charge', 'data.latest_charge'],
  ])('%s', (tool, bare, example) => {
    const r = run(stripe, tool, { expand: [bare] });
    expect(r.body).toMatchObject({ error: 'invalid_format', field: 'expand[0]', message: `must be a field path that starts with data. (each listed object), e.g. ${example}`, received: bare });
    expect(run(stripe, tool, { expand: [`data.${bare}`] }).ok).toBe(true);
  });

  test('a single object takes its own paths', () => {
    expect(run(stripe, 'retrieve_refund', { refund: 're_3MtwBwLkdIwHu7ix0nXFS1ME', expand: ['charge'] }).ok).toBe(true);
  });
});

describe('the minimum charge reads the table in the state', () => {
  test.each([
    ['usd', 49, 50],
    ['gbp', 29, 30],
    ['jpy', 49, 50],
    ['huf', 17499, 17500],
  ])('%s: %i is refused, %i accepted', (currency, below, minimum) => {
    expect(run(stripe, 'create_payment_intent', { amount: below, currency }).body!.error).toBe('amount_too_small');
    expect(run(stripe, 'create_payment_intent', { amount: minimum, currency }).ok).toBe(true);
  });

  test('a currency the table does not list is not refused for its amount', () => {
    const r = run(stripe, 'create_payment_intent', { amount: 1, currency: 'isk' });
    expect(r.log.check).toBeUndefined();
  });
});

describe('the compiler holds the new keys to their meaning', () => {
  const FILE = 'content/packs/google-calendar.json';
  const problems = (edit: (p: any) => void): string[] => {
    const p = structuredClone(PACK_FILES[FILE]) as any;
    edit(p);
    try {
      loadPack(FILE, p);
    } catch (err) {
      expect(err).toBeInstanceOf(PackError);
      return (err as PackError).problems.map((x) => `${x.path}: ${x.message}`);
    }
    throw new Error('the broken pack loaded');
  };
  const tool = (p: any, name: string) => p.tools.find((t: any) => t.name === name);
  const index = (name: string) => (PACK_FILES[FILE] as any).tools.findIndex((t: any) => t.name === name);

  test('a where condition is checked like any other', () => {
    expect(problems((p) => (tool(p, 'events_get').checks[1].where = { eq: ['$event.calendar', '$args.calendarId'] }))).toContainEqual(
      expect.stringMatching(new RegExp(`^/tools/${index('events_get')}/checks/1/where/eq/0: "\\$event.calendar" reads "calendar", which no record of kind events has`)),
    );
  });

  test('x-record names a kind of the state, and says where ids come from', () => {
    const i = index('events_get');
    expect(problems((p) => (tool(p, 'events_get').arguments.properties.eventId['x-record'] = 'meetings'))).toContain(
      `/tools/${i}/arguments/properties/eventId/x-record: "meetings" is not a record kind in state.records; its kinds are: calendars, events`,
    );
    expect(problems((p) => delete tool(p, 'events_get').arguments.properties.eventId['x-resolve-with'])).toContain(
      `/tools/${i}/arguments/properties/eventId/x-record: an id of a record kind needs x-resolve-with: the call that lists or searches those records, which a not_found body names`,
    );
    expect(problems((p) => (tool(p, 'events_get').checks[1].record = 'calendars'))).toContain(
      `/tools/${i}/checks/1/record: is "calendars", but the argument "eventId" declares x-record "events"; an id names records of one kind`,
    );
  });

  test('a key into the state read by the call does not make the value read the call’s', () => {
    const i = (PACK_FILES['content/packs/stripe.json'] as any).tools.findIndex((t: any) => t.name === 'create_payment_intent');
    const stripeProblems = (message: string): string[] => {
      const p = structuredClone(PACK_FILES['content/packs/stripe.json']) as any;
      p.tools[i].checks[1].message = message;
      try {
        loadPack('content/packs/stripe.json', p);
        return [];
      } catch (err) {
        return (err as PackError).problems.map((x) => `${x.path}: ${x.message}`);
      }
    };
    expect(stripeProblems('is below {$records.charge_minimums[$args.currency].amount}')).toEqual([]);
    expect(stripeProblems('is below the minimum for {$args.currency}')).toContain(
      `/tools/${i}/checks/1/message: "{$args.currency}" would copy what the caller sent into the message; what the caller sent goes only under received (set "field")`,
    );
  });
});
