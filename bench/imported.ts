// `npm run bench:imported`: the limits issue 11 sets for the packs imported from the vendors' specs, measured on
// this machine and written to bench/imported-results.json (shown on /benchmarks/). Not a timed test: it reports.
//
// 1. The engine handles every imported tool: each pack's examples get the code they declare (the valid ones
//    pass), and check() neither throws nor gives internal_error, and every body it gives satisfies BODY_SCHEMA,
//    on FUZZ_CALLS fuzzed calls per tool (fast-check, a fixed seed per tool, so every run makes the same calls).
// 2. The importer: the time per spec and the peak memory (`npm run import -- --all --report`, into a
//    temporary folder, so the committed packs are not touched).
// 3. The site: `astro build` with every pack (into a temporary folder), its wall time and the size of the
//    output; the generation of the playground's modules for the imported packs, timed on its own.
//
// BENCH_SKIP_IMPORT=1 and BENCH_SKIP_BUILD=1 leave out 2 and 3. On a machine shared with other builds, set
// BENCH_BUILD_LOCK to a lock file: the build then waits for it (flock), and its wall time counts from when
// it holds it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import '../src/engine/registries/all';
import { BODY_SCHEMA, check } from '../src/engine';
import { compilePack } from '../src/engine/pack/ajv-backend';
import type { CompiledPack, CompiledTool, Json, JsonObject, PackSource } from '../src/engine/types';
import { PACK_CATALOG } from '../src/package/catalog';
import { siteBuildEnv } from '../src/cli/build-site.mjs';

const started = performance.now();
const IMPORTED = 'content/packs/imported';
const FUZZ_CALLS = Number(process.env.BENCH_FUZZ_CALLS ?? 24);
const OUT = resolve('bench/tmp/imported');
mkdirSync(OUT, { recursive: true });

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

// ---------------------------------------------------------------------------------------------------------
// 1. Examples and fuzzed calls, every imported tool.
const bodyValid = new Ajv2020({ allErrors: true, strict: false }).compile(BODY_SCHEMA as object);
const ids = readdirSync(IMPORTED).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();

/** A seed per tool, from its pack and name, so a run is repeatable and one tool's calls do not depend on another's. */
function seedOf(pack: string, tool: string): number {
  return createHash('sha256').update(`${pack}/${tool}`).digest().readInt32LE(0);
}

