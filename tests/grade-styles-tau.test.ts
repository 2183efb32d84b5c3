// The /grade/ page's tau-bench section: tau-bench's own error strings, read from the corpus in place and
// graded (the file fails, never skips, when the corpus is missing; `npm run corpus` fetches it).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { corpusPath, missingCorpusMessage } from '../src/cli/corpus-dir';
import { tauBenchStrings } from '../src/docs/grade-styles';

describe("tau-bench's error strings", () => {
  const read = tauBenchStrings();
  // Read in place; missing, the file fails rather than passing on nothing.
  if (read === null) throw new Error(missingCorpusMessage('tau-bench', "the /grade/ page's tau-bench test"));
  const strings = read;
  test('every distinct string its tool list records, read in place', () => {
    const file = JSON.parse(readFileSync(corpusPath('tau-bench/tau_bench_tools.json'), 'utf8')) as Record<string, { error_returns?: string[] }[]>;
    const distinct = new Set(Object.values(file).flat().flatMap((t) => t.error_returns ?? []));
    expect(strings.map((s) => s.text).sort()).toEqual([...distinct].sort());
  });

  test('none has a code; an f-string that splices the caller\'s id into the sentence is flagged', () => {
    expect(strings.filter((s) => s.grade?.points.find((p) => p.id === 'code')!.met)).toEqual([]);
    const spliced = strings.find((s) => s.reply === 'Error: flight HAT136 not found')!;
    expect(spliced.grade!.points.find((p) => p.id === 'received')!.note).toMatch(/injection risk/);
  });
});
