// uniqueItems in one pass (validate/unique-items.ts, pack/ajv-unique-items.ts): the same verdict and the
// same pair of items as AJV's pairwise deep equal, on any array.
import fc from 'fast-check';
import ajvEqual from 'ajv/dist/runtime/equal';
import { describe, expect, test } from 'vitest';
import { newAjv } from '../../src/engine/pack/ajv-instance';
import { duplicatePair } from '../../src/engine/validate/unique-items';

const equal = ajvEqual as unknown as (a: unknown, b: unknown) => boolean;

/** AJV's own loop (vocabularies/validation/uniqueItems.ts loopN2), as the reference. */
function ajvPair(items: readonly unknown[]): [number, number] | null {
  for (let i = items.length; i--; ) for (let j = i; j--; ) if (equal(items[i], items[j])) return [i, j];
  return null;
}

// A small alphabet, so that repeats are common; objects whose keys come in any order.
const leaf = fc.constantFrom<unknown>(0, -0, 1, '1', 'a', true, false, null, NaN, Infinity, '', '"', '\ud800');
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), tie('v'), { maxKeys: 3, noNullPrototype: true })),
})).v;

describe('duplicatePair', () => {
  test('finds the pair AJV finds, on arrays of anything', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), (items) => {
        expect(duplicatePair(items)).toEqual(ajvPair(items));
      }),
      { numRuns: 2000 },
    );
  });

  test('objects are equal whatever the order of their keys; an array is no object', () => {
    expect(duplicatePair([{ a: 1, b: [2] }, { b: [2], a: 1 }])).toEqual([1, 0]);
    expect(duplicatePair([{ 0: 'x' }, ['x']])).toBeNull();
    expect(duplicatePair([{ a: undefined }, {}])).toBeNull();
    expect(duplicatePair([Object.create(null), {}])).toBeNull();
  });

  test('values that are not plain data are left to the pairwise deep equal', () => {
    expect(duplicatePair([new Date(5), new Date(5)])).toEqual([1, 0]);
    expect(duplicatePair([new Date(5), new Date(6)])).toBeNull();
  });
});

describe('the AJV instances', () => {
  test('report the same error AJV reports, items over objects and over scalars alike', () => {
    const ajv = newAjv('assert');
    const objects = ajv.compile({ type: 'array', uniqueItems: true, items: { type: 'object' } });
    expect(objects([{ a: 1 }, { a: 2 }, { a: 1 }, { a: 2 }])).toBe(false);
    expect(objects.errors).toMatchObject([{ keyword: 'uniqueItems', params: { i: 3, j: 1 }, message: 'must NOT have duplicate items (items ## 1 and 3 are identical)' }]);
    const scalars = ajv.compile({ type: 'array', uniqueItems: true, items: { type: 'string' } });
    expect(scalars(['a', 'b', 'a'])).toBe(false);
    // AJV's own loop for scalars, untouched: it scans from the end, so its pair comes the other way round.
    expect(scalars.errors).toMatchObject([{ keyword: 'uniqueItems', params: { i: 0, j: 2 } }]);
    // The keyword keeps its place: the array's other keywords still come first, as AJV orders them.
    const both = ajv.compile({ type: 'array', maxItems: 1, uniqueItems: true });
    expect(both([{}, {}])).toBe(false);
    expect(both.errors!.map((e) => e.keyword)).toEqual(['maxItems', 'uniqueItems']);
  });
});
