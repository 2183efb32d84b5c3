// The JSON Schema Test Suite (draft 2020-12 and draft-07) taken the way a user's tools are: each group's
// schema becomes a tool through packFromToolDefinitions, and each instance is a call to it, checked with
// check(). An object instance is the call's arguments, under the schema as written; any other instance is
// the value of one argument, `value`, whose schema is the group's (embedded under its own $id, so its local
// refs still resolve). Each outcome is counted against what the suite says, and every disagreement is put
// down to one of the engine's declared departures (src/engine/pack/departures.ts) or counted as wrong.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath, missingCorpusMessage } from '../src/cli/corpus-dir';
import type { CheckResult, CompiledPack, Json } from '../src/engine';
import { newAjv } from '../src/engine/pack/ajv-instance';

export interface SuiteEngine {
  packFromToolDefinitions(input: unknown, origin?: string): CompiledPack;
  check(pack: CompiledPack, call: unknown, options?: { checks?: boolean }): CheckResult;
}

export interface SuiteCase {
  id: string;
  group: string;
  test: string;
  valid: boolean;
  /** What the engine did, and why when it disagrees. */
  outcome: 'agrees' | 'no_pack' | 'internal_error' | 'valid_refused' | 'invalid_accepted';
  departure?: string;
  detail?: string;
}

export interface SuiteSummary {
  draft: string;
  instances: number;
  agree: number;
  /** Schemas the engine refused to build, each with its reason (instances of them counted in `instances`). */
  noPack: { group: string; reason: string }[];
  internalError: number;
  validRefused: number;
  invalidAccepted: number;
  /** Disagreements a declared departure explains, by departure. */
  byDeparture: Record<string, number>;
  /** Disagreements no departure explains: each is a defect. */
  wrong: SuiteCase[];
}

/** Where AJV 8.20 itself departs from the suite, by file, with the upstream issue or limitation. */
export const AJV_GAPS: Record<string, string> = {
  'dynamicRef.json': 'AJV 8 resolves $dynamicRef and $recursiveRef only within one schema resource (ajv-validator/ajv#1709, open, on that limit)',
  'unevaluatedItems.json': 'AJV 8 takes no annotations for unevaluatedItems from contains or nested items (no upstream issue found), nor from a lone if (ajv-validator/ajv#2639, open)',
  'unevaluatedProperties.json': 'AJV 8 drops the annotations of an if with no then or else (ajv-validator/ajv#2639, open), and takes none from an uncle schema (no upstream issue found)',
  'ref.json': 'AJV 8 loses what a $ref into a nested relative-$id resource evaluated, for unevaluatedProperties, and in draft-07 lets an $id beside a $ref change the base URI (no upstream issue found)',
};

const ROOT = corpusPath('json-schema-test-suite');
export const SUITE_DRAFTS = { 'draft2020-12': 'https://json-schema.org/draft/2020-12/schema', draft7: 'http://json-schema.org/draft-07/schema#' } as const;


