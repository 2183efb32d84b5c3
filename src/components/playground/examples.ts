// The examples menu: every case the design essays discuss, each in the envelope a real agent would send,
// so the menu also shows every input shape the engine reads.

export interface Example {
  id: string;
  title: string;
  /** What to look at, in one line. */
  note: string;
  pack: string;
  call: string;
  /** Cases the ordered checks decide against the pack's own state (the menu lists them apart). */
  group?: 'checks';
  /** The body's error code, or "accepted": what the case is there to show (tests hold it to check()). */
  expect?: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export const EXAMPLES: Example[] = [
  {
    id: 'open-status',
    title: 'OPEN for the status open',
    note: 'Python-style, as a transcript shows it. The body lists the permitted values.',
    pack: 'helpdesk',
    call: 'update_ticket(ticket_id="T-8841", status="OPEN")',
  },
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
    note: 'A trailing comma. The body gives the line, the column and what was expected.',
    pack: 'helpdesk',
    call: '{\n  "name": "update_ticket",\n  "arguments": {\n    "ticket_id": "T-8841",\n    "status": "pending",\n  }\n}',
  },
  {
    id: 'unknown-tool',
    title: 'An unknown tool',
    note: 'A tool the pack does not have: the body names the ones it does.',
    pack: 'helpdesk',
    call: json({ name: 'close_ticket', arguments: { ticket_id: 'T-8841' } }),
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
];

export const DEFAULT_EXAMPLE = EXAMPLES[0];

/** The starting point of the "Your tools" tab: one OpenAI-shaped definition and a call with a fault. */
export const CUSTOM_SAMPLE = {
  tools: json([
    {
      type: 'function',
      function: {
        name: 'get_forecast',
        description: 'Weather forecast for a city.',
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name, e.g. Zurich.' },
            days: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days ahead.' },
            units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          },
          required: ['city', 'units'],
          additionalProperties: false,
        },
      },
    },
  ]),
  call: json({ name: 'get_forecast', arguments: { city: 'Zurich', days: 10, units: 'Celsius' } }),
};
