// Strict-mode lint (src/engine/strict/): each vendor rule with a schema that trips it and one that
// does not; every shipped (and imported) pack linted for every target with its totals; every strict export
// accepted by a checker written here from the vendors' rules; and every rule a strict export leaves out
// still refused by check(), with the same body, for every tool.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { CORPUS_FULL, letWorkerBreathe, sampledTools } from './corpus-sample';
import {
  check,
  exportPack,
  exportTool,
  findingField,
  fromStrictCall,
  geminiPropertyNames,
  lintRequest,
  lintTool,
  packFromToolDefinitions,
  refusedOutright,
  STRICT_TARGETS,
  strictExportTool,
  strictReport,
  strictToolName,
  type CompiledPack,
  type CompiledTool,
  type Json,
  type SchemaNode,
  type StrictFinding,
  type StrictTarget,
} from '../src/engine';
import { compilePackWith } from '../src/engine/pack/pack-compiler';
import { lazyAjvBackend } from '../src/package/imported-pack';
import { packs } from '../src/packs';

const toolOf = (schema: SchemaNode, name = 't'): CompiledTool => packFromToolDefinitions([{ name, input_schema: schema }]).tools[0];
const obj = (properties: SchemaNode, extra: SchemaNode = {}): SchemaNode => ({ type: 'object', properties, required: Object.keys(properties), ...extra });
const at = (findings: StrictFinding[], construct: string) => findings.filter((f) => f.construct === construct);
const lint = (schema: SchemaNode, target: StrictTarget, options = {}) => lintTool(toolOf(schema), target, options);
const params = (tool: CompiledTool, target: StrictTarget): SchemaNode => {
  const e = strictExportTool(tool, target);
  return target === 'openai-strict' ? e.function.parameters : target === 'anthropic-strict' ? e.input_schema : (e.parameters ?? { type: 'object', properties: {} });
};

