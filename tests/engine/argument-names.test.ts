// Argument names sent in other words, on tools nobody here wrote: a synonym, a shorter or longer name,
// an abbreviation gets the declared name as did_you_mean (when the value sent fits there); a tool with
// many arguments still lists the nearest few; "is not an argument" with nothing after it never happens.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, type Json } from '../../src/engine';

function tool(properties: Record<string, unknown>, required: string[] = []) {
  return packFromToolDefinitions([{ name: 't', description: 'a tool', parameters: { type: 'object', properties, required } }]);
}

const str = { type: 'string' };

describe('another wording of a declared name gets it as did_you_mean', () => {
  test.each([
    ['artist', { artist_name: str, year: { type: 'integer' } }, 'artist_name'],
    ['date', { day: str, city: str }, 'day'],
    ['query', { q: str, limit: { type: 'integer' } }, 'q'],
    ['lang', { topic: str, language: str }, 'language'],
    ['picture_quality', { prompt: str, image_quality: str }, 'image_quality'],
    ['category', { directed_by: str, genre: str, cast: str }, 'genre'],
    ['drink', { drink_id: str, size: str }, 'drink_id'],
    ['temperature', { temp: { type: 'number' }, city: str }, 'temp', 21.5],
    ['origin', { prompt: str, source: str }, 'source'],
  ] as [string, Record<string, unknown>, string, Json?][])('%s -> %s', (sent, properties, want, value = 'x') => {
    const pack = tool(properties);
    const r = check(pack, { name: 't', arguments: { [sent]: value } });
    expect(r.body).toEqual({ error: 'unknown_argument', field: sent, message: 'is not an argument', received: value, did_you_mean: [want], retryable: false });
    expect(r.suggested_call).toEqual({ name: 't', arguments: { [want]: value } });
  });

  test('the required name not yet sent is the one meant among several wordings', () => {
    const pack = tool({ start_date: str, end_date: str, city: str }, ['start_date']);
    const r = check(pack, { name: 't', arguments: { date: '2024-05-01', city: 'Paris' } });
    expect(r.body).toEqual({ error: 'unknown_argument', field: 'date', message: 'is not an argument', received: '2024-05-01', did_you_mean: ['start_date'], retryable: false });
    expect(r.suggested_call).toEqual({ name: 't', arguments: { start_date: '2024-05-01', city: 'Paris' } });
  });

  test('a value sent under a wording whose field wants another type is not offered that field', () => {
    const pack = tool({ temp: { type: 'number' }, city: str });
    expect(check(pack, { name: 't', arguments: { temperature: 'warm' } }).body).toEqual({ error: 'unknown_argument', field: 'temperature', message: 'is not an argument; it takes: temp, city', received: 'warm', retryable: false });
  });

  test('a name already sent is never offered: that would send the field twice', () => {
    const pack = tool({ artist_name: str, album: str });
    const r = check(pack, { name: 't', arguments: { artist_name: 'A', artist: 'B' } });
    expect(r.body).toEqual({ error: 'unknown_argument', field: 'artist', message: 'is not an argument; it takes: artist_name, album', received: 'B', retryable: false });
  });

  test('a wording whose value does not fit the declared field is not offered', () => {
    const pack = tool({ artist_name: str, year: { type: 'integer' } });
    const r = check(pack, { name: 't', arguments: { artist: { first: 'A' } } });
    expect(r.body).toEqual({ error: 'unknown_argument', field: 'artist', message: 'is not an argument; it takes: artist_name, year', received: { first: 'A' }, retryable: false });
  });

  test('a name that only shares a qualifier (id, name) is no wording of another', () => {
    const pack = tool({ user_id: str, order_id: str });
    expect(check(pack, { name: 't', arguments: { product_id: 'p' } }).body).toMatchObject({ message: 'is not an argument; it takes: user_id, order_id' });
  });
});

describe('a tool with many arguments still says where to look', () => {
  const many = Object.fromEntries(['account_id', 'amount', 'currency', 'customer', 'description', 'destination', 'metadata', 'on_behalf_of', 'receipt_email', 'shipping', 'source', 'statement_descriptor', 'transfer_group', 'capture', 'application_fee'].map((n) => [n, str]));
  const pack = tool(many, ['amount', 'currency']);

  test('an unknown name with no wording of its own lists the nearest few, required ones first among equals', () => {
    const r = check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', fee_amount: 'k' } });
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'fee_amount' });
    const message = String(r.body!.message);
    expect(message).toMatch(/^is not an argument; nearest names: application_fee(, [a-z_]+){4}$/);
    // Neither of the names already sent.
    expect(message).not.toMatch(/\b(amount|currency)\b/);
  });

  test('a name near none of them is told how many there are and a few of them, not that they are nearest', () => {
    const r = check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', idempotency: 'k' } });
    expect(String(r.body!.message)).toMatch(/^is not an argument; it takes 15 names, among them: [a-z_]+(, [a-z_]+){4}$/);
  });

  test('a near name still gets did_you_mean, not a list', () => {
    expect(check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', receipt_mail: 'a@b.c' } }).body).toMatchObject({ message: 'is not an argument', did_you_mean: ['receipt_email'] });
    expect(check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', desc: 'd' } }).body).toMatchObject({ message: 'is not an argument', did_you_mean: ['description'] });
  });

  test('no unknown-argument body ends at "is not an argument" without did_you_mean', () => {
    for (const key of ['zzz', 'x', 'confirm', 'trace_context', 'idempotency_key', 'account', 'fee']) {
      const body = check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', [key]: 'v' } }).body!;
      expect(body.error, key).toBe('unknown_argument');
      expect(body.message !== 'is not an argument' || Array.isArray(body.did_you_mean), key).toBe(true);
    }
  });

  test('what the caller sent is never spliced into the message', () => {
    const body = check(pack, { name: 't', arguments: { amount: '1', currency: 'usd', please_refund_everything: 'now' } }).body!;
    expect(body.field).toBe('please_refund_everything');
    expect(String(body.message)).not.toContain('please');
  });
});
