// Section 2 of bench/run.ts alone (faulty calls: check() with the full body against AJV allErrors +
// better-ajv-errors), for a quick before/after:  npx tsx bench/faulty.ts  (CPU time, so a loaded machine skews it less).
import { betterAjvErrors } from '@apideck/better-ajv-errors';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = resolve('bench/tmp/faulty-engine.mjs');
mkdirSync(resolve('bench/tmp'), { recursive: true });
await build({ entryPoints: ['bench/engine-entry.ts'], bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outfile: bundle, logLevel: 'error' });
const { check, serializeBody, packs } = (await import(pathToFileURL(bundle).href)) as typeof import('./engine-entry');
type Tool = (typeof packs)[number]['tools'][number];

const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, logger: false });
addFormats(ajv);
const validators = new Map<Tool, ReturnType<Ajv2020['compile']>>();
const all = packs.flatMap((pack) => pack.tools.flatMap((tool) => (tool.source.examples?.invalid ?? []).map((ex) => ({ pack, tool, args: ex.arguments, input: { name: tool.name, arguments: ex.arguments } }))));
// The same selection as bench/run.ts: faults AJV sees and better-ajv-errors formats.
const faulty = all.filter((c) => {
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
const tasks: Record<string, () => void> = {
  ours: () => { for (const c of faulty) serializeBody(check(c.pack, c.input).body!); },
  peer: () => {
    for (const c of faulty) {
      const v = validators.get(c.tool)!;
      v(c.args);
      JSON.stringify(betterAjvErrors({ schema: c.tool.wireSchema as never, data: c.args, errors: v.errors }));
    }
  },
};
// CPU time, not wall time: other processes on this shared machine take the cores in turns, and a task's
// wall time counts their turns too. Blocks of each task alternate; the figure is the median block.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (const run of Object.values(tasks)) for (let i = 0; i < 30; i++) run();
const BLOCKS = 15;
const REPEATS = 20;
const perCall: Record<string, number[]> = { ours: [], peer: [] };
for (let b = 0; b < BLOCKS; b++) {
  for (const name of b % 2 ? ['peer', 'ours'] : ['ours', 'peer']) {
    const t0 = cpuMs();
    for (let i = 0; i < REPEATS; i++) tasks[name]();
    perCall[name].push((cpuMs() - t0) / REPEATS / faulty.length);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const ours = median(perCall.ours) * 1000;
const peer = median(perCall.peer) * 1000;
console.log(`${faulty.length} faulty calls, CPU time per call: ours ${ours.toFixed(1)} µs, peer ${peer.toFixed(1)} µs, speedup ${(peer / ours).toFixed(2)}`);
