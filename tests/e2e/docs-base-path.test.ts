// The site built under a sub-folder (BASE_PATH=/actionable/, as on a project page): every local link and
// asset carries the base, search results lead to pages under it, and the playground loads an imported pack's
// parts from under it. Builds its own copy into a temp dir,
// without the imported packs' pages (IMPORTED_PACKS=none): the base is applied by the same layouts and
// components on every page, and the global setup already builds the whole site once.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { astroEnv, buildSite, freePort, previewSite } from './site-server';
import { builtCheckerScript } from './built-checker';
import '../../src/engine/registries/all';
import { check } from '../../src/engine';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import type { PackSource } from '../../src/engine/types';

const BASE = '/actionable/';
let outDir = '';
let preview: ChildProcess | undefined;
let url = '';
let browser: Browser | undefined;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'pagefind' || name === '_astro' ? [] : htmlFiles(p);
    return name.endsWith('.html') ? [p] : [];
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'actionable-base-'));
  const env = astroEnv({ BASE_PATH: BASE, IMPORTED_PACKS: 'none' });
  await buildSite(outDir, env, 600_000).done;
  const port = await freePort();
  preview = await previewSite(outDir, port, env);
  url = `http://127.0.0.1:${port}${BASE}`;
  browser = await launch();
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
  const bodies = (await page.evaluate(`(async () => {
    ${builtCheckerScript(outDir, url, [id])}
    const pack = await loadPackById(${JSON.stringify(id)});
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
