// One maker of example values (explain/schema-example.ts) for the bodies, the audit, the importer and the
// error dictionary: `fill` false gives only what the schema's keywords make sure of, `fill` true a value for
// every field, which its caller then checks with the engine.
import { describe, expect, test } from 'vitest';
import { exampleObject, exampleValue, minimalExample, numberExample, type ExampleOptions } from '../../src/engine/explain/schema-example';
import { SCHEMA_WORDS } from '../../src/engine/faults/rule-words';
import type { Json, SchemaNode } from '../../src/engine/types';

const SMALLEST: ExampleOptions = { maxDepth: 4, fill: false };
const FILL: ExampleOptions = { maxDepth: 12, fill: true };

describe('exampleValue', () => {
  test('a pattern says too little for the smallest value; filling sends a word fitted to the length', () => {
    const s = { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 };
    expect(exampleValue(s, SMALLEST)).toBeUndefined();
    expect(exampleValue(s, FILL)).toBe('xxx');
  });

  test('an enum gives its first value, or its default when filling', () => {
    const s = { type: 'string', enum: ['asc', 'desc'], default: 'desc' };
    expect(exampleValue(s, SMALLEST)).toBe('asc');
    expect(exampleValue(s, FILL)).toBe('desc');
  });

  test('JSON Schema examples count for the smallest value, a default when filling', () => {
    expect(exampleValue({ type: 'integer', examples: [42], default: 7 }, SMALLEST)).toBe(42);
    expect(exampleValue({ type: 'integer', examples: [42], default: 7 }, FILL)).toBe(7);
  });

  test('a $ref is followed only against a root', () => {
    const root: SchemaNode = { $defs: { day: { type: 'string', format: 'date' } }, properties: { on: { $ref: '#/$defs/day' } }, required: ['on'] };
    expect(minimalExample(root, root, SCHEMA_WORDS)).toEqual({ on: SCHEMA_WORDS.format('date')!.example });
    expect(exampleValue(root, FILL)).toEqual({ on: 'example' });
  });

  test('past the depth, nothing (smallest) or null (filling)', () => {
    const deep = { type: 'object', required: ['a'], properties: { a: { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } } } };
    expect(exampleValue(deep, { ...SMALLEST, maxDepth: 1 })).toBeUndefined();
    expect(exampleValue(deep, { ...FILL, maxDepth: 1 })).toEqual({ a: { b: null } });
  });

  test('rules beside the keywords (x-read-rules) come first when the caller reads them', () => {
    const s = { type: 'string', 'x-read-rules': [{}] };
    const ruled = (_: SchemaNode): Json | undefined => '2024-05-26';
    expect(exampleValue(s, { ...FILL, ruled })).toBe('2024-05-26');
    expect(exampleValue(s, FILL)).toBe('example');
  });

  test('a list that takes no repeats gets distinct items when filling', () => {
    expect(exampleValue({ type: 'array', minItems: 3, uniqueItems: true, items: { type: 'integer', minimum: 5 } }, FILL)).toEqual([5, 6, 7]);
    expect(exampleValue({ type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string' } }, FILL)).toEqual(['example', 'example2']);
  });

  test('an object when filling: its required fields, the first of its required sets, and the ones asked for', () => {
    const s = { type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'integer' }, c: { type: 'string' } }, required: ['a'], anyOf: [{ required: ['b'] }, { required: ['c'] }] };
    expect(exampleObject(s, FILL, 0, ['c'])).toEqual({ a: true, c: 'example', b: 1 });
  });
});

describe('numberExample', () => {
  test('the default, else the smallest number in range on the step', () => {
    expect(numberExample({ type: 'integer', default: 20, minimum: 1 })).toBe(20);
    expect(numberExample({ type: 'integer', exclusiveMinimum: 2.5 })).toBe(3);
    expect(numberExample({ type: 'number', minimum: 0.1, multipleOf: 0.5 })).toBe(0.5);
    expect(numberExample({ type: 'integer', exclusiveMaximum: 0 })).toBe(-1);
  });
});
