// Issue 18, item 5: wrong calls against imported tools, as models send them, and what the engine's body
// does for them. The corpus is bench/imported-calls.json: each entry the pack, the call a model sent (bare,
// or in the envelope its client wraps it in), the call it meant (its intent) and the kind of mistake.
// For each, the deterministic caller of the recovery benchmark (src/engine/caller.ts) reads the body alone and sends
// its next call in the same envelope; a call counts as fixed within one round when it is accepted as sent
// and runs the intent (absorbed), or when the next call is accepted and runs the intent. Alongside: every
// did_you_mean and suggested call of every body, sent back (round-trip.ts), and the packs' own valid
// examples that check() refuses. Only the packs the corpus names are loaded, each by id from the catalog.
//
// Alone: `npx tsx bench/imported-calls.ts` prints the figures (`--not-fixed` lists the calls not fixed,
// `--all-examples` checks every tool's examples, `--write` puts the section into bench/results.json, keeping
// the rest of the last full run); `npm run bench` measures it with the rest.
import { readFileSync, writeFileSync } from 'node:fs';
import { check } from '../src/engine/check';
import type { CheckResult, CompiledPack, Json } from '../src/engine/types';
import { catalogEntry, loadCatalogPack } from '../src/package/catalog';
import { nextNamedCall } from '../src/engine/caller';
import { canonical, MAX_ROUNDS } from './recovery';
import { emptyRoundTrip, roundTrip, type RoundTrip } from './round-trip';

/** The kinds of mistake the corpus covers, as the issue names them. */
export const IMPORTED_CALL_KINDS = {
  tool_name_sdk: 'tool name as an SDK method (pulls.merge, chat.postMessage, octokit.rest.issues.create)',
  tool_name_discovery: 'tool name as a Google Discovery method id (drive.files.list)',
  tool_name_guess: 'tool name as a model guesses it (send_message, create_issue)',
  synonym: 'argument under a synonym (body for text, query for q)',
  unit: 'a number in another unit or with its unit written in (1h, 30s, 24 for 1440 minutes)',
  date: 'a date or time in another form (date only, no offset, words, Unix time)',
  id: 'an id in another form (a name, a mention, a URL, a number without its country code)',
  type: 'a value of the wrong type (a number or boolean as a string, a string as a number)',
  shape: 'a value in the wrong shape (JSON text, one value for a list, fields outside their wrapper)',
  missing: 'a required argument left out',
  extra: 'an argument the tool does not take (credentials, response-shaping parameters)',
  enum_case: 'an allowed value in the wrong case or spelling',
  envelope: 'a call inside a client envelope (OpenAI tool_calls or function_call, Anthropic tool_use, MCP tools/call, Gemini functionCall)',
} as const;
export type ImportedCallKind = keyof typeof IMPORTED_CALL_KINDS;

export interface NamedCall {
  name: string;
  arguments: Record<string, Json>;
}

export interface ImportedCall {
  pack: string;
  kind: ImportedCallKind;
  /** What the model did wrong, in a few words. */
  about: string;
  /** Exactly what the model sent: a bare {name, arguments} or an envelope around it. */
  call: Json;
  /** The call it meant, which the imported tool accepts as it is. */
  intent: NamedCall;
}

export function loadImportedCalls(file = new URL('./imported-calls.json', import.meta.url)): ImportedCall[] {
  return JSON.parse(readFileSync(file, 'utf8')) as ImportedCall[];
}

/** A call in a form the vendor documents (bench/imported-vendor-forms.json): it must be accepted as it is. */
export interface VendorForm {
  pack: string;
  about: string;
  call: NamedCall;
}

export function loadVendorForms(file = new URL('./imported-vendor-forms.json', import.meta.url)): VendorForm[] {
  return JSON.parse(readFileSync(file, 'utf8')) as VendorForm[];
}

/** The API a pack belongs to, for the per-vendor figures: Twilio's packs are one API family, each Google API its own. */
export function vendorOf(packId: string): string {
  if (packId.startsWith('twilio-')) return 'Twilio';
  return catalogEntry(packId)?.title ?? packId;
}

