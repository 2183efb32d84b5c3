// The bundled CLI (lib/cli.js, built here first), measured as a user runs it: a fresh process per call.
//   start:      one call from stdin to its body, side by side with a bare `node -e 0`, alternating, the
//               median wall time of each; the goal is at most 2x the bare start.
//   throughput: a generated log of 1,000,000 calls (half valid, half faulty, the examples of every pack),
//               one log per pack since --pack names one, through --jsonl --workers 2. Per pack, the start
//               (a one-call log: process, threads, pack) and the steady rate (the calls after it) apart,
//               and the peak resident memory of the process (threads included); and the same log cut to a
//               tenth, to show that memory stays flat as the log grows. bench/throughput.ts runs only this.
// BENCH_SKIP_THROUGHPUT=1 skips the million calls (about a minute) for a quick run.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { buildJs } from '../src/cli/build-lib';

type Pack = { id: string; tools: { name: string; source: { examples?: { valid?: unknown[]; invalid?: { arguments: unknown }[] } } }[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function buildBin(): Promise<void> {
  await buildJs('.');
}

const CALL = 'update_ticket(ticket_id="T-8841", status="OPEN")';

export function cliStart(rounds = 31) {
  const bare: number[] = [];
  const cli: number[] = [];
  const run = (args: string[], input?: string) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    const ms = performance.now() - t;
    if (r.error) throw r.error;
    return { ms, r };
  };
  // One of each first: the files are in the page cache before anything is timed.
  run(['-e', '0']);
  const first = run(['lib/cli.js', '--pack', 'helpdesk'], CALL).r;
  if (first.status !== 1 || !first.stdout.startsWith('{"error":"invalid_status"')) throw new Error(`bench: the bin gave ${first.status}: ${first.stdout}${first.stderr}`);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 ? ['cli', 'bare'] : ['bare', 'cli'];
    for (const which of order) {
      if (which === 'bare') bare.push(run(['-e', '0']).ms);
      else cli.push(run(['lib/cli.js', '--pack', 'helpdesk'], CALL).ms);
    }
  }
  return { call: CALL, rounds, bare_node_ms: median(bare), cli_ms: median(cli), ratio: median(cli) / median(bare), goal: 2 };
}

/** Half valid, half faulty: the pack's own examples, round and round, as plain {name, arguments} lines. */
async function writeLog(path: string, pack: Pack, lines: number) {
  const valid = pack.tools.flatMap((t) => (t.source.examples?.valid ?? []).map((a) => JSON.stringify({ name: t.name, arguments: a })));
  const faulty = pack.tools.flatMap((t) => (t.source.examples?.invalid ?? []).map((e) => JSON.stringify({ name: t.name, arguments: e.arguments })));
  const out = createWriteStream(path);
  let chunk = '';
  for (let i = 0; i < lines; i++) {
    chunk += (i % 2 ? faulty[(i >> 1) % faulty.length] : valid[(i >> 1) % valid.length]) + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** One run of the bin (`bin`: lib/cli.js, or another build of it to compare with) over a log: wall time and peak memory. */
async function runLog(path: string, packId: string, workers: number, bin = 'lib/cli.js') {
  const input = openSync(path, 'r');
  const t = performance.now();
  const child = spawn(process.execPath, ['--require', resolve('bench/rss-reporter.cjs'), bin, '--pack', packId, '--jsonl', '--workers', String(workers)], { stdio: [input, 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number];
  const ms = performance.now() - t;
  closeSync(input);
  const rss = /\{"max_rss_kb":(\d+)\}\s*$/.exec(stderr);
  if (code !== 0 || !rss) throw new Error(`bench: the CLI over ${path} exited ${code}: ${stderr.slice(0, 500)}`);
  return { ms, maxRssMb: Number(rss[1]) / 1024 };
}

export interface ThroughputRow {
  pack: string;
  calls: number;
  /** Median wall time of the bin over a one-call log: process, threads and pack loaded, one call answered. */
  start_ms: number;
  /** The whole log's wall time. */
  seconds: number;
  /** Calls per second once started: calls ÷ (the whole log's time − start_ms). */
  steady_calls_per_s: number;
  peak_rss_mb: number;
}

/**
 * Each pack's log through `bin`: the start (median of `startRuns` one-call logs) and the whole log, apart,
 * so a slow start and a slow steady rate show as what they are. Totals: calls ÷ the time of all the logs
 * (calls_per_s, the start included) and calls ÷ their time less their starts (steady_calls_per_s).
 */
export async function throughputRuns(packs: Pack[], lines: number, workers = 2, bin = 'lib/cli.js', startRuns = 3) {
  mkdirSync('bench/tmp', { recursive: true });
  const rows: ThroughputRow[] = [];
  for (const [i, pack] of packs.entries()) {
    const n = Math.floor(lines / packs.length) + (i < lines % packs.length ? 1 : 0);
    const one = `bench/tmp/log-${pack.id}-1.jsonl`;
    await writeLog(one, pack, 1);
    const starts: number[] = [];
    for (let k = 0; k < startRuns; k++) starts.push((await runLog(one, pack.id, workers, bin)).ms);
    const path = `bench/tmp/log-${pack.id}-${n}.jsonl`;
    await writeLog(path, pack, n);
    const r = await runLog(path, pack.id, workers, bin);
    const start_ms = median(starts);
    rows.push({ pack: pack.id, calls: n, start_ms, seconds: r.ms / 1000, steady_calls_per_s: (n - 1) / ((r.ms - start_ms) / 1000), peak_rss_mb: r.maxRssMb });
  }
  const seconds = rows.reduce((a, r) => a + r.seconds, 0);
  const startSeconds = rows.reduce((a, r) => a + r.start_ms, 0) / 1000;
  return {
    calls: lines,
    seconds,
    calls_per_s: lines / seconds,
    start_ms: median(rows.map((r) => r.start_ms)),
    steady_calls_per_s: (lines - rows.length) / (seconds - startSeconds),
    peak_rss_mb: Math.max(...rows.map((r) => r.peak_rss_mb)),
    rows,
  };
}

export async function throughput(packs: Pack[], total = 1_000_000, workers = 2) {
  const tenth = await throughputRuns(packs, total / 10, workers);
  const full = await throughputRuns(packs, total, workers);
  return { workers, mix: 'half valid, half faulty: the examples of every pack, one log per pack', goal_calls_per_s: 50_000, goal: 'steady ≥ 50,000 calls/s, peak memory flat as the log grows', full, tenth };
}
