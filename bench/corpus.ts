// The calls the recovery benchmark breaks: tau-bench's 740 ground-truth actions and every BFCL category
// that has ground truth in possible_answer/ (read from ../shared/corpus, never copied in), plus the packs'
// own valid examples, which we wrote and report apart. Tool definitions become packs through
// packFromToolDefinitions.
import { readdirSync, readFileSync } from 'node:fs';
import { requireCorpus } from '../src/cli/corpus-dir';
import type { CompiledPack, Json } from './engine-entry';

export interface CorpusCall {
  corpus: 'tau-bench' | 'bfcl' | 'packs';
  id: string;
  /** BFCL's category (`simple_python`, `live_multiple`…); absent elsewhere. */
  category?: string;
  pack: CompiledPack;
  tool: string;
  /** The ground-truth arguments. */
  truth: Record<string, Json>;
}

export interface CorpusLoad {
  calls: CorpusCall[];
  /** Per corpus: calls read, calls kept, and why the rest were left out. */
  summary: Record<string, { read: number; kept: number; left_out: Record<string, number> }>;
  /** BFCL per category, the same counts. */
  bfcl_categories: Record<string, { read: number; kept: number; left_out: Record<string, number> }>;
}

type Engine = { packFromToolDefinitions: (defs: unknown, origin?: string) => CompiledPack; check: (pack: CompiledPack, input: unknown) => any; packs: CompiledPack[] };
/** The plain validator of a tool's wire schema: whether a call satisfies its own schema, asked of no part of the engine. */
type SchemaCheck = (pack: CompiledPack, tool: string, args: unknown) => boolean;

function need(path: string): string {
  return readFileSync(requireCorpus(path, 'the recovery benchmark'), 'utf8');
}

function jsonLines(text: string): any[] {
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/**
 * BFCL's own type names, in JSON Schema. `any` (and the one empty type) means no type at all. The Java and
 * JavaScript categories name their languages' types; their ground truth holds JSON values of the matching
 * kind (`[true]` for a Boolean, a list for an Array, a dict for a HashMap).
 */
const BFCL_TYPES: Record<string, string | null> = {
  dict: 'object', float: 'number', tuple: 'array', any: null, '': null, integer: 'integer', string: 'string', boolean: 'boolean', array: 'array', number: 'number', object: 'object',
  String: 'string', char: 'string', Boolean: 'boolean', long: 'integer', double: 'number', Array: 'array', ArrayList: 'array', HashMap: 'object',
};

/** The BFCL categories with ground truth: every possible_answer/ file, in name order. */
export function bfclCategories(): string[] {
  const dir = requireCorpus('bfcl/possible_answer', 'the recovery benchmark');
  return readdirSync(dir)
    .map((f) => /^BFCL_v4_(.+)\.json$/.exec(f)?.[1])
    .filter((c): c is string => c !== undefined)
    .sort();
}

/** A BFCL parameter schema in JSON Schema: its types mapped, `optional` dropped, a dict without properties left open. */
export function bfclToJsonSchema(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'type') {
      const mapped = typeof v === 'string' ? BFCL_TYPES[v] : undefined;
      if (mapped === undefined) throw new Error(`unknown BFCL type ${JSON.stringify(v)}`);
      if (mapped !== null) out.type = mapped;
    } else if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, bfclToJsonSchema(sub)]));
    } else if (k === 'items') out.items = bfclToJsonSchema(v);
    else if (k === 'optional') continue;
    else out[k] = v;
  }
  return out;
}

/** Tool names with dots (`math.factorial`) are not valid tool names; the same rule renames the ground truth. */
export function sanitiseName(name: string, taken: Set<string>): string {
  const base = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tool';
  let out = base;
  for (let i = 2; taken.has(out); i++) out = `${base.slice(0, 60)}_${i}`;
  taken.add(out);
  return out;
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One concrete call from BFCL's lists of acceptable values: the first listed, "" meaning "may be left out". */
function concretise(acceptable: Record<string, unknown[]>, schema: any): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, options] of Object.entries(acceptable)) {
    const list = Array.isArray(options) ? options : [options];
    const pick = list.find((v) => v !== '');
    if (pick === undefined) continue;
    out[name] = concreteValue(pick, schema?.properties?.[name]);
  }
  return out;
}