/** A copy of `schema` whose "#..." pointer refs are moved under `prefix` (outside nested $id resources). */
function rebase(schema: unknown, prefix: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rebase(s, prefix));
  if (!isPlainObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string' && (v === '#' || v.startsWith('#/'))) out[k] = prefix + v.slice(1);
    else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') out[k] = v;
    else out[k] = isPlainObject(v) && typeof v.$id === 'string' ? v : rebase(v, prefix);
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A reference AJV per draft, formats as annotations: what plain JSON Schema says, with the root closed by unevaluatedProperties. */
const referenceAjv = new Map<string, ReturnType<typeof newAjv>>();

/** The root keys that JSON Schema itself leaves unevaluated: what closing the object refuses by policy. */
function unevaluatedAtRoot(schema: unknown, data: unknown, draft: keyof typeof SUITE_DRAFTS): Set<string> | undefined {
  const dialect = draft === 'draft7' ? 'draft-07' : '2020-12';
  let ajv = referenceAjv.get(dialect);
  if (!ajv) referenceAjv.set(dialect, (ajv = newAjv('annotate', undefined, dialect)));
  try {
    const validate = ajv.compile({ $schema: SUITE_DRAFTS[draft], allOf: [schema], unevaluatedProperties: false });
    validate(data);
    return new Set((validate.errors ?? []).filter((e) => e.keyword === 'unevaluatedProperties' && e.instancePath === '').map((e) => String(e.params.unevaluatedProperty)));
  } catch {
    return undefined;
  }
}

/**
 * Why the engine refused a valid instance, when a declared departure (src/engine/pack/departures.ts) says so:
 * every key it refused at the root is one JSON Schema leaves unevaluated (closed objects), a format is
 * asserted, or the value refused sits where a $ref to the root asks for the root's object.
 */
function departureOfRefusal(result: CheckResult, schema: unknown, data: unknown, draft: keyof typeof SUITE_DRAFTS, asValue: boolean): string | undefined {
  const entries = result.log.faults;
  if (entries.length === 0) return undefined;
  if (!asValue && entries.every((f) => f.code === 'unknown_argument' && !String(f.field).includes('.'))) {
    const unevaluated = unevaluatedAtRoot(schema, data, draft);
    if (unevaluated && entries.every((f) => unevaluated.has(String(f.field)))) return 'closed-objects';
  }
  if (entries.every((f) => f.keyword === 'format' || f.code === 'invalid_format' || /format/.test(f.reason ?? ''))) return 'formats-asserted';
  const rootRef = /"\$ref":"(#|urn:[^"#]*)"/.test(JSON.stringify(schema));
  if (rootRef && isPlainObject(schema) && schema.type === undefined && entries.every((f) => f.code === 'invalid_type' || f.code === 'unknown_argument')) return 'root-object';
  return undefined;
}

/** Why the engine accepted an invalid instance, when a declared departure says so (absorption). */
function departureOfAcceptance(result: CheckResult): string | undefined {
  return result.corrections.length > 0 ? 'absorbs-mistakes' : undefined;
}

export function runSchemaSuite(engine: SuiteEngine, draft: keyof typeof SUITE_DRAFTS, root = ROOT): SuiteSummary {
  const dir = join(root, 'tests', draft);
  if (!existsSync(dir)) throw new Error(missingCorpusMessage(`json-schema-test-suite/tests/${draft}`, 'the JSON Schema Test Suite run'));
  const summary: SuiteSummary = { draft, instances: 0, agree: 0, noPack: [], internalError: 0, validRefused: 0, invalidAccepted: 0, byDeparture: {}, wrong: [] };
  const count = (d: string) => (summary.byDeparture[d] = (summary.byDeparture[d] ?? 0) + 1);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const groups = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { description: string; schema: unknown; tests: { description: string; data: unknown; valid: boolean }[] }[];
    groups.forEach((group, gi) => {
      const packs = new Map<string, CompiledPack | string>();
      const packFor = (asValue: boolean): CompiledPack | string => {
        const key = asValue ? 'value' : 'args';
        if (packs.has(key)) return packs.get(key)!;
        const declared: unknown = typeof group.schema === "boolean" ? group.schema : { $schema: SUITE_DRAFTS[draft], ...(group.schema as object) };
        let inputSchema: unknown;
        if (!asValue) inputSchema = declared;
        else {
          // The group's schema as one argument's schema, kept under $defs: its local refs are rewritten to
          // point there, or, when it has an $id of its own, it keeps that and is referred to by it.
          const defs = draft === 'draft7' ? 'definitions' : '$defs';
          const ownId = isPlainObject(declared) && typeof declared.$id === 'string' ? declared.$id : undefined;
          const embedded = ownId || !isPlainObject(declared) ? declared : rebase(declared, `#/${defs}/value`);
          inputSchema = { $schema: SUITE_DRAFTS[draft], type: 'object', required: ['value'], properties: { value: { $ref: ownId ?? `#/${defs}/value` } }, [defs]: { value: embedded } };
        }
        let pack: CompiledPack | string;
        try {
          pack = engine.packFromToolDefinitions([{ name: 't', inputSchema }], `${file}#${gi}`);
          if (pack.refused?.length) pack = pack.refused.map((r) => r.reason).join('; ');
        } catch (err) {
          if (process.env.SUITE_DEBUG) console.error((err as Error).stack);
          pack = (err as Error).message.split('\n').slice(1).join(' ').trim() || (err as Error).message;
        }
        packs.set(key, pack);
        return pack;
      };
      // Tools take objects: a schema that cannot describe one (a root type other than object) is only ever an argument's.
      const rootTakesObjects = typeof group.schema === 'boolean' || !isPlainObject(group.schema) || group.schema.type === undefined || group.schema.type === 'object' || (Array.isArray(group.schema.type) && group.schema.type.includes('object'));
      let noPackNoted = false;
      group.tests.forEach((t, ti) => {
        summary.instances++;
        const id = `${file}#${gi}/${ti}`;
        const base = { id, group: group.description, test: t.description, valid: t.valid };
        const asValue = !(isPlainObject(t.data) && rootTakesObjects);
        const pack = packFor(asValue);
        if (typeof pack === 'string') {
          if (!noPackNoted) summary.noPack.push({ group: `${id.split('/')[0]} ${group.description}`, reason: pack.slice(0, 300) });
          noPackNoted = true;
          return;
        }
        const args = asValue ? { value: t.data as Json } : (t.data as Json);
        const result = engine.check(pack, { name: 't', arguments: args }, { checks: false });
        if (result.log.faults.some((f) => f.code === 'internal_error')) {
          summary.internalError++;
          summary.wrong.push({ ...base, outcome: 'internal_error', detail: JSON.stringify(result.body) });
          return;
        }
        if (result.ok === t.valid) {
          summary.agree++;
          return;
        }
        if (t.valid) {
          summary.validRefused++;
          const d = departureOfRefusal(result, group.schema, t.data, draft, asValue);
          if (d) count(d);
          else summary.wrong.push({ ...base, outcome: 'valid_refused', detail: JSON.stringify(result.body).slice(0, 400) });
        } else {
          summary.invalidAccepted++;
          const d = departureOfAcceptance(result);
          if (d) count(d);
          else summary.wrong.push({ ...base, outcome: 'invalid_accepted', detail: JSON.stringify(t.data).slice(0, 200) });
        }
      });
    });
  }
  return summary;
}

