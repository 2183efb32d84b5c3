// The "beyond the schema" corpus (bench/beyond-schema/calls.jsonl) checked as a corpus: every call names a
// real tool (an imported pack's, a tau-bench or BFCL function read from ../shared/corpus, or a tool the
// official MCP servers list when asked), its schema accepts both the wrong call and the corrected one (so
// what it breaks is beyond the schema), the rule refuses the wrong value and takes the corrected one, and
// the place it says the rule is stated holds a description, example or default. It lives with the MCP
// tests because it starts the official servers for their tools/list.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadBeyondEntries, resolveEntries, RULE_KINDS, statedValue, type BeyondEntry, type LoadedCorpus } from '../../bench/beyond-schema/corpus';
import { keepsRule, traceEntry } from '../../bench/beyond-schema/measure';
import { check } from '../../src/engine/check';
import { packFromToolDefinitions } from '../../src/engine/pack/tools-import';

const entries = loadBeyondEntries();
let loaded: LoadedCorpus;
beforeAll(async () => {
  loaded = await resolveEntries(entries);
}, 120_000);

// A plain validator of each tool's wire schema, with formats asserted: whether a call satisfies its schema,
// asked of no part of the engine. Draft-07 tool lists are read as 2020-12 (nothing they use differs).
const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
addFormats(ajv);
const validators = new WeakMap<object, ReturnType<typeof ajv.compile>>();
const satisfies = (schema: object, args: unknown) => {
  let v = validators.get(schema);
  if (!v) {
    const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
    validators.set(schema, (v = ajv.compile(rest)));
  }
  return v(args) as boolean;
};

describe('the beyond-the-schema corpus', () => {
  test('at least 300 calls, over at least 10 imported packs, tau-bench, BFCL and the official MCP servers, each id once', () => {
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const packs = new Set(entries.flatMap((e) => (e.source === 'imported' ? [e.pack] : [])));
    expect(packs.size).toBeGreaterThanOrEqual(10);
    for (const source of ['tau-bench', 'bfcl', 'mcp'] as const) expect(entries.some((e) => e.source === source), source).toBe(true);
    for (const e of entries) expect(Object.keys(RULE_KINDS), e.id).toContain(e.rule);
  });

  test('every call names a real tool', () => {
    expect(loaded.unresolved).toEqual([]);
    expect(loaded.resolved).toHaveLength(entries.length);
    expect(Object.keys(loaded.mcp).sort()).toEqual(['everything', 'filesystem']);
  });

  test('the schema accepts both the wrong call and the corrected one, which differ in the one field', () => {
    const faults: string[] = [];
    for (const r of loaded.resolved) {
      const schema = r.pack.tool(r.tool)!.wireSchema;
      if (!satisfies(schema, r.entry.wrong)) faults.push(`${r.entry.id}: the wrong call fails its schema`);
      if (!satisfies(schema, r.entry.corrected)) faults.push(`${r.entry.id}: the corrected call fails its schema`);
      const { [r.entry.field]: _w, ...wrongRest } = r.entry.wrong;
      const { [r.entry.field]: _c, ...correctedRest } = r.entry.corrected;
      if (JSON.stringify(wrongRest) !== JSON.stringify(correctedRest)) faults.push(`${r.entry.id}: the calls differ beyond ${r.entry.field}`);
    }
    expect(faults).toEqual([]);
  });

  test('the rule refuses the wrong value and takes the corrected one', () => {
    const faults = loaded.resolved.flatMap(({ entry }) => [
      ...(keepsRule(entry, entry.wrong) ? [`${entry.id}: the wrong call keeps the rule`] : []),
      ...(!keepsRule(entry, entry.corrected) ? [`${entry.id}: the corrected call breaks the rule`] : []),
    ]);
    expect(faults).toEqual([]);
  });

  test('where each rule is stated holds what it was read from: a description, an example or a default', () => {
    const repoFiles = new Map<string, unknown>();
    const repoFile = (path: string) => {
      if (!repoFiles.has(path)) repoFiles.set(path, JSON.parse(readFileSync(path, 'utf8')));
      return repoFiles.get(path);
    };
    const faults: string[] = [];
    for (const r of loaded.resolved) {
      const s = r.entry.stated_in;
      if (!/\/(description|x-example|examples|example|default)$/.test(s.pointer)) faults.push(`${r.entry.id}: ${s.pointer} is not a description, example or default`);
      const value = statedValue(r, loaded.documents, repoFile);
      if (value === undefined || value === '') faults.push(`${r.entry.id}: ${s.pointer} names nothing`);
    }
    expect(faults).toEqual([]);
  });

  test('the corrected calls are accepted as they are', () => {
    const refused = loaded.resolved.filter((r) => !check(r.pack, { name: r.tool, arguments: r.entry.corrected }).ok).map((r) => r.entry.id);
    expect(refused).toEqual([]);
  });
});

describe('what counts as fixed', () => {
  const entry = (over: Partial<BeyondEntry>): BeyondEntry =>
    ({ id: 'x', source: 'tau-bench', domain: 'retail', tool: 'get_order_details', field: 'order_id', rule: 'id_prefix', about: '', stated_in: { in: 'tau-bench', file: '', pointer: '' }, wrong: { order_id: 'W1234567' }, corrected: { order_id: '#W1234567' }, accepts: { pattern: '^#W\\d{7}$' }, ...over }) as BeyondEntry;

  test('the corrected call, or another value the rule takes in the field, with the rest unchanged', () => {
    const e = entry({});
    expect(keepsRule(e, { order_id: '#W1234567' })).toBe(true);
    expect(keepsRule(e, { order_id: '#W7654321' })).toBe(true);
    expect(keepsRule(e, { order_id: 'W1234567' })).toBe(false);
    expect(keepsRule({ ...e, wrong: { order_id: 'W1234567', n: 1 }, corrected: { order_id: '#W1234567', n: 1 } } as BeyondEntry, { order_id: '#W1234567', n: 2 })).toBe(false);
  });

  test('accepted as sent with the rule broken is not fixed; refused with a body the caller acts on is fixed in one round', () => {
    const e = entry({});
    const tool = (orderId: object) => packFromToolDefinitions([{ name: 'get_order_details', parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string', ...orderId } } } }]);
    // The schema alone: the call runs as sent, and the model would believe it is done.
    const plain = traceEntry(tool({}), 'get_order_details', e);
    expect(plain.outcome).toBe('accepted_as_sent');
    expect(plain.results[0].arguments).toEqual(e.wrong);
    // The rule enforced (here as a listed value): refused, and the caller's next call keeps it.
    expect(traceEntry(tool({ enum: ['#W1234567'] }), 'get_order_details', e).outcome).toBe('one_round');
  });
});
