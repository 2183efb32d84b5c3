// A quick run of the recovery benchmark for the engine's own body only (no AJV or bare servers, no
// timings), straight from the sources through tsx: per mistake, the share fixed within one round, the
// suggestions that fail when sent back, and the calls refused though their own schema takes them.
// `npx tsx bench/recovery-quick.ts [--break KIND,...] [--corpus bfcl|tau-bench|packs] [--failures N]`
// prints a few failures of each mistake too. `npm run bench` measures the same and more.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { BREAKS, breakCall, type BreakKind } from './breaks';
import { loadCorpus } from './corpus';
import { recover } from './recovery';
import { emptyRoundTrip, roundTrip } from './round-trip';
import * as engine from './engine-entry';
import type { CompiledPack } from './engine-entry';

const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i === -1 ? undefined : process.argv[i + 1];
};
const only = arg('--break')?.split(',') as BreakKind[] | undefined;
const corpusOnly = arg('--corpus');
const showFailures = Number(arg('--failures') ?? 0);

const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
addFormats(ajv);
const validators = new WeakMap<object, ReturnType<Ajv2020['compile']>>();
/** Whether args satisfy the tool's wire schema, by AJV alone. */
export function satisfies(pack: CompiledPack, name: string, args: unknown): boolean {
  const t = pack.tool(name);
  if (!t) return false;
  let v = validators.get(t);
  if (!v) validators.set(t, (v = ajv.compile(t.wireSchema)));
  return v(args) as boolean;
}

const started = performance.now();
const corpus = loadCorpus(engine as never, satisfies);
console.log(`corpus: ${JSON.stringify(corpus.summary)}`);
const calls = corpus.calls.filter((c) => (corpusOnly ? c.corpus === corpusOnly : c.corpus !== 'packs'));
const rows: Record<string, { applicable: number; absorbed: number; one: number; more: number; never: number; ran_wrong: number; refused_valid: number; trip: ReturnType<typeof emptyRoundTrip>; failures: string[] }> = {};
const names = new WeakMap<CompiledPack, string[]>();
for (const c of calls) {
  const tool = c.pack.tool(c.tool)!;
  let declared = names.get(c.pack);
  if (!declared) names.set(c.pack, (declared = c.pack.tools.map((t) => t.name)));
  for (const b of only ?? BREAKS) {
    const broken = breakCall(b, tool, c.truth, declared);
    if (!broken) continue;
    const row = (rows[b] ??= { applicable: 0, absorbed: 0, one: 0, more: 0, never: 0, ran_wrong: 0, refused_valid: 0, trip: emptyRoundTrip(), failures: [] });
    const name = broken.name ?? c.tool;
    row.applicable++;
    const first = engine.check(c.pack, { name, arguments: broken.args });
    roundTrip(c.pack, first as never, row.trip, engine.check as never);
    if (!first.ok && c.pack.tool(name) && satisfies(c.pack, name, broken.args)) row.refused_valid++;
    const r = recover('actionable', engine.check as never, c.pack, c.tool, name, broken.args, c.truth);
    if (r === 0) row.absorbed++;
    else if (r === 1) row.one++;
    else if (typeof r === 'number') row.more++;
    else {
      row.never++;
      if (r === 'ran_wrong') row.ran_wrong++;
    }
    if ((typeof r !== 'number' || r > 1) && row.failures.length < showFailures) {
      row.failures.push(`  ${c.id} ${c.tool} <- ${name} ${JSON.stringify(broken.args).slice(0, 200)}\n    ${JSON.stringify(first.body).slice(0, 400)}`);
    }
  }
}
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');
console.log('mistake'.padEnd(18), 'calls'.padStart(6), 'absorbed'.padStart(9), '≤1 round'.padStart(9), 'never'.padStart(7), 'ran wrong'.padStart(9), 'bad dym'.padStart(8), 'bad call'.padStart(8), 'refused valid'.padStart(13));
for (const [b, r] of Object.entries(rows)) {
  console.log(b.padEnd(18), String(r.applicable).padStart(6), pct(r.absorbed, r.applicable).padStart(9), pct(r.absorbed + r.one, r.applicable).padStart(9), String(r.never).padStart(7), String(r.ran_wrong).padStart(9), `${r.trip.invalid_did_you_mean}/${r.trip.did_you_mean}`.padStart(8), `${r.trip.invalid_suggested_calls}/${r.trip.suggested_calls}`.padStart(8), String(r.refused_valid).padStart(13));
  if (r.failures.length) console.log(r.failures.join('\n'));
  if (showFailures && r.trip.failures.length) console.log('  round trip:', JSON.stringify(r.trip.failures.slice(0, 3)));
}
console.log(`${calls.length} calls in ${((performance.now() - started) / 1000).toFixed(1)} s`);