/** Every path into an object or array value (`a`, `a.b`, `a[0]`), as key lists. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = [], depth = 0): (string | number)[][] {
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  for (const [k, v] of Array.isArray(value) ? value.map((x, i) => [i, x] as const) : Object.entries(value)) {
    const p = [...prefix, k];
    out.push(p);
    paths(v as Json, p, out, depth + 1);
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k];
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** A faulty call made from a valid one: a value replaced, a field dropped or renamed, a key added, an object sent as JSON text, or a wholly random value. */
function fuzzArbitrary(valid: JsonObject) {
  const all = paths(valid);
  const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e21, '', 'null', '2026-02-30', 'USD', 'x'.repeat(5000)));
  const at = all.length ? fc.constantFrom(...all) : fc.constant([] as (string | number)[]);
  const key = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'id', 'ID', 'name'));
  return fc.oneof(
    fc.tuple(at, value).map(([p, v]) => (p.length ? setAt(valid, p, v as Json) : (v as Json))),
    at.map((p) => (p.length ? setAt(valid, p, undefined) : {})),
    fc.tuple(key, value).map(([k, v]) => ({ ...valid, [k]: v })),
    at.map((p) => {
      if (!p.length) return JSON.stringify(valid);
      const copy = structuredClone(valid) as any;
      let node = copy;
      for (const k of p.slice(0, -1)) node = node[k];
      const last = p[p.length - 1];
      if (typeof last === 'string' && !Array.isArray(node)) {
        node[last.toUpperCase()] = node[last];
        delete node[last];
      }
      return copy;
    }),
    at.map((p) => (p.length ? setAt(valid, p, JSON.stringify(p.reduce((n: any, k) => n[k], valid as any))) : valid)),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

interface Problem {
  pack: string;
  tool: string;
  what: string;
}
const problems: Problem[] = [];
let tools = 0;
let examplesRun = 0;
let fuzzed = 0;
let fuzzAccepted = 0;
const codes: Record<string, number> = {};
const t1 = performance.now();
let compileMs = 0;
let slowest = { tool: '', us: 0 };
for (const id of ids) {
  const source = JSON.parse(readFileSync(join(IMPORTED, `${id}.json`), 'utf8')) as PackSource;
  const c0 = performance.now();
  const pack: CompiledPack = compilePack(source, `${IMPORTED}/${id}.json`);
  compileMs += performance.now() - c0;
  for (const tool of pack.tools as CompiledTool[]) {
    tools++;
    const ex = tool.source.examples ?? {};
    for (const args of ex.valid ?? []) {
      examplesRun++;
      const r = check(pack, { name: tool.name, arguments: args });
      if (!r.ok) problems.push({ pack: id, tool: tool.name, what: `a valid example is refused: ${JSON.stringify(r.body)}` });
    }
    for (const e of ex.invalid ?? []) {
      examplesRun++;
      const r = check(pack, { name: tool.name, arguments: e.arguments });
      const got = r.body ? String(r.body.error) : 'accepted';
      if (got !== e.expect) problems.push({ pack: id, tool: tool.name, what: `"${e.about}" expects ${e.expect}, gets ${got}` });
    }
    const base = (ex.valid?.[0] ?? {}) as JsonObject;
    const calls = fc.sample(fuzzArbitrary(base), { seed: seedOf(id, tool.name), numRuns: FUZZ_CALLS });
    for (const args of calls) {
      fuzzed++;
      const s = performance.now();
      let r: ReturnType<typeof check>;
      try {
        r = check(pack, { name: tool.name, arguments: args as Json });
      } catch (err) {
        problems.push({ pack: id, tool: tool.name, what: `check() threw on ${JSON.stringify(args).slice(0, 200)}: ${(err as Error).message}` });
        continue;
      }
      const us = (performance.now() - s) * 1000;
      if (us > slowest.us) slowest = { tool: `${id}/${tool.name}`, us };
      if (r.ok) {
        fuzzAccepted++;
        continue;
      }
      const code = String(r.body!.error);
      codes[code] = (codes[code] ?? 0) + 1;
      if (code === 'internal_error' || JSON.stringify(r.body).includes('internal_error')) problems.push({ pack: id, tool: tool.name, what: `internal_error on ${JSON.stringify(args).slice(0, 200)}` });
      if (!bodyValid(r.body)) problems.push({ pack: id, tool: tool.name, what: `a body outside BODY_SCHEMA: ${JSON.stringify(r.body).slice(0, 300)}` });
    }
  }
}
const engine = {
  packs: ids.length,
  tools,
  examples: examplesRun,
  fuzzed_calls: fuzzed,
  fuzz_calls_per_tool: FUZZ_CALLS,
  fuzz_accepted: fuzzAccepted,
  fuzz_codes: Object.fromEntries(Object.entries(codes).sort((a, b) => b[1] - a[1])),
  problems: problems.length,
  problem_list: problems.slice(0, 50),
  compile_s: Math.round(compileMs / 100) / 10,
  checks_s: Math.round((performance.now() - t1 - compileMs) / 100) / 10,
  slowest_call: { tool: slowest.tool, ms: Math.round(slowest.us / 100) / 10 },
};
log(`engine: ${tools} tools in ${ids.length} packs; ${examplesRun} examples, ${fuzzed} fuzzed calls (${fuzzAccepted} accepted): ${problems.length} problems`);
for (const p of problems.slice(0, 20)) log(`  ${p.pack}/${p.tool}: ${p.what}`);

// ---------------------------------------------------------------------------------------------------------
// 2. The importer, every corpus document, into a temporary folder.
let importer: unknown = null;
if (!process.env.BENCH_SKIP_IMPORT) {
  const out = join(OUT, 'packs');
  rmSync(out, { recursive: true, force: true });
  const run = spawnSync(resolve('node_modules/.bin/tsx'), ['src/cli/import.ts', '--all', '--report', '--out', out], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const summary = lines.find((l) => l.summary)?.summary;
  const specs = lines.filter((l) => !l.summary);
  if (run.status !== 0 || !summary) throw new Error(`bench: npm run import -- --all failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  const ms = specs.map((s) => s.import_ms).sort((a, b) => a - b);
  importer = {
    specs: specs.length,
    total_s: Math.round(summary.total_ms / 100) / 10,
    peak_rss_mb: summary.peak_rss_mb,
    median_import_ms: ms[Math.floor(ms.length / 2)],
    slowest: specs.sort((a, b) => b.import_ms - a.import_ms).slice(0, 5).map((s) => ({ id: s.id, tools: s.tools, import_ms: s.import_ms, load_ms: s.load_ms, peak_rss_mb: s.peak_rss_mb })),
    per_spec: specs.sort((a, b) => a.id.localeCompare(b.id)).map((s) => ({ id: s.id, operations: s.operations, tools: s.tools, import_ms: s.import_ms, load_ms: s.load_ms, bytes: s.bytes })),
  };
  log(`importer: ${specs.length} specs in ${summary.total_ms} ms, peak ${summary.peak_rss_mb} MB`);
}

// ---------------------------------------------------------------------------------------------------------
// 3. The site with every pack, and the playground's modules for the imported packs.
function duBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? duBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}
function countFiles(dir: string, ext: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(join(dir, e.name), ext) : e.name.endsWith(ext) ? 1 : 0;
  return n;
}

/** The issue's goal for the whole output of `npm run build` with every pack (issue 19): at most this many MB. */
const DIST_LIMIT_MB = 150;

/**
 * The output's bytes by kind, in MB (2^20 bytes): the pages (the tool pages apart), their scripts and styles, the
 * imported packs' parts (the playground's validators), the JSON exports, the search index, and the rest.
 */
function distByKind(dist: string): Record<string, number> {
  const bytes: Record<string, number> = { html_tool_pages: 0, html_other_pages: 0, js: 0, css: 0, imported_parts: 0, json_exports: 0, pagefind: 0, other: 0 };
  const walk = (dir: string, within?: 'pagefind' | 'imported_parts') => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        walk(path, within ?? (dir === dist && e.name === 'pagefind' ? 'pagefind' : dir === dist && e.name === 'imported-parts' ? 'imported_parts' : undefined));
        continue;
      }
      const size = statSync(path).size;
      // A tool page: packs/<pack>/<tool>/index.html.
      const html = /[/\\]packs[/\\][^/\\]+[/\\][^/\\]+[/\\]index\.html$/.test(path) ? 'html_tool_pages' : 'html_other_pages';
      const kind = within ?? (e.name.endsWith('.html') ? html : e.name.endsWith('.js') ? 'js' : e.name.endsWith('.css') ? 'css' : e.name.endsWith('.json') ? 'json_exports' : 'other');
      bytes[kind] += size;
    }
  };
  walk(dist);
  return Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, Math.round((v / 1048576) * 10) / 10]));
}

/** What a route of the built site is, for the time per page. */
function routeKind(route: string): string {
  const curated = new Set(PACK_CATALOG.filter((p) => p.kind === 'curated').map((p) => p.id));
  const m = /^\/packs\/([^/]+)\/(?:([^/]+)\/)?(index\.html|[^/]+\.json)$/.exec(route);
  if (!m) return 'other pages';
  const [, pack, middle, file] = m;
  const kind = curated.has(pack) ? 'curated' : 'imported';
  if (file.endsWith('.json')) return middle === 'exports' ? `${kind} pack exports (json)` : `${kind} tool exports (json)`;
  return middle ? `${kind} tool pages` : `${kind} pack pages`;
}

/** Astro's log times every route it writes (`├─ /packs/x/index.html (+12ms)`): their count, sum, mean and slowest, by kind. */
function pageTimes(log: string) {
  const kinds = new Map<string, { routes: number; total_ms: number; slowest: { route: string; ms: number } }>();
  for (const m of log.matchAll(/[├└]─ (\S+) \(\+(\d+(?:\.\d+)?)(ms|s)\)/g)) {
    const ms = Number(m[2]) * (m[3] === 's' ? 1000 : 1);
    const kind = routeKind(m[1]);
    const k = kinds.get(kind) ?? { routes: 0, total_ms: 0, slowest: { route: '', ms: 0 } };
    k.routes++;
    k.total_ms += ms;
    if (ms > k.slowest.ms) k.slowest = { route: m[1], ms };
    kinds.set(kind, k);
  }
  return Object.fromEntries(
    [...kinds].sort((a, b) => b[1].total_ms - a[1].total_ms).map(([kind, k]) => [kind, { routes: k.routes, total_s: Math.round(k.total_ms / 100) / 10, mean_ms: Math.round((k.total_ms / k.routes) * 10) / 10, slowest: k.slowest }]),
  );
}

/**
 * The build's phases in seconds, from the clock times Astro prints on its lines: the server bundle (until the
 * client build starts), the client bundle (the playground and its generated modules), the static routes (every
 * page and export) and pagefind's index (the rest).
 */
function buildPhases(log: string): Record<string, number> {
  // eslint-disable-next-line no-control-regex -- the terminal colour codes Astro prints
  const lines = log.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const clock = (line: string) => {
    const m = /^(\d\d):(\d\d):(\d\d) /.exec(line);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
  };
  const times = lines.map(clock).filter((t): t is number => t !== undefined);
  const at = (pattern: RegExp, after = 0) => {
    const k = lines.findIndex((l, i) => i >= after && pattern.test(l));
    if (k === -1) return undefined;
    for (let i = k; i >= 0 && i < lines.length; i++) {
      const t = clock(lines[i]);
      if (t !== undefined) return t;
    }
    return undefined;
  };
  const routes = lines.findIndex((l) => /generating static routes/.test(l));
  const marks = [times[0], at(/building client/), at(/generating static routes/), routes === -1 ? undefined : at(/Completed in/, routes), times[times.length - 1]];
  const names = ['server_bundle', 'client_bundle', 'static_routes', 'pagefind'];
  const out: Record<string, number> = {};
  names.forEach((name, i) => {
    const [from, to] = [marks[i], marks[i + 1]];
    // A build that runs past midnight: its clock starts again at 0.
    if (from !== undefined && to !== undefined) out[name] = (to - from + 86400) % 86400;
  });
  return out;
}

let site: unknown = null;
if (!process.env.BENCH_SKIP_BUILD) {
  const lock = process.env.BENCH_BUILD_LOCK;
  const locked = (cmd: string, args: string[]) => (lock ? ['flock', [lock, cmd, ...args]] : [cmd, args]) as [string, string[]];
  // Timed from the moment the lock is held: the wrapper prints it first.
  // The command's own output goes to `log` when given (the build's, which times every page).
  const timed = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, log?: string) => {
    const out = log ? `require("fs").openSync(${JSON.stringify(log)},"w")` : '"ignore"';
    const [c, a] = locked('node', ['-e', `process.stdout.write(String(Date.now())+"\\n");require("child_process").execFileSync(${JSON.stringify(cmd)},${JSON.stringify(args)},{stdio:["ignore",${out},"inherit"]});process.stdout.write(String(Date.now())+"\\n")`]);
    const run = spawnSync(c, a, { encoding: 'utf8', env, maxBuffer: 16 << 20 });
    if (run.status !== 0) throw new Error(`bench: ${cmd} ${args.join(' ')} failed (exit ${run.status}):\n${run.stderr.slice(-3000)}`);
    const [from, to] = run.stdout.trim().split('\n').map(Number);
    return (to - from) / 1000;
  };
  const generate_s = timed(resolve('node_modules/.bin/tsx'), ['src/cli/imported-modules.ts', '--force']);
  // The shells (bundled) and the parts (served as files from public/imported-parts/).
  const generated = ['src/generated/imported', 'public/imported-parts'];
  const dist = join(OUT, 'dist');
  rmSync(dist, { recursive: true, force: true });
  // The V8 heap flags npm run build passes (src/cli/build-site.mjs).
  const env = { ...siteBuildEnv(), NODE_ENV: 'production' };
  const buildLog = join(OUT, 'build.log');
  const build_s = timed(resolve('node_modules/.bin/astro'), ['build', '--outDir', dist], env, buildLog);
  const pagefindDir = join(dist, 'pagefind');
  const buildText = readFileSync(buildLog, 'utf8');
  const byKind = distByKind(dist);
  const pages = countFiles(dist, '.html');
  const distMb = duBytes(dist) / 1048576;
  site = {
    build_s: Math.round(build_s),
    phases_s: buildPhases(buildText),
    time_per_page: pageTimes(buildText),
    dist_by_kind_mb: byKind,
    generate_modules_s: Math.round(generate_s),
    cold_build_s: Math.round(build_s + generate_s),
    dist_mb: Math.round(distMb),
    dist_limit_mb: DIST_LIMIT_MB,
    dist_within_limit: distMb <= DIST_LIMIT_MB,
    pages,
    ms_per_page: Math.round(((buildPhases(buildText).static_routes ?? build_s) * 1000) / pages),
    assets_mb: Math.round(duBytes(join(dist, '_astro')) / 1048576),
    pagefind_mb: existsSync(pagefindDir) ? Math.round(duBytes(pagefindDir) / 1048576) : 0,
    generated_modules_mb: Math.round(generated.reduce((a, d) => a + duBytes(d), 0) / 1048576),
    generated_modules: generated.reduce((a, d) => a + countFiles(d, '.js'), 0),
    limit_s: 600,
  };
  rmSync(dist, { recursive: true, force: true });
  log(`site: astro build ${Math.round(build_s)} s (+ ${Math.round(generate_s)} s generating the playground's modules when stale), ${pages} pages`);
  log(`site: dist/ ${Math.round(distMb)} MB (goal ≤ ${DIST_LIMIT_MB} MB): ${Object.entries(byKind).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const [kind, t] of Object.entries((site as { time_per_page: Record<string, { routes: number; mean_ms: number }> }).time_per_page)) log(`site: ${kind}: ${t.routes} routes, ${t.mean_ms} ms each`);
}

const results = {
  date: new Date().toISOString().slice(0, 10),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', node: process.version, platform: `${os.platform()} ${os.arch()}` },
  engine,
  importer,
  site,
  runtime_s: Math.round((performance.now() - started) / 1000),
};
const file = resolve('bench/imported-results.json');
// A run that skipped a part keeps that part from the last full run.
const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
writeFileSync(file, `${JSON.stringify({ ...results, importer: importer ?? previous.importer ?? null, site: site ?? previous.site ?? null }, null, 2)}\n`);
log(`wrote bench/imported-results.json in ${results.runtime_s} s`);
if (problems.length) process.exitCode = 1;
