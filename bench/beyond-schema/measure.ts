// Issue 33, item 6: the "beyond the schema" section of `npm run bench`. Over calls.jsonl (calls each tool's
// schema accepts but a rule stated in its description, examples or spec does not), it measures:
//  (a) the share fixed within one round: accepted as sent with the value rewritten to keep the rule
//      (absorbed), or refused with a body from which the recovery benchmark's deterministic caller
//      (src/engine/caller.ts, the one grade()'s `rounds` runs) makes a next call that is accepted and keeps
//      the rule: it equals the corrected call, or differs only in the field, whose value passes the rule;
//  (b) valid calls refused, on every valid corpus: our corrected calls, the imported tools' own examples,
//      and, from the rest of the bench when it runs them, tau-bench's and BFCL's ground truth, the curated
//      packs' examples and the vendors' documented forms;
//  (c) the rules made and dropped at pack build, by source of tools, from the engine's readRuleCounts().
//
// Alone: `npx tsx bench/beyond-schema/measure.ts` prints the figures (`--not-fixed` lists the misses,
// `--write` puts the section into bench/results.json, keeping the rest of the last full run).
import { readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { check } from '../../src/engine/check';
import { nextNamedCall } from '../../src/engine/caller';
import { readRuleCounts } from '../../src/engine/index';
import type { CheckResult, CompiledPack, Json } from '../../src/engine/types';
import { canonical, MAX_ROUNDS } from '../recovery';
import { loadCorpusPacks, loadVendorForms, refusedExamples, runsIntent } from '../imported-calls';
import { loadCorpus } from '../corpus';
import { packs as curatedPacks } from '../../src/packs';
import { packFromToolDefinitions } from '../../src/engine/pack/tools-import';
import { loadBeyondEntries, resolveEntries, RULE_KINDS, type BeyondEntry, type Resolved } from './corpus';

export const BEYOND_SCHEMA_GOAL = 0.8;

export type BeyondOutcome =
  /** Accepted as sent, with the value rewritten so that it keeps the rule. */
  | 'absorbed'
  /** Accepted as sent, the rule still broken: the model believes it is done. */
  | 'accepted_as_sent'
  | 'one_round'
  | 'two_or_more'
  /** The caller found nothing in the body to act on. */
  | 'gave_up'
  /** A later call was accepted but does not keep the rule (or changed another argument). */
  | 'ran_wrong'
  | 'still_refused';

export interface BeyondShare {
  calls: number;
  within_one_round: number;
  absorbed: number;
  accepted_as_sent: number;
  gave_up: number;
  share: number;
}

const emptyShare = (): BeyondShare => ({ calls: 0, within_one_round: 0, absorbed: 0, accepted_as_sent: 0, gave_up: 0, share: 0 });

function tally(s: BeyondShare, o: BeyondOutcome) {
  s.calls++;
  if (o === 'absorbed' || o === 'one_round') s.within_one_round++;
  if (o === 'absorbed') s.absorbed++;
  if (o === 'accepted_as_sent') s.accepted_as_sent++;
  if (o === 'gave_up') s.gave_up++;
  s.share = s.within_one_round / s.calls;
}

// The rule of each entry as a JSON Schema for one value; formats asserted, as a reader of the rule would.
const ruleAjv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
addFormats(ruleAjv);
const ruleValidators = new Map<string, ReturnType<typeof ruleAjv.compile>>();
function passesRule(accepts: Record<string, Json>, value: unknown): boolean {
  const key = JSON.stringify(accepts);
  let v = ruleValidators.get(key);
  if (!v) ruleValidators.set(key, (v = ruleAjv.compile(accepts)));
  return v(value) as boolean;
}

/** Whether accepted arguments keep the entry's rule: the corrected call, or the same but for a field that passes the rule. */
export function keepsRule(entry: BeyondEntry, args: unknown): boolean {
  if (canonical(args) === canonical(entry.corrected)) return true;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return false;
  const { [entry.field]: value, ...rest } = args as Record<string, Json>;
  const { [entry.field]: _meant, ...restMeant } = entry.corrected;
  return canonical(rest) === canonical(restMeant) && value !== undefined && passesRule(entry.accepts, value);
}

export interface BeyondTrace {
  outcome: BeyondOutcome;
  results: CheckResult[];
  next: { name: string; arguments: Record<string, Json> }[];
}

/** One entry through the engine and the caller, up to MAX_ROUNDS rounds. */
export function traceEntry(pack: CompiledPack, tool: string, entry: BeyondEntry): BeyondTrace {
  const results: CheckResult[] = [];
  const next: BeyondTrace['next'] = [];
  let name = tool;
  let args = entry.wrong;
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const r = check(pack, { name, arguments: args });
    results.push(r);
    if (r.ok) {
      const kept = r.tool === tool && keepsRule(entry, r.arguments);
      if (round === 0) return { outcome: kept ? 'absorbed' : 'accepted_as_sent', results, next };
      return { outcome: !kept ? 'ran_wrong' : round === 1 ? 'one_round' : 'two_or_more', results, next };
    }
    const following = nextNamedCall('actionable', r.body as Json, name, args, entry.corrected);
    if (!following) return { outcome: 'gave_up', results, next };
    ({ name, args } = following);
    next.push({ name, arguments: args });
  }
  return { outcome: 'still_refused', results, next };
}

