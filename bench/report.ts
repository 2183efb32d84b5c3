// Reads bench/results.json into what the /benchmarks/ page shows. Pure and defensive: a results file from
// another version, or one missing a section, gives "not measured" for that part, never a failed build.

export type Verdict = 'met' | 'not met' | 'not measured';

export interface SummaryRow {
  section: string;
  measure: string;
  result: string;
  goal: string;
  /** null for a figure shown for comparison, with no goal of its own. */
  verdict: Verdict | null;
}

export interface RecoveryRow {
  breakKind: string;
  label: string;
  applicable: string;
  notApplicable: string;
  knowable: string;
  absorbed: string;
  one: string;
  twoPlus: string;
  never: string;
  ranWrong: string;
}

export interface Report {
  measured: boolean;
  date: string | null;
  machine: { label: string; value: string }[];
  harness: string | null;
  summary: SummaryRow[];
  validRows: { label: string; calls: string; ratio: string; plain: string; text: string; checkUs: string; ajvUs: string }[];
  faulty: { calls: string; speedup: string; oursUs: string; peerUs: string; leftOut: string; tokens: { ours: string; peer: string; ajv: string } } | null;
  didYouMean: { perLookup: string; perCheck: string; values: string; lookups: string; answered: string; samples: { input: string; output: string }[] } | null;
  tokens: { rows: { label: string; n: string; median: string; p95: string; max: string }[]; largest: string; estimate: string } | null;
  recovery: {
    corpora: { name: string; read: string; kept: string; leftOut: string }[];
    bodyKinds: { kind: string; description: string }[];
    caller: string;
    maxRounds: string;
    goal: string;
    external: { kind: string; rows: RecoveryRow[] }[];
    packs: { kind: string; rows: RecoveryRow[] }[];
  } | null;
  /** Issue 33: calls the schema accepts that break a rule stated beyond it (bench/beyond-schema/). */
  beyondSchema: BeyondSchemaReport | null;
  /** The hostile-input benchmark (bench/hostile.ts): each repro with its time, peak memory and outcome. */
  hostile: { goal: string; rows: { what: string; ms: string; mb: string; outcome: string; verdict: Verdict }[] } | null;
  runtime: string | null;
}

