// The bench's engine workloads in a loop, to profile:  node --cpu-prof --import tsx bench/profile.ts <workload>
// (valid | checks | faulty | lookup, 5 s each). The engine is bundled by esbuild, as bench/run.ts and the site use it.
//
// Where the time went (profiles on this 2-core machine, before the changes of issue 14):
// - One call through the CLI: compiling the pack was half of the start, and most of that was building the
//   country registry's alias table (folding thousands of names) for the one field that uses it, whether
//   or not the call needed it. pack-compiler.ts now builds a field's alias table on first read. The rest
//   is Node parsing the bundle's chunks (~15 ms), the pack's registry names (~5 ms) and the first call's
//   JIT; the bin loads only the pack asked for, and AJV's compiler only for --tools.
// - did_you_mean over the country codes: a lookup that misses the exact tables scanned all 1,101 word
//   names (~18 µs), then compared the key with every name of a near length (~400 for "Untied Kingdom",
//   ~100 µs). registries/lookup.ts now indexes names by word, and filters the edit-distance pass with a
//   q-gram count bound that never drops a near name.
// - Valid calls of tools with ordered checks: runChecks is a quarter of check(); it split argument paths,
//   listed a rule's let bindings and parsed the state's timestamps anew on every call (now once).
// - Valid calls of tools without checks: check()'s fixed cost around a validator of 0.05 to 0.2 µs (the
//   input's shape, the fast path's bookkeeping, the result and its log record). Unchanged.
// - Faulty calls: spread thin. explain (decoding each error's schema path, now cached per tool), absorb's
//   walk of the schema, the suggested call (a deep copy and a second validation), vetting candidates
//   against the whole schema, the token-budget estimate for bodies over 400 characters, serialization.
//   No single stage is more than about a sixth of it.
// - --jsonl: check() is about 85% of a line, JSON.stringify of the full result about 14%. With two
//   worker threads on this shared machine, each line costs more CPU than on one thread (contention).
//
// Second pass (profiles with --cpu-prof-interval 100, shares of check() time):
// - Faulty calls: AJV itself was about a fifth (the first validation 9%, candidates and probes the rest);
//   the other four fifths were ours, spread thin: explain 31% (sibling fits, shapes, pointers, names),
//   the body 12% (its first JSON.stringify, which flattens the messages' strings: whoever serializes first
//   pays it), vetting 11%, absorb 7% (a fresh object for every object walked), the suggested call 6% (half
//   of it structuredClone), conflicts 4% (every field of the tool scanned on every probe), GC 5%. Now: a
//   per-tool field index (field-index.ts), absorb keeps what it does not change, a direct JSON copy, the
//   probes reuse the errors of the call as sent, no set per deref, cached enum listability.
// - Valid calls with ordered checks: runChecks was 42% (a WeakMap look-up per expression evaluated, a
//   closure per `all`/`any` and per exists check, a {found, value} per argument read). Now compiled
//   once per tool and read without allocations.
// - --jsonl --workers 2: the workers showed a fifth to a third of their samples in encoding a batch's
//   joined result lines; encoding each line on its own was much faster alone, but over a real log it saved
//   no CPU and raised peak memory by 40 MB, so it was not kept. Over the million calls, the fixed cost of
//   each of the three runs (the bin, then two workers, each loading the pack, and the JIT's first
//   thousands of calls: about 1.4 s each) is a sixth of the time; the steady rate is near 49,000 calls/s.
//
// Third pass (issue 19): the result's lazy members were closures added with Object.defineProperty, which
// made every faulty call's result a dictionary object (~4% of a faulty call); one accessor shared by every
// result costs about a quarter of that. The rest stays flat: explain about 30%, AJV itself about a sixth,
// vetting candidates 12%, the body 11% (most of it the first JSON.stringify), absorb 5%. bench/identity.ts
// holds the bytes of every result over 27,633 calls; bench/faulty.ts times section 2 of the bench alone.
//
// Fourth pass (issue 19, item 2; line ticks from the profile's positionTicks, with and without
// --no-turbo-inlining): still flat. The biggest single line was fitBudget's JSON.stringify (6-8%), which
// costs about twice serializeBody's second one; a plain body's length is now added up from its parts
// instead (a walk reading every character cost more than the stringify). Then the two defineProperty
// calls of a rejected result (~2%; a WeakMap for the lazy context cost more, in the collector), the
// validator's Map keyed by field (~0.5%), absorb's walk. AJV runs 1.6 times per faulty call on average
// (the call itself, then vetting 0.33 and sibling probes 0.16 per call); none of the rest is above 2%.
// did_you_mean stays eager: a filter and a map cost less than a second lazy accessor would.
//
// Fifth pass (issue 19, item 3; --cpu-prof of the bin on a 333,333-line log, one thread): a quarter of the
// time was Buffer.from on a batch's output. The batch's lines were concatenated into one string, and one
// line in a hundred holds a character past ASCII (a name, "…"), which makes the whole batch a two-byte
// string: flattening and encoding it cost a third as much as check() itself. checkLines (src/cli/jsonl.ts)
// now encodes each line into a shared scratch buffer as it is written, and hands out a copy of the batch;
// the first pass's per-line encoding kept each line's bytes apart, which is where its memory went.
//
// Sixth pass (issue 35, item 7; --cpu-prof-interval 50 to 100 over section 2's calls, and per fault kind):
// ours about 51 µs of CPU a call against the peer's 5 to 7 µs, and still flat. Shares of check() with the
// body written: the first validation 9%, absorb 9%, explain 33% (its probes' validations 2% more), vetting
// 10% (its validations 3% more), the body and result 16% (fitBudget 5%, serializeBody 3.5%), the rest 10%.
// Each call has about one error to explain (129 errors for 133 faults over 125 calls), so nothing is
// explained and then thrown away; an explanation itself is dear: an unknown argument about 30 µs (words
// and letters against every free name, moves probed), a wrong type about 28 µs (shape examples, a string
// wrapped, a unit read), a format 13 µs, an enum 11 µs. The validator runs 1.7 times a call; running
// each twice adds 9% to a call, about 3 µs a run, against 1.5 µs for the same arguments in a loop of
// validations alone: amid the other stages it runs colder. Tried, each byte-identical, neither faster
// when timed in turn with the build before: the probe state assigned instead of defined, the validation
// fault's spec without a spread. So 3 times the peer would need stages dropped from the error
// path, not trimmed. bench/faulty.ts with BENCH_BASELINE_BUNDLE times a change against the build before.
//
// Seventh pass (issue 35, after its merges; the build before issue 35 and after it, in one process): the
// faulty path had become 11-17% slower. Most of it was a WeakMap entry per body (the fault behind it, for the
// caller: about 6%, gone with a non-enumerable symbol member) and the result's hidden context defined before
// its last members (1-2%). Left: about 5% spread over the faults' facts as data and the probes' keys. A
// sampling profile of two bundles in one process is no guide to small differences (it gave 1.10 where CPU
// time gave 1.0): compare builds with bench/faulty.ts.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const workload = process.argv[2] ?? 'faulty';
const bundle = resolve('bench/tmp/profile-engine.mjs');
mkdirSync(resolve('bench/tmp'), { recursive: true });
await build({ entryPoints: ['bench/engine-entry.ts'], bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outfile: bundle, logLevel: 'error' });
const { check, serializeBody, packs, valueSet, valueSetCandidates } = (await import(pathToFileURL(bundle).href)) as typeof import('./engine-entry');

