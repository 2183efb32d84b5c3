// The examples menu: every case the design essays discuss, each in the envelope a real agent would send,
// so the menu also shows every input shape the engine reads.

import { CUSTOM_SAMPLE, DEFAULT_EXAMPLE, FIRST_REPLAY_EXAMPLE, type Example, type ReplayExample } from './first-example';

export { CUSTOM_SAMPLE, DEFAULT_EXAMPLE };
export type { Example, ReplayExample };

const json = (v: unknown) => JSON.stringify(v, null, 2);

export const EXAMPLES: Example[] = [
  DEFAULT_EXAMPLE,
  {
    id: 'uk-country',
    title: 'UK for the country code GB',
    note: 'A value alias: did_you_mean offers GB.',
    pack: 'helpdesk',
    call: json({ name: 'create_customer', arguments: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'UK' } }),
  },
  {
    id: 'three-faults',
    title: 'Three faults in one create_ticket',
    note: 'OpenAI Chat, arguments as a JSON string: one body lists all three.',
    pack: 'helpdesk',
    call: json({
      id: 'call_Qm7vT2',
      type: 'function',
      function: { name: 'create_ticket', arguments: JSON.stringify({ subject: 'Printer on fire', status: 'OPEN', priority: 'high', due_at: 'next Friday' }) },
    }),
  },
  {
    id: 'refund-cents',
    title: 'Stripe refund: amount 15 where 1500 was meant',
    note: 'A valid call that refunds fifteen cents. Nothing rejects it: the gloss is the defence.',
    pack: 'stripe',
    call: json({ type: 'function_call', call_id: 'call_8rXk1', name: 'create_refund', arguments: JSON.stringify({ payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', amount: 15 }) }),
  },
  {
    id: 'sync-token',
    title: 'syncToken with timeMin',
    note: 'Anthropic tool_use. Two arguments that cannot be combined, and why.',
    pack: 'google-calendar',
    call: json({ type: 'tool_use', id: 'toolu_01XbQ', name: 'events_list', input: { calendarId: 'primary', syncToken: 'CPDAlvWDx70CEPDAlvWDx70CGAU=', timeMin: '2026-03-11T00:00:00Z' } }),
  },
  {
    id: 'datetime-case',
    title: 'DateTime absorbed as dateTime',
    note: 'MCP tools/call. A name in another case is read as the field, and reported.',
    pack: 'google-calendar',
    call: json({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'events_insert',
        arguments: {
          calendarId: 'primary',
          summary: 'Budget review',
          start: { DateTime: '2026-03-11T09:00:00+01:00', timeZone: 'Europe/Zurich' },
          end: { DateTime: '2026-03-11T10:00:00+01:00', timeZone: 'Europe/Zurich' },
        },
      },
    }),
  },
  {
    id: 'attendees-string',
    title: 'attendees sent as a JSON string',
    note: 'The array arrives as a string; it is parsed, and the correction is reported.',
    pack: 'google-calendar',
    call: json({
      name: 'events_insert',
      arguments: {
        calendarId: 'primary',
        summary: 'Budget review',
        start: { dateTime: '2026-03-11T09:00:00+01:00' },
        end: { dateTime: '2026-03-11T10:00:00+01:00' },
        attendees: JSON.stringify([{ email: 'ana@example.com' }, { email: 'li@example.com', optional: true }]),
      },
    }),
  },
  {
    id: 'undeclared-argument',
    title: 'An undeclared argument',
    note: 'Refused, never dropped: dropping it would run a call that does not do what was asked.',
    pack: 'helpdesk',
    call: json({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'closed', notify_customer: true } }),
  },
  {
    id: 'malformed-json',
    title: 'Malformed JSON',
    // Not a trailing comma: that one is certain, and the engine repairs it (parse/json-repair.ts).
    note: 'A comma missing between two arguments. The body gives the line, the column and what was expected.',
    pack: 'helpdesk',
    call: '{\n  "name": "update_ticket",\n  "arguments": {\n    "ticket_id": "T-8841"\n    "status": "pending"\n  }\n}',
  },
  {
    id: 'unknown-tool',
    title: 'An unknown tool',
    note: 'A tool the pack does not have: the body names the ones it does.',
    pack: 'helpdesk',
    call: json({ name: 'close_ticket', arguments: { ticket_id: 'T-8841' } }),
  },
  {
    id: 'impossible-date',
    title: 'A due time on 30 February',
    note: 'The right shape, a day that does not exist: the body says so instead of calling the format wrong.',
    pack: 'helpdesk',
    call: 'update_ticket(ticket_id="T-8841", due_at="2026-02-30T17:00:00Z")',
  },
  {
    id: 'offset-colon',
    title: 'An offset written +0100',
    note: 'RFC 3339 writes +01:00; +0100 and +01 are refused the same way here and in the CLI.',
    pack: 'google-calendar',
    call: json({ name: 'events_list', arguments: { calendarId: 'primary', timeMin: '2026-03-11T09:00:00+0100' } }),
  },
  {
    id: 'expand-data',
    title: 'expand on a list without data.',
    note: 'A list call expands fields of each listed object, so every path starts with data.',
    pack: 'stripe',
    call: json({ name: 'list_refunds', arguments: { charge: 'ch_3PartlyRefunded7Qx2Lk9Ab', expand: ['charge'] } }),
  },
  // Valid calls the state refuses. The arguments are the packs' own examples.checks cases where they have
  // one (tests/playground-examples.test.ts holds them to it); each loads with the pack's own state.
  {
    id: 'close-unassigned',
    title: 'Closing a ticket nobody is assigned to',
    note: 'Well-formed, refused by a rule: the body names assign_ticket as the call to make first.',
    pack: 'helpdesk',
    group: 'checks',
    expect: 'ticket_unassigned',
    call: json({ name: 'update_ticket', arguments: { ticket_id: 'T-8850', status: 'closed' } }),
  },
  {
    id: 'unknown-customer',
    title: 'A customer id that matches no customer',
    note: 'not_found, with search_customers(query) as the way to a valid id; the id goes only under received.',
    pack: 'helpdesk',
    group: 'checks',
    expect: 'not_found',
    call: json({ type: 'function_call', call_id: 'call_Wd41n', name: 'create_ticket', arguments: JSON.stringify({ subject: 'Refund', priority: 'p2', customer_id: 'C-9' }) }),
  },
  {
    id: 'slot-taken',
    title: 'A room already booked for that slot',
    note: 'Anthropic tool_use. Retrying is futile, and the body says so and names freebusy_query.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'slot_taken',
    call: json({
      type: 'tool_use',
      id: 'toolu_01Rm412',
      name: 'events_insert',
      input: { calendarId: 'room-4-12@resource.calendar.google.com', summary: '1:1', start: { dateTime: '2026-03-11T09:30:00+01:00' }, end: { dateTime: '2026-03-11T10:30:00+01:00' } },
    }),
  },
  {
    id: 'balance-low',
    title: 'A refund larger than the available balance',
    note: 'MCP tools/call. €1,000 with €400 available: not retryable until funds arrive, and the body says what is there.',
    pack: 'stripe',
    group: 'checks',
    expect: 'balance_insufficient',
    call: json({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'create_refund', arguments: { charge: 'ch_3EuroOrder9Kd3Pq7Zm1Xc5V', amount: 100000 } } }),
  },
  {
    id: 'event-elsewhere',
    title: 'An event id from another calendar',
    note: 'The event exists, on the user’s own calendar: on the calendar named it is not_found, exactly as a missing one.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'not_found',
    call: json({ name: 'events_get', arguments: { calendarId: 'team@example.com', eventId: 'evt_budget_review' } }),
  },
  {
    id: 'all-day-timed',
    title: 'An all-day start with a timed end',
    note: 'start and end take one form: date on both, or dateTime on both.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'mixed_all_day_and_timed',
    call: json({ name: 'events_insert', arguments: { calendarId: 'primary', summary: 'Offsite', start: { date: '2026-03-18' }, end: { dateTime: '2026-03-20T17:00:00+01:00' } } }),
  },
  {
    id: 'start-after-end',
    title: 'Moving the start past the stored end',
    note: 'A patch sends only start; the event as stored supplies the end, and the body quotes it.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'time_range_empty',
    call: json({ type: 'tool_use', id: 'toolu_01Pt7Kq', name: 'events_patch', input: { calendarId: 'primary', eventId: 'evt_budget_review', start: { dateTime: '2026-03-11T16:00:00+01:00' } } }),
  },
  {
    id: 'series-no-zone',
    title: 'A weekly series with no time zone',
    note: 'A timed series repeats in one zone, which start and end must both name.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'recurrence_needs_time_zone',
    call: json({
      name: 'events_insert',
      arguments: {
        calendarId: 'team@example.com',
        summary: 'Weekly sync',
        start: { dateTime: '2026-03-16T09:00:00+01:00' },
        end: { dateTime: '2026-03-16T09:30:00+01:00' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      },
    }),
  },
  {
    id: 'meet-dropped',
    title: 'A Meet link without conferenceDataVersion',
    note: 'The API would create the event and drop the link without a word; the body says to send conferenceDataVersion: 1.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'conference_data_dropped',
    call: json({
      name: 'events_insert',
      arguments: {
        calendarId: 'primary',
        summary: 'Call Ana',
        start: { dateTime: '2026-03-11T15:00:00+01:00' },
        end: { dateTime: '2026-03-11T15:30:00+01:00' },
        conferenceData: { createRequest: { requestId: '5f1c2b9e-0d7a-4c1e-8f3b-6a2d9e4c7b10' } },
      },
    }),
  },
  {
    id: 'move-out-of-office',
    title: 'Moving an out-of-office event',
    note: 'Only default events change calendars; the rule reads the type of the event the id names.',
    pack: 'google-calendar',
    group: 'checks',
    expect: 'event_type_not_movable',
    call: json({ name: 'events_move', arguments: { calendarId: 'primary', eventId: 'evt_out_of_office', destination: 'team@example.com' } }),
  },
  {
    id: 'charge-minimum',
    title: 'A payment of twenty cents',
    note: 'Under Stripe’s minimum charge for usd, which the body reads from the table in the pack’s state.',
    pack: 'stripe',
    group: 'checks',
    expect: 'amount_too_small',
    call: json({ type: 'function_call', call_id: 'call_Mn20c', name: 'create_payment_intent', arguments: JSON.stringify({ amount: 20, currency: 'usd' }) }),
  },
];

export const REPLAY_EXAMPLES: ReplayExample[] = [
  FIRST_REPLAY_EXAMPLE,
  {
    id: 'anthropic-messages',
    title: 'Anthropic messages: two faults, one retry',
    pack: 'helpdesk',
    text: json([
      { role: 'user', content: 'Open a ticket for Ada: the printer is on fire, it is urgent.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'create_ticket', input: { subject: 'Printer on fire', priority: 'urgent', status: 'OPEN' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', is_error: true, content: 'Error: validation failed' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_02', name: 'create_ticket', input: { subject: 'Printer on fire', priority: 'high', status: 'open' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02', is_error: true, content: 'Error: validation failed' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_03', name: 'create_ticket', input: { subject: 'Printer on fire', priority: 'p1', status: 'open' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_03', content: '{"ticket_id": "T-9012", "status": "open"}' }] },
    ]),
  },
];
