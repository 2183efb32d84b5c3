// `npm run corpus`'s GitHub parts (src/cli/corpus.ts, src/cli/corpus-github.ts), against a local HTTP server in
// place of GitHub's raw file host (CORPUS_GITHUB_RAW): a file is placed only with its pinned sum, a made file only
// from inputs with theirs, a 404 is reported with its URL, and a file already right is not fetched again.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { describeReport, fetchCorpus, type CorpusLock } from '../src/cli/corpus';
import { rawUrl } from '../src/cli/corpus-github';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const SPEC = '{"openapi":"3.0.0","paths":{}}\n';
const YAML = 'openapi: 3.0.0\ninfo:\n  title: Lamp\n  version: 1.0\n';
const MADE = '{"openapi":"3.0.0","info":{"title":"Lamp","version":1.0}}';
// The tree the server holds, by URL path.
const tree: Record<string, string> = {
  [`/acme/specs/${COMMIT}/api/spec.json`]: SPEC,
  [`/acme/specs/${COMMIT}/api/other.json`]: '{"tampered":true}\n',
  [`/acme/specs/${COMMIT}/api/lamp.yaml`]: YAML,
  [`/acme/specs/${COMMIT}/LICENSE`]: 'MIT\n',
  [`/acme/specs/${COMMIT}/api/busy.json`]: SPEC,
};

const requests: string[] = [];
let server: Server;
const tmp = mkdtempSync(join(tmpdir(), 'actionable-corpus-github-'));
const saved = process.env.CORPUS_GITHUB_RAW;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url!);
    // The first ask for a busy file fails as an overloaded host would; the next one is answered.
    if (req.url!.endsWith('/busy.json') && requests.filter((u) => u === req.url).length === 1) return void res.writeHead(503).end();
    const body = tree[req.url!];
    res.writeHead(body === undefined ? 404 : 200).end(body ?? 'Not Found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  process.env.CORPUS_GITHUB_RAW = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  if (saved === undefined) delete process.env.CORPUS_GITHUB_RAW;
  else process.env.CORPUS_GITHUB_RAW = saved;
  await new Promise((done) => server.close(done));
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
});

const lock = (files: CorpusLock['sources'][number]['files'], sha256: Record<string, string>, upstream: Record<string, string> = {}): CorpusLock => ({
  sources: [{ dir: 'vendor/acme', github: 'acme/specs', commit: COMMIT, files, upstream: { LICENSE: sha('MIT\n'), ...upstream } }],
  sha256,
});

test('the raw URL: the host, the repository, the full commit, the path', () => {
  expect(rawUrl('acme/specs', COMMIT, 'api/a b.json')).toBe(`${process.env.CORPUS_GITHUB_RAW!.replace(/\/$/, '')}/acme/specs/${COMMIT}/api/a%20b.json`);
});

test('a file with its pinned sum is placed with the license; a wrong one is not placed; a 404 is named with its URL', async () => {
  const dir = join(tmp, 'corpus-1');
  const report = await fetchCorpus(
    lock(
      { 'spec.json': 'api/spec.json', 'other.json': 'api/other.json', 'gone.json': 'api/gone.json', LICENSE: 'LICENSE' },
      { 'vendor/acme/spec.json': sha(SPEC), 'vendor/acme/other.json': sha('{"openapi":"3.1.0"}\n'), 'vendor/acme/gone.json': 'f'.repeat(64) },
    ),
    dir,
  );
  expect(report.fetched).toEqual(['vendor/acme/spec.json']);
  expect(readFileSync(join(dir, 'vendor/acme/spec.json'), 'utf8')).toBe(SPEC);
  expect(readFileSync(join(dir, 'vendor/acme/LICENSE'), 'utf8')).toBe('MIT\n');
  expect(report.wrong).toEqual([{ file: 'vendor/acme/other.json', sha256: sha('{"tampered":true}\n') }]);
  expect(existsSync(join(dir, 'vendor/acme/other.json'))).toBe(false);
  expect(existsSync(join(dir, 'vendor/acme/gone.json'))).toBe(false);
  const base = process.env.CORPUS_GITHUB_RAW!.replace(/\/$/, '');
  expect(describeReport(report, dir)).toEqual([
    `corpus in ${dir}: 0 files already there, 1 fetched, 1 missing, 1 with a wrong sha256`,
    `  vendor/acme/ (1 file): from GitHub acme/specs at ${COMMIT}; ${base}/acme/specs/${COMMIT}/api/gone.json: HTTP 404`,
    `  vendor/acme/other.json: sha256 ${sha('{"tampered":true}\n')}, not the pinned one (src/cli/corpus-lock.json)`,
  ]);
  // Nothing half-written is left beside the files.
  expect(readdirSync(join(dir, 'vendor/acme')).sort()).toEqual(['LICENSE', 'spec.json']);
});

