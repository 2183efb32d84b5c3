// Where the corpus is read from, and what a reader says when it is not there (src/cli/corpus-dir.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { corpusDir, corpusPath, requireCorpus } from '../src/cli/corpus-dir';

const saved = process.env.CORPUS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.CORPUS_DIR;
  else process.env.CORPUS_DIR = saved;
});

test('../shared/corpus beside the checkout by default; CORPUS_DIR elsewhere', () => {
  delete process.env.CORPUS_DIR;
  expect(corpusDir()).toBe(resolve('../shared/corpus'));
  process.env.CORPUS_DIR = '/tmp/elsewhere';
  expect(corpusPath('vendor', 'slack')).toBe('/tmp/elsewhere/vendor/slack');
});

test('a missing part fails with the one command that fetches it, and where it looked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'actionable-corpus-dir-'));
  try {
    process.env.CORPUS_DIR = dir;
    expect(() => requireCorpus('tau-bench', 'the tau-bench test')).toThrow(
      `the corpus's tau-bench is missing at ${join(dir, 'tau-bench')}, and the tau-bench test needs it. Fetch the corpus with \`npm run corpus\``,
    );
    mkdirSync(join(dir, 'tau-bench'));
    expect(requireCorpus('tau-bench', 'the tau-bench test')).toBe(join(dir, 'tau-bench'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
