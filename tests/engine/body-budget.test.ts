// The token budget (body.ts, fitBudget) leaves a body as it is exactly when its estimate is within
// BODY_TOKEN_BUDGET. Most bodies are measured by shortcuts (their length without serializing them, their
// UTF-8 bytes) before any estimate: whatever path a body takes, the answer must be the estimate's.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { assembleBody, BODY_TOKEN_BUDGET, estimateBodyTokens, serializeBody } from '../../src/engine/body/body';
import { messageOf } from '../../src/engine/faults/fault';
import { printable } from '../../src/engine/faults/rule-words';
import type { Body, Fault, Json } from '../../src/engine/types';

// Pieces of text of every kind the shortcuts tell apart: plain ASCII, characters JSON escapes, beyond ASCII.
const pieces = ['a', 'word ', 'Z', '7', '1234', ' ', '-', ':', '"', '\\', '\n', '\u0001', '\u007f', 'é', '…', '中', '😀', '±'];
const piecesOf = (minLength: number, maxLength: number) => fc.array(fc.constantFrom(...pieces), { minLength, maxLength }).map((parts) => parts.join(''));
// Short texts, long ones that take a body near and past the budget, and long plain ASCII of a token or
// more per two characters (past the budget in tokens before it is far past it in characters).
const dense = fc.array(fc.constantFrom('a7b8', 'Z9', '7', 'a', ' '), { minLength: 60, maxLength: 200 }).map((parts) => parts.join(''));
const text = fc.oneof(piecesOf(0, 40), piecesOf(100, 400), dense);
const plain = fc.oneof(dense, fc.array(fc.constantFrom('a', 'word ', '7', ':'), { maxLength: 40 }).map((parts) => parts.join('')));
const value: fc.Arbitrary<Json> = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 6 }),
  fc.dictionary(fc.constantFrom('id', 'name', 'say "hi"', 'é'), text, { maxKeys: 3 }),
);

const faultOf = (text: fc.Arbitrary<string>, value: fc.Arbitrary<Json>) => fc.record({ field: fc.constantFrom('status', 'start.dateTime', 'items[0]', ''), message: text, received: value, candidates: fc.array(value, { maxLength: 2 }) }).map(
  ({ field, message, received, candidates }): Fault => ({
    field,
    code: 'invalid_value',
    statement: `must be ${message}`,
    notes: [],
    received,
    hasReceived: true,
    candidates,
    showCandidates: true,
    stage: 'validate',
    reason: 'test',
  }),
);
const fault = faultOf(text, value);
// Bodies of printable ASCII only, which the budget measures without serializing them.
const plainFault = faultOf(plain, fc.oneof(plain, fc.integer()));

/** The body assembleBody makes before it is fitted: its entries as they stand, with nothing cut. */
function unfitted(faults: Fault[]): Body {
  // A body of one fault, or of several, with a budget so large that nothing is cut: built by hand here.
  const entry = (f: Fault) => {
    // A message is written with its unprintable characters escaped (rule-words.ts printable).
    const e: Record<string, Json> = { field: f.field, code: f.code, message: printable(messageOf(f)) };
    if (f.hasReceived) e.received = f.received as Json;
    if (f.showCandidates && f.candidates.length) e.did_you_mean = f.candidates;
    return e;
  };
  if (faults.length === 1) {
    const f = faults[0];
    const body: Record<string, Json> = { error: f.code };
    if (f.field !== '') body.field = f.field;
    body.message = printable(messageOf(f));
    if (f.hasReceived) body.received = f.received as Json;
    if (f.showCandidates && f.candidates.length) body.did_you_mean = f.candidates;
    body.retryable = true;
    return body as unknown as Body;
  }
  // Two faults of one field (an array's length and its items' type) are counted as faults in one field.
  const fields = new Set(faults.map((f) => f.field.replace(/\[\]$/, ''))).size;
  const counted = fields === faults.length ? `${fields} fields were rejected` : `${faults.length} faults were found in ${fields === 1 ? '1 field' : `${fields} fields`}`;
  return { error: 'validation_failed', message: `${counted}. Correct all of them and call again.`, errors: faults.map(entry), retryable: true } as unknown as Body;
}

test.each([
  ['any text', fault],
  ['printable ASCII', plainFault],
])('a body of %s is left as it is exactly when its estimate is within the budget', (_, fault) => {
  let kept = 0;
  let cut = 0;
  fc.assert(
    fc.property(fc.array(fault, { minLength: 1, maxLength: 4 }), (faults) => {
      const reference = unfitted(faults);
      const within = estimateBodyTokens(reference) <= BODY_TOKEN_BUDGET;
      const fitted = assembleBody(faults);
      // retryable differs (the code's own is false); every other byte is the reference's when it fits, and
      // a body over the budget always loses something (each entry has a received value to cut or drop).
      const same = serializeBody({ ...fitted, retryable: true } as Body) === serializeBody(reference);
      expect(same, serializeBody(reference)).toBe(within);
      if (within) kept++;
      else cut++;
    }),
    { numRuns: 1000 },
  );
  // Both sides of the budget were tried.
  expect(kept, `${kept} kept, ${cut} cut`).toBeGreaterThan(100);
  expect(cut, `${kept} kept, ${cut} cut`).toBeGreaterThan(100);
});

test('a body of printable ASCII within the budget in characters twice over, but not in tokens, is cut', () => {
  // `a7b8` is four tokens in four characters: 480 of them are over the budget, in 553 characters of body.
  const f: Fault = { field: 'status', code: 'invalid_value', statement: 'a7b8'.repeat(120), notes: [], received: 'x', hasReceived: true, candidates: [], showCandidates: true, stage: 'validate', reason: 'test' };
  const body = assembleBody([f]);
  expect(serializeBody(body).length).toBeLessThan(2 * BODY_TOKEN_BUDGET);
  expect(body).not.toHaveProperty('received');
});
