// The token estimate's scanner (body.ts, packTextTokens) reads text exactly as the pre-token expression it
// replaced: the budget bound rests on it, so the two must agree on every string, not just on typical ones.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { packTextTokens, packTextTokensByRegExp } from '../../src/engine/body/body';
import { check, serializeBody } from '../../src/engine';
import { packs } from '../../src/packs';

const pieces = ['a', 'Z', 'abc', 'ABC', 'Word', '7', '1234', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', '\ufeff', ',', ':', '{"', '"}', '…', 'é', 'ß', '中', '😀', '\ud83d', '_', '-', '$', '€', ' ,', ' é', ' 1', ' a'];

test('agrees with the expression on strings built from every kind of character', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      expect(packTextTokens(text)).toBe(packTextTokensByRegExp(text));
    }),
    { numRuns: 3000 },
  );
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(packTextTokens(text)).toBe(packTextTokensByRegExp(text));
      }), { numRuns: 3000 });
});

test('agrees on every body the packs’ examples produce', () => {
  let bodies = 0;
  for (const pack of packs) {
    for (const tool of pack.tools) {
      for (const ex of tool.source.examples?.invalid ?? []) {
        const text = serializeBody(check(pack, { name: tool.name, arguments: ex.arguments }).body!);
        expect(packTextTokens(text), text).toBe(packTextTokensByRegExp(text));
        bodies++;
      }
    }
  }
  expect(bodies).toBeGreaterThan(100);
});