/** Nested dicts (and dicts inside arrays) list acceptable values per key too. */
function concreteValue(value: unknown, schema: any): Json {
  const listed = (v: unknown): v is Record<string, unknown[]> => isPlain(v) && Object.values(v).every(Array.isArray);
  if (schema?.type === 'object' && schema.properties && listed(value)) return concretise(value, schema);
  if (schema?.type === 'array' && schema.items?.type === 'object' && schema.items.properties && Array.isArray(value)) return value.map((v) => (listed(v) ? concretise(v, schema.items) : (v as Json)));
  return value as Json;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `satisfies`, when given, tells a ground truth its own schema refuses (left out: it measures nothing) from
 * one the engine refuses though the schema takes it (left out too, but counted apart: that must be none).
 */
/**
 * `take`, when given, is asked first about each tau-bench action and BFCL entry by the id its call would
 * have; one it declines is passed over before its tools are compiled and is in no count (a test's sample).
 */
export function loadCorpus(engine: Engine, satisfies?: SchemaCheck, take?: (corpus: CorpusCall['corpus'], id: string) => boolean): CorpusLoad {
  const calls: CorpusCall[] = [];
  const summary: CorpusLoad['summary'] = {};
  const bfclCategoriesSummary: CorpusLoad['bfcl_categories'] = {};
  const keep = (corpus: CorpusCall['corpus'], call: Omit<CorpusCall, 'corpus'> | string, category?: string) => {
    const tallies = [(summary[corpus] ??= { read: 0, kept: 0, left_out: {} })];
    if (category !== undefined) tallies.push((bfclCategoriesSummary[category] ??= { read: 0, kept: 0, left_out: {} }));
    const leave = (why: string) => {
      for (const s of tallies) s.left_out[why] = (s.left_out[why] ?? 0) + 1;
    };
    for (const s of tallies) s.read++;
    if (typeof call === 'string') return leave(call);
    // Every kept call must be accepted exactly as written: a ground truth its own schema refuses measures nothing.
    const r = engine.check(call.pack, { name: call.tool, arguments: call.truth });
    if (!r.ok) {
      const own = satisfies ? satisfies(call.pack, call.tool, call.truth) : false;
      leave(own ? `refused by check() though its own schema takes it (${r.body.error})` : `refused by its own schema (${r.body.error})`);
    } else if (!sameJson(r.arguments, call.truth)) leave('changed by absorption');
    else {
      for (const s of tallies) s.kept++;
      calls.push({ corpus, ...(category !== undefined ? { category } : {}), ...call });
    }
  };

  // tau-bench: one pack per domain (both define calculate, think, get_user_details…).
  const tools = JSON.parse(need('tau-bench/tau_bench_tools.json')) as Record<string, { schema: unknown }[]>;
  const tauPacks = Object.fromEntries(Object.entries(tools).map(([domain, list]) => [domain, engine.packFromToolDefinitions(list.map((t) => t.schema), `tau-bench ${domain}`)]));
  for (const a of jsonLines(need('tau-bench/tau_bench_test_actions.jsonl'))) {
    if (take && !take('tau-bench', `${a.domain}/${a.task_index}/${a.action_index}`)) continue;
    const pack = tauPacks[a.domain];
    keep('tau-bench', pack?.tool(a.name) ? { id: `${a.domain}/${a.task_index}/${a.action_index}`, pack, tool: a.name, truth: a.kwargs } : 'tool not in the tool file');
  }

  // BFCL: each entry's functions are one pack; the ground truth names one of them. Every category with
  // ground truth; an entry whose ground truth is not exactly one call (the parallel ones) is counted, not kept.
  for (const category of bfclCategories()) {
    const answers = new Map(jsonLines(need(`bfcl/possible_answer/BFCL_v4_${category}.json`)).map((a) => [a.id, a.ground_truth]));
    const bfcl = (call: Omit<CorpusCall, 'corpus'> | string) => keep('bfcl', call, category);
    for (const entry of jsonLines(need(`bfcl/BFCL_v4_${category}.json`))) {
      if (take && !take('bfcl', entry.id)) continue;
      const truth = answers.get(entry.id);
      if (!Array.isArray(truth) || truth.length !== 1) {
        bfcl(truth === undefined ? 'no ground truth for the entry' : 'not exactly one ground-truth call');
        continue;
      }
      const taken = new Set<string>();
      const names = new Map<string, string>();
      const defs = entry.function.map((f: any) => {
        const name = sanitiseName(f.name, taken);
        names.set(f.name, name);
        return { name, description: f.description, parameters: bfclToJsonSchema(f.parameters) };
      });
      let pack: CompiledPack;
      try {
        pack = engine.packFromToolDefinitions(defs, `bfcl ${entry.id}`);
      } catch {
        bfcl('tool definitions the engine cannot compile');
        continue;
      }
      const [[fname, acceptable]] = Object.entries(truth[0] as Record<string, Record<string, unknown[]>>);
      const tool = names.get(fname);
      const def = defs.find((d: any) => d.name === tool);
      if (!tool || !def || !pack.tool(tool)) {
        bfcl(!tool || !def ? 'ground truth names no listed function' : 'its function could not be compiled');
        continue;
      }
      bfcl({ id: entry.id, pack, tool, truth: concretise(acceptable, def.parameters) });
    }
  }

  // The packs' own valid examples: written by us, so reported apart.
  for (const pack of engine.packs) {
    for (const t of pack.tools) (t.source.examples?.valid ?? []).forEach((args, i) => keep('packs', { id: `${pack.id}/${t.name}/${i}`, pack, tool: t.name, truth: args as Record<string, Json> }));
  }
  return { calls, summary, bfcl_categories: bfclCategoriesSummary };
}
