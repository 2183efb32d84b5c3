// `npm run bench:hostile`: only the hostile-input benchmark of `npm run bench` (bench/hostile.ts), written into
// bench/results.json's `hostile`. Arguments name cases to run alone (printed, not written).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildBin } from './cli';
import { runHostile } from './hostile';

await buildBin();
const only = process.argv.slice(2);
const hostile = await runHostile(only);
for (const r of hostile.rows) console.log(`${r.met ? 'met    ' : 'NOT met'} ${String(r.ms).padStart(6)} ms ${String(r.peak_mb ?? '?').padStart(5)} MB  ${r.id}: ${r.outcome}`);
console.log(`${hostile.met} of ${hostile.cases} within ${hostile.goal.ms} ms and ${hostile.goal.mb} MB`);
if (!only.length && existsSync('bench/results.json')) {
  const results = JSON.parse(readFileSync('bench/results.json', 'utf8')) as Record<string, unknown>;
  results.hostile = hostile;
  writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
}
