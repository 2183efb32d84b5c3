// A tool inside the compile budgets whose anyOf branches fan out through $refs (8 branches, each an object
// whose property is again an anyOf of 8 $refs, 4 levels): AJV checks each shared schema once per way in,
// so one wrong value makes about 10,000 errors, 512 copies of each. The check still answers with a clear
// body naming the fault. Bounded time is held by the test's timeout: reading every copy once per
// combinator above it, and every probe's copies again, took seconds a call.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, serializeBody, type FaultBody, type ValidationFailedBody } from '../../src/engine';
import { bodySchemaProblems } from '../reliability/support';

const BRANCHES = 8;
const LEVELS = 4;

function fanOutTool(name = 'fan', list = false) {
  const defs: Record<string, unknown> = {};
  const choice = (level: number) => ({ anyOf: Array.from({ length: BRANCHES }, (_, k) => ({ $ref: `#/$defs/L${level}B${k}` })) });
  for (let l = 0; l < LEVELS; l++) {
    for (let b = 0; b < BRANCHES; b++) {
      defs[`L${l}B${b}`] = { type: 'object', properties: { p: l === LEVELS - 1 ? { type: 'integer' } : choice(l + 1), [`kind${b}`]: { const: `k${b}` } }, required: [`kind${b}`], additionalProperties: false };
    }
  }
  return { name, inputSchema: { type: 'object', properties: { r: list ? { type: 'array', items: choice(0) } : choice(0) }, required: ['r'], $defs: defs } };
}

/** An object nested `levels` deep under `p`, with `leaf` at the bottom. */
function nestedValue(levels: number, leaf: unknown, extra: Record<string, unknown> = {}): unknown {
  return levels === 0 ? leaf : { p: nestedValue(levels - 1, leaf, extra), ...extra };
}

describe('anyOf branches that fan out through $refs', () => {
  const pack = packFromToolDefinitions([fanOutTool(), fanOutTool('fan_list', true)]);

  test('compiles inside the budgets, and the validator reports thousands of errors for one call', () => {
    const tool = pack.tools.find((t) => t.name === 'fan')!;
    expect(tool).toBeDefined();
    expect(tool.validate({ r: nestedValue(LEVELS, 'x') })!.length).toBeGreaterThan(5000);
  });

  // Three wrong leaves each: the old reading took seconds a call, so the timeout fails it.
  test.each([
    ['a wrong leaf, and no kind anywhere', (leaf: unknown) => ({ r: nestedValue(LEVELS, leaf) })],
    ['the kinds right, an unknown key deep down', (leaf: unknown) => ({ r: nestedValue(LEVELS, leaf, { kind0: 'k0', extra: true }) })],
  ])('%s: a clear body naming the field', (_, args) => {
    for (const leaf of ['x', 1.5, null]) {
      const r = check(pack, { name: 'fan', arguments: args(leaf) as Record<string, unknown> });
      expect(r.ok).toBe(false);
      const body = r.body as ValidationFailedBody;
      const bytes = serializeBody(body);
      expect(bodySchemaProblems(body), bytes).toEqual([]);
      expect(body.error, bytes).toBe('validation_failed');
      expect(body.errors.some((f) => f.field === 'r' || f.field.startsWith('r.')), bytes).toBe(true);
      expect(body.errors.every((f) => f.message.length > 0), bytes).toBe(true);
    }
  }, 5_000);

  // AJV keeps about 10,000 errors for each such item: 100 items made a million, and took 25 s.
  test('a list of many such items is refused before AJV runs, naming the list; a few are checked', () => {
    const many = check(pack, { name: 'fan_list', arguments: { r: Array.from({ length: 100 }, () => nestedValue(LEVELS, 'x')) } });
    const body = many.body as FaultBody;
    expect(bodySchemaProblems(body), serializeBody(body)).toEqual([]);
    expect(body).toMatchObject({ error: 'invalid_value', field: 'r', message: expect.stringMatching(/^holds 100 items, more than one call can check: .*; send them in smaller calls$/) });
    const few = check(pack, { name: 'fan_list', arguments: { r: [nestedValue(LEVELS, 'x'), nestedValue(LEVELS, 'x')] } });
    expect(few.body).toMatchObject({ error: 'validation_failed' });
    expect((few.body as ValidationFailedBody).errors.some((f) => f.field.startsWith('r[]')), serializeBody(few.body!)).toBe(true);
  }, 5_000);
});
