// Stage 2, absorb: unambiguous mistakes are fixed and reported; nothing is absorbed silently.
import { describe, expect, test } from 'vitest';
import { check } from '../../src/engine';
import { caseVariants } from '../../src/engine/absorb/absorb';
import { words } from '../../src/engine/shared/name-words';
import { getPack } from '../../src/packs';

const calendar = getPack('google-calendar')!;
const helpdesk = getPack('helpdesk')!;
const slot = { start: { dateTime: '2026-03-11T09:00:00Z' }, end: { dateTime: '2026-03-11T09:15:00Z' } };

describe('names', () => {
  test('case variants of a declared name', () => {
    expect(words('dateTime')).toEqual(['date', 'time']);
    expect(caseVariants('dateTime').sort()).toEqual(['DateTime', 'date_time']);
    expect(caseVariants('country_code').sort()).toEqual(['CountryCode', 'countryCode']);
  });

  test('DateTime and date_time are absorbed as dateTime, nested, and reported', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: { DateTime: '2026-03-11T09:00:00Z' }, end: { date_time: '2026-03-11T09:15:00Z' } } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ calendarId: 'primary', ...slot });
    expect(r.corrections).toEqual([
      { field: 'start.dateTime', rule: 'case_variant', from: 'DateTime', to: 'dateTime' },
      { field: 'end.dateTime', rule: 'case_variant', from: 'date_time', to: 'dateTime' },
    ]);
  });

  test('a declared alias is absorbed', () => {
    const r = check(helpdesk, { name: 'assign_ticket', arguments: { ticket_id: 'T-1', owner: 'eng-3' } });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'assignee', rule: 'declared_alias', from: 'owner', to: 'assignee' }]);
  });

  test('two keys for one field are a fault, not a guess', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: { dateTime: '2026-03-11T09:00:00Z', DateTime: '2026-03-11T10:00:00Z' }, end: slot.end } });
    expect(r.body).toEqual({
      error: 'duplicate_argument',
      field: 'start.dateTime',
      message: 'is sent twice, under two names that mean the same field; send it once, as dateTime',
      received: { dateTime: '2026-03-11T09:00:00Z', DateTime: '2026-03-11T10:00:00Z' },
      retryable: false,
    });
    expect(r.log.stage).toBe('absorb');
  });

  test('a misspelt name is not absorbed: it is refused with did_you_mean', () => {
    const r = check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-1', staus: 'open' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toEqual({ error: 'unknown_argument', field: 'staus', message: 'is not an argument', received: 'open', did_you_mean: ['status'], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-1', status: 'open' } });
  });

  test('values are never absorbed: OPEN stays a fault', () => {
    expect(check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-1', Status: 'OPEN' } }).body).toMatchObject({ error: 'invalid_status', received: 'OPEN' });
  });
});

describe('JSON sent as a string', () => {
  test('an array sent as a JSON string is parsed and reported', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', ...slot, attendees: '[{"email":"ada@example.com"}]' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toMatchObject({ attendees: [{ email: 'ada@example.com' }] });
    expect(r.corrections).toEqual([{ field: 'attendees', rule: 'json_string_parsed', from: '[{"email":"ada@example.com"}]', to: [{ email: 'ada@example.com' }] }]);
  });

  test('an object sent as a JSON string is parsed, and its own keys absorbed', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: '{"DateTime":"2026-03-11T09:00:00Z"}', end: slot.end } });
    expect(r.ok).toBe(true);
    expect(r.corrections.map((c) => c.rule)).toEqual(['json_string_parsed', 'case_variant']);
  });

  test('a string that is not JSON is left for validation to refuse', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: 'tomorrow 9am', end: slot.end } });
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'start', message: 'must be an object such as {"dateTime": "2026-03-11T09:00:00+01:00"}', received: 'tomorrow 9am' });
  });

  test('JSON of the wrong kind is not absorbed', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', ...slot, attendees: '{"email":"ada@example.com"}' } });
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'attendees' });
  });

  test('absorption can be turned off', () => {
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: { DateTime: '2026-03-11T09:00:00Z' }, end: slot.end } }, { absorb: false });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });
});

