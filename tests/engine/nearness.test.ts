// One distance() for every stage that asks how near two names or values are (src/engine/shared/nearness.ts),
// on the edit-distance libraries the engine depends on rather than a loop of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { distance as levenshtein } from 'fastest-levenshtein';
import { describe, expect, test } from 'vitest';
import { distance, normalise } from '../../src/engine/shared/nearness';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 8 });

describe('distance()', () => {
  test('without a limit, it is Levenshtein: a swap of two letters is two edits', () => {
    expect(distance('opne', 'open')).toBe(2);
    expect(distance('kitten', 'sitting')).toBe(3);
  });

  test('with a limit, a swap of two neighbouring letters is one edit, and a distance past the limit is limit + 1', () => {
    expect(distance('opne', 'open', 2)).toBe(1);
    expect(distance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(distance('same', 'same', 0)).toBe(0);
  });

  test('with a limit, it never exceeds Levenshtein or limit + 1, and is exact within the limit', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const d = distance(a, b, limit);
        expect(d).toBeLessThanOrEqual(Math.min(levenshtein(a, b), limit + 1));
        // A swap saves at most one edit in two: never less than half of Levenshtein, unless clamped.
        expect(d).toBeGreaterThanOrEqual(Math.min(Math.ceil(levenshtein(a, b) / 2), limit + 1));
        expect(distance(b, a, limit)).toBe(d);
      }),
    );
  });
});

test('normalise() drops case, spaces and separators', () => {
  expect(normalise('Requested-By Customer')).toBe('requestedbycustomer');
  expect(normalise('a_b.c')).toBe('abc');
});

test('only nearness.ts imports the edit-distance libraries: the rest of src/ asks distance()', () => {
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(p) ? [p] : [];
    });
  })('src');
  const importers = files.filter((f) => /from '(?:fastest-levenshtein|damerau-levenshtein)'/.test(readFileSync(f, 'utf8')));
  expect(importers).toEqual([join('src', 'engine', 'shared', 'nearness.ts')]);
});