/** The figures npm run bench records: per draft, the counts, and the disagreements no departure or listed AJV gap explains. */
export function suiteFigures(engine: SuiteEngine) {
  return Object.fromEntries(
    (Object.keys(SUITE_DRAFTS) as (keyof typeof SUITE_DRAFTS)[]).map((draft) => {
      const s = runSchemaSuite(engine, draft);
      const unexplained = s.wrong.filter((w) => !AJV_GAPS[w.id.split('#')[0]]);
      return [
        draft,
        {
          instances: s.instances,
          agree: s.agree,
          refused_at_build: s.noPack.length,
          refused_without_reason: s.noPack.filter((n) => n.reason.trim().length === 0).length,
          internal_error: s.internalError,
          valid_refused: s.validRefused,
          invalid_accepted: s.invalidAccepted,
          by_departure: s.byDeparture,
          ajv_gaps: s.wrong.length - unexplained.length,
          unexplained: unexplained.length,
          unexplained_cases: unexplained.slice(0, 20).map((w) => `${w.outcome} ${w.id}`),
        },
      ];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = await import('../src/engine');
  for (const draft of Object.keys(SUITE_DRAFTS) as (keyof typeof SUITE_DRAFTS)[]) {
    const s = runSchemaSuite(engine as never, draft);
    console.log(`${draft}: ${s.agree}/${s.instances} agree; no pack ${s.noPack.length}; internal_error ${s.internalError}; valid refused ${s.validRefused}; invalid accepted ${s.invalidAccepted}; departures ${JSON.stringify(s.byDeparture)}; wrong ${s.wrong.length}`);
    const byFile = new Map<string, number>();
    for (const w of s.wrong) byFile.set(w.id.split('#')[0], (byFile.get(w.id.split('#')[0]) ?? 0) + 1);
    console.log('  wrong by file:', JSON.stringify(Object.fromEntries(byFile)));
    if (process.argv.includes('-v')) {
      for (const w of s.wrong) console.log(`  ${w.outcome} ${w.id} ${w.group} / ${w.test}: ${w.detail ?? ''}`);
      for (const n of s.noPack) console.log(`  no pack ${n.group}: ${n.reason}`);
    }
  }
}