describe('OpenAI strict mode rules', () => {
  const T = 'openai-strict';
  test('every property must be required: an optional one is rewritten as required and nullable', () => {
    const tripped = lint({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', enum: [1, 2] } }, required: ['a'] }, T);
    expect(at(tripped, 'required')).toEqual([expect.objectContaining({ path: '/properties/b', action: 'rewrite', lives: 'checks' })]);
    expect(params(toolOf({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', enum: [1, 2] } }, required: ['a'] }), T)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { anyOf: [{ type: 'integer', enum: [1, 2] }, { type: 'null' }] } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(lint(obj({ a: { type: 'string' } }), T)).toEqual([]);
  });

  test('additionalProperties: false on every object: a definition without it needs a rewrite', () => {
    const asWritten = { asWritten: true };
    expect(at(lint({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, T, asWritten), 'additionalProperties')).toEqual([
      expect.objectContaining({ path: '/additionalProperties', action: 'rewrite' }),
    ]);
    expect(lint({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, T, asWritten)).toEqual([]);
  });

  test('a free-form map is sent as JSON text in a string; a closed object is not', () => {
    const map = { type: 'object', additionalProperties: { type: 'string' } };
    expect(at(lint(obj({ m: map }), T), 'additionalProperties')).toEqual([expect.objectContaining({ path: '/properties/m', action: 'rewrite', lives: 'checks' })]);
    expect(params(toolOf(obj({ m: map })), T).properties.m).toEqual({
      type: 'string',
      description: 'Send the object as JSON text in a string, matching this JSON Schema: {"type":"object","additionalProperties":{"type":"string"}}',
    });
    expect(lint(obj({ m: obj({ k: { type: 'string' } }) }), T)).toEqual([]);
  });

  test('formats: the nine it lists pass, others are refused', () => {
    expect(at(lint(obj({ u: { type: 'string', format: 'uri' } }), T), 'format')).toEqual([expect.objectContaining({ path: '/properties/u/format', action: 'refuses', lives: 'checks' })]);
    expect(lint(obj({ u: { type: 'string', format: 'date-time' } }), T)).toEqual([]);
  });

  test('minLength and maxLength are refused (not listed; users disagree), pattern is kept', () => {
    const f = lint(obj({ s: { type: 'string', minLength: 2, maxLength: 5 } }), T);
    expect(f.map((x) => [x.construct, x.action])).toEqual([['minLength', 'refuses'], ['maxLength', 'refuses']]);
    expect(f[0].message).toContain('pydantic/pydantic-ai#7400');
    expect(lint(obj({ s: { type: 'string', pattern: '^a+$' } }), T)).toEqual([]);
    expect(params(toolOf(obj({ s: { type: 'string', minLength: 2, maxLength: 5 } })), T).properties.s).toEqual({ type: 'string', description: 'Must be from 2 to 5 characters long.' });
  });

  test('default is refused and lives in a gloss', () => {
    expect(lint(obj({ n: { type: 'integer', default: 3 } }), T)).toEqual([expect.objectContaining({ construct: 'default', action: 'refuses', lives: 'gloss' })]);
    expect(lint(obj({ n: { type: 'integer', description: 'count' } }), T)).toEqual([]);
  });

  test('the keywords it lists as not supported are refused: allOf, not, if', () => {
    for (const [k, v] of [['allOf', [{ minLength: 1 }]], ['not', { const: 'x' }], ['if', { const: 'a' }]] as const) {
      expect(at(lint(obj({ s: { type: 'string', [k]: v } }), T), k)).toEqual([expect.objectContaining({ action: 'refuses', lives: 'checks' })]);
    }
    expect(lint(obj({ s: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }), T)).toEqual([]);
  });

  test('keywords outside its list (uniqueItems) are refused; listed ones (maxItems, minimum, multipleOf) are kept', () => {
    expect(at(lint(obj({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }), T), 'uniqueItems')).toHaveLength(1);
    expect(lint(obj({ a: { type: 'array', items: { type: 'number', minimum: 0, multipleOf: 0.5 }, maxItems: 3, minItems: 1 } }), T)).toEqual([]);
  });

  test('no anyOf at the root; a typed anyOf inside is fine; branches that only require fields are refused', () => {
    const root = lint({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] }, T);
    expect(at(root, 'anyOf')).toEqual([expect.objectContaining({ path: '/anyOf', action: 'refuses' })]);
    expect(at(root, 'anyOf')[0].message).toContain('Root objects must not be anyOf');
    expect(strictExportTool(toolOf({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] }), T).function.description).toBe('t Send at least one of: a, b.');
    expect(lint(obj({ v: { anyOf: [{ type: 'string' }, obj({ x: { type: 'number' } })] } }), T)).toEqual([]);
  });

  test('oneOf is rewritten as anyOf', () => {
    expect(at(lint(obj({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }), T), 'oneOf')).toEqual([expect.objectContaining({ action: 'rewrite' })]);
  });

  test('up to 1000 enum values per schema: above it the largest enums are left out, stated in words', () => {
    const values = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`);
    const over = lint(obj({ a: { type: 'string', enum: values(600, 'a') }, b: { type: 'string', enum: values(401, 'b') } }), T);
    expect(at(over, 'enum')).toEqual([expect.objectContaining({ path: '/properties/a/enum', action: 'refuses', lives: 'checks' })]);
    expect(at(over, 'enum')[0].message).toContain('OpenAI allows 1000 enum values per schema and this tool has 1001');
    expect(lint(obj({ a: { type: 'string', enum: values(600, 'a') }, b: { type: 'string', enum: values(400, 'b') } }), T)).toEqual([]);
  });

  test('a string enum of more than 250 values may total 15,000 characters', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => `${'v'.repeat(56)}${String(i).padStart(4, '0')}`);
    expect(at(lint(obj({ a: { type: 'string', enum: long(251) } }), T), 'enum')).toHaveLength(1);
    expect(lint(obj({ a: { type: 'string', enum: long(250) } }), T)).toEqual([]);
  });

  test('120,000 characters of names and enum values per schema', () => {
    const e = (p: string) => ({ type: 'string', enum: Array.from({ length: 200 }, (_, i) => `${p}${'x'.repeat(120)}${String(i).padStart(4, '0')}`) });
    const over = lint(obj({ a: e('a'), b: e('b'), c: e('c'), d: e('d'), f: e('f') }), T);
    expect(at(over, 'enum').length).toBeGreaterThan(0);
    expect(at(over, 'enum')[0].message).toContain('120000 characters');
    expect(lint(obj({ a: e('a'), b: e('b'), c: e('c'), d: e('d') }), T)).toEqual([]);
  });

  test('up to 10 levels of nesting (counted conservatively): deeper ones are sent as JSON text', () => {
    const nest = (levels: number): SchemaNode => (levels === 1 ? obj({ leaf: { type: 'string' } }) : obj({ n: nest(levels - 1) }));
    const deep = lint(nest(11), T);
    expect(deep).toEqual([expect.objectContaining({ construct: 'nesting', action: 'rewrite', path: '/properties/n'.repeat(10) })]);
    expect(lint(nest(10), T)).toEqual([]);
  });

  test('up to 5000 properties per schema', () => {
    const group = (n: number) => obj(Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'boolean' }])));
    expect(at(lint(obj({ a: group(2500), b: group(2499) }), T), 'properties')).toHaveLength(1);
    expect(lint(obj({ a: group(2499), b: group(2499) }), T)).toEqual([]);
  });
});

describe('Anthropic strict tool use rules', () => {
  const T = 'anthropic-strict';
  test('numerical constraints are refused', () => {
    expect(lint(obj({ n: { type: 'integer', minimum: 1, maximum: 9, multipleOf: 3 } }), T).map((f) => f.construct)).toEqual(['minimum', 'maximum', 'multipleOf']);
    expect(lint(obj({ n: { type: 'integer' } }), T)).toEqual([]);
  });

  test('string constraints are refused', () => {
    expect(lint(obj({ s: { type: 'string', maxLength: 3 } }), T)).toEqual([expect.objectContaining({ construct: 'maxLength', action: 'refuses' })]);
  });

  test('minItems 0 or 1 only: 2 is sent as 1 with the real floor in words; maxItems and uniqueItems are refused', () => {
    const f = lint(obj({ a: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4, uniqueItems: true } }), T);
    expect(f.map((x) => x.construct)).toEqual(['minItems', 'maxItems', 'uniqueItems']);
    expect(params(toolOf(obj({ a: { type: 'array', items: { type: 'string' }, minItems: 2 } })), T).properties.a).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, description: 'Must have at least 2 items.' });
    expect(lint(obj({ a: { type: 'array', items: { type: 'string' }, minItems: 1 } }), T)).toEqual([]);
  });

  test('regular expressions: lookaround, backreferences, word boundaries and counted ranges are refused; simple ones pass', () => {
    for (const p of ['^(?=a)a$', '^(a)\\1$', '\\bword\\b', '^[0-9]{1,10}$', '^a{2,}$']) expect(at(lint(obj({ s: { type: 'string', pattern: p } }), T), 'pattern'), p).toHaveLength(1);
    expect(at(lint(obj({ s: { type: 'string', pattern: '^[0-9]{1,10}$' } }), T), 'pattern')[0].message).toContain('limit not documented');
    for (const p of ['^T-[0-9]+$', '^[a-z]{4}$', '^a\\{1,2\\}$']) expect(lint(obj({ s: { type: 'string', pattern: p } }), T), p).toEqual([]);
  });

  test('its ten formats pass, others are refused', () => {
    expect(lint(obj({ u: { type: 'string', format: 'uri' } }), T)).toEqual([]);
    expect(at(lint(obj({ u: { type: 'string', format: 'uri-reference' } }), T), 'format')).toHaveLength(1);
  });

  test('enum values: primitives only', () => {
    expect(at(lint(obj({ e: { enum: [{ a: 1 }, 'x'] } }), T), 'enum')).toHaveLength(1);
    expect(lint(obj({ e: { enum: ['x', 1, true, null] } }), T)).toEqual([]);
  });

  test('optional parameters stay optional; default and allOf are supported; title is not listed', () => {
    expect(lint({ type: 'object', properties: { a: { type: 'string', default: 'x' }, b: { allOf: [{ type: 'string' }] } } }, T)).toEqual([]);
    expect(lint(obj({ a: { type: 'string', title: 'A' } }), T)).toEqual([expect.objectContaining({ construct: 'title', lives: 'gloss' })]);
  });

  test('a type array is spelled as anyOf with a null branch', () => {
    expect(lint(obj({ a: { type: ['string', 'null'] } }), T)).toEqual([expect.objectContaining({ construct: 'type', action: 'rewrite' })]);
    expect(params(toolOf(obj({ a: { type: ['string', 'null'] } })), T).properties.a).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });

  test('24 optional parameters: a nested object is sent as JSON text first, then a top-level one becomes required and nullable', () => {
    const flat = (n: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }])) });
    expect(lint(flat(24), T)).toEqual([]);
    expect(lint(flat(25), T)).toEqual([expect.objectContaining({ construct: 'required', path: '/properties/p0', action: 'rewrite' })]);
    const nested = { type: 'object', properties: { keep: { type: 'string' }, extra: flat(24) } };
    expect(lint(nested, T)).toEqual([expect.objectContaining({ construct: 'optional parameters', path: '/properties/extra', action: 'rewrite' })]);
  });

  test('recursive schemas are refused and sent as JSON text; a plain $ref is written out in place', () => {
    const recursive = { type: 'object', properties: { node: { $ref: '#/$defs/n' } }, $defs: { n: obj({ next: { $ref: '#/$defs/n' } }) } };
    expect(lint(recursive, T)).toEqual([expect.objectContaining({ construct: '$ref', action: 'rewrite', path: '/properties/node/properties/next' })]);
    expect(lint({ type: 'object', properties: { a: { $ref: '#/$defs/s' } }, $defs: { s: { type: 'string' } } }, T)).toEqual([]);
  });

  test('per request: 20 strict tools, 24 optional and 16 union parameters across them', () => {
    const tools = (n: number, props: number) =>
      packFromToolDefinitions(Array.from({ length: n }, (_, i) => ({ name: `t${i}`, input_schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: props }, (_, j) => [`p${j}`, { type: 'string' }])) } }))).tools;
    expect(lintRequest(tools(20, 1), T).map((f) => f.construct)).toEqual([]);
    expect(lintRequest(tools(21, 1), T).map((f) => f.construct)).toEqual(['strict tools']);
    expect(lintRequest(tools(3, 8), T)).toEqual([]);
    expect(lintRequest(tools(5, 5), T)).toEqual([expect.objectContaining({ construct: 'optional parameters', message: expect.stringContaining('these have 25') })]);
    expect(lintRequest(tools(21, 1), 'openai-strict')).toEqual([]);
  });
});

describe('Gemini function declaration rules', () => {
  const T = 'gemini';
  test('no additionalProperties: closed objects lose it', () => {
    expect(lint(obj({ a: { type: 'string' } }), T)).toEqual([expect.objectContaining({ path: '/additionalProperties', construct: 'additionalProperties', action: 'refuses', lives: 'checks' })]);
    expect(lint({ type: 'object', properties: { a: { type: 'string' } } }, T, { asWritten: true })).toEqual([]);
  });

  test('no const: a string const becomes a one-value enum, another const is refused', () => {
    expect(lint({ type: 'object', properties: { a: { const: 'x' } } }, T, { asWritten: true })).toEqual([expect.objectContaining({ construct: 'const', action: 'rewrite', lives: 'checks' })]);
    expect(params(toolOf(obj({ a: { const: 'x' } })), T).properties.a).toEqual({ type: 'string', enum: ['x'] });
    expect(lint({ type: 'object', properties: { a: { enum: ['x'] } } }, T, { asWritten: true })).toEqual([]);
    expect(at(lint({ type: 'object', properties: { a: { const: 3 } } }, T, { asWritten: true }), 'const')).toEqual([expect.objectContaining({ action: 'refuses' })]);
  });

  test('enum values are strings only', () => {
    expect(at(lint({ type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } }, T, { asWritten: true }), 'enum')).toHaveLength(1);
    expect(lint({ type: 'object', properties: { s: { type: 'string', enum: ['1', '2'] } } }, T, { asWritten: true })).toEqual([]);
  });

  test('formats: enum and date-time on strings, float/double and int32/int64 on numbers', () => {
    const w = { asWritten: true };
    expect(at(lint({ type: 'object', properties: { e: { type: 'string', format: 'email' } } }, T, w), 'format')).toHaveLength(1);
    expect(lint({ type: 'object', properties: { d: { type: 'string', format: 'date-time' }, i: { type: 'integer', format: 'int32' } } }, T, w)).toEqual([]);
  });

  test('a type array becomes one type with nullable', () => {
    const w = { asWritten: true };
    expect(at(lint({ type: 'object', properties: { a: { type: ['string', 'null'] } } }, T, w), 'type')).toHaveLength(1);
    expect(params(toolOf({ type: 'object', properties: { a: { type: ['string', 'null'] } } }), T).properties.a).toEqual({ type: 'string', nullable: true });
  });

  test('pattern, lengths and bounds are accepted but not documented as enforced', () => {
    const f = lint({ type: 'object', properties: { s: { type: 'string', pattern: '^a$', maxLength: 3 }, n: { type: 'integer', minimum: 0 } } }, T, { asWritten: true });
    expect(f.map((x) => [x.construct, x.action])).toEqual([['pattern', 'ignores'], ['maxLength', 'ignores'], ['minimum', 'ignores']]);
  });

  test('fields its Schema lacks are refused: exclusiveMinimum, uniqueItems', () => {
    const f = lint({ type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0 }, a: { type: 'array', items: { type: 'string' }, uniqueItems: true } } }, T, { asWritten: true });
    expect(f.map((x) => [x.construct, x.action])).toEqual([['exclusiveMinimum', 'refuses'], ['uniqueItems', 'refuses']]);
  });

  test('$ref is written out in place', () => {
    expect(lint({ type: 'object', properties: { a: { $ref: '#/$defs/s' } }, $defs: { s: { type: 'string' } } }, T, { asWritten: true })).toEqual([expect.objectContaining({ construct: '$ref', action: 'rewrite' })]);
  });

  test('parameter names: letters, digits and underscores; others are renamed and mapped back', () => {
    const t = toolOf({ type: 'object', properties: { 'a-b': { type: 'string' }, ok_name: { type: 'string' } } });
    expect(at(lintTool(t, T, { asWritten: true }), 'property name')).toEqual([expect.objectContaining({ path: '/properties/a-b', action: 'rewrite' })]);
    expect(Object.keys(params(t, T).properties)).toEqual(['a_b', 'ok_name']);
    const pack = packFromToolDefinitions([{ name: 't', input_schema: { type: 'object', properties: { 'a-b': { type: 'string' } } } }]);
    expect(fromStrictCall(pack, { name: 't', arguments: { a_b: 'x' } }, T)).toEqual({ name: 't', arguments: { 'a-b': 'x' } });
    expect([...geminiPropertyNames(['a-b', 'a_b', '1x'])]).toEqual([['a-b', 'a_b_2'], ['a_b', 'a_b'], ['1x', '_1x']]);
  });

  test('an object with no properties: nested ones are sent as JSON text, a tool without parameters leaves them out', () => {
    expect(at(lint({ type: 'object', properties: { o: { type: 'object', properties: {} } } }, T, { asWritten: true }), 'properties')).toHaveLength(1);
    // The closed root moves into words, as on every Gemini export.
    expect(strictExportTool(toolOf({ type: 'object', properties: {} }), T)).toEqual({ name: 't', description: 't Send no keys other than the ones listed.' });
  });
});

describe('names and where a rule lives', () => {
  test('tool names: kept when they fit, made to fit otherwise', () => {
    expect(strictToolName('events_list', 'openai-strict')).toBe('events_list');
    expect(strictToolName('files.read', 'anthropic-strict')).toBe('files_read');
    expect(strictToolName('files.read', 'gemini')).toBe('files.read');
    expect(strictToolName('3d-render', 'gemini')).toBe('_3d-render');
    const long = 'x'.repeat(70);
    expect(strictToolName(long, 'openai-strict')).toHaveLength(64);
    expect(strictToolName(long, 'openai-strict')).toBe(strictToolName(long, 'openai-strict'));
    expect(strictToolName('-x', 'gemini')).toBe('_-x');
  });

  test('pasted definitions: the rules live in checks only when the server runs check()', () => {
    const schema = obj({ s: { type: 'string', minLength: 2 } });
    expect(lint(schema, 'openai-strict', { serverRunsCheck: false })).toEqual([expect.objectContaining({ construct: 'minLength', lives: 'nowhere' })]);
    expect(lint(schema, 'openai-strict', { serverRunsCheck: true })).toEqual([expect.objectContaining({ construct: 'minLength', lives: 'checks' })]);
  });

  test('a format the engine does not know lives nowhere even when check() runs; an annotation lives in a gloss', () => {
    expect(lint(obj({ p: { type: 'string', format: 'phone' } }), 'openai-strict')).toEqual([expect.objectContaining({ construct: 'format', lives: 'nowhere' })]);
    expect(lint(obj({ p: { type: 'string', examples: ['a'] } }), 'openai-strict')).toEqual([expect.objectContaining({ construct: 'examples', lives: 'gloss' })]);
  });

  test('the field a finding is about', () => {
    expect(findingField('/properties/start/properties/timeZone/enum')).toBe('start.timeZone');
    expect(findingField('/properties/attendees/items/properties/email/format')).toBe('attendees[].email');
    expect(findingField('/properties/end/anyOf')).toBe('end');
    expect(findingField('/anyOf')).toBe('');
    expect(findingField('/properties/a~1b/properties/items')).toBe('a/b.items');
  });

  test('refused outright: any finding but an ignored keyword', () => {
    expect(refusedOutright([])).toBe(false);
    expect(refusedOutright(lint(obj({ s: { type: 'string', pattern: '^a$' } }), 'gemini'))).toBe(true);
    expect(refusedOutright(lint({ type: 'object', properties: { s: { type: 'string', pattern: '^a$' } } }, 'gemini', { asWritten: true }))).toBe(false);
  });

  test('fromStrictCall drops the null that stands for a left-out optional field, and keeps a null the field takes', () => {
    const pack = packFromToolDefinitions([{ name: 't', input_schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'null'] }, r: { type: 'string' } }, required: ['r'] } }]);
    expect(fromStrictCall(pack, { name: 't', arguments: { a: null, b: null, r: null } }, 'openai-strict')).toEqual({ name: 't', arguments: { b: null, r: null } });
    expect(check(pack, fromStrictCall(pack, { name: 't', arguments: { a: null, b: null, r: 'x' } }, 'openai-strict')).ok).toBe(true);
    expect(check(pack, { name: 't', arguments: { a: null, b: null, r: 'x' } }).ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Every pack: totals, acceptance of the strict exports, and the rules they leave out still refused
// ---------------------------------------------------------------------------------------------------------

const importedDir = join(__dirname, '..', 'content', 'packs', 'imported');
const importedFiles = existsSync(importedDir) ? readdirSync(importedDir).filter((f) => f.endsWith('.json')).sort() : [];
// Of each imported pack, its curated tools and a seeded sample of the rest unless CORPUS=full (tests/corpus-sample.ts).
const importedSamples = importedFiles.map((f) => ({ file: f, ...sampledTools(JSON.parse(readFileSync(join(importedDir, f), 'utf8'))) }));
// Compiled as the site compiles them (each validator on first use, without the pack-file checks the importer
// ran and tests/importer/fresh.test.ts holds it to): the lint reads schemas and fields, and the whole
// catalog's validators and example runs would hold the worker for a minute before any test starts.
const importedPacks: CompiledPack[] = importedSamples.map((x) => compilePackWith(lazyAjvBackend(), x.source, `content/packs/imported/${x.file}`));
const importedToolsLabel = CORPUS_FULL ? 'all tools' : `sample ${importedSamples.reduce((n, x) => n + x.sample.items.length, 0)} of ${importedSamples.reduce((n, x) => n + x.sample.total, 0)} tools (CORPUS=full for all)`;
const allPacks = [...packs, ...importedPacks];

function totals(pack: CompiledPack, reports = Object.fromEntries(STRICT_TARGETS.map((target) => [target, strictReport(pack, target)]))) {
  return Object.fromEntries(
    STRICT_TARGETS.map((target) => {
      const r = reports[target];
      return [target, { refuses: r.counts.refuses, ignores: r.counts.ignores, rewrite: r.counts.rewrite, nowhere: r.counts.nowhere, refusedTools: r.refusedTools.length, request: r.request.length }];
    }),
  );
}

describe('every shipped pack, linted for every target', () => {
  test('totals', () => {
    const all = Object.fromEntries(packs.map((p) => [p.id, totals(p)]));
    console.log(`strict lint of the shipped packs (refused / ignored / rewritten constructs, enforced nowhere, tools refused outright):\n${JSON.stringify(all, null, 1)}`);
    // A pack change moves these: read the printed totals, check the new findings make sense, and update.
    expect(all).toEqual({
      helpdesk: {
        'openai-strict': { refuses: 17, ignores: 0, rewrite: 15, nowhere: 0, refusedTools: 8, request: 0 },
        'anthropic-strict': { refuses: 25, ignores: 0, rewrite: 0, nowhere: 0, refusedTools: 7, request: 0 },
        gemini: { refuses: 11, ignores: 24, rewrite: 0, nowhere: 0, refusedTools: 8, request: 0 },
      },
      stripe: {
        'openai-strict': { refuses: 65, ignores: 0, rewrite: 114, nowhere: 0, refusedTools: 12, request: 0 },
        'anthropic-strict': { refuses: 110, ignores: 0, rewrite: 4, nowhere: 0, refusedTools: 12, request: 1 },
        gemini: { refuses: 27, ignores: 139, rewrite: 4, nowhere: 0, refusedTools: 12, request: 0 },
      },
      'google-calendar': {
        'openai-strict': { refuses: 33, ignores: 0, rewrite: 116, nowhere: 0, refusedTools: 10, request: 0 },
        'anthropic-strict': { refuses: 42, ignores: 0, rewrite: 10, nowhere: 0, refusedTools: 10, request: 1 },
        gemini: { refuses: 50, ignores: 52, rewrite: 4, nowhere: 0, refusedTools: 10, request: 0 },
      },
    });
  });

  test('a pack tool never has a rule enforced nowhere: its server is the engine', () => {
    for (const p of packs) for (const target of STRICT_TARGETS) expect(strictReport(p, target).counts.nowhere, `${p.id} ${target}`).toBe(0);
  });
});

describe('imported packs (content/packs/imported/)', () => {
  if (importedPacks.length === 0) console.log('strict lint: content/packs/imported/ has no packs yet; nothing imported to lint.');
  // 4,571 tools for three targets: about 30 s alone, past a minute beside the site's build.
  test.skipIf(importedPacks.length === 0)(`every imported pack is linted for every target, with its totals (${importedToolsLabel})`, { timeout: 300_000 }, async () => {
    // Each report once: a large tool (Sheets' batchUpdate) takes seconds to lint.
    const reports = new Map<CompiledPack, Record<string, ReturnType<typeof strictReport>>>();
    for (const p of importedPacks) {
      const byTarget: Record<string, ReturnType<typeof strictReport>> = {};
      for (const target of STRICT_TARGETS) {
        byTarget[target] = strictReport(p, target);
        await letWorkerBreathe();
      }
      reports.set(p, byTarget);
    }
    const all = Object.fromEntries(importedPacks.map((p) => [p.id, totals(p, reports.get(p))]));
    console.log(`strict lint of the imported packs:\n${JSON.stringify(all, null, 1)}`);
    for (const p of importedPacks) for (const target of STRICT_TARGETS) {
      const r = reports.get(p)![target];
      expect(r.tools.map((t) => t.name)).toEqual(p.tools.map((t) => t.name));
      expect(r.counts.nowhere, `${p.id} ${target}`).toBe(0);
      expect(r.counts.refuses + r.counts.ignores + r.counts.rewrite).toBe(r.tools.reduce((n, t) => n + t.findings.length, 0) + r.request.length);
    }
  });
});

// A checker for each target, written from the vendors' rules (see the sources in src/engine/strict/), not from
// the lint: it walks an exported definition and lists what the vendor would refuse.
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const OPENAI_KEYS = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions', 'title', 'pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems']);
const ANTHROPIC_KEYS = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'allOf', '$ref', '$defs', 'definitions', 'default', 'format', 'pattern', 'minItems']);
const GEMINI_KEYS = new Set(['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum']);

function vendorProblems(target: StrictTarget, definition: SchemaNode): string[] {
  const problems: string[] = [];
  const name: string = target === 'openai-strict' ? definition.function?.name : definition.name;
  const nameRule = target === 'gemini' ? /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/ : /^[a-zA-Z0-9_-]{1,64}$/;
  if (!nameRule.test(name ?? '')) problems.push(`name ${name}`);
  if (target === 'openai-strict' && definition.function?.strict !== true) problems.push('no strict: true');
  if (target === 'anthropic-strict' && definition.strict !== true) problems.push('no strict: true');
  const root: SchemaNode | undefined = target === 'openai-strict' ? definition.function?.parameters : target === 'anthropic-strict' ? definition.input_schema : definition.parameters;
  if (target === 'gemini' && root === undefined) return problems;
  if (!root || root.type !== 'object') return [...problems, 'root is not an object'];
  if (target === 'openai-strict' && root.anyOf) problems.push('anyOf at the root');
  let props = 0;
  let enumValues = 0;
  let chars = 0;
  let optional = 0;
  let unions = 0;
  let depth = 0;
  const keys = target === 'openai-strict' ? OPENAI_KEYS : target === 'anthropic-strict' ? ANTHROPIC_KEYS : GEMINI_KEYS;
  const walk = (s: SchemaNode, at: string, level: number) => {
    for (const k of Object.keys(s)) if (!keys.has(k)) problems.push(`${at}: ${k}`);
    const types: unknown[] = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
    if (s.type === undefined && !s.anyOf && !s.$ref && !s.allOf && !('const' in s) && !s.enum) problems.push(`${at}: no type`);
    for (const t of types) if (!TYPES.has(t as string)) problems.push(`${at}: type ${t}`);
    if (Array.isArray(s.type) && target !== 'openai-strict') problems.push(`${at}: type array`);
    if (Array.isArray(s.type) && s.type.filter((t: string) => t !== 'null').length > 1) problems.push(`${at}: several types`);
    const here = types.includes('object') || types.includes('array') ? level + 1 : level;
    depth = Math.max(depth, here);
    if (Array.isArray(s.anyOf) || (Array.isArray(s.type) && s.type.length > 1)) unions++;
    if (s.format !== undefined) {
      const ok =
        target === 'openai-strict'
          ? ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'].includes(s.format)
          : target === 'anthropic-strict'
            ? ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'].includes(s.format)
            : (s.type === 'string' && ['enum', 'date-time'].includes(s.format)) || (s.type === 'number' && ['float', 'double'].includes(s.format)) || (s.type === 'integer' && ['int32', 'int64'].includes(s.format));
      if (!ok) problems.push(`${at}: format ${s.format}`);
    }
    if (target === 'anthropic-strict' && s.minItems !== undefined && s.minItems !== 0 && s.minItems !== 1) problems.push(`${at}: minItems ${s.minItems}`);
    if (target === 'anthropic-strict' && typeof s.pattern === 'string' && /\(\?<?[=!]|\\[1-9]|\\[bB]|\{\d+,\d*\}/.test(s.pattern.replace(/\{(\d+),\1\}/g, ''))) problems.push(`${at}: pattern ${s.pattern}`);
    if (Array.isArray(s.enum)) {
      enumValues += s.enum.length;
      chars += s.enum.reduce((n: number, v: unknown) => n + String(v).length, 0);
      if (target === 'gemini' && s.enum.some((v: unknown) => typeof v !== 'string')) problems.push(`${at}: enum not strings`);
      if (target === 'anthropic-strict' && s.enum.some((v: unknown) => typeof v === 'object' && v !== null)) problems.push(`${at}: complex enum`);
      if (target === 'openai-strict' && s.enum.length > 250 && s.enum.reduce((n: number, v: unknown) => n + String(v).length, 0) > 15000) problems.push(`${at}: big enum`);
    }
    if (types.includes('object') || s.properties) {
      const names = Object.keys(s.properties ?? {});
      if (target !== 'gemini' && s.additionalProperties !== false) problems.push(`${at}: additionalProperties ${JSON.stringify(s.additionalProperties)}`);
      if (target === 'gemini' && names.length === 0) problems.push(`${at}: object without properties`);
      const required: string[] = s.required ?? [];
      if (target === 'openai-strict' && (required.length !== names.length || names.some((n) => !required.includes(n)))) problems.push(`${at}: not every property required`);
      for (const r of required) if (!names.includes(r)) problems.push(`${at}: required ${r} not declared`);
      for (const n of names) {
        props++;
        chars += n.length;
        if (!required.includes(n)) optional++;
        if (target === 'gemini' && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(n)) problems.push(`${at}: property name ${n}`);
        walk(s.properties[n], `${at}/properties/${n}`, here);
      }
    }
    if (types.includes('array') && !s.items) problems.push(`${at}: array without items`);
    if (s.items) walk(s.items, `${at}/items`, here);
    for (const k of ['anyOf', 'allOf']) if (Array.isArray(s[k])) s[k].forEach((b: SchemaNode, i: number) => walk(b, `${at}/${k}/${i}`, level));
    for (const k of ['$defs', 'definitions']) if (s[k]) for (const [n, d] of Object.entries<SchemaNode>(s[k])) walk(d, `${at}/${k}/${n}`, 0);
  };
  walk(root, '', 0);
  if (target === 'openai-strict') {
    if (props > 5000) problems.push(`${props} properties`);
    if (depth > 10) problems.push(`${depth} levels`);
    if (enumValues > 1000) problems.push(`${enumValues} enum values`);
    if (chars > 120000) problems.push(`${chars} characters`);
  }
  if (target === 'anthropic-strict') {
    if (optional > 24) problems.push(`${optional} optional parameters`);
    if (unions > 16) problems.push(`${unions} union parameters`);
  }
  return problems;
}

describe('the strict exports', () => {
  test(`every tool of every pack: each strict export has no problem the vendor checker finds, and lints clean (imported packs: ${importedToolsLabel})`, { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    const notStrict: string[] = [];
    for (const p of allPacks)
      for (const target of STRICT_TARGETS)
        for (const t of p.tools) {
          await letWorkerBreathe();
          const def = strictExportTool(t, target);
          const strict = target === 'gemini' || (target === 'openai-strict' ? def.function.strict : def.strict) === true;
          if (!strict) {
            // No rewrite fits the vendor's limits: the export goes without strict: true, and the lint says why.
            notStrict.push(`${p.id} ${t.name} ${target}`);
            if (!lintTool(t, target).some((f) => f.construct === 'size' && f.action === 'refuses')) problems.push(`${p.id} ${t.name} ${target}: not strict, and no size finding says why`);
            continue;
          }
          for (const x of vendorProblems(target, def)) problems.push(`${p.id} ${t.name} ${target}: ${x}`);
          // The export, read back as a pasted definition, needs nothing more for its target.
          const schema = target === 'openai-strict' ? def.function.parameters : target === 'anthropic-strict' ? def.input_schema : geminiToJsonSchema(def.parameters ?? { type: 'object', properties: {} });
          // (Gemini's nullable comes back as a type array in JSON Schema, which the lint spells as nullable again.)
          for (const f of lintTool(asDefinition(t.name, schema), target, { asWritten: true })) if (f.action !== 'ignores' && !(target === 'gemini' && f.construct === 'type')) problems.push(`${p.id} ${t.name} ${target}: lints ${f.path} ${f.construct}`);
        }
    if (notStrict.length) console.log(`strict exports without strict: true (no rewrite fits the vendor's limits): ${notStrict.length}\n  ${notStrict.join('\n  ')}`);
    expect(problems).toEqual([]);
    // Every tool of a shipped pack has a strict export.
    expect(notStrict.filter((n) => packs.some((p) => n.startsWith(`${p.id} `)))).toEqual([]);
  });

  test('the vendor checker finds what it should in the plain exports', () => {
    const t = packs[0].tool('update_ticket')!;
    expect(vendorProblems('openai-strict', { function: { ...exportTool(t, 'openai').function, strict: true } })).toEqual([
      'anyOf at the root',
      ': not every property required',
      '/properties/subject: minLength',
      '/properties/subject: maxLength',
      '/anyOf/0: no type',
      '/anyOf/1: no type',
      '/anyOf/2: no type',
      '/anyOf/3: no type',
    ]);
    const gemini = vendorProblems('gemini', { name: t.name, parameters: exportTool(t, 'openai').function.parameters });
    expect(gemini).toContain(': additionalProperties');
    expect(gemini).toContain('/anyOf/0: no type');
    expect(vendorProblems('gemini', { name: t.name, parameters: { type: 'array' } })).toEqual(['root is not an object']);
  });

  test('--export forms: exportPack gives the strict exports', () => {
    for (const target of STRICT_TARGETS) expect(exportPack(packs[1], target)).toEqual(packs[1].tools.map((t) => strictExportTool(t, target)));
  });
});

/** A definition to lint as written, without compiling it (the lint reads only the name, the schema and the field index). */
function asDefinition(name: string, schema: SchemaNode): CompiledTool {
  return { name, summary: name, resource: 'Tools', source: { name, summary: name, arguments: schema }, wireSchema: schema, modelSchema: schema, fields: new Map(), validate: () => null, checks: [], effects: [] };
}

/** A Gemini Schema as JSON Schema, to validate with AJV: nullable becomes a null type. */
function geminiToJsonSchema(s: unknown): SchemaNode {
  if (Array.isArray(s)) return s.map(geminiToJsonSchema) as unknown as SchemaNode;
  if (s === null || typeof s !== 'object') return s as SchemaNode;
  const out: SchemaNode = {};
  for (const [k, v] of Object.entries(s as SchemaNode)) {
    if (k === 'nullable' || k === 'example' || k === 'propertyOrdering') continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as SchemaNode).map(([n, x]) => [n, geminiToJsonSchema(x)])) : k === 'enum' || k === 'required' || k === 'default' ? v : geminiToJsonSchema(v);
  }
  if ((s as SchemaNode).nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Still refused: every rule a strict export leaves out, broken in a call, gets the same body from check()
// ---------------------------------------------------------------------------------------------------------

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

function nodeAt(root: SchemaNode, pointer: string): SchemaNode | undefined {
  let cur: any = root;
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !(k in cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/** The argument path a schema pointer names: properties/x -> x, items -> 0; anyOf branches stay on the node. */
function argPath(pointer: string): (string | number)[] {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: (string | number)[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'properties') out.push(parts[++i]);
    else if (parts[i] === 'items') out.push(0);
    else if (parts[i] === 'anyOf' || parts[i] === 'oneOf') i++;
  }
  return out;
}

/** A value a schema accepts, built from the pack's own examples where there is one. */
function sample(tool: CompiledTool, s: SchemaNode | undefined, field: string): Json {
  const info = tool.fields.get(field);
  if (info?.example !== undefined) return clone(info.example);
  if (!isObj(s)) return 'a';
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('const' in s) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, Json> = {};
    for (const r of s.required ?? []) out[r] = sample(tool, s.properties?.[r], field ? `${field}.${r}` : r);
    return out;
  }
  if (type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(tool, s.items, `${field}[]`));
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 1;
  if (type === 'boolean') return true;
  return 'a'.repeat(Math.max(1, s.minLength ?? 1));
}

function fieldOf(path: (string | number)[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[]` : acc ? `${acc}.${seg}` : String(seg)), '');
}

/** `args` with `value` at `path`, building the containers on the way from the schema. */
function place(tool: CompiledTool, args: Json, path: (string | number)[], value: Json | ((old: Json | undefined) => Json)): Json {
  const root = clone(args);
  let cur: any = root;
  let schema: SchemaNode | undefined = tool.wireSchema;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    const childSchema: SchemaNode | undefined = typeof seg === 'number' ? schema?.items : schema?.properties?.[seg];
    if (last) {
      cur[seg] = typeof value === 'function' ? value(cur[seg]) : value;
      break;
    }
    if (cur[seg] === undefined || cur[seg] === null) cur[seg] = sample(tool, childSchema, fieldOf(path.slice(0, i + 1)));
    if (typeof seg === 'number' && Array.isArray(cur) && cur.length === 0) cur.push(sample(tool, childSchema, fieldOf(path.slice(0, i + 1))));
    cur = cur[seg];
    schema = childSchema;
  }
  return root;
}

/** Calls that break the rule at `finding`, in the form a non-strict model would send them. */
function breakers(tool: CompiledTool, finding: StrictFinding, base: Json): Json[] {
  const key = finding.construct;
  const pointer = finding.path;
  const keywordNode = nodeAt(tool.wireSchema, pointer.replace(/\/[^/]*$/, ''));
  const v = keywordNode?.[key];
  const target = argPath(pointer.replace(/\/[^/]*$/, ''));
  const field = fieldOf(target);
  const example = tool.fields.get(field)?.example;
  const str = typeof example === 'string' ? example : 'a';
  const at = (value: Json) => place(tool, base, target, value);
  switch (key) {
    case 'minLength':
      return [at(''), at(str.slice(0, Math.max(0, v - 1)))];
    case 'maxLength':
      return [at(str + 'a'.repeat(Math.max(1, v + 1 - str.length))), at('a'.repeat(v + 1))];
    case 'pattern':
      return ['', '!', 'zz zz', ` ${str}`, `${str} `, str.toUpperCase(), str.toLowerCase(), '0', 'a'].map(at);
    case 'format':
      return [`not a ${v}`, 'x', '2026-13-45', ''].map(at);
    case 'minimum':
      return [at(v - 1), at(v - 0.5)];
    case 'exclusiveMinimum':
      return [at(v)];
    case 'maximum':
      return [at(v + 1), at(v + 0.5)];
    case 'exclusiveMaximum':
      return [at(v)];
    case 'multipleOf':
      return [at(v * 1.5), at(v + 1)];
    case 'minItems':
      return [at([])];
    case 'maxItems':
    case 'uniqueItems': {
      const item = sample(tool, keywordNode?.items, `${field}[]`);
      const n = key === 'maxItems' ? v + 1 : 2;
      return [at(Array.from({ length: n }, (_, i) => (typeof item === 'string' && key === 'maxItems' ? `${item}${i}`.slice(0, 30) : clone(item)))), at(Array.from({ length: n }, () => clone(item)))];
    }
    case 'enum':
      return [at('zz-not-a-permitted-value')];
    case 'not': {
      // A value that satisfies the subschema `not` refuses: its consts and minimum item counts.
      const sub = v as SchemaNode;
      return [
        place(tool, base, target, (old) => {
          const o = (isObj(old) ? clone(old) : sample(tool, keywordNode, field)) as Record<string, Json>;
          for (const [name, s] of Object.entries<SchemaNode>(sub.properties ?? {})) {
            if ('const' in s) o[name] = s.const;
            else if (typeof s.minItems === 'number') o[name] = Array.from({ length: s.minItems }, () => sample(tool, keywordNode?.properties?.[name]?.items, `${field ? `${field}.` : ''}${name}[]`));
          }
          for (const r of sub.required ?? []) if (!(r in o)) o[r] = sample(tool, keywordNode?.properties?.[r], `${field ? `${field}.` : ''}${r}`);
          return o;
        }),
      ];
    }
    case 'if':
    case 'then':
    case 'else': {
      // A condition with an else: leave out what the condition requires, and break what else then holds
      // (Calendar: a dateTime without its offset and without the timeZone that would allow it).
      const cond = (keywordNode?.if ?? {}) as SchemaNode;
      const orElse = (keywordNode?.else ?? {}) as SchemaNode;
      const breakElse = (old: Json | undefined) => {
        const o = (isObj(old) ? clone(old) : sample(tool, keywordNode, field)) as Record<string, Json>;
        for (const r of cond.required ?? []) delete o[r];
        for (const [name, s] of Object.entries<SchemaNode>(orElse.properties ?? {})) {
          if (s.format !== 'date-time') continue;
          const sent = o[name] ?? tool.fields.get(`${field ? `${field}.` : ''}${name}`)?.example;
          if (typeof sent === 'string') o[name] = sent.replace(/(Z|[+-]\d{2}:?\d{2})$/, '');
        }
        return o;
      };
      return [target.length ? place(tool, base, target, breakElse) : breakElse(base)];
    }
    case 'anyOf': {
      // "At least one of these fields": send none of them.
      const names = (v as SchemaNode[]).flatMap((b) => b.required ?? []);
      const strip = (o: Json | undefined) => {
        const c = (isObj(o) ? clone(o) : sample(tool, keywordNode, field)) as Record<string, Json>;
        for (const n of names) delete c[n];
        return c;
      };
      return [target.length ? place(tool, base, target, strip) : strip(base)];
    }
    case 'additionalProperties': {
      if (pointer.endsWith('/additionalProperties')) {
        // Gemini does not close objects: an unknown key.
        const add = (o: Json | undefined) => ({ ...(isObj(o) ? clone(o) : (sample(tool, keywordNode, field) as Record<string, Json>)), zz_unknown: 12 });
        return [target.length ? place(tool, base, target, add) : add(base)];
      }
      return collapsedBreakers(tool, finding, base);
    }
    default:
      return collapsedBreakers(tool, finding, base);
  }
}

/** A node sent as JSON text: break it inside (a map value of the wrong type, an unknown key in a closed object). */
function collapsedBreakers(tool: CompiledTool, finding: StrictFinding, base: Json): Json[] {
  const node = nodeAt(tool.wireSchema, finding.path);
  const path = argPath(finding.path);
  const field = fieldOf(path);
  if (!node) return [];
  const bad = (o: Json | undefined) => {
    if (node.type === 'array') return [{ ...(sample(tool, node.items, `${field}[]`) as Record<string, Json>), zz_unknown: 12 }];
    return { ...(isObj(o) ? clone(o) : (sample(tool, node, field) as Record<string, Json>)), zz_unknown: 12 };
  };
  return [place(tool, base, path, bad)];
}

/** The call as a strict model sends it for this export: nulls for left-out fields, JSON text for collapsed nodes. */
function toStrictForm(schema: SchemaNode | undefined, value: Json, target: StrictTarget): Json {
  if (!isObj(schema)) return value;
  const core: SchemaNode = Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && schema.anyOf.some((b: SchemaNode) => b.type === 'null') ? schema.anyOf.find((b: SchemaNode) => b.type !== 'null') : schema;
  const types: unknown[] = Array.isArray(core.type) ? core.type : [core.type];
  if (value !== null && typeof value === 'object' && types.includes('string')) return JSON.stringify(value);
  if (Array.isArray(value)) return isObj(core.items) ? value.map((v) => toStrictForm(core.items, v, target)) : value;
  if (!isObj(value) || !isObj(core.properties)) return value;
  const renamed = target === 'gemini' ? geminiPropertyNames(Object.keys(value)) : undefined;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) {
    const name = renamed?.get(k) ?? k;
    out[name] = name in core.properties ? toStrictForm(core.properties[name], v, target) : v;
  }
  for (const r of core.required ?? []) if (!(r in out)) out[r] = null;
  return out;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const exportValidators = new Map<string, ReturnType<typeof ajv.compile>>();
function acceptedByExport(tool: CompiledTool, target: StrictTarget, packId: string, args: Json): boolean {
  const key = `${packId}/${tool.name}/${target}`;
  let v = exportValidators.get(key);
  if (!v) {
    const p = params(tool, target);
    v = ajv.compile(target === 'gemini' ? geminiToJsonSchema(p) : p);
    exportValidators.set(key, v);
  }
  return v(args) as boolean;
}

const asPattern = (field: string) => field.replace(/\[\d+\]/g, '[]');

/** Findings that drop no rule: a field made required and nullable, an object closed, words moved. */
const dropsNoRule = (f: StrictFinding) =>
  f.lives === 'gloss' || f.construct === 'required' || f.construct === 'property name' || f.construct === 'name' || (f.construct === 'additionalProperties' && f.action === 'rewrite' && f.path.endsWith('/additionalProperties'));

describe('every rule a strict export leaves out is still refused by check(), with the same body', () => {
  for (const p of packs)
    for (const target of STRICT_TARGETS)
      test(`${p.id} · ${target}`, () => {
        let proved = 0;
        const implied: string[] = [];
        for (const tool of p.tools) {
          const base = (tool.source.examples?.valid?.[0] ?? {}) as Json;
          const before = check(p, { name: tool.name, arguments: base });
          expect(before.log.stage === 'validate' || before.log.stage === 'absorb', `${tool.name}: its first valid example passes validation`).toBe(false);
          for (const f of lintTool(tool, target)) {
            if (dropsNoRule(f)) continue;
            const where = `${tool.name} ${f.path} ${f.construct}`;
            const candidates = breakers(tool, f, base);
            const collapsedNode = f.action === 'rewrite';
            const nodePath = collapsedNode ? `#${f.path}` : `#${f.path.replace(/\/[^/]*$/, '')}`;
            const field = fieldOf(argPath(collapsedNode ? f.path : f.path.replace(/\/[^/]*$/, '')));
            // The refusal must come from the broken value (the example it starts from passes validation): a
            // fault at the rule's schema path, or on its field (the engine gives one fault per field, and a
            // guard such as the length cap before a pattern runs before the validator).
            // A condition's fault comes from the branch it selects (`…/else/properties/dateTime/format`).
            const causedBy = (x: { schema_path?: string; field: string }) =>
              (x.schema_path ?? '').startsWith(collapsedNode || f.construct === 'additionalProperties' ? nodePath : `#${f.path}`) || asPattern(x.field) === field || (collapsedNode && asPattern(x.field).startsWith(field)) ||
              (['if', 'then', 'else'].includes(f.construct) && /^\/(then|else)\//.test((x.schema_path ?? '').slice(nodePath.length)));
            const refused = candidates.filter((args) => {
              const r = check(p, { name: tool.name, arguments: args });
              return !r.ok && r.log.faults.some(causedBy);
            });
            // Prefer a value the vendor lets through: the export no longer holds the rule (an ignored one is
            // kept there). When the export rejects every such value, what it keeps implies the rule (a
            // maxLength beside an enum of short words), and the value must still be refused by check().
            const hit = refused.find((args) => f.action === 'ignores' || acceptedByExport(tool, target, p.id, toStrictForm(params(tool, target), args, target))) ?? refused[0];
            expect(hit, `${where}: no call breaks it`).toBeDefined();
            if (f.action !== 'ignores' && !acceptedByExport(tool, target, p.id, toStrictForm(params(tool, target), hit!, target))) implied.push(where);
            const original = check(p, { name: tool.name, arguments: hit! });
            const strictCall = fromStrictCall(p, { name: strictToolName(tool.name, target), arguments: toStrictForm(params(tool, target), hit!, target) }, target);
            const viaStrict = check(p, strictCall);
            expect(original.ok, where).toBe(false);
            expect(viaStrict.body, where).toEqual(original.body);
            proved++;
          }
        }
        console.log(`${p.id} · ${target}: ${proved} left-out rules broken and still refused${implied.length ? `; ${implied.length} of them implied by what the export keeps: ${implied.join('; ')}` : ''}`);
        expect(proved).toBeGreaterThan(0);
      });
});