/** A valid corpus and how many of its calls check() refuses (goal: none). */
export interface ValidCorpusFigure {
  corpus: string;
  calls: number;
  refused: number;
  /** Where the figure was measured: here, or in another section of the same run. */
  measured_in: string;
}

/** Rules made and dropped at pack build, by source (curated, imported, tools, mcp…): the engine's own count. */
export type RuleCounts = Record<string, { made: number; dropped: number }>;

export interface BeyondSchemaResult {
  corpus: { calls: number; by_source: Record<string, number>; by_rule: Record<string, number>; imported_packs: string[]; mcp_servers: Record<string, number>; unresolved: { id: string; why: string }[] };
  caller: string;
  fixed: BeyondShare & { goal: number; met: boolean };
  outcomes: Record<BeyondOutcome, number>;
  by_rule: Record<string, BeyondShare>;
  /** What each rule kind is, for the report. */
  rule_labels: Record<string, string>;
  by_source: Record<string, BeyondShare>;
  not_fixed: { id: string; outcome: BeyondOutcome; body: Json; next: Json }[];
  valid_refused: { goal: number; total: number; refused: number; met: boolean; rows: ValidCorpusFigure[]; list: { corpus: string; id: string; body: Json }[] };
  rules: { available: boolean; source: string; by_source: RuleCounts | null };
  /** Said when every call ran as sent: the run is the baseline, before rules are read beyond the schema. */
  notes: string | null;
  run_s: number;
}

/** Where the rule counts come from: the pack compiler's count of the rules it read from descriptions and the spec. */
export const RULE_COUNTS_SOURCE = 'readRuleCounts() (src/engine/pack/promises/promises.ts) over the packs this corpus calls, by where the tools come from';

/** Rules made and dropped (by the tools' own examples) over the packs of each source of tools. */
export function ruleCountsBySource(resolved: { pack: CompiledPack; label: string }[]): RuleCounts {
  const packsBy = new Map<string, Set<CompiledPack>>();
  for (const r of resolved) (packsBy.get(r.label) ?? packsBy.set(r.label, new Set()).get(r.label)!).add(r.pack);
  const out: RuleCounts = {};
  for (const [label, packs] of [...packsBy].sort(([a], [b]) => a.localeCompare(b))) {
    const c = readRuleCounts(packs);
    out[label] = { made: c.made.description + c.made.spec, dropped: c.dropped.description + c.dropped.spec };
  }
  return out;
}

export interface BeyondOptions {
  entries?: BeyondEntry[];
  /** Valid-corpus figures measured elsewhere in the same run (bench/run.ts passes its own). */
  otherValid?: ValidCorpusFigure[];
}

