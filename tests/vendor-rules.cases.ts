// The ordered checks added for the rules the vendors state (issue 10), each failing with its exact body and
// passing. tests/vendor-rules.test.ts runs them; tests/checks.test.ts counts them toward "every check of the
// shipped packs has a case".
import type { CompiledPack, Json, JsonObject } from '../src/engine';
import { getPack } from '../src/packs';

export interface VendorRuleCase {
  pack: CompiledPack;
  tool: string;
  /** The id of the check the failing call stops at. */
  check: string;
  fails: { args: Json; caller?: JsonObject; body: JsonObject };
  passes: { args: Json; caller?: JsonObject };
}

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

const readOnlyAgent = { id: 'eng-9', role: 'agent', team: 'eng', scopes: ['tickets:read', 'customers:read'] };
const HOLIDAYS = 'holidays@group.calendar.google.com';
const ACCESS = `that needs writer or owner access (accessRole in calendarList_list), which only its owner can grant`;
const END_BEFORE_START = `an event cannot end before it begins, and the end date of an all-day event is the day after its last day; send an end after start`;
const CONFERENCE = 'must be 1 when conferenceData is sent: with 0, or left out, the API drops conferenceData without an error and the event gets no Meet link; send conferenceDataVersion: 1 with it';
const ZONES = 'send an IANA zone such as Europe/Zurich in start.timeZone and in end.timeZone';
const meet = { createRequest: { requestId: '5f1c2b9e-0d7a-4c1e-8f3b-6a2d9e4c7b10' } };
const at = (time: string) => ({ dateTime: `2026-03-11T${time}+01:00` });

