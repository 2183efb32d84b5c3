// Shapes for tools with no examples of their own (issue 17): an anyOf/oneOf fault names what each branch
// wants and shows the smallest value of the branch nearest what was sent; an object or array in the wrong
// shape gets the smallest value its schema takes. Every example shown is one the validator accepts there.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, type CompiledPack, type Json } from '../../src/engine';
import { minimalExample } from '../../src/engine/explain/schema-example';
import { SCHEMA_WORDS } from '../../src/engine/faults/rule-words';

const pack = packFromToolDefinitions([
  {
    name: 't',
    inputSchema: {
      type: 'object',
      properties: {
        target: { oneOf: [{ type: 'object', properties: { user_id: { type: 'string' } }, required: ['user_id'] }, { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] }] },
        when: { anyOf: [{ type: 'string', format: 'date' }, { type: 'integer', minimum: 0 }] },
        tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
        range: { type: 'object', properties: { from: { type: 'integer', minimum: 1 }, to: { type: 'integer', minimum: 1 } }, required: ['from', 'to'] },
      },
    },
  },
]);

const body = (p: CompiledPack, args: Record<string, Json>) => check(p, { name: 't', arguments: args }, { checks: false }).body as Record<string, unknown>;

describe('branches and shapes from the schema alone', () => {
  test('a oneOf of objects names each branch and shows the nearest one', () => {
    const b = body(pack, { target: 'bob' });
    expect(b).toMatchObject({ error: 'invalid_value', field: 'target', received: 'bob' });
    expect(b.message).toBe('must be either an object with user_id or an object with email, e.g. {"user_id": "…"}');
  });

  test('an anyOf of a format and a bound: the branch of the type sent states its own rule; a value of neither type hears both', () => {
    expect(body(pack, { when: 'soon' })).toMatchObject({ error: 'invalid_format', message: 'must be a date in YYYY-MM-DD form, e.g. 2026-03-11' });
    expect(body(pack, { when: -3 })).toMatchObject({ error: 'out_of_range', message: 'must be at least 0' });
    expect(body(pack, { when: true })).toMatchObject({ error: 'invalid_value', message: 'must be either a date in YYYY-MM-DD form or an integer of at least 0, e.g. "2026-03-11"' });
  });

  test('an item in the wrong shape gets the smallest object its schema takes', () => {
    expect(body(pack, { tags: ['a'] })).toMatchObject({ field: 'tags[0]', message: 'must be an object such as {"name": "…"}' });
    expect(body(pack, { range: 5 })).toMatchObject({ field: 'range', message: 'must be an object such as {"from": 1, "to": 1}' });
  });

  test('every example offered passes when sent back', () => {
    for (const [args, field] of [[{ target: 'bob' }, 'target'], [{ when: true }, 'when'], [{ when: 2.5 }, 'when'], [{ range: 5 }, 'range']] as const) {
      const m = /(?:e\.g\.|such as) (.*)$/.exec(String(body(pack, args).message));
      expect(m, JSON.stringify(args)).not.toBeNull();
      expect(check(pack, { name: 't', arguments: { [field]: JSON.parse(m![1]) } }, { checks: false }).ok).toBe(true);
    }
  });

  test('a schema that says too little gets no made-up example', () => {
    expect(minimalExample({}, { type: 'string', pattern: '^[A-Z]{3}$' }, SCHEMA_WORDS)).toBeUndefined();
    expect(minimalExample({}, {}, SCHEMA_WORDS)).toBeUndefined();
    expect(minimalExample({}, { type: 'integer', exclusiveMinimum: 4 }, SCHEMA_WORDS)).toBe(5);
  });
});