type JsonObject = { [k: string]: Json };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function parsedArguments(v: Json | undefined): Record<string, Json> {
  if (typeof v === 'string') {
    try {
      const parsed = JSON.parse(v) as Json;
      return isObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isObject(v) ? v : {};
}

/**
 * The call as the model knows it (its tool name and arguments), and how to send another one in the same
 * envelope. This is the model's side, not the engine's: it knows what it wrote whatever the engine read.
 */
export function unwrapCall(call: Json): { name: string; args: Record<string, Json>; rewrap: (name: string, args: Record<string, Json>) => Json } {
  const c = structuredClone(call) as JsonObject;
  const text = (v: Json | undefined, args: Record<string, Json>) => (typeof v === 'string' ? JSON.stringify(args) : args);
  if (Array.isArray(c.tool_calls) && isObject(c.tool_calls[0]) && isObject(c.tool_calls[0].function)) {
    const fn = c.tool_calls[0].function as JsonObject;
    return {
      name: String(fn.name), args: parsedArguments(fn.arguments),
      rewrap: (name, args) => ({ ...c, tool_calls: [{ ...(c.tool_calls as JsonObject[])[0], function: { name, arguments: text(fn.arguments, args) } }] }),
    };
  }
  if (isObject(c.function_call)) {
    const fn = c.function_call;
    return { name: String(fn.name), args: parsedArguments(fn.arguments), rewrap: (name, args) => ({ ...c, function_call: { name, arguments: text(fn.arguments, args) } }) };
  }
  if (c.type === 'function_call') return { name: String(c.name), args: parsedArguments(c.arguments), rewrap: (name, args) => ({ ...c, name, arguments: text(c.arguments, args) }) };
  if (c.role === 'assistant' && Array.isArray(c.content)) {
    const i = c.content.findIndex((b) => isObject(b) && b.type === 'tool_use');
    const block = c.content[i] as JsonObject;
    return { name: String(block.name), args: parsedArguments(block.input), rewrap: (name, args) => ({ ...c, content: (c.content as Json[]).map((b, j) => (j === i ? { ...block, name, input: args } : b)) }) };
  }
  if (c.type === 'tool_use') return { name: String(c.name), args: parsedArguments(c.input), rewrap: (name, args) => ({ ...c, name, input: args }) };
  if (c.method === 'tools/call' && isObject(c.params)) {
    const p = c.params;
    return { name: String(p.name), args: parsedArguments(p.arguments), rewrap: (name, args) => ({ ...c, params: { ...p, name, arguments: args } }) };
  }
  if (isObject(c.functionCall)) {
    const fc = c.functionCall;
    return { name: String(fc.name), args: parsedArguments(fc.args), rewrap: (name, args) => ({ ...c, functionCall: { ...fc, name, args } }) };
  }
  return { name: String(c.name), args: parsedArguments(c.arguments), rewrap: (name, args) => ({ ...c, name, arguments: text(c.arguments, args) }) };
}

/** Whether a result ran exactly the intent: the same tool and the same arguments, whatever their order. */
export function runsIntent(r: CheckResult, intent: NamedCall): boolean {
  return r.ok && r.tool === intent.name && canonical(r.arguments) === canonical(intent.arguments);
}

export type Outcome = 'absorbed' | 'one_round' | 'two_or_more' | 'gave_up' | 'ran_wrong' | 'still_refused';

export interface Traced {
  outcome: Outcome;
  /** Every result in order: the first for the call as sent, then one per call the caller made. */
  results: CheckResult[];
  /** The calls the caller made after the first, as it knows them and as it sent them (in the entry's envelope). */
  next: { call: NamedCall; sent: Json }[];
}

/** One entry through the engine and the caller, up to MAX_ROUNDS rounds. */
export function traceCall(pack: CompiledPack, entry: ImportedCall): Traced {
  const own = unwrapCall(entry.call);
  const results: CheckResult[] = [];
  const next: Traced['next'] = [];
  let sent: Json = entry.call;
  let name = own.name;
  let args = own.args;
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const r = check(pack, sent);
    results.push(r);
    if (r.ok) return { outcome: !runsIntent(r, entry.intent) ? 'ran_wrong' : round === 0 ? 'absorbed' : round === 1 ? 'one_round' : 'two_or_more', results, next };
    const following = nextNamedCall('actionable', r.body as Json, name, args, entry.intent.arguments);
    if (!following) return { outcome: 'gave_up', results, next };
    ({ name, args } = following);
    sent = own.rewrap(name, args);
    next.push({ call: { name, arguments: args }, sent });
  }
  return { outcome: 'still_refused', results, next };
}

export interface Share {
  calls: number;
  /** Accepted as sent, running the intent. */
  absorbed: number;
  /** Accepted as sent or after one round, running the intent. */
  within_one_round: number;
  two_or_more: number;
  /** The caller found nothing in the body to act on. */
  gave_up: number;
  /** Accepted, but not the call meant. */
  ran_wrong: number;
  share: number;
}

function emptyShare(): Share {
  return { calls: 0, absorbed: 0, within_one_round: 0, two_or_more: 0, gave_up: 0, ran_wrong: 0, share: 0 };
}

function tally(s: Share, t: Traced) {
  s.calls++;
  if (t.outcome === 'absorbed') s.absorbed++;
  if (t.outcome === 'absorbed' || t.outcome === 'one_round') s.within_one_round++;
  if (t.outcome === 'two_or_more') s.two_or_more++;
  if (t.outcome === 'gave_up') s.gave_up++;
  if (t.outcome === 'ran_wrong') s.ran_wrong++;
  s.share = s.within_one_round / s.calls;
}

export interface NotFixed {
  /** Its place in bench/imported-calls.json, where the call sent and the call meant are. */
  index: number;
  pack: string;
  kind: ImportedCallKind;
  about: string;
  outcome: Outcome;
  /** The body the first call earned (null when it was accepted: it then ran something else). */
  body: Json;
  /** What the caller sent next (out of its envelope), if anything, and what that earned. */
  next: NamedCall | null;
  next_body: Json | null;
  /** What ran, when a call was accepted but was not the intent. */
  ran: NamedCall | null;
}

export interface ImportedCallsResult {
  corpus: { calls: number; packs: string[]; vendors: string[]; kinds: Record<string, number> };
  caller: string;
  /** Share fixed within one round from the body alone (absorbed, or the next call accepted and running the intent). */
  fixed: Share & { goal: number; met: boolean };
  by_kind: Record<string, Share>;
  by_vendor: Record<string, Share>;
  not_fixed: NotFixed[];
  /** Every did_you_mean and suggested call of every body, sent back through check(). */
  round_trip: RoundTrip & { failing: number };
  /**
   * The vendor's own valid forms that check() refuses, two ways: the packs' own examples (examples.valid of
   * every tool of the corpus's packs, or of the corpus's tools alone when run quick), and the documented
   * forms of bench/imported-vendor-forms.json (dates, response-shaping parameters, calls without credentials).
   */
  examples_refused: { source: string; packs: number; tools: number; examples: number; refused: number; list: { pack: string; tool: string; arguments: Json; body: Json }[] };
  vendor_forms_refused: { source: string; forms: number; refused: number; list: { pack: string; about: string; call: NamedCall; body: Json }[] };
  /** Intents the imported tool does not accept as they are: a corpus fault, must be none. */
  intents_refused: { pack: string; intent: NamedCall; body: Json }[];
  load_s: number;
  run_s: number;
}

/** A pack's valid examples that check() refuses (what the loader holds every pack to), over `tools` if given. */
export function refusedExamples(pack: CompiledPack, tools?: ReadonlySet<string>): { tool: string; arguments: Json; body: Json }[] {
  const out: { tool: string; arguments: Json; body: Json }[] = [];
  for (const tool of pack.source.tools) {
    if (tools && !tools.has(tool.name)) continue;
    for (const args of tool.examples?.valid ?? []) {
      const r = check(pack, { name: tool.name, arguments: args });
      if (!r.ok) out.push({ tool: tool.name, arguments: args as Json, body: r.body as Json });
    }
  }
  return out;
}

export async function loadCorpusPacks(calls: { pack: string }[]): Promise<Map<string, CompiledPack>> {
  const packs = new Map<string, CompiledPack>();
  for (const id of [...new Set(calls.map((c) => c.pack))].sort()) {
    const pack = await loadCatalogPack(id);
    if (!pack) throw new Error(`bench: the imported-calls corpus names ${id}, which no pack has`);
    packs.set(id, pack);
  }
  return packs;
}

export interface RunOptions {
  calls?: ImportedCall[];
  forms?: VendorForm[];
  /**
   * Whose valid examples to check: every tool of the corpus's packs (`packs`: compiles 2,800 tools, about
   * 25 s here) or only the tools the corpus calls (`tools`: a second). `npm run bench` takes every pack's.
   */
  examples?: 'packs' | 'tools';
}

export async function runImportedCalls(options: RunOptions = {}): Promise<ImportedCallsResult> {
  const calls = options.calls ?? loadImportedCalls();
  const forms = options.forms ?? loadVendorForms();
  const t0 = performance.now();
  const packs = await loadCorpusPacks([...calls, ...forms]);
  const t1 = performance.now();
  const fixed = emptyShare();
  const byKind: Record<string, Share> = Object.fromEntries(Object.keys(IMPORTED_CALL_KINDS).map((k) => [k, emptyShare()]));
  const byVendor: Record<string, Share> = {};
  const notFixed: NotFixed[] = [];
  const trip = emptyRoundTrip();
  const intentsRefused: ImportedCallsResult['intents_refused'] = [];
  const kinds: Record<string, number> = {};
  for (const [index, entry] of calls.entries()) {
    const pack = packs.get(entry.pack)!;
    const meant = check(pack, entry.intent);
    if (!runsIntent(meant, entry.intent)) intentsRefused.push({ pack: entry.pack, intent: entry.intent, body: meant.body as Json });
    const t = traceCall(pack, entry);
    kinds[entry.kind] = (kinds[entry.kind] ?? 0) + 1;
    tally(fixed, t);
    tally((byKind[entry.kind] ??= emptyShare()), t);
    tally((byVendor[vendorOf(entry.pack)] ??= emptyShare()), t);
    for (const r of t.results) if (!r.ok) roundTrip(pack, r, trip);
    if (t.outcome !== 'absorbed' && t.outcome !== 'one_round') {
      const accepted = t.results.find((r) => r.ok);
      notFixed.push({
        index,
        pack: entry.pack,
        kind: entry.kind,
        about: entry.about,
        outcome: t.outcome,
        body: t.results[0].body as Json,
        next: t.next[0]?.call ?? null,
        next_body: (t.results[1]?.body as Json) ?? null,
        ran: accepted ? { name: accepted.tool ?? '', arguments: accepted.arguments as Record<string, Json> } : null,
      });
    }
  }
  const calledTools = (id: string) => (options.examples === 'tools' ? new Set(calls.filter((c) => c.pack === id).map((c) => c.intent.name)) : undefined);
  const examples = [...packs.entries()].flatMap(([id, pack]) => refusedExamples(pack, calledTools(id)).map((e) => ({ pack: id, ...e })));
  let exampleCount = 0;
  let toolCount = 0;
  for (const [id, pack] of packs) {
    const only = calledTools(id);
    for (const t of pack.source.tools) {
      if (only && !only.has(t.name)) continue;
      toolCount++;
      exampleCount += t.examples?.valid?.length ?? 0;
    }
  }
  const formsRefused = forms.flatMap((f) => {
    const r = check(packs.get(f.pack)!, f.call);
    return runsIntent(r, f.call) ? [] : [{ pack: f.pack, about: f.about, call: f.call, body: r.body as Json }];
  });
  const t2 = performance.now();
  return {
    corpus: { calls: calls.length, packs: [...packs.keys()], vendors: [...new Set(calls.map((c) => vendorOf(c.pack)))], kinds },
    caller: 'the recovery benchmark’s deterministic caller (caller.ts), reading the body alone; its next call goes in the same envelope as the first',
    fixed: { ...fixed, goal: 0.9, met: fixed.share >= 0.9 },
    by_kind: byKind,
    by_vendor: byVendor,
    not_fixed: notFixed,
    round_trip: { ...trip, failing: trip.invalid_did_you_mean + trip.invalid_suggested_calls },
    examples_refused: {
      source: options.examples === 'tools' ? 'examples.valid of the tools the corpus calls (the pack files’ own examples)' : 'examples.valid of every tool of the packs the corpus names (the pack files’ own examples)',
      packs: packs.size,
      tools: toolCount,
      examples: exampleCount,
      refused: examples.length,
      list: examples.slice(0, 20),
    },
    vendor_forms_refused: { source: 'bench/imported-vendor-forms.json: forms the vendors document, each to be accepted as it is', forms: forms.length, refused: formsRefused.length, list: formsRefused },
    intents_refused: intentsRefused,
    load_s: Math.round((t1 - t0) / 100) / 10,
    run_s: Math.round((t2 - t1) / 100) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runImportedCalls({ examples: process.argv.includes('--all-examples') ? 'packs' : 'tools' });
  const pct = (s: Share) => `${(100 * s.share).toFixed(1)}% of ${s.calls} (absorbed ${s.absorbed}, gave up ${s.gave_up}, ran wrong ${s.ran_wrong}, 2+ rounds ${s.two_or_more})`;
  console.log(`imported calls: ${r.corpus.calls} over ${r.corpus.vendors.length} vendor APIs (${r.corpus.packs.length} packs), loaded in ${r.load_s} s, run in ${r.run_s} s`);
  console.log(`fixed within one round: ${pct(r.fixed)} (goal ≥ 90%)`);
  for (const [k, s] of Object.entries(r.by_kind)) console.log(`  kind ${k.padEnd(20)} ${pct(s)}`);
  for (const [v, s] of Object.entries(r.by_vendor)) console.log(`  vendor ${v.padEnd(32)} ${pct(s)}`);
  console.log(`suggestions sent back: ${r.round_trip.did_you_mean} did_you_mean, ${r.round_trip.suggested_calls} suggested calls; failing: ${r.round_trip.failing}`);
  for (const f of r.round_trip.failures) console.log(`  ${f.tool} ${f.field}: ${JSON.stringify(f.candidate).slice(0, 160)}: ${f.why.slice(0, 200)}`);
  console.log(`valid examples refused: ${r.examples_refused.refused} of ${r.examples_refused.examples} over ${r.examples_refused.tools} tools (${r.examples_refused.source})`);
  console.log(`documented vendor forms refused: ${r.vendor_forms_refused.refused} of ${r.vendor_forms_refused.forms}`);
  for (const f of r.vendor_forms_refused.list) console.log(`  ${f.pack}/${f.call.name}: ${f.about}: ${JSON.stringify(f.body).slice(0, 200)}`);
  if (r.intents_refused.length) console.log(`INTENTS REFUSED (corpus faults): ${JSON.stringify(r.intents_refused, null, 1).slice(0, 4000)}`);
  if (process.argv.includes('--not-fixed')) for (const n of r.not_fixed) console.log(JSON.stringify(n));
  if (process.argv.includes('--write')) {
    const file = new URL('./results.json', import.meta.url);
    const results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...results, imported_calls: r }, null, 2)}\n`);
    console.log('wrote imported_calls into bench/results.json');
  }
  if (r.intents_refused.length) process.exitCode = 1;
}