export async function runBeyondSchema(options: BeyondOptions = {}): Promise<BeyondSchemaResult> {
  const t0 = performance.now();
  const entries = options.entries ?? loadBeyondEntries();
  const loaded = await resolveEntries(entries);
  const outcomes = Object.fromEntries((['absorbed', 'accepted_as_sent', 'one_round', 'two_or_more', 'gave_up', 'ran_wrong', 'still_refused'] as const).map((o) => [o, 0])) as Record<BeyondOutcome, number>;
  const fixed = emptyShare();
  const byRule: Record<string, BeyondShare> = {};
  const bySource: Record<string, BeyondShare> = {};
  const notFixed: BeyondSchemaResult['not_fixed'] = [];
  const refusedList: BeyondSchemaResult['valid_refused']['list'] = [];
  let correctedRefused = 0;
  for (const r of loaded.resolved) {
    const t = traceEntry(r.pack, r.tool, r.entry);
    outcomes[t.outcome]++;
    tally(fixed, t.outcome);
    tally((byRule[r.entry.rule] ??= emptyShare()), t.outcome);
    tally((bySource[sourceLabel(r)] ??= emptyShare()), t.outcome);
    if (t.outcome !== 'absorbed' && t.outcome !== 'one_round') notFixed.push({ id: r.entry.id, outcome: t.outcome, body: (t.results[0].body as Json) ?? null, next: (t.next[0] as unknown as Json) ?? null });
    const c = check(r.pack, { name: r.tool, arguments: r.entry.corrected });
    if (!c.ok) {
      correctedRefused++;
      refusedList.push({ corpus: 'beyond-schema corrected calls', id: r.entry.id, body: c.body as Json });
    }
  }
  // The imported tools this corpus calls: their own valid examples (the vendors' request examples among them).
  const importedPacks = new Map<string, { pack: CompiledPack; tools: Set<string> }>();
  for (const r of loaded.resolved) if (r.entry.source === 'imported') (importedPacks.get(r.entry.pack) ?? importedPacks.set(r.entry.pack, { pack: r.pack, tools: new Set() }).get(r.entry.pack)!).tools.add(r.tool);
  let exampleCount = 0;
  let examplesRefused = 0;
  for (const [id, { pack, tools }] of importedPacks) {
    for (const t of pack.source.tools) if (tools.has(t.name)) exampleCount += t.examples?.valid?.length ?? 0;
    for (const e of refusedExamples(pack, tools)) {
      examplesRefused++;
      refusedList.push({ corpus: 'imported tools’ valid examples', id: `${id}/${e.tool}`, body: e.body });
    }
  }
  const rows: ValidCorpusFigure[] = [
    { corpus: 'beyond-schema corrected calls', calls: loaded.resolved.length, refused: correctedRefused, measured_in: 'this section' },
    { corpus: 'valid examples of the imported tools this corpus calls', calls: exampleCount, refused: examplesRefused, measured_in: 'this section' },
    ...(options.otherValid ?? []),
  ];
  const refused = rows.reduce((n, r) => n + r.refused, 0);
  const counts = ruleCountsBySource(loaded.resolved.map((r) => ({ pack: r.pack, label: sourceLabel(r) })));
  const bySourceCount: Record<string, number> = {};
  const byRuleCount: Record<string, number> = {};
  for (const r of loaded.resolved) {
    bySourceCount[sourceLabel(r)] = (bySourceCount[sourceLabel(r)] ?? 0) + 1;
    byRuleCount[r.entry.rule] = (byRuleCount[r.entry.rule] ?? 0) + 1;
  }
  return {
    corpus: { calls: loaded.resolved.length, by_source: bySourceCount, by_rule: byRuleCount, imported_packs: [...importedPacks.keys()].sort(), mcp_servers: loaded.mcp, unresolved: loaded.unresolved },
    caller: 'the recovery benchmark’s deterministic caller (src/engine/caller.ts, as grade() runs it), reading the body alone; fixed means the next call is accepted and keeps the rule (it is the corrected call, or differs only in the field, whose value passes the rule)',
    fixed: { ...fixed, goal: BEYOND_SCHEMA_GOAL, met: fixed.share >= BEYOND_SCHEMA_GOAL },
    outcomes,
    by_rule: byRule,
    rule_labels: { ...RULE_KINDS },
    by_source: bySource,
    not_fixed: notFixed.slice(0, 30),
    valid_refused: { goal: 0, total: rows.reduce((n, r) => n + r.calls, 0), refused, met: refused === 0, rows, list: refusedList.slice(0, 20) },
    rules: { available: true, source: RULE_COUNTS_SOURCE, by_source: counts },
    notes: baselineNote(fixed),
    run_s: Math.round((performance.now() - t0) / 100) / 10,
  };
}

function baselineNote(s: BeyondShare): string | null {
  if (!s.calls || s.accepted_as_sent < s.calls) return null;
  return 'Every call was accepted as sent: no rule is read from descriptions, examples or specs yet, so this run is the baseline.';
}

/** The figure's source: the imported pack's id, or tau-bench, BFCL, or the MCP server. */
function sourceLabel(r: Resolved): string {
  const e = r.entry;
  return e.source === 'imported' ? e.pack : e.source === 'mcp' ? `mcp ${e.server}` : e.source;
}

