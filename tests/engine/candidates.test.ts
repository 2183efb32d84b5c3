// Every candidate validates: did_you_mean values are held to the field's whole schema, repaired from the
// field's own rules (its enum, its pattern and example, its date format) or dropped; a suggested call is
// offered only when it passes validation, after as many rounds of single fixes as it takes.
import { describe, expect, test } from 'vitest';
import { check, type Json } from '../../src/engine';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

describe('candidates repaired from the field’s own rules', () => {
  test('a ticket number without its prefix, and a priority digit, become the values the schema takes', () => {
    const r = check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 8841, priority: 1 } });
    expect(r.body).toEqual({
      error: 'validation_failed',
      message: '2 fields were rejected. Correct all of them and call again.',
      errors: [
        { field: 'ticket_id', code: 'invalid_type', message: 'must be a string, e.g. T-8841', received: 8841, did_you_mean: ['T-8841'] },
        { field: 'priority', code: 'invalid_type', message: 'must be one of: p1, p2, p3', received: 1, did_you_mean: ['p1'] },
      ],
      retryable: false,
    });
    expect(r.suggested_call).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', priority: 'p1' } });
  });

  test('a colour named for its id, and true for a choice of who is told, come from the pack’s value table', () => {
    const r = check(calendar, { name: 'events_patch', arguments: { calendarId: 'primary', eventId: 'evt_1', colorId: 'purple', sendUpdates: true } });
    expect((r.body!.errors as Json[])).toEqual([
      { field: 'colorId', code: 'invalid_color_id', message: 'must be one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11', received: 'purple', did_you_mean: ['3'] },
      { field: 'sendUpdates', code: 'invalid_type', message: 'must be one of: all, externalOnly, none', received: true, did_you_mean: ['all'] },
    ]);
    expect(r.suggested_call!.arguments).toMatchObject({ colorId: '3', sendUpdates: 'all' });
  });

  test('an epoch, in seconds or milliseconds, where a date-time is wanted becomes its ISO form', () => {
    const r = check(calendar, { name: 'events_list', arguments: { calendarId: 'primary', timeMin: 1773219600, timeMax: 1773306000000 } });
    expect(r.did_you_mean).toEqual([
      { field: 'timeMin', candidates: ['2026-03-11T09:00:00Z'] },
      { field: 'timeMax', candidates: ['2026-03-12T09:00:00Z'] },
    ]);
  });

  test('a prefix is added only to what looks like the rest of an id: never to a name', () => {
    expect(check(stripe, { name: 'retrieve_customer', arguments: { customer: 'NffrFeUfNV2Hib' } }).did_you_mean).toEqual([{ field: 'customer', candidates: ['cus_NffrFeUfNV2Hib'] }]);
    const named = check(stripe, { name: 'retrieve_customer', arguments: { customer: 'acme' } });
    expect(named.did_you_mean).toEqual([]);
    expect(named.suggested_call).toBeNull();
    // Case is part of a mixed-case id: lower-casing it would name another record.
    expect(check(stripe, { name: 'retrieve_customer', arguments: { customer: 'CUS_NffrFeUfNV2Hib' } }).did_you_mean).toEqual([{ field: 'customer', candidates: ['cus_NffrFeUfNV2Hib'] }]);
  });

  test('a candidate that would fail its own field is dropped, not offered', () => {
    // "maybe" is no boolean, and no rule of the field makes one of it: nothing is offered.
    const r = check(helpdesk, { name: 'get_ticket', arguments: { ticket_id: 'T-1', include_comments: 'maybe' } });
    expect(r.did_you_mean).toEqual([]);
    expect(r.suggested_call).toBeNull();
  });
});

describe('suggested calls', () => {
  test('a rename that reveals a value fault takes a second round', () => {
    const r = check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', staus: 'OPEN' } });
    expect(r.body).toEqual({ error: 'unknown_argument', field: 'staus', message: 'is not an argument', received: 'OPEN', did_you_mean: ['status'], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } });
  });

  test('no suggested call when one fault has no single fix', () => {
    const r = check(helpdesk, { name: 'create_ticket', arguments: { subject: 's', priority: 'high' } });
    expect(r.suggested_call).toBeNull();
  });
});

describe('a number JSON cannot hold exactly', () => {
  test('is one entry of the batch, not the whole body', () => {
    const r = check(helpdesk, '{"name":"create_ticket","arguments":{"subject":"s","priority":"high","status":"OPEN","customer_id":12345678901234567890,"due_at":"soon"}}');
    expect(r.body).toEqual({
      error: 'validation_failed',
      message: '4 fields were rejected. Correct all of them and call again.',
      errors: [
        { field: 'priority', code: 'invalid_priority', message: 'must be one of: p1, p2, p3', received: 'high' },
        { field: 'status', code: 'invalid_status', message: 'must be one of: open, pending, closed', received: 'OPEN' },
        { field: 'customer_id', code: 'out_of_range', message: 'must be from -9007199254740991 to 9007199254740991 (at line 1, column 100): a longer integer loses digits in JSON; send it as a string if it is an id', received: '12345678901234567890' },
        { field: 'due_at', code: 'invalid_format', message: 'must be an ISO 8601 timestamp in UTC, e.g. 2026-03-11T09:14:02Z', received: 'soon' },
      ],
      retryable: false,
    });
  });

  test('alone, it is the body, and the call is never accepted', () => {
    const r = check(stripe, '{"name":"create_refund","arguments":{"charge":"ch_3MmlLrLkdIwHu7ix0snN0B15","amount":90071992547409930}}');
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'out_of_range', field: 'amount', received: '90071992547409930' });
  });
});