test('a file already there with its sum is not fetched again; --check fetches and writes nothing', async () => {
  const dir = join(tmp, 'corpus-2');
  const pinned = lock({ 'spec.json': 'api/spec.json', LICENSE: 'LICENSE' }, { 'vendor/acme/spec.json': sha(SPEC) });
  await fetchCorpus(pinned, dir);
  requests.length = 0;
  const again = await fetchCorpus(pinned, dir);
  expect({ ok: again.ok, fetched: again.fetched, requests }).toEqual({ ok: ['vendor/acme/spec.json'], fetched: [], requests: [] });
  const empty = join(tmp, 'corpus-3');
  const checked = await fetchCorpus(pinned, empty, { fetch: false });
  expect(checked.missing.map((m) => m.files)).toEqual([['vendor/acme/spec.json']]);
  expect({ requests, written: existsSync(empty) }).toEqual({ requests: [], written: false });
});

test('a made file comes from inputs with their pinned sums, and is placed only with its own', async () => {
  const made = { 'lamp.json': { make: 'yaml-to-json' as const, from: ['api/lamp.yaml'] } };
  const dir = join(tmp, 'corpus-4');
  const report = await fetchCorpus(lock(made, { 'vendor/acme/lamp.json': sha(MADE) }, { 'api/lamp.yaml': sha(YAML) }), dir);
  expect(report.fetched).toEqual(['vendor/acme/lamp.json']);
  expect(readFileSync(join(dir, 'vendor/acme/lamp.json'), 'utf8')).toBe(MADE);

  // An input that is not the pinned one: nothing is made from it.
  const other = join(tmp, 'corpus-5');
  const badInput = await fetchCorpus(lock(made, { 'vendor/acme/lamp.json': sha(MADE) }, { 'api/lamp.yaml': sha('openapi: 3.1.0\n') }), other);
  expect(badInput.missing[0].error).toMatch(/api\/lamp\.yaml: sha256 [0-9a-f]{64}, not the pinned/);
  expect(existsSync(join(other, 'vendor/acme/lamp.json'))).toBe(false);

  // A made file whose result is not the pinned one is not placed.
  const third = join(tmp, 'corpus-6');
  const badResult = await fetchCorpus(lock(made, { 'vendor/acme/lamp.json': sha('{}') }, { 'api/lamp.yaml': sha(YAML) }), third);
  expect(badResult.wrong).toEqual([{ file: 'vendor/acme/lamp.json', sha256: sha(MADE) }]);
  expect(existsSync(join(third, 'vendor/acme/lamp.json'))).toBe(false);
});

test('a server error is asked again; a 404 is not', async () => {
  const dir = join(tmp, 'corpus-8');
  const report = await fetchCorpus(lock({ 'busy.json': 'api/busy.json', 'gone.json': 'api/gone.json' }, { 'vendor/acme/busy.json': sha(SPEC), 'vendor/acme/gone.json': sha(SPEC) }), dir);
  expect(report.fetched).toEqual(['vendor/acme/busy.json']);
  expect(requests.filter((u) => u.endsWith('/busy.json')).length).toBe(2);
  expect(requests.filter((u) => u.endsWith('/gone.json')).length).toBe(1);
});

test('a host that does not answer is reported, not thrown', async () => {
  process.env.CORPUS_GITHUB_RAW = 'http://127.0.0.1:1';
  try {
    const report = await fetchCorpus(lock({ 'spec.json': 'api/spec.json' }, { 'vendor/acme/spec.json': sha(SPEC) }), join(tmp, 'corpus-7'));
    expect(report.missing.map((m) => [m.files, m.error?.startsWith(`http://127.0.0.1:1/acme/specs/${COMMIT}/api/spec.json: `)])).toEqual([[['vendor/acme/spec.json'], true]]);
  } finally {
    process.env.CORPUS_GITHUB_RAW = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }
});