export interface BeyondSchemaReport {
  calls: string;
  fixed: string;
  goal: string;
  /** Per rule kind, then per source: calls, share fixed within one round, accepted as sent, absorbed. */
  byRule: { kind: string; label: string; calls: string; fixed: string; acceptedAsSent: string; absorbed: string }[];
  bySource: { source: string; calls: string; fixed: string; acceptedAsSent: string }[];
  valid: { corpus: string; calls: string; refused: string; measuredIn: string }[];
  rules: string;
  caller: string;
  notes: string | null;
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

const NOT_MEASURED = 'not measured';

function fixed(v: unknown, digits: number, unit = ''): string {
  const n = num(v);
  return n === undefined ? NOT_MEASURED : `${n.toFixed(digits)}${unit}`;
}

function int(v: unknown): string {
  const n = num(v);
  return n === undefined ? '–' : String(Math.round(n));
}

function share(part: unknown, whole: unknown): string {
  const p = num(part);
  const w = num(whole);
  if (p === undefined || w === undefined) return '–';
  return w === 0 ? '–' : `${((100 * p) / w).toFixed(1)}%`;
}

/**
 * One body kind's recovery over the external corpora, every break summed: the calls a break applied to, and those
 * fixed within one round (absorbed, or the next call right). /benchmarks/ leads with this share.
 */
export function externalWithinOne(table: Obj | undefined): { applicable: number; withinOne: number; never: number; absorbed: number } | undefined {
  const rows = Object.values(table ?? {}).map((r) => obj(r) ?? {});
  if (rows.length === 0) return undefined;
  const sum = (k: string) => rows.reduce((t, r) => t + (num(r[k]) ?? 0), 0);
  return { applicable: sum('applicable'), withinOne: sum('absorbed') + sum('one_round'), never: sum('never'), absorbed: sum('absorbed') };
}

function verdict(value: number | undefined, ok: (v: number) => boolean): Verdict {
  return value === undefined ? 'not measured' : ok(value) ? 'met' : 'not met';
}

const BODY_KIND_NAMES: Record<string, string> = { actionable: 'Actionable', ajv: 'AJV default messages', bare: 'Bare Error: string' };

function recoveryRows(table: unknown, labels: Obj | undefined): RecoveryRow[] {
  const t = obj(table);
  if (!t) return [];
  return Object.entries(t).map(([breakKind, raw]) => {
    const r = obj(raw) ?? {};
    const n = r.applicable;
    return {
      breakKind,
      label: str(labels?.[breakKind]) ?? breakKind,
      applicable: int(n),
      notApplicable: int(r.not_applicable),
      knowable: int(r.knowable),
      absorbed: share(r.absorbed, n),
      one: share(r.one_round, n),
      twoPlus: share(r.two_or_more, n),
      never: share(r.never, n),
      ranWrong: share(r.ran_wrong, n),
    };
  });
}

/** Issue 18: wrong calls against imported tools (bench/imported-calls.ts), one goal row each, then the share per kind and per vendor. */
function importedCallRows(ic: Obj | undefined): SummaryRow[] {
  const section = 'Imported packs';
  const corpus = obj(ic?.corpus);
  const fixed = obj(ic?.fixed);
  const pctOf = (s: Obj | undefined) => (num(s?.share) === undefined || num(s?.calls) === undefined ? NOT_MEASURED : `${(100 * (s!.share as number)).toFixed(1)}% of ${int(s!.calls)}`);
  const vendors = Array.isArray(corpus?.vendors) ? corpus!.vendors.length : undefined;
  const rows: SummaryRow[] = [
    {
      section,
      measure: `Wrong calls against imported tools fixed within one round from the body alone (${vendors ?? '?'} vendor APIs; absorbed, or the caller’s next call accepted and the one meant)`,
      result: pctOf(fixed),
      goal: '≥ 90%',
      verdict: verdict(num(fixed?.share), (x) => x >= 0.9),
    },
  ];
  const examples = obj(ic?.examples_refused);
  rows.push({ section, measure: `The packs’ own valid examples refused (${int(examples?.examples)} examples over ${int(examples?.tools)} tools of the corpus’s packs)`, result: num(examples?.refused) === undefined ? NOT_MEASURED : String(examples!.refused), goal: '0', verdict: verdict(num(examples?.refused), (x) => x === 0) });
  const forms = obj(ic?.vendor_forms_refused);
  rows.push({ section, measure: `Forms the vendors document refused (${int(forms?.forms)} calls: Jira’s and Google’s date forms, response-shaping fields, calls without credentials)`, result: num(forms?.refused) === undefined ? NOT_MEASURED : String(forms!.refused), goal: '0', verdict: verdict(num(forms?.refused), (x) => x === 0) });
  const trip = obj(ic?.round_trip);
  rows.push({ section, measure: `Suggestions that fail when sent back (${int(trip?.did_you_mean)} did_you_mean values and ${int(trip?.suggested_calls)} suggested calls over every body of the corpus)`, result: num(trip?.failing) === undefined ? NOT_MEASURED : String(trip!.failing), goal: '0', verdict: verdict(num(trip?.failing), (x) => x === 0) });
  for (const [kind, s] of Object.entries(obj(ic?.by_kind) ?? {})) {
    if (!num(obj(s)?.calls)) continue;
    rows.push({ section, measure: `  of which ${kind.replace(/_/g, ' ')}`, result: pctOf(obj(s)), goal: '', verdict: null });
  }
  const byVendor = Object.entries(obj(ic?.by_vendor) ?? {}).map(([v, s]) => `${v} ${num(obj(s)?.share) === undefined ? '–' : `${(100 * (obj(s)!.share as number)).toFixed(0)}%`}`);
  if (byVendor.length) rows.push({ section, measure: '  by vendor API', result: byVendor.join(', '), goal: '', verdict: null });
  return rows;
}

/** The rules made and dropped at pack build, by source, in a line; "not available" before the engine counts them. */
function ruleCountsLine(rules: Obj | undefined): string {
  if (!rules || rules.available !== true) return 'not available';
  const counts = obj(rules.by_source);
  if (!counts) return 'not available';
  return Object.entries(counts).map(([source, c]) => (num(c) !== undefined ? `${source} ${int(c)}` : `${source} ${int(obj(c)?.made)} made, ${int(obj(c)?.dropped)} dropped`)).join('; ') || 'none';
}

/** Issue 33, item 6: the goal rows, and the detail the page's section shows. */
function beyondSchemaPart(b: Obj | undefined): { rows: SummaryRow[]; report: BeyondSchemaReport | null } {
  const section = 'Beyond the schema';
  const fixed = obj(b?.fixed);
  const corpus = obj(b?.corpus);
  const valid = obj(b?.valid_refused);
  const packs = Array.isArray(corpus?.imported_packs) ? corpus!.imported_packs.length : undefined;
  const rows: SummaryRow[] = [
    {
      section,
      measure: `Calls the schema accepts that break a rule stated in the description, examples or spec, fixed within one round from the body alone (${packs ?? '?'} imported packs, tau-bench, BFCL, the official MCP servers)`,
      result: num(fixed?.share) === undefined ? NOT_MEASURED : `${(100 * (fixed!.share as number)).toFixed(1)}% of ${int(fixed!.calls)}`,
      goal: '≥ 80%',
      verdict: verdict(num(fixed?.share), (x) => x >= 0.8),
    },
    {
      section,
      measure: `Valid calls refused, over every valid corpus (${int(valid?.total)} calls: the corrected calls, the packs’ examples, tau-bench’s and BFCL’s ground truth, the vendors’ documented forms)`,
      result: num(valid?.refused) === undefined ? NOT_MEASURED : String(valid!.refused),
      goal: '0',
      verdict: verdict(num(valid?.refused), (x) => x === 0),
    },
    { section, measure: 'Rules read from descriptions, examples and specs: made and dropped at pack build, by source', result: b ? ruleCountsLine(obj(b.rules)) : NOT_MEASURED, goal: '', verdict: b ? null : 'not measured' },
  ];
  if (!b) return { rows, report: null };
  const labels = obj(b.rule_labels);
  const shareRow = (s: Obj | undefined) => ({ calls: int(s?.calls), fixed: share(s?.within_one_round, s?.calls), acceptedAsSent: share(s?.accepted_as_sent, s?.calls), absorbed: share(s?.absorbed, s?.calls) });
  return {
    rows,
    report: {
      calls: int(fixed?.calls),
      fixed: rows[0].result,
      goal: '≥ 80% fixed within one round; no valid call refused',
      byRule: Object.entries(obj(b.by_rule) ?? {}).map(([kind, s]) => ({ kind, label: str(labels?.[kind]) ?? kind.replace(/_/g, ' '), ...shareRow(obj(s)) })),
      bySource: Object.entries(obj(b.by_source) ?? {}).map(([source, s]) => {
        const r = shareRow(obj(s));
        return { source, calls: r.calls, fixed: r.fixed, acceptedAsSent: r.acceptedAsSent };
      }),
      valid: (Array.isArray(valid?.rows) ? valid!.rows : []).map((row) => {
        const v = obj(row) ?? {};
        return { corpus: str(v.corpus) ?? 'a valid corpus', calls: int(v.calls), refused: int(v.refused), measuredIn: str(v.measured_in) ?? '' };
      }),
      rules: ruleCountsLine(obj(b.rules)),
      caller: str(b.caller) ?? NOT_MEASURED,
      notes: str(b.notes) ?? null,
    },
  };
}

export function readResults(raw: unknown): Report {
  const r = obj(raw);
  const machine = obj(r?.machine);
  const machineRows = machine
    ? [
        ['Operating system', str(machine.os)],
        ['CPU', str(machine.cpu)],
        ['Cores', num(machine.cores) !== undefined ? String(machine.cores) : undefined],
        ['Memory', num(machine.memory_gb) !== undefined ? `${machine.memory_gb} GB` : undefined],
        ['Node.js', str(machine.node)],
      ]
        .filter((x): x is [string, string] => x[1] !== undefined)
        .map(([label, value]) => ({ label, value }))
    : [];
  const harness = obj(r?.harness);
  const summary: SummaryRow[] = [];

  const valid = obj(r?.valid_calls);
  const validRows = (Array.isArray(valid?.rows) ? valid!.rows : []).map((row) => {
    const v = obj(row) ?? {};
    return { label: str(v.label) ?? 'valid calls', calls: int(v.calls), ratio: fixed(v.ratio, 2, '×'), plain: fixed(v.ratio_plain_ajv, 2, '×'), text: fixed(v.ratio_text, 2, '×'), checkUs: fixed(v.check_us, 2, ' µs'), ajvUs: fixed(v.ajv_us, 2, ' µs') };
  });
  const validRaw = (Array.isArray(valid?.rows) ? valid!.rows : []).map((row) => obj(row) ?? {});
  if (validRaw.length === 0) summary.push({ section: 'Valid calls', measure: 'check() ÷ the AJV validator it wraps', result: NOT_MEASURED, goal: '≤ 1.5×', verdict: 'not measured' });
  for (const v of validRaw) {
    // Each row has its own goal (tools with ordered checks do more); a row without one is for comparison.
    const goal = v.goal === null ? null : num(v.goal) ?? 1.5;
    summary.push({ section: 'Valid calls', measure: `check() ÷ the AJV validator it wraps: ${str(v.label) ?? 'valid calls'}`, result: fixed(v.ratio, 2, '×'), goal: goal === null ? '' : `≤ ${goal}×`, verdict: goal === null ? null : verdict(num(v.ratio), (x) => x <= goal) });
  }

  const f = obj(r?.faulty_calls);
  const fTokens = obj(f?.median_tokens);
  summary.push({ section: 'Faulty calls', measure: 'AJV allErrors + better-ajv-errors time ÷ check() with the full body', result: num(f?.speedup) === undefined ? NOT_MEASURED : `${fixed(f!.speedup, 2, '×')}`, goal: '≥ 1× (no slower)', verdict: verdict(num(f?.speedup), (x) => x >= 1) });
  const faulty = f
    ? {
        calls: int(f.calls),
        speedup: fixed(f.speedup, 2, '×'),
        oursUs: fixed(f.ours_us, 2, ' µs'),
        peerUs: fixed(f.peer_us, 2, ' µs'),
        leftOut: Object.entries(obj(f.left_out) ?? {}).map(([why, n]) => `${int(n)} ${why}`).join('; ') || 'none',
        tokens: { ours: int(fTokens?.ours), peer: int(fTokens?.better_ajv_errors), ajv: int(fTokens?.ajv_errors_text) },
      }
    : null;

  const d = obj(r?.did_you_mean);
  summary.push({ section: 'did_you_mean', measure: `one lookup over ${int(d?.values)} country codes`, result: fixed(d?.per_lookup_us, 2, ' µs'), goal: '≤ 5 µs', verdict: verdict(num(d?.per_lookup_us), (x) => x <= 5) });
  const didYouMean = d
    ? {
        perLookup: fixed(d.per_lookup_us, 2, ' µs'),
        perCheck: fixed(d.per_check_us, 2, ' µs'),
        values: int(d.values),
        lookups: int(d.lookups),
        answered: int(d.answered),
        samples: Object.entries(obj(d.samples) ?? {}).map(([input, out]) => ({ input, output: Array.isArray(out) && out.length ? out.join(', ') : 'no suggestion' })),
      }
    : null;

  const t = obj(r?.tokens);
  const single = obj(t?.single);
  const batched = obj(t?.batched);
  // The goal the run measured against; 40 (issue 19) for a results file written before it was recorded right.
  const tokenGoal = num(t?.goal_single_median) ?? 40;
  summary.push({ section: 'Tokens', measure: 'single-fault body, median (o200k_base)', result: num(single?.median) === undefined ? NOT_MEASURED : `${single!.median} tokens`, goal: `≤ ${tokenGoal}`, verdict: verdict(num(single?.median), (x) => x <= tokenGoal) });
  const maxAll = Math.max(num(single?.max) ?? -Infinity, num(batched?.max) ?? -Infinity);
  summary.push({ section: 'Tokens', measure: 'largest body the packs’ examples produce', result: Number.isFinite(maxAll) ? `${maxAll} tokens` : NOT_MEASURED, goal: '≤ 400', verdict: Number.isFinite(maxAll) ? (maxAll <= 400 ? 'met' : 'not met') : 'not measured' });
  const statRow = (label: string, s: Obj | undefined) => ({ label, n: int(s?.n), median: int(s?.median), p95: int(s?.p95), max: int(s?.max) });
  const byStage = obj(t?.single_by_stage);
  const largest = obj(t?.largest);
  const estimate = obj(t?.estimate);
  const tokens = t
    ? {
        rows: [
          statRow('Single fault', single),
          ...(byStage ? [statRow('Single fault, from schema validation', obj(byStage.validation)), statRow('Single fault, from the ordered checks', obj(byStage.checks))] : []),
          statRow('Batched (validation_failed)', batched),
        ],
        largest: largest ? `${int(largest.tokens)} tokens (${str(largest.pack) ?? '?'} / ${str(largest.tool) ?? '?'})` : NOT_MEASURED,
        estimate: estimate ? `${int(estimate.below_real_count)} of ${int(estimate.bodies)} bodies estimated below their real count; lowest estimate ÷ real count ${fixed(estimate.lowest_ratio, 2)}` : NOT_MEASURED,
      }
    : null;

  const rec = obj(r?.recovery);
  const goal = obj(rec?.goal);
  summary.push({
    section: 'Recovery',
    measure: 'Actionable bodies: calls recovered within one round, where the fix is knowable from the schema',
    result: num(goal?.share) === undefined ? NOT_MEASURED : `${(100 * (goal!.share as number)).toFixed(1)}% of ${int(goal!.knowable_pairs)}`,
    goal: '≥ 95%',
    verdict: verdict(num(goal?.share), (x) => x >= 0.95),
  });
  // The page's headline counts every broken call, the goal only those whose fix is knowable: both are in the table.
  const all = externalWithinOne(obj(obj(rec?.external)?.actionable));
  summary.push({
    section: 'Recovery',
    measure: 'Actionable bodies: every broken call, knowable or not, fixed within one round (the figure that leads this page)',
    result: all ? `${share(all.withinOne, all.applicable)} of ${all.applicable.toLocaleString('en')}` : NOT_MEASURED,
    goal: '',
    verdict: all ? null : 'not measured',
  });
  // Issue 17: the JSON Schema Test Suite, each schema a user's tool, each instance a call.
  const suite = obj(r?.json_schema_suite);
  for (const [draft, label] of [['draft2020-12', 'draft 2020-12'], ['draft7', 'draft-07']] as const) {
    const d = obj(suite?.[draft]);
    const agree = num(d?.agree);
    const instances = num(d?.instances);
    summary.push({ section: 'Any tool definition', measure: `JSON Schema Test Suite, ${label}: instances judged as the suite says`, result: agree === undefined || instances === undefined ? NOT_MEASURED : `${agree.toLocaleString('en')} of ${instances.toLocaleString('en')}`, goal: '', verdict: agree === undefined || instances === undefined ? 'not measured' : null });
    summary.push({ section: 'Any tool definition', measure: `${label}: calls that get internal_error`, result: num(d?.internal_error) === undefined ? NOT_MEASURED : String(d!.internal_error), goal: '0', verdict: verdict(num(d?.internal_error), (x) => x === 0) });
    summary.push({ section: 'Any tool definition', measure: `${label}: schemas refused when the tools are loaded, without a reason (${num(d?.refused_at_build) ?? '?'} refused in all, each with one)`, result: num(d?.refused_without_reason) === undefined ? NOT_MEASURED : String(d!.refused_without_reason), goal: '0', verdict: verdict(num(d?.refused_without_reason), (x) => x === 0) });
    summary.push({ section: 'Any tool definition', measure: `${label}: disagreements no declared departure or listed AJV gap explains (${num(d?.ajv_gaps) ?? '?'} are AJV’s own)`, result: num(d?.unexplained) === undefined ? NOT_MEASURED : String(d!.unexplained), goal: '0', verdict: verdict(num(d?.unexplained), (x) => x === 0) });
  }
  // Issue 17: bodies that work for any tool set, per mistake, over tau-bench and BFCL.
  const anyTools = obj(rec?.any_tool_set);
  const anyGoal = obj(anyTools?.goal);
  summary.push({
    section: 'Recovery',
    measure: `Any tool set: the worst share fixed within one round, over ${Array.isArray(anyTools?.mistakes) ? anyTools!.mistakes.length : 'the'} mistakes (tool name behind a namespace, camelCase, dotted or misspelt; JSON text; enum typo; synonym argument)`,
    result: num(anyGoal?.worst_share) === undefined ? NOT_MEASURED : `${(100 * (anyGoal!.worst_share as number)).toFixed(1)}%`,
    goal: '≥ 95%',
    verdict: verdict(num(anyGoal?.worst_share), (x) => x >= 0.95),
  });
  summary.push({ section: 'Recovery', measure: 'Any tool set: suggestions that fail when sent back', result: num(anyTools?.suggestions_failing) === undefined ? NOT_MEASURED : String(anyTools!.suggestions_failing), goal: '0', verdict: verdict(num(anyTools?.suggestions_failing), (x) => x === 0) });
  summary.push({ section: 'Recovery', measure: 'Any tool set: calls refused that satisfy their own schema and every rule their tool states', result: num(anyTools?.refused_valid) === undefined ? NOT_MEASURED : String(anyTools!.refused_valid), goal: '0', verdict: verdict(num(anyTools?.refused_valid), (x) => x === 0) });
  summary.push(...importedCallRows(obj(r?.imported_calls)));
  const beyond = beyondSchemaPart(obj(r?.beyond_schema));
  summary.push(...beyond.rows);
  const byKind = obj(rec?.knowable_within_one_by_kind);
  for (const [kind, v] of Object.entries(byKind ?? {})) {
    if (kind === 'actionable') continue;
    summary.push({ section: 'Recovery', measure: `for comparison, ${BODY_KIND_NAMES[kind] ?? kind}: the same measure`, result: num(v) === undefined ? NOT_MEASURED : `${(100 * (v as number)).toFixed(1)}%`, goal: '', verdict: null });
  }
  const labels = obj(rec?.labels);
  const kinds = (table: unknown) =>
    Object.entries(obj(table) ?? {}).map(([kind, rows]) => ({ kind: BODY_KIND_NAMES[kind] ?? kind, rows: recoveryRows(rows, labels) }));
  const recovery = rec
    ? {
        corpora: Object.entries(obj(rec.corpora) ?? {}).map(([name, c]) => {
          const o = obj(c) ?? {};
          return { name, read: int(o.read), kept: int(o.kept), leftOut: Object.entries(obj(o.left_out) ?? {}).map(([why, n]) => `${int(n)} ${why}`).join('; ') || 'none' };
        }),
        bodyKinds: Object.entries(obj(rec.body_kinds) ?? {}).map(([kind, description]) => ({ kind: BODY_KIND_NAMES[kind] ?? kind, description: String(description) })),
        caller: str(rec.caller) ?? NOT_MEASURED,
        maxRounds: int(rec.max_rounds),
        goal: num(goal?.share) === undefined ? NOT_MEASURED : `${int(goal!.within_one_round)} of ${int(goal!.knowable_pairs)} knowable calls (${(100 * (goal!.share as number)).toFixed(1)}%)`,
        external: kinds(rec.external),
        packs: kinds(obj(rec.tally)?.packs),
      }
    : null;

  const cli = obj(r?.cli);
  const start = obj(cli?.start);
  summary.push({ section: 'Command line', measure: 'one call from stdin to its body, ÷ a bare node -e 0 started beside it', result: num(start?.ratio) === undefined ? NOT_MEASURED : `${fixed(start!.ratio, 2, '×')} (${fixed(start!.cli_ms, 0, ' ms')} ÷ ${fixed(start!.bare_node_ms, 0, ' ms')})`, goal: '≤ 2×', verdict: verdict(num(start?.ratio), (x) => x <= 2) });
  const through = obj(cli?.throughput);
  const full = obj(through?.full);
  const tenth = obj(through?.tenth);
  // The steady rate (after each pack's start) is what the goal is about; results from before it was measured have only the whole rate.
  const steady = num(full?.steady_calls_per_s);
  const rate = steady ?? num(full?.calls_per_s);
  const calls = `${num(full?.calls) === undefined ? 'a million' : Math.round(full!.calls as number).toLocaleString('en')} calls, half valid and half faulty`;
  summary.push({ section: 'Command line', measure: `--jsonl --workers ${int(through?.workers)} over ${calls}${steady === undefined ? '' : ', once started'}`, result: rate === undefined ? NOT_MEASURED : `${Math.round(rate).toLocaleString('en')} calls/s${steady === undefined ? '' : ` (${Math.round(full!.calls_per_s as number).toLocaleString('en')} with the starts)`}`, goal: '≥ 50,000 calls/s', verdict: verdict(rate, (x) => x >= 50_000) });
  if (num(full?.start_ms) !== undefined) summary.push({ section: 'Command line', measure: `--jsonl --workers ${int(through?.workers)} over a one-call log: process, threads and pack (median over the packs)`, result: fixed(full!.start_ms, 0, ' ms'), goal: '', verdict: null });
  summary.push({ section: 'Command line', measure: 'peak memory over a tenth of that log and over all of it', result: num(full?.peak_rss_mb) === undefined || num(tenth?.peak_rss_mb) === undefined ? NOT_MEASURED : `${fixed(tenth!.peak_rss_mb, 0, ' MB')} and ${fixed(full!.peak_rss_mb, 0, ' MB')}`, goal: 'flat', verdict: num(full?.peak_rss_mb) === undefined || num(tenth?.peak_rss_mb) === undefined ? 'not measured' : (full!.peak_rss_mb as number) <= 1.5 * (tenth!.peak_rss_mb as number) ? 'met' : 'not met' });

  const h = obj(r?.hostile);
  const hGoal = obj(h?.goal);
  const hRows = (Array.isArray(h?.rows) ? h!.rows : []).map((row) => {
    const v = obj(row) ?? {};
    const verdictOf: Verdict = typeof v.met === 'boolean' ? (v.met ? 'met' : 'not met') : 'not measured';
    return { what: str(v.what) ?? str(v.id) ?? 'a case', ms: fixed(v.ms, 0, ' ms'), mb: fixed(v.peak_mb, 0, ' MB'), outcome: str(v.outcome) ?? '', verdict: verdictOf };
  });
  const hostileGoal = `at most ${num(hGoal?.ms)?.toLocaleString('en') ?? '–'} ms and ${int(hGoal?.mb)} MB, answered or refused with a reason`;
  const hMet = hRows.filter((x) => x.verdict === 'met').length;
  summary.push({ section: 'Hostile input', measure: `repros of hostile tool files, log lines, replies and calls, each in a fresh process (${hRows.length})`, result: hRows.length ? `${hMet} of ${hRows.length} within the goal` : NOT_MEASURED, goal: h ? hostileGoal : 'every one within its time and memory', verdict: hRows.length ? (hMet === hRows.length ? 'met' : 'not met') : 'not measured' });
  const hostile = hRows.length ? { goal: hostileGoal, rows: hRows } : null;

  const measured = Boolean(valid || f || d || t || rec);
  return {
    measured,
    date: str(r?.date) ?? null,
    machine: machineRows,
    harness: harness ? `${str(harness.tool) ?? 'tinybench'}: ${int(harness.warmup_ms)} ms warm-up, then ${int(harness.time_ms_per_task)} ms of iterations per task; ${str(harness.statistic) ?? 'median'}; ${str(harness.engine) ?? ''}`.replace(/; $/, '') : null,
    summary,
    validRows,
    faulty,
    didYouMean,
    tokens,
    recovery,
    beyondSchema: beyond.report,
    hostile,
    runtime: num(r?.runtime_s) === undefined ? null : `${r!.runtime_s} s`,
  };
}
