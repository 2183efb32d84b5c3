// The proxy compiles a server's tools on their first call (packFromToolDefinitions with firstUse), so a
// listing of thousands does not hold the first call up; what an eager compile would refuse is still refused
// at once, with the same pointer and reason (src/engine/pack/compile-later.ts), and a schema only AJV can
// resolve ($id, anchors, non-local references) is compiled now, as before.
import Ajv from 'ajv';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { check, packFromToolDefinitions, type Json } from '../../src/engine';
import { whenToCompile } from '../../src/engine/pack/compile-later';

afterEach(() => vi.restoreAllMocks());

const tools = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' }, kind: { $ref: '#/$defs/kind' } }, required: ['id'], $defs: { kind: { enum: ['a', 'b'] } } } }));

/** How many validators AJV compiles while `fn` runs (each compile goes through its private _compileSchemaEnv). */
function compiles(fn: () => void): number {
  const proto = Object.getPrototypeOf(Ajv.prototype) === Object.prototype ? Ajv.prototype : Object.getPrototypeOf(Ajv.prototype);
  const spy = vi.spyOn(proto as unknown as { _compileSchemaEnv: () => unknown }, '_compileSchemaEnv');
  fn();
  const n = spy.mock.calls.length;
  spy.mockRestore();
  return n;
}

test("a listing of 300 tools compiles none of their validators up front (only the meta-schema's); a call compiles its own tool alone", () => {
  let pack!: ReturnType<typeof packFromToolDefinitions>;
  expect(compiles(() => (pack = packFromToolDefinitions({ tools: tools(300) }, 'the server', { firstUse: true })))).toBeLessThan(10);
  expect(pack.tools).toHaveLength(300);
  let r!: ReturnType<typeof check>;
  const first = compiles(() => (r = check(pack, { name: 'tool_7', arguments: { id: 'ABC', kind: 'c' } as Json }, { checks: false })));
  expect(r.body?.errors ?? r.body).toBeDefined();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThan(10);
  expect(check(pack, { name: 'tool_8', arguments: { id: 'abc', kind: 'a' } }, { checks: false }).ok).toBe(true);
  // Without firstUse (--tools, the playground) every validator is compiled now, as before.
  expect(compiles(() => packFromToolDefinitions({ tools: tools(20) }))).toBeGreaterThanOrEqual(20);
});

describe('what an eager compile refuses is refused up front all the same, in the same words', () => {
  const GOOD = { name: 'good', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } };
  test.each([
    ['a $ref to nothing', { type: 'object', properties: { a: { $ref: '#/nope' } } }],
    ['a $ref into $defs to nothing', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } }, $defs: {} }],
    ['a pattern that is no regular expression', { type: 'object', properties: { a: { type: 'string', pattern: '([a-z' } } }],
    ['a patternProperties key that is no regular expression', { type: 'object', patternProperties: { '(?<': { type: 'string' } } }],
  ])('%s', (_what, inputSchema) => {
    const defs = { tools: [GOOD, { name: 'bad', inputSchema }] };
    const eager = packFromToolDefinitions(defs);
    const later = packFromToolDefinitions(defs, 'custom tools', { firstUse: true });
    expect(later.refused).toEqual(eager.refused);
    expect(later.refused).toEqual([expect.objectContaining({ tool: 'bad', pointer: expect.stringMatching(/^\/tools\/1\/inputSchema/) })]);
    expect(later.tools.map((t) => t.name)).toEqual(['good']);
  });
});

test('whenToCompile: later for local references and plain keywords; now where only AJV resolves', () => {
  expect(whenToCompile({ type: 'object', properties: { a: { $ref: '#/$defs/x' }, b: { $ref: '#' } }, $defs: { x: true } })).toBe('later');
  // A property named $id or $ref is a name, not a keyword; an enum value is data.
  expect(whenToCompile({ type: 'object', properties: { $id: { type: 'string' }, $ref: { type: 'string' } }, enum: [{ $ref: 'x' }] })).toBe('later');
  expect(whenToCompile({ $id: 'https://example.com/s', type: 'object' })).toBe('now');
  expect(whenToCompile({ type: 'object', properties: { a: { $ref: 'other.json#/x' } } })).toBe('now');
  expect(whenToCompile({ type: 'object', properties: { a: { $ref: '#anchor' } } })).toBe('now');
  expect(whenToCompile({ type: 'object', properties: { a: { $dynamicRef: '#meta' } } })).toBe('now');
});
