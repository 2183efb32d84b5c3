// The JSON Schema Test Suite taken the way users' tools are taken (bench/schema-suite.ts): each schema made a
// tool with packFromToolDefinitions, each instance checked with check(). Both drafts the suite has,
// each schema declaring its draft in $schema as a user's would. Every disagreement is either one of the
// engine's declared departures (src/engine/pack/departures.ts) or a listed AJV 8 gap naming its upstream issue.
import { describe, expect, test } from 'vitest';
import { AJV_GAPS, runSchemaSuite, type SuiteSummary } from '../../bench/schema-suite';
import * as engine from '../../src/engine';


const summaries = new Map<string, SuiteSummary>();
const run = (draft: 'draft2020-12' | 'draft7') => {
  if (!summaries.has(draft)) summaries.set(draft, runSchemaSuite(engine as never, draft));
  return summaries.get(draft)!;
};

describe.each(['draft2020-12', 'draft7'] as const)('JSON Schema Test Suite %s, as users\u2019 tools', (draft) => {
  test('no call gets internal_error: a schema the engine cannot use is refused when the pack is built', () => {
    const s = run(draft);
    console.log(`${draft}: ${s.agree} of ${s.instances} agree; ${s.noPack.length} schemas refused at build; ${s.validRefused} valid refused, ${s.invalidAccepted} invalid accepted; departures ${JSON.stringify(s.byDeparture)}; AJV gaps ${s.wrong.length}`);
    expect(s.internalError).toBe(0);
    expect(s.instances).toBeGreaterThan(900);
  });

  test('every schema refused at build says why (an unresolvable remote ref, an unsupported $schema, AJV\u2019s own limits)', () => {
    const s = run(draft);
    for (const n of s.noPack) expect(n.reason.length, n.group).toBeGreaterThan(20);
    // The refusals are the schemas that refer to documents elsewhere (the engine fetches nothing), custom
    // metaschemas, and AJV's dynamic-scope limit: a bound, so a new kind of refusal shows up here.
    expect(s.noPack.length).toBeLessThanOrEqual(draft === 'draft7' ? 12 : 39);
    for (const n of s.noPack) expect(n.reason).toMatch(/this schema does not hold|resolve reference|\$schema|names no JSON Schema draft|\$dynamicRef|call stack|"type" is "object"/);
  });

  test('every disagreement is a declared departure or a listed AJV gap', () => {
    const s = run(draft);
    const unexplained = s.wrong.filter((w) => !AJV_GAPS[w.id.split('#')[0]]);
    expect(unexplained.map((w) => `${w.outcome} ${w.id} ${w.group} / ${w.test}: ${w.detail}`)).toEqual([]);
    // And the gaps do not grow.
    expect(s.wrong.length).toBeLessThanOrEqual(draft === 'draft7' ? 2 : 15);
    for (const d of Object.keys(s.byDeparture)) expect(engine.DEPARTURES.map((x) => x.id)).toContain(d);
  });
});

