// The corpus lock (src/cli/corpus-lock.json), read without the corpus: every pinned file is listed by one source,
// a registry source pins a version, a GitHub source a full commit, and every upstream file read but not placed as
// is (a made file's inputs, the licenses) has its own sum, so nothing unpinned is ever read.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { helpText, LOCK_FILE, sourceOf, type CorpusLock } from '../src/cli/corpus';
import { MAKERS } from '../src/cli/corpus-github';

const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as CorpusLock;
const keys = Object.keys(lock.sha256);

test('every file has a sha256 and exactly one source that lists it; every source has files', () => {
  expect(keys.length).toBeGreaterThan(300);
  for (const k of keys) {
    expect(lock.sha256[k]).toMatch(/^[0-9a-f]{64}$/);
    expect(lock.sources.filter((s) => k.startsWith(`${s.dir}/`) && k.slice(s.dir.length + 1) in s.files).length, k).toBe(1);
  }
  for (const s of lock.sources) expect(keys.some((k) => sourceOf(lock, k) === s), s.dir).toBe(true);
});

test('a registry source pins a version; a GitHub source a repository, a full commit, and a sum for each upstream file it reads but does not place as is', () => {
  for (const s of lock.sources) {
    if (s.npm) {
      expect(s.npm).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/);
      expect(Object.values(s.files).every((p) => typeof p === 'string')).toBe(true);
      continue;
    }
    expect(s.github, s.dir).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(s.commit, s.dir).toMatch(/^[0-9a-f]{40}$/);
    for (const [file, how] of Object.entries(s.files)) {
      const pinned = lock.sha256[`${s.dir}/${file}`] !== undefined;
      if (typeof how === 'string') expect(pinned || s.upstream?.[how] !== undefined, `${s.dir}/${file}`).toBe(true);
      else {
        expect(Object.keys(MAKERS)).toContain(how.make);
        expect(pinned, `${s.dir}/${file}`).toBe(true);
        for (const input of how.from) expect(s.upstream?.[input], `${s.dir}/${file} from ${input}`).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  }
});

test('every part the tests read is fetched, none is left to place by hand', () => {
  for (const k of ['vendor/github/api.github.com.json', 'vendor/asana/asana_oas.json', 'tau-bench/tau_bench_tools.json', 'json-schema-test-suite/tests/draft2020-12/enum.json', 'bfcl/possible_answer/BFCL_v4_simple_python.json', 'vendor/stripe-refunds-customers.requests.2023-09-12.json']) {
    expect(sourceOf(lock, k)?.npm ?? sourceOf(lock, k)?.github, k).toBeTruthy();
  }
  expect(lock.sources.every((s) => s.npm || s.github)).toBe(true);
});

test('--help says where each part comes from: every package, every repository with its commit, every made file', () => {
  const help = helpText(lock);
  for (const s of lock.sources) expect(help).toContain(s.npm ? `the npm package ${s.npm}` : `GitHub ${s.github} at ${s.commit!.slice(0, 12)}`);
  expect(help).toContain('https://raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>');
  for (const made of ['tau_bench_tools.json: made from the tool files (30 files)', 'vendor/asana/asana_oas.json  from GitHub Asana/openapi', 'converted from YAML to JSON (defs/asana_oas.yaml)']) expect(help).toContain(made);
});
