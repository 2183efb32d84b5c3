// The benchmarks' caller reads an engine body's facts (the permitted set, the type, a bound, the names an
// object takes) from the fault behind it, not from its words: here the phrasebook (rule-words.ts) is
// given other words for a set and for each type, and the caller still recovers from every body. A body
// read back from JSON has only its words, which the caller reads as it reads any server's: with the
// words changed, that reading finds nothing, which is what shows the words did change.
import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';

vi.mock('../../src/engine/faults/rule-words', async (importOriginal) => {
  const words = await importOriginal<typeof import('../../src/engine/faults/rule-words')>();
  return {
    ...words,
    oneOfText: (values: readonly unknown[]) => `any of these: ${words.listValues(values as never)}`,
    typePhrase: (types: string | string[]) => `of the JSON type ${String(types)}`,
    rangeText: () => 'inside the bounds the tool states',
  };
});

const { check, packFromToolDefinitions } = await import('../../src/engine');
const { callerFaultsOf, factsFromText, nextCall } = await import('../../src/engine/caller');
type Json = import('../../src/engine/types').Json;

const pack = packFromToolDefinitions([
  {
    name: 'list_tickets',
    description: 'Lists tickets.',
    input_schema: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'string', enum: ['open', 'pending', 'closed'] },
        limit: { type: 'integer', maximum: 100 },
        page: { type: 'integer' },
        query: { type: 'string' },
      },
      additionalProperties: false,
    },
  },
]);

const refusal = (args: Record<string, Json>) => {
  const r = check(pack, { name: 'list_tickets', arguments: args });
  if (r.ok) throw new Error('the call was accepted');
  return r.body;
};

describe('the caller reads an engine body by its facts, whatever the phrasebook words', () => {
  test('the words did change: a body says none of the old phrases', () => {
    const body = refusal({ status: 'OPEN', limit: 500, page: 'two', colour: 'red' });
    const text = JSON.stringify(body);
    expect(text).toContain('any of these: open, pending, closed');
    expect(text).toContain('of the JSON type integer');
    expect(text).not.toMatch(/one of: |must be an integer|at most 100/);
  });

  test('the permitted set, the type, the bound and the names taken come from the faults', () => {
    const facts = Object.fromEntries(callerFaultsOf(refusal({ status: 'OPEN', limit: 500, page: 'two', colour: 'red' }) as never).map((f) => [f.field, f.facts]));
    expect(facts.status).toEqual({ allowed: ['open', 'pending', 'closed'] });
    expect(facts.page).toMatchObject({ type: 'integer' });
    expect(facts.limit).toEqual({ bound: { side: 'max', limit: 100 } });
    expect(facts.colour).toEqual({ takes: ['status', 'limit', 'page', 'query'] });
  });

  test('a type fault on a field with a set, restated as the set, carries the set (type-shapes.ts records it)', () => {
    const facts = Object.fromEntries(callerFaultsOf(refusal({ status: 5 }) as never).map((f) => [f.field, f.facts]));
    expect(facts.status).toEqual({ allowed: ['open', 'pending', 'closed'] });
  });

  test('the caller recovers: a value from the set in another case, a number sent at its bound, an unknown name dropped', () => {
    const call = { status: 'OPEN', limit: 500, colour: 'red' };
    const body = refusal(call);
    expect(nextCall('actionable', body as unknown as Json, call, call)).toEqual({ status: 'open', limit: 100 });
    // The same body as text, as a server would send it: its words are all there is, and the old reading finds nothing in them.
    const parsed = JSON.parse(JSON.stringify(body)) as Json;
    const read = Object.fromEntries(callerFaultsOf(parsed as never).map((f) => [f.field, f.facts]));
    expect([read.status, read.limit]).toEqual([{}, {}]);
    expect(factsFromText('invalid_status', 'must be one of: open, pending')).toEqual({ allowed: ['open', 'pending'] });
  });
});

test('neither the caller nor grade() takes words from the phrasebook to read a body with', () => {
  for (const file of ['src/engine/caller.ts', 'src/engine/grade.ts']) expect(readFileSync(file, 'utf8'), file).not.toMatch(/from '\.\/faults\/rule-words'/);
});