describe('free-form objects in your own tools', () => {
  test('an object with no properties stays open; one with properties is closed', async () => {
    const { packFromToolDefinitions } = await import('../../src/engine');
    const pack = packFromToolDefinitions([{ name: 'tag', input_schema: { type: 'object', required: ['labels'], properties: { labels: { type: 'object' }, id: { type: 'string' } } } }]);
    expect(check(pack, { name: 'tag', arguments: { labels: { any: 'key', other: 1 } } }).ok).toBe(true);
    expect(check(pack, { name: 'tag', arguments: { labels: {}, extra: 1 } }).body).toMatchObject({ error: 'unknown_argument', field: 'extra' });
  });
});

describe('a field sent as a flattened path', () => {
  const stripe = getPack('stripe')!;
  const run = (args: Record<string, unknown>) => check(stripe, { name: 'create_customer', arguments: { email: 'ada@example.com', ...args } });

  test('address.city and Stripe’s form-style address[city] go inside address, each move reported', () => {
    for (const [city, country] of [['address.city', 'address.country'], ['address[city]', 'address[country]']]) {
      const r = run({ [city]: 'London', [country]: 'GB' });
      expect(r.ok).toBe(true);
      expect(r.arguments).toEqual({ email: 'ada@example.com', address: { city: 'London', country: 'GB' } });
      expect(r.corrections).toEqual([
        { field: 'address.city', rule: 'field_moved', from: JSON.stringify([city]), to: 'address.city' },
        { field: 'address.country', rule: 'field_moved', from: JSON.stringify([country]), to: 'address.country' },
      ]);
    }
  });

  test('a key of a map (metadata[order_id]) goes into the map, and a path joins what was sent nested', () => {
    expect(run({ 'metadata[order_id]': '6735' }).arguments).toEqual({ email: 'ada@example.com', metadata: { order_id: '6735' } });
    const sentNested = { line1: '1 Main St' };
    const r = run({ address: sentNested, 'address.city': 'London' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ email: 'ada@example.com', address: { line1: '1 Main St', city: 'London' } });
    // The caller's own object is copied, never written.
    expect(sentNested).toEqual({ line1: '1 Main St' });
  });

  test('a place the call fills twice is a fault, not a guess, and the flattened key is not refused again', () => {
    expect(run({ address: { city: 'Paris' }, 'address[city]': 'London' }).body).toEqual({
      error: 'duplicate_argument',
      field: 'address.city',
      message: 'is sent twice, nested and as a flattened path; send it once, nested',
      received: { address: { city: 'Paris' }, 'address[city]': 'London' },
      retryable: false,
    });
    expect(run({ 'address.city': 'Paris', 'address[city]': 'London' }).body).toMatchObject({ error: 'duplicate_argument', field: 'address.city', received: { 'address.city': 'Paris', 'address[city]': 'London' } });
  });

  test('a path the schema does not declare, an index, or a field that is not an object is left for validation', () => {
    expect(run({ 'address.planet': 'Mars' }).body).toMatchObject({ error: 'unknown_argument', field: '["address.planet"]' });
    expect(run({ 'preferred_locales[0]': 'en' }).body).toMatchObject({ error: 'unknown_argument' });
    expect(run({ 'email.domain': 'example.com' }).body).toMatchObject({ error: 'unknown_argument', field: '["email.domain"]' });
    const blocked = run({ address: 'London', 'address.city': 'London' });
    expect(blocked.corrections).toEqual([]);
    expect(blocked.ok).toBe(false);
  });

  test('a name the tool declares with a dot in it is that field, not a path', async () => {
    const { packFromToolDefinitions } = await import('../../src/engine');
    const pack = packFromToolDefinitions([{ name: 'q', input_schema: { type: 'object', properties: { 'a.b': { type: 'string' }, a: { type: 'object', properties: { b: { type: 'string' } } } } } }]);
    const r = check(pack, { name: 'q', arguments: { 'a.b': 'x' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ 'a.b': 'x' });
    expect(r.corrections).toEqual([]);
  });
});
