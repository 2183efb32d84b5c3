// Patterns from schemas the engine did not write (a server's tools, a user's, an imported pack) run where
// they cannot backtrack for ever (src/engine/pack/pattern-engine.ts): the platform's RegExp only for a
// pattern safe-pattern.ts judges safe, RE2 for the others, and none at all for the few RE2 cannot read,
// which are named as not enforced. The curated packs' patterns all stay on the platform's RegExp.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { check, packFromToolDefinitions, type Json } from '../../src/engine';
import { patternEnforcement, unenforcedPatterns } from '../../src/engine/pack/pattern-engine';
import { runCli } from '../../src/cli/run';
import { patternTakesOffsets } from '../../src/engine/shared/date-formats';
import { packs } from '../../src/packs';

const BACKTRACKS = '^(a+)+$';
const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => packFromToolDefinitions({ tools: [{ name: 't', inputSchema: { type: 'object', properties, ...extra } }] });
const run = (pack: ReturnType<typeof tool>, args: Json) => check(pack, { name: 't', arguments: args }, { checks: false });

afterEach(() => vi.restoreAllMocks());

/** The sources of every platform RegExp tested while `fn` runs. */
function nativeRuns(fn: () => void): string[] {
  const sources: string[] = [];
  const test = RegExp.prototype.test;
  vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, s: string) {
    sources.push(this.source);
    return test.call(this, s);
  });
  fn();
  vi.restoreAllMocks();
  return sources;
}

describe('a pattern that backtracks', () => {
  const pack = tool({ code: { type: 'string', pattern: BACKTRACKS } });

  test('never runs on the platform RegExp, in validation or in the explanation of its fault', () => {
    const sources = nativeRuns(() => {
      expect(run(pack, { code: 'aaa!' }).body).toMatchObject({ error: 'invalid_format', field: 'code' });
      expect(run(pack, { code: 'aaa' }).ok).toBe(true);
    });
    expect(sources).not.toContain(BACKTRACKS);
  });

  test('is still enforced, on the linear engine: 28 letters and a "!" are refused at once', () => {
    expect(patternEnforcement(BACKTRACKS)).toBe('linear');
    expect(run(pack, { code: `${'a'.repeat(28)}!` }).body).toMatchObject({ error: 'invalid_format', field: 'code' });
    expect(run(pack, { code: 'a'.repeat(28) }).ok).toBe(true);
  });

  test('as a patternProperties key, and with ECMAScript escapes RE2 spells otherwise', () => {
    const keyed = tool({}, { patternProperties: { '^(x+)+$': { type: 'integer' } }, additionalProperties: false });
    const sources = nativeRuns(() => {
      expect(run(keyed, { xxxx: 1 }).ok).toBe(true);
      expect(run(keyed, { xxxx: 'one' }).ok).toBe(false);
    });
    expect(sources).not.toContain('^(x+)+$');
    const escaped = tool({ word: { type: 'string', pattern: '^(\\u00e9+)+$' } });
    expect(run(escaped, { word: 'éé' }).ok).toBe(true);
    expect(run(escaped, { word: 'ée' }).ok).toBe(false);
  });

  test('is not consulted for hints: whether a date pattern takes offsets', () => {
    expect(patternTakesOffsets('^\\d{4}-\\d{2}-\\d{2}T.*(Z|[+-]\\d{2}:\\d{2})$', 'date-time')).toBe(true);
    const sources = nativeRuns(() => expect(patternTakesOffsets('^(\\d+|[-:T+])+$', 'date-time')).toBe(false));
    expect(sources).not.toContain('^(\\d+|[-:T+])+$');
  });
});

describe('a pattern RE2 cannot run', () => {
  test('when safe, runs on the platform RegExp as written (a lookahead)', () => {
    const pack = tool({ pw: { type: 'string', pattern: '^(?=.*\\d).{8,}$' } });
    expect(patternEnforcement('^(?=.*\\d).{8,}$')).toBe('native');
    expect(run(pack, { pw: 'abcdefgh' }).ok).toBe(false);
    expect(run(pack, { pw: 'abcdefg1' }).ok).toBe(true);
    expect(pack.unenforced).toBeUndefined();
  });

  test('when it might backtrack too, is not enforced, and the pack says where', () => {
    const pattern = '^(?=\\w)(a|a)*$';
    const pack = tool({ pw: { type: 'string', pattern } });
    expect(patternEnforcement(pattern)).toBe('unenforced');
    const sources = nativeRuns(() => expect(run(pack, { pw: `${'a'.repeat(40)}!` }).ok).toBe(true));
    expect(sources).not.toContain(pattern);
    expect(pack.unenforced).toEqual([{ tool: 't', pointer: '/tools/0/inputSchema/properties/pw/pattern', reason: expect.stringContaining('not enforced') }]);
  });

  test('--tools names it on stderr as not enforced, and checks the call', () => {
    const definitions = JSON.stringify([{ name: 't', inputSchema: { type: 'object', properties: { pw: { type: 'string', pattern: '^(?=\\w)(a|a)*$' } } } }]);
    const warnings: string[] = [];
    const io = { stdin: () => JSON.stringify({ name: 't', arguments: { pw: 'b!' } }), readFile: () => definitions, pack: () => undefined, toolsPack: packFromToolDefinitions, warn: (t: string) => void warnings.push(t) };
    expect(runCli(['--tools', 'tools.json'], io).code).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/^warning: tools\.json: 1 pattern not enforced:\n {2}t \(\/0\/inputSchema\/properties\/pw\/pattern\): .*not enforced/)]);
  });

  test('is found under $defs and patternProperties, and a property named "pattern" is no pattern', () => {
    const schema = { properties: { pattern: { type: 'string' } }, patternProperties: { '(a|a)*\\1': {} }, $defs: { d: { type: 'string', pattern: '(?=x)(b|b)*' } } };
    expect(unenforcedPatterns(schema).map((u) => u.pointer)).toEqual(['/patternProperties/(a|a)*\\1', '/$defs/d/pattern']);
  });
});

const IMPORTED = 'content/packs/imported';

test('every pattern of the curated and imported packs runs on the platform RegExp, as before', () => {
  const patterns = new Set<string>();
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    for (const [k, v] of Object.entries(n)) {
      if (k === 'pattern' && typeof v === 'string') patterns.add(v);
      walk(v);
    }
  };
  for (const pack of packs) for (const t of pack.tools) walk(t.wireSchema);
  // The imported packs too: the browser compiles them without the linear engine (src/imported/browser-ajv.ts).
  for (const file of readdirSync(IMPORTED).filter((f) => f.endsWith('.json'))) walk(JSON.parse(readFileSync(join(IMPORTED, file), 'utf8')));
  expect(patterns.size).toBeGreaterThan(100);
  expect([...patterns].filter((p) => patternEnforcement(p) !== 'native')).toEqual([]);
});
