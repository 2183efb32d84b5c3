// replay() and grade() (so --replay and --grade) count tokens through boundedCount (src/engine/token-pieces.ts): exact for what a
// model writes, and never handing the tokenizer a run it would take quadratic time over.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { grade, replay } from '../../src/engine';
import { getPack } from '../../src/packs';
import { boundedCount, LONGEST_RUN } from '../../src/engine/token-pieces';

const longestRun = (text: string) => Math.max(0, ...(text.match(/\S+/g) ?? []).map((r) => r.length));

test('text without a long run is counted exactly, in one piece', () => {
  const pieces: string[] = [];
  const count = boundedCount((t) => (pieces.push(t), countTokens(t)));
  const transcript = readFileSync('tests/fixtures/essay-transcript.txt', 'utf8');
  expect(count(transcript)).toBe(countTokens(transcript));
  expect(pieces).toEqual([transcript]);
});

test('a run of 200,000 brackets (a call nested 100,000 deep) reaches the tokenizer in slices, and the count stays close', () => {
  const pieces: string[] = [];
  const count = boundedCount((t) => (pieces.push(t), countTokens(t)));
  const deep = `{"name":"f","arguments":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}} and after`;
  const n = count(deep);
  expect(Math.max(...pieces.map(longestRun))).toBeLessThanOrEqual(LONGEST_RUN);
  expect(pieces.join('')).toBe(deep);
  // The exact count, taken where it is still cheap, and the bounded one over the same shape.
  const small = `{"a":${'['.repeat(1000)}${']'.repeat(1000)}}`;
  expect(Math.abs(count(small) - countTokens(small))).toBeLessThanOrEqual(Math.ceil(small.length / LONGEST_RUN));
  expect(n).toBeGreaterThan(90_000);
});

test('a long run of white space is sliced too, and grade() and replay() hand the tokenizer no longer run', () => {
  const pieces: string[] = [];
  const spy = (t: string) => (pieces.push(t), countTokens(t));
  const spaced = `a${' '.repeat(40_000)}b`;
  expect(boundedCount(spy)(spaced)).toBeGreaterThan(0);
  const longestSpace = (text: string) => Math.max(0, ...(text.match(/\s+/g) ?? []).map((r) => r.length));
  expect(Math.max(...pieces.map(longestSpace))).toBeLessThanOrEqual(LONGEST_RUN);
  pieces.length = 0;
  const helpdesk = getPack('helpdesk')!;
  grade(helpdesk, 'update_ticket(ticket_id="T-8841", status="OPEN")', `status must be one of: open${' '.repeat(20_000)}x`, { countTokens: spy });
  const deep = `{"name":"create_ticket","arguments":{"tags":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`;
  replay(helpdesk, deep, { countTokens: spy });
  expect(pieces.length).toBeGreaterThan(0);
  expect(Math.max(...pieces.map(longestSpace), ...pieces.map(longestRun))).toBeLessThanOrEqual(LONGEST_RUN);
});

test('a 7 MB run without a space (a reply holding a million numbers) is counted, where a regular expression overflowed the stack', () => {
  const numbers = JSON.stringify({ error: Array.from({ length: 1_000_000 }, (_, i) => i) });
  const pieces: string[] = [];
  const n = boundedCount((t) => (pieces.push(t), t.length))(numbers);
  expect(n).toBe(numbers.length);
  expect(pieces.join('')).toBe(numbers);
  expect(Math.max(...pieces.map((p) => p.length))).toBe(LONGEST_RUN);
});
