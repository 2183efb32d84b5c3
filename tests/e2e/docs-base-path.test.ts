// The site built under a sub-folder (BASE_PATH=/actionable/, as on a project page): every local link and
// asset carries the base, search results lead to pages under it, and the playground loads an imported pack's
// parts from under it. Builds its own copy into a temp dir,
// without the imported packs' pages (IMPORTED_PACKS=none): the base is applied by the same layouts and
// components on every page, and the global setup already builds the whole site once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './browser';
import '../../src/engine/registries/all';
import { check } from '../../src/engine';
import { compilePack } from '../../src/engine/ajv-backend';
import type { PackSource } from '../../src/engine/types';

/** The colour codes a terminal program writes around its text. */
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- ESC is the byte these codes start with

const BASE = '/actionable/';
let outDir = '';
let preview: ChildProcess | undefined;
let url = '';
let browser: Browser | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'pagefind' || name === '_astro' ? [] : htmlFiles(p);
    return name.endsWith('.html') ? [p] : [];
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'actionable-base-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BASE_PATH: BASE, IMPORTED_PACKS: 'none' };
  // Vitest puts Vite's own env (BASE_URL=/, MODE…) into process.env; Astro would read BASE_URL over the config's base.
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR']) delete env[key];
  // Built asynchronously: a synchronous spawn holds this worker's event loop for the whole build, and
  // Vitest's worker then misses its own messages ("Timeout calling onTaskUpdate"), which fails the run and
  // loses the results of the files after this one.
  const build = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn('node_modules/.bin/astro', ['build', '--outDir', outDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 600_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
  if (build.status !== 0) throw new Error(`astro build with BASE_PATH=${BASE} failed (IMPORTED_PACKS=none, exit ${build.status}):\n${build.output}`);
  const port = await freePort();
  preview = spawn('node_modules/.bin/astro', ['preview', '--host', '127.0.0.1', '--port', String(port), '--outDir', outDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`astro preview printed no URL:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/http:\/\/127\.0\.0\.1:\d+/.test(out.replace(ANSI_COLOURS, ''))) {
        clearTimeout(timer);
        resolve();
      }
    };
    preview!.stdout!.on('data', onData);
    preview!.stderr!.on('data', onData);
  });
  url = `http://127.0.0.1:${port}${BASE}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost, EXCLUDE 127.0.0.1'] });
}, 660_000);

afterAll(async () => {
  await browser?.close();
  preview?.kill('SIGTERM');
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('every local link, asset and script of the docs carries the base path', () => {
  const files = htmlFiles(outDir).filter((f) => !f.includes(`${join(outDir, 'playground')}`) && !f.includes(`${join(outDir, 'benchmarks')}`));
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/\s(?:href|src|data-bundle|data-base|action)="([^"]*)"/g)) {
      const value = m[1];
      if (/^(https?:|mailto:|#|data:)/.test(value) || value === '') continue;
      expect(value.startsWith(BASE), `${file.slice(outDir.length)}: ${m[0].trim()}`).toBe(true);
    }
  }
});

test('under the base path, pages link to each other and search leads to pages under it', async () => {
  const context = await browser!.newContext();
  const offsite: string[] = [];
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    offsite.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  await page.locator('main').getByRole('link', { name: 'Packs' }).first().click();
  await page.waitForURL(`${url}packs/`);
  await page.locator('main').getByRole('link', { name: 'Helpdesk', exact: true }).click();
  await page.waitForURL(`${url}packs/helpdesk/`);
  await page.locator('main .tool-list').getByRole('link', { name: 'update_ticket' }).click();
  await page.waitForURL(`${url}packs/helpdesk/update_ticket/`);
  await page.locator('header [data-site-search] input').fill('due_at');
  const hit = page.locator('header .search-results a').first();
  await hit.waitFor({ timeout: 15_000 });
  const hrefs = await page.locator('header .search-results a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  for (const h of hrefs) expect(h.startsWith(BASE), h).toBe(true);
  await hit.click();
  await page.waitForLoadState();
  expect(page.url().startsWith(url)).toBe(true);
  expect(failed).toEqual([]);
  expect(offsite).toEqual([]);
  await context.close();
});

test('under the base path, the playground loads an imported pack\'s parts from it, with the bodies the engine gives in Node', { timeout: 60_000 }, async () => {
  // The parts are files under the base (public/imported-parts/, src/imported/parts.ts), not chunks: their URL is the checker's to make.
  const chunk = readdirSync(join(outDir, '_astro')).find((f) => /^checker\.[^.]+\.js$/.test(f));
  expect(chunk, 'the checker chunk').toBeDefined();
  const id = 'google-tasks-v1';
  const source = JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')) as PackSource;
  const pack = compilePack(source, id);
  // One faulty call per tool: every part of the pack must load.
  const calls = pack.tools.map((t) => ({ name: t.name, arguments: { zzz: [1] } }));
  const context = await browser!.newContext();
  const page = await context.newPage();
  const responses: { status: number; path: string }[] = [];
  page.on('response', (r) => responses.push({ status: r.status(), path: new URL(r.url()).pathname }));
  await page.goto(`${url}packs/`);
  // A string, not a function: the test runner would rewrite a function's import() for Node.
  const bodies = (await page.evaluate(`(async () => {
    const chunk = await import(${JSON.stringify(`${url}_astro/${chunk}`)});
    const checker = typeof chunk.loadPackById === 'function' ? chunk : Object.values(chunk).find((v) => v && typeof v.loadPackById === 'function');
    const pack = await checker.loadPackById(${JSON.stringify(id)});
    await checker.loadAllTools(pack);
    return ${JSON.stringify(calls)}.map((call) => checker.check(pack, call).body);
  })()`)) as unknown[];
  expect(bodies).toEqual(calls.map((call) => check(pack, call).body));
  const parts = responses.filter((r) => r.path.includes('/imported-parts/'));
  expect(parts.length).toBeGreaterThan(1);
  for (const r of parts) {
    expect(r.path.startsWith(`${BASE}imported-parts/${id}/`), r.path).toBe(true);
    expect(r.status, r.path).toBe(200);
  }
  await context.close();
});
