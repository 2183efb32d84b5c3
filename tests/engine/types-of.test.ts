// schema.ts's typesOf is the one reader of a schema's type: declared, or read from the other keywords as
// much as its caller needs (the pack compiler and the example maker: properties and items; strict mode's
// walk: every keyword and an enum's values).
import { describe, expect, test } from 'vitest';
import { mainType, typesOf } from '../../src/engine/schema';

describe('typesOf', () => {
  test('a declared type, a name or a list, is read as it stands, whatever the option', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string']);
    expect(typesOf({ type: ['integer', 'null'], properties: {} }, { inferred: 'all' })).toEqual(['integer', 'null']);
    expect(typesOf({ type: [] }, { inferred: 'all' })).toEqual([]);
  });

  test('with no type, nothing is inferred unless asked', () => {
    expect(typesOf({ properties: { a: {} } })).toEqual([]);
    expect(typesOf({ properties: { a: {} } }, { inferred: 'shape' })).toEqual(['object']);
    expect(typesOf({ items: {} }, { inferred: 'shape' })).toEqual(['array']);
  });

  test('shape reads properties and items only; all reads the other keywords and the values too', () => {
    expect(typesOf({ additionalProperties: {} }, { inferred: 'shape' })).toEqual([]);
    expect(typesOf({ additionalProperties: {} }, { inferred: 'all' })).toEqual(['object']);
    expect(typesOf({ prefixItems: [{}] }, { inferred: 'all' })).toEqual(['array']);
    expect(typesOf({ enum: ['a', 1, null] }, { inferred: 'shape' })).toEqual([]);
    expect(typesOf({ enum: ['a', 1, null] }, { inferred: 'all' })).toEqual(['string', 'integer', 'null']);
    expect(typesOf({ enum: [1, 1.5] }, { inferred: 'all' })).toEqual(['number']);
    expect(typesOf({ const: true }, { inferred: 'all' })).toEqual(['boolean']);
  });
});

test('mainType: a lone type even when null, else the first that is not null, else the shape', () => {
  expect(mainType({ type: 'null' })).toBe('null');
  expect(mainType({ type: ['null', 'string'] })).toBe('string');
  expect(mainType({ type: ['null'], properties: {} })).toBeUndefined();
  expect(mainType({ properties: {} })).toBe('object');
  expect(mainType({ items: {} })).toBe('array');
  expect(mainType({})).toBeUndefined();
});
