// The packs imported from the vendors' specs on the built site (the e2e global setup builds it once): every
// imported tool has its page, with its fields, exports, strict-mode verdicts and engine-made bodies; the packs
// index groups every pack by vendor with counts; search finds imported tools; the curated tools that cover an
// imported operation are linked both ways; and the playground's checker, as built, opens imported packs a part
// at a time and gives the bodies the engine gives in Node. Expected values come from the pack files and
// check(), never from the page helpers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import '../../src/engine/registries/all';
import { check, exportPack, exportTool, packFromToolDefinitions, serializeBody } from '../../src/engine';
import { runCli } from '../../src/cli/run';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import type { CompiledPack, PackSource } from '../../src/engine/types';
import { packs as curatedPacks } from '../../src/packs';
import { fieldTable } from '../../src/docs/fields';
import { launch, openPage, siteUrl, type Session } from './browser';
import { letWorkerBreathe } from '../corpus-sample';
import { builtCheckerScript } from './built-checker';

const OUT = resolve(process.env.E2E_OUT_DIR ?? 'dist');
const IMPORTED = 'content/packs/imported';
const ids = readdirSync(IMPORTED).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
const sources = new Map(ids.map((id) => [id, JSON.parse(readFileSync(join(IMPORTED, `${id}.json`), 'utf8')) as PackSource]));
const compiled = new Map<string, CompiledPack>();
/** An imported pack compiled with AJV, as the pages were built from it. */
function imported(id: string): CompiledPack {
  let p = compiled.get(id);
  if (!p) compiled.set(id, (p = compilePack(sources.get(id)!, `${IMPORTED}/${id}.json`)));
  return p;
}

function html(path: string): string {
  const file = join(OUT, path, 'index.html');
  if (!existsSync(file)) throw new Error(`no page at ${path} in ${OUT}`);
  return readFileSync(file, 'utf8');
}

