// paths.ts writes every JSON pointer: a whole path (pointerOf) and one step under a schema node (childPointer),
// escaping ~ and / as RFC 6901 says, in that order.
import { expect, test } from 'vitest';
import { childPointer, pointerOf } from '../../src/engine/paths';

test('childPointer adds one escaped step, as pointerOf writes it', () => {
  expect(childPointer('', 'properties')).toBe('/properties');
  expect(childPointer('/properties', 'a/b~c')).toBe('/properties/a~1b~0c');
  expect(childPointer('/items', 0)).toBe('/items/0');
  expect(childPointer('/x', '~1')).toBe('/x/~01');
  expect(pointerOf(['tools', 'a/b'])).toBe(childPointer('/tools', 'a/b'));
});
