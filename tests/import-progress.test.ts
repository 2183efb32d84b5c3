// --tools with a large API document: progress on stderr once the import takes over a second
// (src/cli/import-progress.ts), on a scripted clock, so no assertion depends on this machine's speed.
import { expect, test } from 'vitest';
import { importProgress } from '../src/cli/import-progress';

function run(stepMs: number, total: number) {
  const lines: string[] = [];
  let t = 0;
  const p = importProgress('api.json', (l) => lines.push(l), () => t);
  for (let i = 1; i <= total; i++) {
    t += stepMs;
    p.onProgress(i, total);
  }
  p.done(total - 1);
  return lines;
}

test('a quick import says nothing', () => {
  expect(run(1, 900)).toEqual([]);
});

test('a small document never reports, however slow', () => {
  expect(run(1000, 49)).toEqual([]);
});

test('a slow one: a first line after a second, then one every 5 seconds, then the total', () => {
  expect(run(100, 120)).toEqual([
    'api.json: importing, 10 of 120 operations\n',
    'api.json: importing, 60 of 120 operations\n',
    'api.json: importing, 110 of 120 operations\n',
    'api.json: imported 119 tools in 12.0 s\n',
  ]);
});

test('counts with their thousands comma', () => {
  expect(run(1000, 1223)[0]).toBe('api.json: importing, 1 of 1,223 operations\n');
  expect(run(1000, 1223).at(-1)).toMatch(/^api\.json: imported 1,222 tools in 1223\.0 s\n$/);
});