/** Text of an HTML fragment, entities decoded (the pages escape quotes and angle brackets). */
function text(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The call and body `pre` texts of each example on a page, in order. */
function examplesOn(page: string): { call: string; body: string }[] {
  return [...page.matchAll(/<article class="example"[\s\S]*?<\/article>/g)].map((m) => {
    const pres = [...m[0].matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((p) => text(p[1]));
    return { call: pres[0], body: pres[1] };
  });
}

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function session(options: Parameters<typeof openPage>[1] = {}): Promise<Session> {
  const s = await openPage(browser, options);
  sessions.push(s);
  return s;
}

/** The file a click on `selector` downloads: the name it is saved under and its text. */
async function download(s: Session, selector: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([s.page.waitForEvent('download'), s.page.locator(selector).click()]);
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  return { name: file.suggestedFilename(), text };
}

async function done(s: Session) {
  expect(s.offsite, 'requests outside localhost').toEqual([]);
  expect(s.errors, 'page errors').toEqual([]);
  await s.context.close();
}

describe('build: imported packs', () => {
  test('every imported tool has a page with its fields, exports, strict verdicts and at least one engine-made body', () => {
    let pages = 0;
    for (const [id, source] of sources) {
      expect(html(`packs/${id}`), `${id} overview`).toContain('data-role="import-report"');
      for (const tool of source.tools) {
        const page = html(`packs/${id}/${tool.name}`);
        pages++;
        expect(page, `${id}/${tool.name}`).toContain('data-imported-tool');
        expect(page).toMatch(new RegExp(`<h1 class="mono"[^>]*>${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
        expect(page).toContain('data-role="fields"');
        // The exports inline, or, for a schema too large to show three times, as files.
        expect(page.includes('data-role="export-openai"') || page.includes('data-role="export-file-openai"'), `${id}/${tool.name} exports`).toBe(true);
        expect(page).toContain('data-role="strict-verdicts"');
        const shown = examplesOn(page);
        expect(shown.length, `${id}/${tool.name} examples`).toBe(tool.examples!.invalid!.length);
        expect(shown.length).toBeGreaterThan(0);
      }
    }
    expect(pages).toBe([...sources.values()].reduce((n, s) => n + s.tools.length, 0));
    expect(pages).toBeGreaterThanOrEqual(4500);
  });

  // It compiles every imported pack (most of its time): a turn of the event loop after each keeps the worker
  // answering Vitest, which otherwise fails the run ("Timeout calling onTaskUpdate") and loses the later files.
  test('the bodies, fields and exports of imported tool pages are the engine\'s (every 9th tool of every pack)', { timeout: 300_000 }, async () => {
    for (const id of ids) {
      await letWorkerBreathe();
      const pack = imported(id);
      pack.tools.forEach((tool, i) => {
        if (i % 9 !== 0) return;
        const page = html(`packs/${id}/${tool.name}`);
        const shown = examplesOn(page);
        (tool.source.examples?.invalid ?? []).forEach((ex, k) => {
          expect(JSON.parse(shown[k].call), `${id}/${tool.name} example ${k}`).toEqual({ name: tool.name, arguments: ex.arguments });
          const result = check(pack, shown[k].call);
          expect(String(result.body?.error)).toBe(ex.expect);
          expect(JSON.stringify(JSON.parse(shown[k].body))).toBe(serializeBody(result.body!));
        });
        // One row per field, but an object that repeats one listed above is one row linking there (fieldTable);
        // every field is shown by a row of the page, its own or the one in that first listing.
        const rows = [...page.matchAll(/<tr[^>]*data-field="([^"]*)"/g)].map((m) => text(m[1]));
        const table = fieldTable(tool);
        expect(rows, `${id}/${tool.name} rows`).toEqual(table.rows.map((r) => r.path));
        const ids = new Set([...page.matchAll(/<h3 class="field-name" id="([^"]*)"/g)].map((m) => text(m[1])));
        for (const path of tool.fields.keys()) expect(ids.has(table.anchorOf(path) ?? ''), `${id}/${tool.name}: ${path} shown`).toBe(true);
        for (const r of table.rows.filter((row) => row.sameAs)) expect(page, `${id}/${tool.name}: ${r.path} links its first listing`).toContain(`href="#${r.sameAs!.anchor}"`);
        // The OpenAI export in the page, or in the file the page loads it from (or links, for a schema too large to show).
        const openai = /data-role="export-openai"[\s\S]*?<pre([^>]*)><code[^>]*>([\s\S]*?)<\/code><\/pre>/.exec(page);
        const file = join(OUT, 'packs', id, tool.name, 'openai.json');
        if (openai && !openai[1].includes('data-export-src')) expect(JSON.parse(text(openai[2]))).toEqual(exportTool(tool, 'openai'));
        else {
          expect(page).toContain(`/packs/${id}/${tool.name}/openai.json`);
          expect(JSON.parse(readFileSync(file, 'utf8')), `${id}/${tool.name} openai.json`).toEqual(exportTool(tool, 'openai'));
        }
      });
    }
  });

  test('a pack serves wire.json only where its wire schemas are not its OpenAI export\'s parameters, and says which', { timeout: 300_000 }, async () => {
    let without = 0;
    for (const id of ids) {
      await letWorkerBreathe();
      const pack = imported(id);
      const same = pack.tools.every((t) => JSON.stringify(exportTool(t, 'wire').parameters) === JSON.stringify((exportTool(t, 'openai').function as { parameters: unknown }).parameters));
      const file = join(OUT, 'packs', id, 'exports', 'wire.json');
      const page = html(`packs/${id}`);
      if (same) {
        without++;
        expect(existsSync(file), `${id} wire.json`).toBe(false);
        expect(page, id).toMatch(/data-role="wire-is-openai"[^]*?href="[^"]*\/exports\/openai\.json"/);
      } else {
        expect(JSON.parse(readFileSync(file, 'utf8')), `${id} wire.json`).toEqual(exportPack(pack, 'wire'));
        expect(page, id).not.toContain('data-role="wire-is-openai"');
      }
    }
    expect(without).toBeGreaterThan(0);
  });

  test('the strict-mode command a tool page shows runs as written, on that tool alone', () => {
    for (const [id, name] of [['github-v3', 'pulls_create'], ['twilio-api-v2010', 'CreateMessage'], ['slack-web', 'chat_postMessage']]) {
      const page = html(`packs/${id}/${name}`);
      const shown = /data-role="strict-command">([\s\S]*?)<\/code>/.exec(page);
      expect(shown, `${id}/${name}: the command`).not.toBeNull();
      // Beside it, where the package comes from: not the registry, its tarball, as /use/ shows.
      expect(page, `${id}/${name}: the install note`).toMatch(/from its tarball, as <a href="[^"]*\/use\/">Use it<\/a> shows\):\s*<code data-role="strict-command">/);
      const words = text(shown![1]).split(' ');
      // npx runs the package's bin, which is runCli over the process's arguments; --no: the copy installed from the tarball, none fetched.
      expect(words.slice(0, 4)).toEqual(['npx', '--no', '--', 'actionable-errors']);
      const out = runCli(words.slice(4), { stdin: () => '', readFile: () => { throw new Error('no file is read'); }, pack: (p) => (sources.has(p) ? imported(p) : undefined), toolsPack: packFromToolDefinitions });
      expect(out.stderr, `${id}/${name}`).toMatch(/^openai-strict: \d+ findings? \(/);
      expect([0, 1], `${id}/${name}: exit ${out.code}`).toContain(out.code);
      const findings = out.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { tool: string | null });
      expect(findings.length).toBeGreaterThan(0);
      for (const f of findings) expect([name, null]).toContain(f.tool);
    }
  });

  test('a tool too large to show its exports links its OpenAI file, and its page makes the Anthropic and MCP files from it', async () => {
    const s = await session();
    const pack = imported('google-sheets-v4');
    const tool = pack.tool('spreadsheets_batchUpdate')!;
    expect(html(`packs/${pack.id}/${tool.name}`)).not.toContain('data-role="export-openai"');
    const res = await s.page.request.get(siteUrl(`/packs/${pack.id}/${tool.name}/openai.json`));
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual(exportTool(tool, 'openai'));
    await s.page.goto(siteUrl(`/packs/${pack.id}/${tool.name}/`));
    for (const form of ['anthropic', 'mcp'] as const) {
      const file = await download(s, `[data-role="export-file-${form}"] button[data-envelope]`);
      // What /packs/<pack>/<tool>/<form>.json held when the site wrote it.
      expect(file.name).toBe(`${pack.id}.${tool.name}.${form}.json`);
      expect(file.text === `${JSON.stringify(exportTool(tool, form))}\n`, `${tool.name} ${form}`).toBe(true);
    }
    await done(s);
  });

  test('the site writes no imported pack\'s Anthropic or MCP export: each pack page makes them from openai.json, byte for byte as they were', async () => {
    for (const id of ids) {
      const dir = join(OUT, 'packs', id);
      expect(existsSync(join(dir, 'exports', 'openai.json')), `${id} openai.json`).toBe(true);
      const written = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /(?:^|\/)(?:anthropic|mcp)\.json$/.test(f));
      expect(written, id).toEqual([]);
    }
    // The curated packs keep every form.
    for (const p of curatedPacks) for (const form of ['anthropic', 'mcp']) expect(existsSync(join(OUT, 'packs', p.id, 'exports', `${form}.json`)), `${p.id} ${form}.json`).toBe(true);
    const s = await session();
    const pack = imported('twilio-chat-v3');
    await s.page.goto(siteUrl(`/packs/${pack.id}/`));
    for (const form of ['anthropic', 'mcp'] as const) {
      const file = await download(s, `[data-role="envelope-${form}"] button[data-envelope]`);
      expect(file.name).toBe(`${pack.id}.${form}.json`);
      expect(file.text === `${JSON.stringify(exportPack(pack, form))}\n`, `${pack.id} ${form}`).toBe(true);
    }
    // A tool page's "every tool of the pack at once" makes the same file.
    await s.page.goto(siteUrl(`/packs/${pack.id}/${pack.tools[0].name}/`));
    const file = await download(s, 'p[data-envelope-pack] button[data-envelope="mcp"]');
    expect(file.name).toBe(`${pack.id}.mcp.json`);
    expect(file.text === `${JSON.stringify(exportPack(pack, 'mcp'))}\n`).toBe(true);
    await done(s);
  });

  test('a download whose OpenAI file does not load says so beside its button, with the command that makes it', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/packs/twilio-chat-v3/'));
    await s.page.route('**/exports/openai.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await s.page.locator('[data-role="envelope-anthropic"] button[data-envelope]').click();
    const status = s.page.locator('[data-role="envelope-anthropic"] .envelope-status.failed');
    await status.waitFor();
    expect(await status.locator('a').getAttribute('href')).toBe(new URL(siteUrl('/use/')).pathname);
    expect(await status.textContent()).toBe(
      'Could not make twilio-chat-v3.anthropic.json: /packs/twilio-chat-v3/exports/openai.json did not load: the server answered 404 Not Found. ' +
        'The command line prints it, with the package installed from its tarball as Use it shows: ' +
        'npx --no -- actionable-errors --pack twilio-chat-v3 --export anthropic > twilio-chat-v3.anthropic.json',
    );
    // The failed request is the browser's console error; nothing else went wrong.
    expect(s.errors.filter((e) => !e.includes('404'))).toEqual([]);
    expect(s.offsite).toEqual([]);
    await s.context.close();
  });

  test('without JavaScript the Anthropic and MCP downloads are the commands that print them, and those run as written', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const cases = [
      { path: '/packs/twilio-chat-v3/', list: 'ul[data-envelope-pack]', pack: 'twilio-chat-v3' },
      { path: '/packs/google-sheets-v4/spreadsheets_batchUpdate/', list: 'ul[data-envelope-tool]', pack: 'google-sheets-v4', tool: 'spreadsheets_batchUpdate' },
    ];
    for (const c of cases) {
      await page.goto(siteUrl(c.path));
      expect(await page.locator('button[data-envelope]:visible').count(), c.path).toBe(0);
      const commands = await page.locator(`${c.list} .without-js code:visible`).allTextContents();
      expect(commands.length, c.path).toBe(2);
      // The page says once where the package comes from: the pack page above its list, a tool page beside its strict-mode command.
      const note = c.tool ? page.locator('p.prose:has(code[data-role="strict-command"]) a') : page.locator('p.prose .without-js a:visible');
      expect(await note.getAttribute('href'), c.path).toBe(new URL(siteUrl('/use/')).pathname);
      for (const [i, form] of (['anthropic', 'mcp'] as const).entries()) {
        const [command, file] = commands[i].split(' > ');
        expect(file).toBe(`${[c.pack, c.tool, form].filter(Boolean).join('.')}.json`);
        const words = command.split(' ');
        expect(words.slice(0, 4)).toEqual(['npx', '--no', '--', 'actionable-errors']);
        const out = runCli(words.slice(4), { stdin: () => '', readFile: () => { throw new Error('no file is read'); }, pack: (p) => (sources.has(p) ? imported(p) : undefined), toolsPack: packFromToolDefinitions });
        expect(out.code, command).toBe(0);
        const pack = imported(c.pack);
        // A tool's, as a list of that one tool: the page says so.
        expect(JSON.parse(out.stdout)).toEqual(c.tool ? [exportTool(pack.tool(c.tool)!, form)] : exportPack(pack, form));
      }
    }
    // A tool page names the pack's command (run above) for every tool of the pack at once.
    const tool = imported('twilio-chat-v3').tools[0];
    await page.goto(siteUrl(`/packs/twilio-chat-v3/${tool.name}/`));
    expect(await page.locator('p[data-envelope-pack] code:visible').allTextContents()).toEqual(['npx --no -- actionable-errors --pack twilio-chat-v3 --export anthropic', 'mcp']);
    await context.close();
  });

  test('an imported tool page carries its schema at most once: written in, or loaded from its file', () => {
    // A tool whose export is in the page, and one whose page loads it: each holds the schema's property list once, or not at all.
    const pack = imported('stripe-v1');
    let inline = 0;
    let loaded = 0;
    for (const tool of pack.tools) {
      const page = html(`packs/${pack.id}/${tool.name}`);
      // The schema as the OpenAI export indents it (under "function", "parameters").
      const schemaText = JSON.stringify((exportTool(tool, 'openai') as { function: { parameters: unknown } }).function.parameters, null, 2).split('\n').join('\n    ');
      if (schemaText.length < 200) continue;
      const copies = text(page).split(schemaText).length - 1;
      if (page.includes('data-export-src')) {
        loaded++;
        expect(copies, `${tool.name}: loaded, so not in the page`).toBe(0);
      } else {
        inline++;
        expect(copies, `${tool.name}: the schema's copies on the page`).toBe(1);
      }
    }
    expect(inline).toBeGreaterThan(0);
    expect(loaded).toBeGreaterThan(0);
  });

  test('an export the page loads from its file shows indented, and every copy button copies the exact export', async () => {
    const pack = imported('stripe-v1');
    const tool = pack.tool('PostRefunds')!;
    expect(html(`packs/${pack.id}/${tool.name}`), 'PostRefunds loads its export').toContain('data-export-src');
    const s = await session({ permissions: ['clipboard-read', 'clipboard-write'] });
    await s.page.goto(siteUrl(`/packs/${pack.id}/${tool.name}/`));
    const shown = s.page.locator('[data-role="export-openai"] pre[data-loaded] code');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(JSON.stringify(exportTool(tool, 'openai'), null, 2));
    for (const [form, label] of [['openai', 'OpenAI'], ['anthropic', 'Anthropic'], ['mcp', 'MCP']] as const) {
      await s.page.getByRole('tab', { name: label }).click();
      await s.page.locator(`[data-role="export-${form}"] button[data-copy]`).click();
      await s.page.locator(`[data-role="export-${form}"] button[data-copy][data-state="copied"]`).waitFor();
      expect(await s.page.evaluate(() => navigator.clipboard.readText()), form).toBe(JSON.stringify(exportTool(tool, form), null, 2));
    }
    await done(s);
  });

  test('the packs index lists at least 15 APIs and 1,500 tools, grouped by vendor with counts', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/packs/'));
    const totals = s.page.locator('[data-role="pack-totals"]');
    const apis = Number(await totals.getAttribute('data-apis'));
    const tools = Number(await totals.getAttribute('data-tools'));
    const all = [...curatedPacks.map((p) => ({ id: p.id, vendor: p.vendor, tools: p.tools.length })), ...[...sources.values()].map((p) => ({ id: p.id, vendor: p.vendor, tools: p.tools.length }))];
    expect(apis).toBe(all.length);
    expect(tools).toBe(all.reduce((n, p) => n + p.tools, 0));
    expect(apis).toBeGreaterThanOrEqual(15);
    expect(tools).toBeGreaterThanOrEqual(1500);
    const groups = await s.page.$$eval('section.vendor-group', (els) =>
      els.map((el) => ({ vendor: el.getAttribute('data-vendor'), counts: el.querySelector('[data-role="vendor-counts"]')?.textContent ?? '', packs: [...el.querySelectorAll('[data-listed-pack]')].map((li) => li.getAttribute('data-listed-pack')) })),
    );
    // Every pack once, in the group of its vendor; each group's counts add up.
    expect(groups.flatMap((g) => g.packs).sort()).toEqual(all.map((p) => p.id).sort());
    for (const g of groups) {
      const members = all.filter((p) => g.packs.includes(p.id));
      expect(g.counts.replace(/(\d),(\d)/g, '$1$2')).toBe(`${members.length} API${members.length === 1 ? '' : 's'}, ${members.reduce((n, p) => n + p.tools, 0)} tools`);
    }
    const google = groups.find((g) => g.vendor === 'Google')!;
    expect(google.packs).toContain('google-calendar');
    expect(google.packs).toContain('google-calendar-v3');
    expect(groups.find((g) => g.vendor === 'Twilio')!.packs.length).toBe(ids.filter((id) => id.startsWith('twilio-')).length);
    for (const id of ids) expect(await s.page.locator(`[data-listed-pack="${id}"] a[href$="/packs/${id}/"]`).count(), id).toBe(1);
    await done(s);
  });

  test('the imported tools that curated tools cover link to them, and the curated tools link back', () => {
    let links = 0;
    for (const curated of curatedPacks.filter((p) => p.id === 'google-calendar' || p.id === 'stripe')) {
      const spec = curated.id === 'stripe' ? 'stripe-v1' : 'google-calendar-v3';
      const byOperation = new Map(sources.get(spec)!.tools.map((t) => [t.operation!.id, t.name]));
      for (const tool of curated.tools) {
        const name = byOperation.get(tool.operation!.id);
        expect(name, `${curated.id}/${tool.name}: ${tool.operation!.id} is in ${spec}`).toBeDefined();
        const page = html(`packs/${spec}/${name}`);
        expect(page).toMatch(new RegExp(`data-role="curated-counterpart"[\\s\\S]*?href="[^"]*/packs/${curated.id}/${tool.name}/"`));
        expect(html(`packs/${curated.id}/${tool.name}`)).toMatch(new RegExp(`href="[^"]*/packs/${spec}/${name}/" data-role="imported-counterpart"`));
        links++;
      }
    }
    expect(links).toBe(curatedPacks.filter((p) => p.id !== 'helpdesk').reduce((n, p) => n + p.tools.length, 0));
    // An imported tool no curated tool covers has no such link.
    expect(html('packs/stripe-v1/GetAccount')).not.toContain('data-role="curated-counterpart"');
  });

  test('search finds an imported tool by name and leads to its page', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/'));
    await s.page.locator('header [data-site-search] input').fill('PostPaymentIntentsIntentConfirm');
    const hit = s.page.locator('header .search-results a[href$="/packs/stripe-v1/PostPaymentIntentsIntentConfirm/"]').first();
    await hit.waitFor({ timeout: 15_000 });
    await hit.click();
    await s.page.waitForURL(/\/packs\/stripe-v1\/PostPaymentIntentsIntentConfirm\/$/);
    expect((await s.page.locator('h1').textContent())?.trim()).toBe('PostPaymentIntentsIntentConfirm');
    await done(s);
  });

  for (const path of ['/packs/github-v3/', '/packs/stripe-v1/PostRefunds/']) {
    test(`axe finds no serious or critical violation on ${path}, and nothing overflows a 360 px phone`, { timeout: 180_000 }, async () => {
      const s = await session();
      await s.page.goto(siteUrl(path));
      const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      await s.page.setViewportSize({ width: 360, height: 780 });
      await s.page.goto(siteUrl(path));
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await done(s);
    });
  }
  test('the page of the longest tool name fits a 360 px phone: the crumbs and the exports\' titles break the name', async () => {
    const [id, name] = [...sources].flatMap(([pid, src]) => src.tools.map((t) => [pid, t.name] as const)).reduce((a, b) => (b[1].length > a[1].length ? b : a));
    expect(name.length, `${id}/${name}`).toBeGreaterThan(40);
    const s = await session();
    await s.page.setViewportSize({ width: 360, height: 780 });
    await s.page.goto(siteUrl(`/packs/${id}/${name}/`));
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth), `${id}/${name}`).toBeLessThanOrEqual(360);
    await done(s);
  });
  test('at 1440 px a fields table fits its frame, a long union type included', async () => {
    const s = await session();
    await s.page.setViewportSize({ width: 1440, height: 900 });
    // issues_create's labels field is "string or number or array of string", which once held its column wide.
    await s.page.goto(siteUrl('/packs/github-v3/issues_create/'));
    const fit = await s.page.locator('table.fields').evaluate((t) => ({ table: t.scrollWidth, frame: t.parentElement!.clientWidth, longest: Math.max(...[...t.querySelectorAll('.type')].map((e) => e.textContent!.length)) }));
    expect(fit.longest).toBeGreaterThan(30);
    expect(fit.table).toBeLessThanOrEqual(fit.frame);
    await done(s);
  });

  test('at 1440 px Sheets\' batchUpdate table fits its frame: long enum names and camelCase fields break at their word joins, a type never inside a word', async () => {
    const s = await session();
    await s.page.setViewportSize({ width: 1440, height: 900 });
    // DEVELOPER_METADATA_LOCATION_MATCHING_STRATEGY_UNSPECIFIED held the description column 557 px wide, and the table 1,446 px in an 880 px frame.
    await s.page.goto(siteUrl('/packs/google-sheets-v4/spreadsheets_batchUpdate/'));
    const fit = await s.page.locator('table.fields').evaluate((t) => {
      const types = [...t.querySelectorAll<HTMLElement>('.type')].filter((e) => !e.textContent!.includes(' '));
      const style = getComputedStyle(types[0]);
      return {
        table: t.scrollWidth,
        frame: t.parentElement!.clientWidth,
        // A one-word type on more than one line was broken inside its word.
        brokenTypes: types.filter((e) => e.getClientRects().length > 1 || e.getBoundingClientRect().height > parseFloat(style.lineHeight) * 1.5).map((e) => e.textContent),
        longName: t.textContent!.includes('DEVELOPER_METADATA_LOCATION_MATCHING_STRATEGY_UNSPECIFIED'),
      };
    });
    expect(fit.longName).toBe(true);
    expect(fit.table).toBeLessThanOrEqual(fit.frame);
    expect(fit.brokenTypes).toEqual([]);
    await done(s);
  });

  test('an object Sheets uses again is a row that takes the reader to where its fields are listed', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/packs/google-sheets-v4/spreadsheets_batchUpdate/'));
    const link = s.page.locator('[data-role="same-as"] a').first();
    const href = (await link.getAttribute('href'))!;
    const listed = href.slice(1);
    await link.click();
    await s.page.waitForFunction((id) => location.hash === `#${id}`, listed);
    expect(await s.page.locator('h3.field-name:target').getAttribute('id')).toBe(listed);
    // The first listing's fields follow its row.
    const path = await s.page.locator('h3:target').evaluate((h) => h.closest('tr')!.getAttribute('data-field')!);
    const next = await s.page.locator('h3:target').evaluate((h) => h.closest('tr')!.nextElementSibling!.getAttribute('data-field')!);
    expect(next.startsWith(`${path}.`) || next.startsWith(`${path}[]`)).toBe(true);
    await done(s);
  });
});

