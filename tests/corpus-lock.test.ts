// The corpus lock (src/cli/corpus-lock.json), read without the corpus: every pinned file has one source,
// a registry source says which file of its package each is, and every other source names a commit.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { LOCK_FILE, type CorpusLock } from '../src/cli/corpus';

const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as CorpusLock;
const keys = Object.keys(lock.sha256);

test('every file has a sha256 and a source folder; every source has files', () => {
  expect(keys.length).toBeGreaterThan(300);
  for (const k of keys) {
    expect(lock.sha256[k]).toMatch(/^[0-9a-f]{64}$/);
    expect(lock.sources.some((s) => k.startsWith(`${s.dir}/`)), k).toBe(true);
  }
  for (const s of lock.sources) expect(keys.some((k) => k.startsWith(`${s.dir}/`)), s.dir).toBe(true);
});

test('a registry source pins a version and maps each of its files; any other names a repository and a commit', () => {
  for (const s of lock.sources) {
    const own = keys.filter((k) => k.startsWith(`${s.dir}/`) && !lock.sources.some((o) => o.dir.length > s.dir.length && k.startsWith(`${o.dir}/`)));
    if (s.npm) {
      expect(s.npm).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/);
      expect(own.map((k) => k.slice(s.dir.length + 1)).filter((f) => !(f in s.files!))).toEqual([]);
    } else expect(s.source).toMatch(/at commit [0-9a-f]{8}/);
  }
});

test('the tests read the corpus parts the lock pins (the sources of the importer, the suite and the benchmarks)', () => {
  for (const k of ['vendor/github/api.github.com.json', 'vendor/asana/asana_oas.json', 'tau-bench/tau_bench_tools.json', 'json-schema-test-suite/tests/draft2020-12/enum.json', 'bfcl/possible_answer/BFCL_v4_simple_python.json']) expect(keys).toContain(k);
});
