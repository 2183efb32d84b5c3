// The recovery benchmark's caller (src/engine/caller.ts) following a stated bound and a date-time example,
// as a careful model would; and not where the body says nothing it can act on.
import { expect, test } from 'vitest';
import { nextCall } from '../../src/engine/caller';
import type { Json } from '../../src/engine/types';

const body = (code: string, field: string, message: string, received: Json) => ({ error: code, field, message, received, retryable: false });

test('a number past a stated bound is sent at the bound, the note after the rule notwithstanding', () => {
  expect(nextCall('actionable', body('out_of_range', 'per_page', "must be at most 100; read from the vendor's description of per_page", 500), { per_page: 500, q: 'x' }, {})).toEqual({ per_page: 100, q: 'x' });
  expect(nextCall('actionable', body('out_of_range', 'limit', 'must be at least 1', 0), { limit: 0 }, {})).toEqual({ limit: 1 });
});

test('no bound is followed where the body states none the caller can read', () => {
  // A length, an exclusive bound, a step: nothing to send instead.
  expect(nextCall('actionable', body('out_of_range', 'name', 'must be at most 64 characters long', 'x'.repeat(70)), { name: 'x'.repeat(70) }, {})).toBeNull();
  expect(nextCall('actionable', body('out_of_range', 'n', 'must be greater than 0', 0), { n: 0 }, {})).toBeNull();
  expect(nextCall('actionable', body('invalid_value', 'n', 'must be a multiple of 5', 7), { n: 7 }, {})).toBeNull();
});

test('a date alone where the example is a date-time: the start of that day in UTC', () => {
  const b = body('invalid_format', 'due', "must be an RFC 3339 date-time with a time zone offset, e.g. 2026-03-11T09:14:02Z; read from the vendor's description of due", '2026-03-03');
  expect(nextCall('actionable', b, { due: '2026-03-03' }, {})).toEqual({ due: '2026-03-03T00:00:00Z' });
  // Where the example is a date, or the value is no plain date, nothing is made up.
  expect(nextCall('actionable', body('invalid_format', 'due', 'must be a date, e.g. 2026-03-11', '03-03'), { due: '03-03' }, {})).toBeNull();
  expect(nextCall('actionable', { ...b, received: 'soon' }, { due: 'soon' }, {})).toBeNull();
});