export const VENDOR_RULE_CASES: VendorRuleCase[] = [
  // helpdesk: writing needs the write scope on every tool that writes
  {
    pack: helpdesk,
    tool: 'create_ticket',
    check: 'permission',
    fails: {
      args: { subject: 'Invoice copy', priority: 'p3' },
      caller: readOnlyAgent,
      body: { error: 'forbidden', message: `this caller may only read tickets: opening one needs the tickets:write scope; hand the request to an agent who has it`, retryable: false },
    },
    passes: { args: { subject: 'Invoice copy', priority: 'p3' } },
  },
  {
    pack: helpdesk,
    tool: 'create_customer',
    check: 'permission',
    fails: {
      args: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'GB' },
      caller: readOnlyAgent,
      body: { error: 'forbidden', message: `this caller may only read customers: adding one needs the customers:write scope; hand the request to an agent who has it`, retryable: false },
    },
    passes: { args: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'GB' } },
  },
  // stripe: the minimum charge of the currency, from the pack state's table
  {
    pack: stripe,
    tool: 'create_payment_intent',
    check: 'rule:amount_too_small',
    fails: {
      args: { amount: 20, currency: 'usd' },
      body: {
        error: 'amount_too_small',
        field: 'amount',
        message: `is below the smallest payment Stripe accepts in this currency, 50 in its smallest unit (0.50 usd); send an amount of at least 50`,
        received: 20,
        retryable: false,
      },
    },
    passes: { args: { amount: 50, currency: 'usd' } },
  },
  // google-calendar: events_insert
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:mixed_all_day_and_timed',
    fails: {
      args: { calendarId: 'primary', start: { date: '2026-03-18' }, end: { dateTime: '2026-03-20T17:00:00+01:00' } },
      body: {
        error: 'mixed_all_day_and_timed',
        field: 'end',
        message: `must take the same form as start: date on both for an all-day event, or dateTime on both for a timed one; send start and end in one form`,
        received: { dateTime: '2026-03-20T17:00:00+01:00' },
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', start: { date: '2026-03-18' }, end: { date: '2026-03-21' } } },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:time_range_empty',
    fails: {
      // 10:00 in Zurich is 09:00 UTC: the text sorts the other way round.
      args: { calendarId: 'primary', start: at('10:00:00'), end: { dateTime: '2026-03-11T08:00:00Z' } },
      body: { error: 'time_range_empty', field: 'end', message: `must not be before start: ${END_BEFORE_START}`, received: { dateTime: '2026-03-11T08:00:00Z' }, retryable: false },
    },
    passes: { args: { calendarId: 'primary', start: at('10:00:00'), end: { dateTime: '2026-03-11T09:30:00Z' } } },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:recurrence_needs_time_zone',
    fails: {
      args: { calendarId: 'team@example.com', start: { dateTime: '2026-03-16T09:00:00+01:00', timeZone: 'Europe/Zurich' }, end: { dateTime: '2026-03-16T09:30:00+01:00' }, recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'] },
      body: {
        error: 'recurrence_needs_time_zone',
        field: 'recurrence',
        message: `needs a time zone on both start and end: a timed series repeats in one zone; ${ZONES}`,
        received: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
        retryable: false,
      },
    },
    passes: {
      args: {
        calendarId: 'team@example.com',
        start: { dateTime: '2026-03-16T09:00:00+01:00', timeZone: 'Europe/Zurich' },
        end: { dateTime: '2026-03-16T09:30:00+01:00', timeZone: 'Europe/Zurich' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      },
    },
  },
  {
    pack: calendar,
    tool: 'events_insert',
    check: 'rule:conference_data_dropped',
    fails: {
      args: { calendarId: 'primary', start: at('15:00:00'), end: at('15:30:00'), conferenceData: meet, conferenceDataVersion: 0 },
      body: { error: 'conference_data_dropped', field: 'conferenceDataVersion', message: CONFERENCE, received: 0, retryable: false },
    },
    passes: { args: { calendarId: 'primary', start: at('15:00:00'), end: at('15:30:00'), conferenceData: meet, conferenceDataVersion: 1 } },
  },
  // google-calendar: events_patch, where the stored event supplies the side the call does not send
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'permission',
    fails: {
      args: { calendarId: HOLIDAYS, eventId: 'evt_sechselaeuten', summary: 'Sechseläuten (afternoon off)' },
      body: { error: 'forbidden', message: `this caller cannot change events on this calendar: ${ACCESS}`, next_call: 'calendarList_list()', retryable: false },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', summary: 'Budget review (moved)' } },
  },
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'rule:mixed_all_day_and_timed',
    fails: {
      args: { calendarId: 'primary', eventId: 'evt_offsite', end: { dateTime: '2026-03-20T17:00:00+01:00' } },
      body: {
        error: 'mixed_all_day_and_timed',
        field: 'end',
        message: `must take the same form as start, the one sent or else the event's own: date on both for an all-day event, or dateTime on both for a timed one; send start and end together in one form`,
        received: { dateTime: '2026-03-20T17:00:00+01:00' },
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_offsite', end: { date: '2026-03-21' } } },
  },
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'rule:time_range_empty',
    fails: {
      // The stored start is 14:00.
      args: { calendarId: 'primary', eventId: 'evt_budget_review', end: at('13:30:00') },
      body: { error: 'time_range_empty', field: 'end', message: `must not be before start, the one sent or else the event's own: ${END_BEFORE_START}`, received: at('13:30:00'), retryable: false },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', end: at('15:30:00') } },
  },
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'rule:time_range_empty#2',
    fails: {
      // The stored end is 15:00.
      args: { calendarId: 'primary', eventId: 'evt_budget_review', start: at('16:00:00') },
      body: {
        error: 'time_range_empty',
        field: 'start',
        message: `leaves the event ending before it starts: its end stays at 2026-03-11T15:00:00+01:00 unless end is sent too; send end as well, after the new start`,
        received: at('16:00:00'),
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', start: at('16:00:00'), end: at('17:00:00') } },
  },
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'rule:recurrence_needs_time_zone',
    fails: {
      args: { calendarId: 'team@example.com', eventId: 'evt_quarter_planning', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'] },
      body: {
        error: 'recurrence_needs_time_zone',
        field: 'recurrence',
        message: `needs a time zone on both start and end, sent or already on the event: a timed series repeats in one zone; ${ZONES}`,
        received: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
        retryable: false,
      },
    },
    // The stored event has its zones.
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'] } },
  },
  {
    pack: calendar,
    tool: 'events_patch',
    check: 'rule:conference_data_dropped',
    fails: {
      args: { calendarId: 'primary', eventId: 'evt_budget_review', conferenceData: meet },
      body: { error: 'conference_data_dropped', field: 'conferenceDataVersion', message: CONFERENCE, retryable: false },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', conferenceData: meet, conferenceDataVersion: 1 } },
  },
  // google-calendar: the other tools that write, and the other windows
  {
    pack: calendar,
    tool: 'events_delete',
    check: 'permission',
    fails: {
      args: { calendarId: HOLIDAYS, eventId: 'evt_sechselaeuten' },
      body: { error: 'forbidden', message: `this caller cannot delete events from this calendar: ${ACCESS}`, next_call: 'calendarList_list()', retryable: false },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review' } },
  },
  {
    pack: calendar,
    tool: 'events_quickAdd',
    check: 'permission',
    fails: {
      args: { calendarId: 'ana@example.com', text: 'Lunch with Ana tomorrow 12:30' },
      body: { error: 'forbidden', message: `this caller cannot add events to this calendar: ${ACCESS}`, next_call: 'calendarList_list()', retryable: false },
    },
    passes: { args: { calendarId: 'team@example.com', text: 'Lunch with Ana tomorrow 12:30' } },
  },
  {
    pack: calendar,
    tool: 'events_move',
    check: 'permission',
    fails: {
      args: { calendarId: 'primary', eventId: 'evt_budget_review', destination: 'ana@example.com' },
      body: {
        error: 'forbidden',
        message: `this caller cannot move events between these calendars: that needs writer or owner access to both (accessRole in calendarList_list), which only their owners can grant`,
        next_call: 'calendarList_list()',
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', destination: 'team@example.com' } },
  },
  {
    pack: calendar,
    tool: 'events_move',
    check: 'rule:event_type_not_movable',
    fails: {
      args: { calendarId: 'primary', eventId: 'evt_out_of_office', destination: 'team@example.com' },
      body: {
        error: 'event_type_not_movable',
        field: 'eventId',
        message: `names an event that cannot change calendars: only default events move, and focus time, out-of-office, working location, birthday and Gmail events stay where they are`,
        received: 'evt_out_of_office',
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', eventId: 'evt_budget_review', destination: 'team@example.com' } },
  },
  {
    pack: calendar,
    tool: 'events_instances',
    check: 'rule:time_range_empty',
    fails: {
      args: { calendarId: 'primary', eventId: '7cbh8rpc10lrc0ckih9tafss99', timeMin: '2026-04-01T00:00:00+02:00', timeMax: '2026-03-01T00:00:00+01:00' },
      body: {
        error: 'time_range_empty',
        field: 'timeMax',
        message: 'must be later than timeMin: the window runs from timeMin up to timeMax, and this one is empty, so the same call can never return an occurrence; swap the two or widen the window',
        received: '2026-03-01T00:00:00+01:00',
        retryable: false,
      },
    },
    passes: { args: { calendarId: 'primary', eventId: '7cbh8rpc10lrc0ckih9tafss99', timeMin: '2026-03-01T00:00:00+01:00', timeMax: '2026-04-01T00:00:00+02:00' } },
  },
  {
    pack: calendar,
    tool: 'freebusy_query',
    check: 'rule:time_range_empty',
    fails: {
      args: { timeMin: '2026-03-11T18:00:00+01:00', timeMax: '2026-03-11T08:00:00+01:00', items: [{ id: 'primary' }] },
      body: {
        error: 'time_range_empty',
        field: 'timeMax',
        message: 'must be later than timeMin: the window runs from timeMin up to timeMax, and this one is empty, so the same call can never report a busy period; swap the two or widen the window',
        received: '2026-03-11T08:00:00+01:00',
        retryable: false,
      },
    },
    passes: { args: { timeMin: '2026-03-11T08:00:00+01:00', timeMax: '2026-03-11T18:00:00+01:00', items: [{ id: 'primary' }] } },
  },
];
