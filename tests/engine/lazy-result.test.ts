// check() works out `suggested_call` only when it is read (issue 19; the result-level `did_you_mean`, a filter
// and a map, is made at once): whoever reads the result by any route must still see the same values, in the
// same key order.
import { describe, expect, test } from 'vitest';
import { check } from '../../src/engine';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', staus: 'OPEN' } };

describe('a rejected result computes its suggestion on first read', () => {
  test('the suggested call is the corrected one, however it is read', () => {
    const viaProperty = check(helpdesk, call).suggested_call;
    const viaJson = JSON.parse(JSON.stringify(check(helpdesk, call))).suggested_call;
    const viaSpread = { ...check(helpdesk, call) }.suggested_call;
    const viaClone = structuredClone(check(helpdesk, call)).suggested_call;
    expect(viaProperty).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } });
    for (const other of [viaJson, viaSpread, viaClone]) expect(other).toEqual(viaProperty);
  });

  test('the keys keep their order and the value is computed once', () => {
    const r = check(helpdesk, call);
    expect(Object.keys(r)).toEqual(['ok', 'tool', 'shape', 'arguments', 'corrections', 'body', 'did_you_mean', 'suggested_call', 'log', 'checks', 'effects']);
    expect(r.suggested_call).toBe(r.suggested_call);
    expect(r.did_you_mean).toEqual([{ field: 'staus', candidates: ['status'] }]);
  });

  test('a caller may overwrite either property', () => {
    const r = check(helpdesk, call);
    r.suggested_call = null;
    expect(r.suggested_call).toBeNull();
  });
});
