// An enum value that is a near miss of a permitted one (a typo, spacing, a plural, a hyphen for an
// underscore) gets did_you_mean in the body, even when the message lists the set: a model behind a proxy
// sees only the body, and a swapped pair of letters is easy to misread. A listed value in another case
// alone is answered by the list (the essays' first body). Every value offered is validated first.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import { getPack } from '../../src/packs';

function field(schema: Record<string, unknown>) {
  return packFromToolDefinitions([{ name: 't', description: 'a tool', parameters: { type: 'object', properties: { v: schema }, required: ['v'] } }]);
}

describe('near misses of a listed value', () => {
  const route = field({ type: 'string', enum: ['fastest', 'shortest', 'scenic'] });
  const status = field({ type: 'string', enum: ['open', 'on_hold', 'in_progress', 'closed'] });
  const size = field({ type: 'string', enum: ['small', 'medium', 'large'] });

  test.each([
    [route, 'fatsest', 'fastest'],
    [status, 'on hold', 'on_hold'],
    [status, 'in-progress', 'in_progress'],
    [status, 'In Progress', 'in_progress'],
    [status, 'closd', 'closed'],
    [size, 'larges', 'large'],
    [size, 'lrage', 'large'],
  ])('%#: %s -> %s, in the body', (pack, sent, want) => {
    const r = check(pack, { name: 't', arguments: { v: sent } });
    expect(r.body).toMatchObject({ field: 'v', received: sent, did_you_mean: [want] });
    expect(String(r.body!.message)).toMatch(/^must be one of: /);
    expect(r.suggested_call).toEqual({ name: 't', arguments: { v: want } });
  });

  test('the same value in another case is answered by the list alone (the essay’s body, byte for byte)', () => {
    const r = check(getPack('helpdesk')!, 'update_ticket(ticket_id="T-8841", status="OPEN")');
    expect(JSON.stringify(r.body)).toBe('{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}');
    expect(r.did_you_mean).toEqual([{ field: 'status', candidates: ['open'] }]);
  });

  test('a value near nothing gets no guess', () => {
    expect(check(route, { name: 't', arguments: { v: 'teleport' } }).body).toEqual({ error: 'invalid_v', field: 'v', message: 'must be one of: fastest, shortest, scenic', received: 'teleport', retryable: false });
  });
});

describe('every value offered passes the field’s whole schema first', () => {
  test('a near value the rest of the schema refuses is not offered', () => {
    // in_progress is in the enum but longer than maxLength allows: no value of the enum passes but done.
    const pack = field({ type: 'string', enum: ['in_progress', 'done'], maxLength: 4 });
    const r = check(pack, { name: 't', arguments: { v: 'in-progress' } });
    expect(r.body).not.toHaveProperty('did_you_mean');
    expect(r.did_you_mean).toEqual([]);
    expect(r.suggested_call).toBeNull();
  });
});
