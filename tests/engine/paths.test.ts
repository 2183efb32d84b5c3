// paths.ts writes every JSON pointer: a whole path (pointerOf) and one step under a schema node (childPointer),
// escaping ~ and / as RFC 6901 says, in that order.
import { expect, test } from 'vitest';
import { childPointer, pointerKeys, pointerOf } from '../../src/engine/paths';

test('childPointer adds one escaped step, as pointerOf writes it', () => {
  expect(childPointer('', 'properties')).toBe('/properties');
  expect(childPointer('/properties', 'a/b~c')).toBe('/properties/a~1b~0c');
  expect(childPointer('/items', 0)).toBe('/items/0');
  expect(childPointer('/x', '~1')).toBe('/x/~01');
  expect(pointerOf(['tools', 'a/b'])).toBe(childPointer('/tools', 'a/b'));
});

test('pointerKeys reads a pointer back to its keys; with uri, a fragment’s %-escapes too', () => {
  expect(pointerKeys('')).toEqual([]);
  expect(pointerKeys('/properties/a~1b~0c')).toEqual(['properties', 'a/b~c']);
  expect(pointerKeys('/$defs/a%20b')).toEqual(['$defs', 'a%20b']);
  expect(pointerKeys('/$defs/a%20b', { uri: true })).toEqual(['$defs', 'a b']);
  expect(() => pointerKeys('/$defs/%E0%A4%A', { uri: true })).toThrow(URIError);
});
