// A first visit to the playground under `npm start` (astro dev) must not reload the page. Vite optimises the
// dependencies it finds by crawling the pages; one that only a worker imports (the tokenizer, the importer's
// dereferencer) is found on first use instead, and Vite then reloads the page. astro.config.mjs names them
// in vite.optimizeDeps. This starts the dev server with an empty dependency cache, as a fresh clone has, on
// a free port, and counts the page's loads while the playground loads, counts tokens and imports a document.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';

/** The colour codes a terminal program writes around its text. */
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- ESC is the byte these codes start with

let browser: Browser;
let dev: ChildProcess | undefined;
let dir: string;
let url: string;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'actionable-dev-'));
  // The project's own config, with Vite's cache in an empty folder: a first visit, whatever ran before.
  const config = join(dir, 'astro.dev.mjs');
  writeFileSync(config, `import base from ${JSON.stringify(pathToFileURL(resolve('astro.config.mjs')).href)};\nexport default { ...base, vite: { ...base.vite, cacheDir: ${JSON.stringify(join(dir, 'vite'))} } };\n`);
  const port = await freePort();
  dev = spawn('node_modules/.bin/astro', ['dev', '--config', relative(resolve('.'), config), '--host', '127.0.0.1', '--port', String(port)], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`astro dev printed no URL in 90 s:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out.replace(ANSI_COLOURS, ''));
      if (m) {
        clearTimeout(timer);
        if (Number(m[1]) !== port) rej(new Error(`astro dev took port ${m[1]}, not ${port}`));
        else res(`http://127.0.0.1:${port}/`);
      }
    };
    dev!.stdout!.on('data', onData);
    dev!.stderr!.on('data', onData);
    dev!.on('exit', (code) => rej(new Error(`astro dev exited (${code}):\n${out}`)));
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  dev?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the playground under astro dev', () => {
  test('a first visit does not reload the page, through the first body, the token count and a pasted OpenAPI document', { timeout: 300_000 }, async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${url}playground/`, { timeout: 180_000 });
    await page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 180_000 });
    await page.locator('[data-testid=token-count]:not([data-tokens=""])').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid=tab-custom]').click();
    await page.locator('[data-testid=tools-editor][data-editor=ready]').waitFor({ timeout: 60_000 });
    const doc = { openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { operationId: 'listPets', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } }], responses: { '200': { description: 'ok' } } } } } };
    await page.evaluate((t) => navigator.clipboard.writeText(t), JSON.stringify(doc));
    await page.locator('[data-testid=tools-editor] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => page.locator('[data-testid=tools-ok]').textContent(), { timeout: 120_000 }).toContain('One tool: listPets');
    // Vite reloads a moment after it has optimised a late dependency: give it that moment.
    await page.waitForTimeout(3000);
    expect(loads).toBe(1);
    await context.close();
  });
});