describe('what the suite taught, as users meet it', () => {
  const pack = (inputSchema: object) => engine.packFromToolDefinitions([{ name: 't', inputSchema }]);
  const call = (p: engine.CompiledPack, args: object) => engine.check(p, { name: 't', arguments: args }, { checks: false });

  test('allOf branches declare properties together: both are accepted, an undeclared one is refused with the nearest name', () => {
    const p = pack({ allOf: [{ properties: { bar: { type: 'integer' } }, required: ['bar'] }, { properties: { foo: { type: 'string' } }, required: ['foo'] }] });
    expect(call(p, { foo: 'baz', bar: 2 }).ok).toBe(true);
    const r = call(p, { fooo: 'baz', bar: 2 });
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'fooo' });
    expect(r.did_you_mean).toEqual([{ field: 'fooo', candidates: ['foo'] }]);
  });

  test('unevaluatedProperties: false with if/then refuses what no branch declares', () => {
    const p = pack({ type: 'object', if: { properties: { foo: { const: 'then' } }, required: ['foo'] }, then: { properties: { bar: { type: 'string' } } }, unevaluatedProperties: false });
    expect(call(p, { zzz: 1 }).ok).toBe(false);
    expect(call(p, { foo: 'then', bar: 'x' }).ok).toBe(true);
  });

  test('a nested object composed with $ref and allOf is closed by what its branches declare', () => {
    const p = pack({
      type: 'object',
      properties: { pet: { allOf: [{ $ref: '#/$defs/animal' }, { properties: { breed: { type: 'string' } } }] } },
      $defs: { animal: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    });
    expect(call(p, { pet: { name: 'Rex', breed: 'collie' } }).ok).toBe(true);
    expect(call(p, { pet: { name: 'Rex', colour: 'brown' } }).body).toMatchObject({ error: 'unknown_argument', field: 'pet.colour' });
  });

  test('an author who opens an object is taken at their word', () => {
    const p = pack({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true });
    expect(call(p, { a: 'x', anything: 1 }).ok).toBe(true);
  });

  test('draft-07 as written: array items, additionalItems, definitions, $id anchors, $ref siblings ignored', () => {
    const p = pack({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false },
        size: { $ref: '#/definitions/size', type: 'string' },
        colour: { $ref: '#colour' },
      },
      definitions: { size: { type: 'integer', minimum: 1 }, colour: { $id: '#colour', enum: ['red', 'blue'] } },
    });
    expect(call(p, { pair: ['a', 1], size: 3, colour: 'red' }).ok).toBe(true);
    expect(call(p, { pair: ['a', 1, true] }).ok).toBe(false);
    expect(call(p, { pair: [1, 'a'] }).ok).toBe(false);
    expect(call(p, { colour: 'green' }).body).toMatchObject({ field: 'colour' });
    // The sibling `type: string` is ignored in draft-07: an integer passes, a string does not.
    expect(call(p, { size: 0 }).ok).toBe(false);
    expect(call(p, { size: 'big' }).ok).toBe(false);
  });

  test('2019-09 compiles with its own keywords', () => {
    const p = pack({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', properties: { xs: { type: 'array', items: [{ type: 'string' }], additionalItems: false } }, dependentRequired: { a: ['b'] } });
    expect(call(p, { xs: ['a'] }).ok).toBe(true);
    expect(call(p, { xs: ['a', 'b'] }).ok).toBe(false);
  });

  test('an empty enum permits nothing and never fails the checker', () => {
    const p = pack({ type: 'object', properties: { v: { enum: [] } } });
    const r = call(p, { v: 1 });
    expect(r.ok).toBe(false);
    expect(r.log.faults.map((f) => f.code)).not.toContain('internal_error');
    expect(call(p, {}).ok).toBe(true);
  });

  test('a tool that cannot be compiled is refused at build with its pointer and reason; the others load', () => {
    const p = engine.packFromToolDefinitions([
      { name: 'good', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
      { name: 'broken', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } },
      { name: 'old', inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } },
    ]);
    expect(p.tools.map((t) => t.name)).toEqual(['good']);
    expect(p.refused).toEqual([
      { tool: 'broken', pointer: '/1/inputSchema/properties/a/$ref', reason: expect.stringMatching(/^refers to #\/\$defs\/missing, which this schema does not hold/) },
      { tool: 'old', pointer: '/2/inputSchema/$schema', reason: expect.stringMatching(/draft-04 is not supported/) },
    ]);
    expect(engine.check(p, { name: 'good', arguments: { a: 'x' } }, { checks: false }).ok).toBe(true);
  });

  test('when no tool can be compiled, the pack is refused whole with every reason', () => {
    expect(() => engine.packFromToolDefinitions([{ name: 'x', inputSchema: { type: 'object', properties: { a: { $ref: '#/nope' } } } }])).toThrow(/\/0\/inputSchema\/properties\/a\/\$ref: x: refers to #\/nope/);
  });
});
