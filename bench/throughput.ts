// `npm run bench:throughput`: only the CLI's log throughput of `npm run bench` (bench/cli.ts), written into
// bench/results.json's cli.throughput. With BENCH_BASELINE_BIN=<another build's cli.js> the same logs also go
// through that build, pack by pack in turn with this one, so load from other processes falls on both alike
// and the ratio is fair; its figures are written beside as cli.throughput_baseline.
// BENCH_CALLS=N cuts the log (default 1,000,000) for a quick run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packs } from '../src/packs';
import { buildBin, throughputRuns } from './cli';

type Runs = Awaited<ReturnType<typeof throughputRuns>>;
type Pack = Parameters<typeof throughputRuns>[0][number];

const total = Number(process.env.BENCH_CALLS ?? 1_000_000);
const baselineBin = process.env.BENCH_BASELINE_BIN;
if (baselineBin && !existsSync(baselineBin)) throw new Error(`bench: no ${baselineBin}`);
await buildBin();

/** Both builds over the same logs, each pack's log through one build and then the other. */
async function sideBySide(lines: number) {
  const share = (i: number) => Math.floor(lines / packs.length) + (i < lines % packs.length ? 1 : 0);
  const ours: Runs[] = [];
  const theirs: Runs[] = [];
  for (const [i, pack] of (packs as unknown as Pack[]).entries()) {
    ours.push(await throughputRuns([pack], share(i)));
    if (baselineBin) theirs.push(await throughputRuns([pack], share(i), 2, baselineBin));
  }
  return { ours: merge(ours, lines), theirs: baselineBin ? merge(theirs, lines) : undefined };
}

function merge(runs: Runs[], calls: number) {
  const rows = runs.flatMap((r) => r.rows);
  const seconds = rows.reduce((a, r) => a + r.seconds, 0);
  const startSeconds = rows.reduce((a, r) => a + r.start_ms, 0) / 1000;
  const starts = rows.map((r) => r.start_ms).sort((a, b) => a - b);
  return {
    calls,
    seconds,
    calls_per_s: calls / seconds,
    start_ms: starts[(starts.length - 1) >> 1],
    steady_calls_per_s: (calls - rows.length) / (seconds - startSeconds),
    peak_rss_mb: Math.max(...rows.map((r) => r.peak_rss_mb)),
    rows,
  };
}

const tenth = await sideBySide(total / 10);
const full = await sideBySide(total);
const mix = 'half valid, half faulty: the examples of every pack, one log per pack';
const goal = 'steady ≥ 50,000 calls/s, peak memory flat as the log grows';
const results = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
results.cli ??= {};
results.cli.throughput = { workers: 2, mix, goal_calls_per_s: 50_000, goal, full: full.ours, tenth: tenth.ours };
if (baselineBin) results.cli.throughput_baseline = { bin: 'the build before this change, run in turn with it', workers: 2, full: full.theirs, tenth: tenth.theirs };
else delete results.cli.throughput_baseline;
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');

const line = (name: string, r: ReturnType<typeof merge>) =>
  `${name.padEnd(9)} ${r.calls.toLocaleString('en').padStart(9)} calls  start ${r.start_ms.toFixed(0).padStart(5)} ms (median per pack)  steady ${Math.round(r.steady_calls_per_s).toLocaleString('en').padStart(7)} calls/s  whole ${Math.round(r.calls_per_s).toLocaleString('en').padStart(7)} calls/s  peak ${r.peak_rss_mb.toFixed(0)} MB`;
console.log(`goal: ${goal}`);
for (const [name, r] of [['this', full.ours], ['this', tenth.ours], ['baseline', full.theirs], ['baseline', tenth.theirs]] as const) if (r) console.log(line(name, r));
for (const r of full.ours.rows) console.log(`  ${r.pack}: start ${r.start_ms.toFixed(0)} ms, steady ${Math.round(r.steady_calls_per_s).toLocaleString('en')} calls/s, peak ${r.peak_rss_mb.toFixed(0)} MB`);
if (full.theirs) for (const r of full.theirs.rows) console.log(`  baseline ${r.pack}: start ${r.start_ms.toFixed(0)} ms, steady ${Math.round(r.steady_calls_per_s).toLocaleString('en')} calls/s, peak ${r.peak_rss_mb.toFixed(0)} MB`);