describe('the playground\'s checker, as built, opens imported packs', () => {
  test('a part at a time, with the bodies the engine gives in Node', { timeout: 120_000 }, async () => {
    const s = await session();
    const requested: string[] = [];
    s.page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await s.page.goto(siteUrl('/packs/'));
    const calls = {
      sheetsDefault: { name: 'spreadsheets_get', arguments: { spreadsheetId: 7 } },
      // The largest tool of all: AJV's compiler validates it in the browser (no generated code).
      sheetsGiant: { name: 'spreadsheets_batchUpdate', arguments: { spreadsheetId: 'abc', requests: [{ addSheet: { properties: { title: 5 } } }], bogus: 1 } },
      githubFar: { name: 'repos_create-org-ruleset', arguments: { org: 'acme', name: 'r', enforcement: 'sometimes' } },
      unknown: { name: 'repos_erase_everything', arguments: {} },
      // A rule read at import from the vendor's description (x-read-rules), enforced in the browser as in Node.
      tasksDueMin: { name: 'tasks_list', arguments: { tasklist: 'abc', dueMin: 'March 3' } },
    };
    const script = `(async () => {
      const calls = ${JSON.stringify(calls)};
      ${builtCheckerScript(OUT, siteUrl('/'), ['google-sheets-v4', 'github-v3', 'google-tasks-v1'])}
      const sheets = await loadPackById('google-sheets-v4');
      const out = { sheetsDefaultTool: checker.defaultToolName(sheets), sheetsTools: sheets.tools.length };
      out.sheetsDefault = checker.check(sheets, calls.sheetsDefault).body;
      out.giantNeeded = checker.validatorsNeeded(sheets, calls.sheetsGiant);
      out.giantLoadedBefore = checker.isToolLoaded(sheets, 'spreadsheets_batchUpdate');
      await checker.loadValidators(sheets, out.giantNeeded);
      out.giantNeededAfter = checker.validatorsNeeded(sheets, calls.sheetsGiant);
      out.sheetsGiant = checker.check(sheets, calls.sheetsGiant).body;
      const github = await loadPackById('github-v3');
      out.githubTools = github.tools.length;
      // A call naming no tool of the pack needs nothing loaded: only names are read.
      out.unknownNeeded = checker.validatorsNeeded(github, calls.unknown);
      out.unknown = checker.check(github, calls.unknown).body;
      out.farNeeded = checker.validatorsNeeded(github, calls.githubFar);
      await checker.loadValidators(github, out.farNeeded);
      out.githubFar = checker.check(github, calls.githubFar).body;
      const tasks = await loadPackById('google-tasks-v1');
      await checker.loadValidators(tasks, checker.validatorsNeeded(tasks, calls.tasksDueMin));
      out.tasksDueMin = checker.check(tasks, calls.tasksDueMin).body;
      return out;
    })()`;
    const got = (await s.page.evaluate(script)) as Record<string, unknown>;
    const sheets = imported('google-sheets-v4');
    const github = imported('github-v3');
    expect(got.sheetsDefaultTool).toBe('spreadsheets_get');
    expect(got.sheetsTools).toBe(sheets.tools.length);
    expect(got.githubTools).toBe(github.tools.length);
    expect(got.sheetsDefault).toEqual(check(sheets, calls.sheetsDefault).body);
    expect(got.giantLoadedBefore).toBe(false);
    expect(got.giantNeeded).toHaveLength(1);
    expect(got.giantNeededAfter).toEqual([]);
    expect(got.sheetsGiant).toEqual(check(sheets, calls.sheetsGiant).body);
    expect(got.unknownNeeded).toEqual([]);
    expect(got.unknown).toEqual(check(github, calls.unknown).body);
    expect((got.unknown as { error: string }).error).toBe('unknown_tool');
    expect(got.farNeeded).toHaveLength(1);
    expect(got.githubFar).toEqual(check(github, calls.githubFar).body);
    expect(got.tasksDueMin).toEqual(check(imported('google-tasks-v1'), calls.tasksDueMin).body);
    expect((got.tasksDueMin as { message: string }).message).toContain("read from the vendor's description of dueMin");
    // Only what was asked for came over the wire: two GitHub parts of its many, and AJV's compiler for the giant.
    const githubParts = requested.filter((p) => /\/github-v3-\d+\.[^/]*\.js$/.test(p));
    expect(githubParts).toHaveLength(2);
    expect(requested.some((p) => /\/browser-ajv\.[^/]*\.js$/.test(p))).toBe(true);
    await done(s);
  });
});
