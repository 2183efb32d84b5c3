// Section 2 of bench/run.ts alone (faulty calls: check() with the full body against AJV allErrors +
// better-ajv-errors), for a quick before/after:  npx tsx bench/faulty.ts  (CPU time, so a loaded machine skews it less).
// Before and after in one process: copy bench/tmp/faulty-engine.mjs aside before the change, then
//   BENCH_BASELINE_BUNDLE=bench/tmp/<copy>.mjs npx tsx bench/faulty.ts
// times that build beside this one, block by block in turn, and first holds their bodies byte-identical.
import { betterAjvErrors } from '@apideck/better-ajv-errors';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { build } from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Engine = typeof import('./engine-entry');
type Tool = Engine['packs'][number]['tools'][number];

const bundle = resolve('bench/tmp/faulty-engine.mjs');
mkdirSync(resolve('bench/tmp'), { recursive: true });
await build({ entryPoints: ['bench/engine-entry.ts'], bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outfile: bundle, logLevel: 'error' });
const ours = (await import(pathToFileURL(bundle).href)) as Engine;
const baselinePath = process.env.BENCH_BASELINE_BUNDLE;
if (baselinePath && !existsSync(baselinePath)) throw new Error(`bench: no ${baselinePath}`);
const baseline = baselinePath ? ((await import(pathToFileURL(resolve(baselinePath)).href)) as Engine) : undefined;

const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, logger: false });
addFormats(ajv);
const validators = new Map<Tool, ReturnType<Ajv2020['compile']>>();

/** The same selection as bench/run.ts: faults AJV sees and better-ajv-errors formats. */
function faultyCalls(engine: Engine) {
  const all = engine.packs.flatMap((pack) => pack.tools.flatMap((tool) => (tool.source.examples?.invalid ?? []).map((ex) => ({ pack, tool, args: ex.arguments, input: { name: tool.name, arguments: ex.arguments } }))));
  return all.filter((c) => {
    if (!validators.has(c.tool)) validators.set(c.tool, ajv.compile(c.tool.wireSchema));
    const v = validators.get(c.tool)!;
    if (v(c.args)) return false;
    try {
      betterAjvErrors({ schema: c.tool.wireSchema as never, data: c.args, errors: v.errors });
      return true;
    } catch {
      return false;
    }
  });
}

const faulty = faultyCalls(ours);
const engineTask = (engine: Engine, calls: ReturnType<typeof faultyCalls>) => () => { for (const c of calls) engine.serializeBody(engine.check(c.pack, c.input).body!); };
const tasks: Record<string, () => void> = {
  ours: engineTask(ours, faulty),
  peer: () => {
    for (const c of faulty) {
      const v = validators.get(c.tool)!;
      v(c.args);
      JSON.stringify(betterAjvErrors({ schema: c.tool.wireSchema as never, data: c.args, errors: v.errors }));
    }
  },
};
if (baseline) {
  const before = faultyCalls(baseline);
  if (before.length !== faulty.length) throw new Error(`bench: the baseline selects ${before.length} faulty calls, this build ${faulty.length}`);
  for (let i = 0; i < faulty.length; i++) {
    const a = baseline.serializeBody(baseline.check(before[i].pack, before[i].input).body!);
    const b = ours.serializeBody(ours.check(faulty[i].pack, faulty[i].input).body!);
    if (a !== b) throw new Error(`bench: the bodies of ${faulty[i].pack.id}/${faulty[i].tool.name} differ:\n${a}\n${b}`);
  }
  tasks.baseline = engineTask(baseline, before);
}
// CPU time, not wall time: other processes on this shared machine take the cores in turns, and a task's
// wall time counts their turns too. Blocks of each task alternate; the figure is the median block, and a
// ratio is the median of the blocks' ratios.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (const run of Object.values(tasks)) for (let i = 0; i < 30; i++) run();
const BLOCKS = 15;
const REPEATS = 20;
const names = Object.keys(tasks);
const perCall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let b = 0; b < BLOCKS; b++) {
  for (const name of b % 2 ? [...names].reverse() : names) {
    const t0 = cpuMs();
    for (let i = 0; i < REPEATS; i++) tasks[name]();
    perCall[name].push((cpuMs() - t0) / REPEATS / faulty.length);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const ratio = (a: string, b: string) => median(perCall[a].map((v, i) => v / perCall[b][i]));
const us = (name: string) => `${(median(perCall[name]) * 1000).toFixed(1)} µs`;
console.log(`${faulty.length} faulty calls, CPU time per call: ours ${us('ours')}, peer ${us('peer')}, ours ÷ peer ${ratio('ours', 'peer').toFixed(2)}, speedup ${ratio('peer', 'ours').toFixed(2)}`);
if (baseline) console.log(`baseline ${us('baseline')}, baseline ÷ peer ${ratio('baseline', 'peer').toFixed(2)}; ours ÷ baseline ${ratio('ours', 'baseline').toFixed(3)}`);