/** The rule counts in a line: "imported 40 made, 3 dropped; mcp …", whatever numbers each source carries. */
export function ruleCountsText(counts: unknown): string {
  if (counts === null || typeof counts !== 'object') return 'not available';
  return Object.entries(counts as Record<string, unknown>)
    .map(([source, c]) => {
      const o = (c ?? {}) as Record<string, unknown>;
      return typeof c === 'number' ? `${source} ${c}` : `${source} ${Number(o.made ?? 0)} made, ${Number(o.dropped ?? 0)} dropped`;
    })
    .join('; ') || 'none';
}

export function ruleKindLabel(kind: string): string {
  return (RULE_KINDS as Record<string, string>)[kind] ?? kind;
}

/**
 * The valid corpora the rest of `npm run bench` measures, measured here when this section runs alone: tau-bench's
 * and BFCL's ground truth and the curated packs' examples (loaded as the recovery benchmark loads them), and
 * the forms the vendors document (bench/imported-vendor-forms.json).
 */
export async function measureOtherValid(): Promise<ValidCorpusFigure[]> {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
  const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();
  const satisfies = (pack: CompiledPack, name: string, args: unknown) => {
    const t = pack.tool(name);
    if (!t) return false;
    let v = compiled.get(t);
    if (!v) compiled.set(t, (v = ajv.compile(t.wireSchema)));
    return v(args) as boolean;
  };
  const corpus = loadCorpus({ packFromToolDefinitions, check, packs: curatedPacks } as never, satisfies);
  const figure = (name: string, key: string): ValidCorpusFigure => {
    const s = corpus.summary[key];
    const refused = Object.entries(s?.left_out ?? {}).filter(([why]) => why.startsWith('refused by check() though')).reduce((m, [, k]) => m + k, 0);
    return { corpus: name, calls: (s?.kept ?? 0) + refused, refused, measured_in: 'this section' };
  };
  const forms = loadVendorForms();
  const formPacks = await loadCorpusPacks(forms);
  const formsRefused = forms.filter((f) => !runsIntent(check(formPacks.get(f.pack)!, f.call), f.call)).length;
  return [
    figure('tau-bench ground-truth calls their schema accepts', 'tau-bench'),
    figure('BFCL ground-truth calls their schema accepts', 'bfcl'),
    figure('curated packs’ valid examples', 'packs'),
    { corpus: 'forms the vendors document (bench/imported-vendor-forms.json)', calls: forms.length, refused: formsRefused, measured_in: 'this section' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runBeyondSchema({ otherValid: await measureOtherValid() });
  const pct = (s: BeyondShare) => `${(100 * s.share).toFixed(1)}% of ${s.calls} (absorbed ${s.absorbed}, accepted as sent ${s.accepted_as_sent}, gave up ${s.gave_up})`;
  console.log(`beyond the schema: ${r.corpus.calls} calls, ${r.corpus.imported_packs.length} imported packs, MCP servers ${JSON.stringify(r.corpus.mcp_servers)}, in ${r.run_s} s`);
  if (r.corpus.unresolved.length) console.log(`UNRESOLVED (corpus faults): ${JSON.stringify(r.corpus.unresolved)}`);
  console.log(`fixed within one round: ${pct(r.fixed)} (goal ≥ ${100 * BEYOND_SCHEMA_GOAL}%)`);
  console.log(`outcomes: ${JSON.stringify(r.outcomes)}`);
  for (const [k, s] of Object.entries(r.by_rule)) console.log(`  rule ${k.padEnd(18)} ${pct(s)}`);
  for (const [k, s] of Object.entries(r.by_source)) console.log(`  source ${k.padEnd(22)} ${pct(s)}`);
  for (const v of r.valid_refused.rows) console.log(`valid refused: ${v.corpus}: ${v.refused} of ${v.calls}`);
  console.log(`rules made and dropped: ${r.rules.available ? ruleCountsText(r.rules.by_source) : `not available (${r.rules.source} is missing)`}`);
  if (process.argv.includes('--not-fixed')) for (const n of r.not_fixed) console.log(JSON.stringify(n).slice(0, 400));
  if (process.argv.includes('--write')) {
    const file = new URL('../results.json', import.meta.url);
    const results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...results, beyond_schema: r }, null, 2)}\n`);
    console.log('wrote beyond_schema into bench/results.json');
  }
  if (r.corpus.unresolved.length) process.exitCode = 1;
}