type Pack = (typeof packs)[number];
type Tool = Pack['tools'][number];
const hasChecks = (t: Tool) => t.checks.length > 0 || t.effects.length > 0;
const valid = packs.flatMap((pack) => pack.tools.flatMap((tool) => (tool.source.examples?.valid ?? []).map((args) => ({ pack, tool, input: { name: tool.name, arguments: args } }))));
const faulty = packs.flatMap((pack) => pack.tools.flatMap((tool) => (tool.source.examples?.invalid ?? []).map((ex) => ({ pack, tool, input: { name: tool.name, arguments: ex.arguments } }))));
const countries = valueSet('iso-3166-1-alpha-2')!;
const lookups = ['UK', 'England', 'Untied Kingdom', 'germany', 'Deutschland', 'Frnace', 'gbr', 'usa', 'Irland', 'Atlantis'];

const loops: Record<string, () => void> = {
  valid: () => { for (const c of valid) if (!hasChecks(c.tool)) check(c.pack, c.input); },
  checks: () => { for (const c of valid) if (hasChecks(c.tool)) check(c.pack, c.input); },
  faulty: () => { for (const c of faulty) serializeBody(check(c.pack, c.input).body!); },
  lookup: () => { for (const s of lookups) valueSetCandidates(countries, s, undefined); },
};
const loop = loops[workload];
if (!loop) throw new Error(`bench/profile.ts: the workloads are ${Object.keys(loops).join(', ')}`);
let rounds = 0;
for (const end = Date.now() + 5000; Date.now() < end; rounds++) loop();
console.log(`${workload}: ${rounds} rounds in 5 s`);
