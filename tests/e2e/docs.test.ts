// The documentation site, built by the e2e global setup and served by `astro preview`, checked in Chromium.
// Build assertions (every tool has a page, every field its rules and gloss, every body equals check())
// read the served pages; expected values come from the pack data and check(), never from the page helpers.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { check, checkExampleOptions, codeInfo, enumCodes, exportTool, lintTool, serializeBody, STRICT_TARGETS, strictExportTool, strictReport } from '../../src/engine';
import type { CheckOptions, CompiledPack, CompiledTool, FieldInfo, Json } from '../../src/engine';
import { packs } from '../../src/packs';
import { decodeShareState } from '../../src/share-link';
import { useBrowser, openPage, siteUrl, type Session } from './browser';

const chrome = useBrowser();
const sessions: Session[] = [];


async function session(options: Parameters<typeof openPage>[1] = {}): Promise<Session> {
  const s = await openPage(chrome.browser, options);
  sessions.push(s);
  return s;
}

/** Closes a session after asserting the page stayed on localhost and logged no error. */
async function done(s: Session) {
  expect(s.offsite, 'requests outside localhost').toEqual([]);
  expect(s.errors, 'page errors').toEqual([]);
  await s.context.close();
}

function toolPath(pack: CompiledPack, tool: CompiledTool): string {
  return `/packs/${pack.id}/${tool.name}/`;
}

/** What a row must say about a field, straight from the pack: values, bounds, rules, examples, names. */
function factsOf(f: FieldInfo): string[] {
  const s = f.schema;
  const facts: string[] = [];
  const show = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (f.enumValues && f.enumValues.length <= 12) facts.push(...f.enumValues.map(show));
  if (f.enumValues && f.enumValues.length > 12) facts.push(String(f.enumValues.length));
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']) {
    if (typeof s[k] === 'number') facts.push(String(s[k]));
  }
  if (typeof s.minLength === 'number' && s.minLength > 1) facts.push(String(s.minLength));
  if (f.rule) facts.push(f.rule);
  if (typeof s.pattern === 'string') facts.push(s.pattern);
  if (typeof s.format === 'string') facts.push(s.format);
  if (f.example !== undefined && (s.pattern !== undefined || s.format !== undefined)) facts.push(show(f.example));
  if (s.default !== undefined) facts.push(show(s.default));
  facts.push(...f.aliases);
  if (f.conflicts) facts.push(...f.conflicts.with, f.conflicts.reason.replace(/\.$/, ''));
  if (f.resolveWith) facts.push(f.resolveWith);
  return facts;
}

interface ShownExample {
  kind: string | null;
  index: number;
  call: string | null;
  body: string | null;
  corrections: string;
  didYouMean: string;
  playground: string | null;
}

async function shownExamples(page: Page): Promise<ShownExample[]> {
  return page.$$eval('[data-example]', (els) =>
    els.map((el) => ({
      kind: el.getAttribute('data-kind'),
      index: Number(el.getAttribute('data-index')),
      call: el.querySelector('[data-role="call"] pre')?.textContent ?? null,
      body: el.querySelector('[data-role="body"] pre')?.textContent ?? null,
      corrections: el.querySelector('[data-role="corrections"]')?.textContent ?? '',
      didYouMean: el.querySelector('[data-role="did-you-mean"]')?.textContent ?? '',
      playground: el.querySelector('a[data-role="playground"]')?.getAttribute('href') ?? null,
    })),
  );
}

/** The options the engine needs for a shown example: ordered-check examples may carry their own caller. */
function optionsFor(tool: CompiledTool, pack: CompiledPack, kind: string | null, index: number): CheckOptions {
  if (kind !== 'check') return {};
  const ex = tool.source.examples?.checks?.[index];
  if (!ex) throw new Error(`${tool.name}: the page shows check example ${index}, which the pack does not have`);
  return checkExampleOptions(pack, ex);
}

function expectExampleMatchesEngine(pack: CompiledPack, tool: CompiledTool, ex: ShownExample) {
  expect(ex.call, `${tool.name}: the call text is shown`).not.toBeNull();
  expect(ex.body, `${tool.name}: the body is shown`).not.toBeNull();
  const result = check(pack, ex.call!, optionsFor(tool, pack, ex.kind, ex.index));
  expect(result.body, `${tool.name}: the engine rejects ${ex.call}`).not.toBeNull();
  expect(JSON.parse(ex.body!), `${tool.name}: body of ${ex.call}`).toEqual(result.body);
  // Same keys in the same order: the shown body re-serialises to the exact bytes the model gets.
  expect(JSON.stringify(JSON.parse(ex.body!))).toBe(serializeBody(result.body!));
  for (const c of result.corrections) expect(ex.corrections).toContain(c.field);
  if (result.corrections.length === 0) expect(ex.corrections.trim()).toBe('none');
  for (const d of result.did_you_mean) for (const c of d.candidates) expect(ex.didYouMean).toContain(JSON.stringify(c));
  if (result.did_you_mean.length === 0) expect(ex.didYouMean.trim()).toBe('none');
  expect(ex.playground, `${tool.name}: playground link`).toBeTruthy();
  const hash = ex.playground!.slice(ex.playground!.indexOf('#'));
  const decoded = decodeShareState(hash);
  expect(decoded.ok).toBe(true);
  if (decoded.ok === true) {
    expect(decoded.state.pack).toBe(pack.id);
    expect(decoded.state.tool).toBe(tool.name);
    expect(decoded.state.call).toBe(ex.call);
  }
  expect(new URL(ex.playground!, siteUrl('/')).pathname).toBe(new URL(siteUrl('/playground/')).pathname);
}

describe('build: tool pages', () => {
  for (const pack of packs) {
    test(`every ${pack.id} tool has a page with every field, its rules and gloss, and engine-made examples`, async () => {
      const s = await session();
      for (const tool of pack.tools) {
        const res = await s.page.goto(siteUrl(toolPath(pack, tool)));
        expect(res?.status(), `${tool.name} page`).toBe(200);
        expect((await s.page.locator('h1').textContent())?.trim()).toBe(tool.name);
        expect(await s.page.title()).toContain(tool.name);
        expect(await s.page.title()).toContain(pack.title);
        const description = await s.page.locator('meta[name="description"]').getAttribute('content');
        expect(description).toContain(tool.name);
        expect(description).toContain(tool.summary);
        if (tool.operation) expect(await s.page.locator('[data-role="operation"]').textContent()).toContain(tool.operation.id.split(/\s+/).pop());
        if (tool.operation?.reference) expect(await s.page.locator('a[data-role="reference"]').getAttribute('href')).toBe(tool.operation.reference);

        const rows = await s.page.$$eval('tr[data-field]', (trs) => trs.map((tr) => ({ path: tr.getAttribute('data-field'), id: tr.querySelector('h3[id]')?.id ?? '', text: tr.textContent ?? '', flags: tr.querySelector('.field-flags')?.textContent?.trim() ?? '', gloss: tr.querySelector('[data-role="gloss"]')?.textContent ?? null })));
        expect(rows.map((r) => r.path)).toEqual([...tool.fields.keys()]);
        expect(new Set(rows.map((r) => r.id)).size, 'row anchors are unique').toBe(rows.length);
        for (const f of tool.fields.values()) {
          const row = rows.find((r) => r.path === f.path)!;
          const text = row.text.replace(/\s+/g, ' ');
          // Only the exception is marked: the caption says fields are optional unless marked required.
          expect(row.flags, `${tool.name}.${f.path} is marked required, or not`).toBe(f.required ? 'required' : f.path.endsWith('[]') ? 'each item' : '');
          for (const fact of factsOf(f)) expect(text, `${tool.name}.${f.path} shows ${fact}`).toContain(fact.replace(/\s+/g, ' '));
          if (f.gloss) {
            expect(row.gloss, `${tool.name}.${f.path} gloss`).toContain(f.gloss);
            expect(row.gloss).toMatch(/model-facing only/i);
          }
          if (typeof f.schema.description === 'string') expect(text).toContain(f.schema.description);
          // The anchor is linkable: the row's own link points at it.
          expect(await s.page.locator(`tr h3[id="${row.id}"] a[href="#${row.id}"]`).count()).toBe(1);
        }

        const shown = await shownExamples(s.page);
        const invalid = tool.source.examples?.invalid ?? [];
        const stopped = (tool.source.examples?.checks ?? []).filter((ex) => ex.expect !== 'accepted');
        expect(shown.filter((e) => e.kind === 'invalid')).toHaveLength(invalid.length);
        expect(shown.filter((e) => e.kind === 'check').length).toBeLessThanOrEqual(stopped.length);
        for (const ex of shown) expectExampleMatchesEngine(pack, tool, ex);
        // Every pack example appears with its own arguments.
        invalid.forEach((ex, i) => {
          const mine = shown.find((e) => e.kind === 'invalid' && e.index === i)!;
          expect(JSON.parse(mine.call!)).toEqual({ name: tool.name, arguments: ex.arguments });
        });

        // Model-facing and wire schemas side by side: the gloss is in one and never in the other.
        const model = await s.page.locator('[data-role="model-schema"] pre').textContent();
        const wire = await s.page.locator('[data-role="wire-schema"] pre').textContent();
        expect(JSON.parse(model!)).toEqual(tool.modelSchema);
        expect(JSON.parse(wire!)).toEqual(tool.wireSchema);
        const glosses = [...tool.fields.values()].filter((f) => f.gloss).map((f) => f.gloss!);
        for (const g of glosses) {
          expect(wire).not.toContain(JSON.stringify(g).slice(1, -1));
          const marked = await s.page.locator('[data-role="model-schema"] .model-note').allTextContents();
          expect(marked.join('\n')).toContain(JSON.stringify(g).slice(1, -1));
        }
      }
      await done(s);
    });
  }
});

describe('build: pack, error and example pages', () => {
  test('the packs page lists every pack with vendor and counts, and each pack page links every tool', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/packs/'));
    for (const pack of packs) {
      const card = s.page.locator(`[data-pack="${pack.id}"]`);
      const text = (await card.textContent())!.replace(/\s+/g, ' ');
      expect(text).toContain(pack.vendor);
      expect(text).toContain(`${pack.tools.length} tools`);
      const glosses = pack.tools.reduce((n, t) => n + [...t.fields.values()].filter((f) => f.gloss).length, 0);
      expect(text).toContain(`${glosses} glosses`);
      expect(text).toMatch(/\d+ rules/);
    }
    for (const pack of packs) {
      await s.page.goto(siteUrl(`/packs/${pack.id}/`));
      for (const tool of pack.tools) {
        const link = s.page.locator(`main .tool-list a[href$="/packs/${pack.id}/${tool.name}/"]`);
        expect(await link.count(), `${pack.id} links ${tool.name}`).toBe(1);
      }
      for (const tool of pack.tools) {
        for (const f of tool.fields.values()) {
          if (f.conflicts) expect(await s.page.locator('main').textContent()).toContain(f.conflicts.reason.replace(/\.$/, ''));
        }
      }
      const exported = await s.page.request.get(siteUrl(`/packs/${pack.id}/exports/openai.json`));
      expect(exported.status()).toBe(200);
      expect(await exported.json()).toEqual(pack.tools.map((t) => exportTool(t, 'openai')));
    }
    await done(s);
  });

  test('the error dictionary lists every code with stage, retryable and a real engine body', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/errors/'));
    const entries = await s.page.$$eval('.code-entry[data-code]', (els) =>
      els.map((el) => ({ code: el.getAttribute('data-code')!, pack: el.getAttribute('data-pack'), text: el.textContent ?? '', missing: !!el.querySelector('[data-role="no-example"]') })),
    );
    const generic = entries.filter((e) => e.pack === null);
    const { allGenericCodes } = await import('../../src/engine');
    expect(generic.map((e) => e.code).sort()).toEqual(allGenericCodes().map((c) => c.code).sort());
    for (const e of generic) {
      const info = codeInfo(e.code);
      expect(e.missing, `${e.code} has a real example body`).toBe(false);
      expect(e.text).toContain(`stage: ${info.stage}`);
      expect(e.text).toContain(`retryable: ${info.retryable ? 'yes' : 'no'}`);
      expect(e.text.replace(/\s+/g, ' ')).toContain(info.meaning.replace(/`/g, '').slice(0, 40));
    }
    for (const pack of packs) {
      const codes = new Set(enumCodes(pack).map((c) => c.code));
      const shown = entries.filter((e) => e.pack === pack.id).map((e) => e.code);
      for (const c of codes) expect(shown, `${pack.id} lists ${c}`).toContain(c);
    }
    // Every body on the page is the engine's: each example's code is its entry's, and bodies with a call
    // re-check to the same bytes.
    const bodies = await s.page.$$eval('.code-entry[data-code]', (els) =>
      els.map((el) => ({
        code: el.getAttribute('data-code')!,
        pack: el.querySelector('[data-example]')?.getAttribute('data-pack') ?? null,
        tool: el.querySelector('[data-example]')?.getAttribute('data-tool') ?? null,
        kind: el.querySelector('[data-example]')?.getAttribute('data-kind') ?? null,
        index: Number(el.querySelector('[data-example]')?.getAttribute('data-index')),
        call: el.querySelector('[data-role="call"] pre')?.textContent ?? null,
        body: el.querySelector('[data-role="body"] pre')?.textContent ?? null,
      })),
    );
    for (const b of bodies) {
      if (!b.body) continue;
      const body = JSON.parse(b.body);
      const codes = [body.error, ...(Array.isArray(body.errors) ? body.errors.map((x: { code: string }) => x.code) : [])];
      expect(codes, `the example for ${b.code}`).toContain(b.code);
      if (b.call) {
        const pack = packs.find((p) => p.id === b.pack)!;
        const tool = pack.tool(b.tool!)!;
        expect(body).toEqual(check(pack, b.call, optionsFor(tool, pack, b.kind, b.index)).body);
      } else {
        expect(b.code).toBe('internal_error');
      }
    }
    await done(s);
  });

  test('the examples page shows every rejected pack example with the body check() returns', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/examples/'));
    const shown = await shownExamples(s.page);
    const items = await s.page.$$eval('[data-example]', (els) => els.map((el) => ({ pack: el.getAttribute('data-pack')!, tool: el.getAttribute('data-tool')! })));
    const expected = packs.reduce((n, p) => n + p.tools.reduce((m, t) => m + (t.source.examples?.invalid?.length ?? 0), 0), 0);
    expect(shown.filter((e) => e.kind === 'invalid')).toHaveLength(expected);
    shown.forEach((ex, i) => {
      const pack = packs.find((p) => p.id === items[i].pack)!;
      const tool = pack.tool(items[i].tool)!;
      const result = check(pack, ex.call!, optionsFor(tool, pack, ex.kind, ex.index));
      // The examples page shows the exact compact bytes.
      expect(ex.body).toBe(serializeBody(result.body!));
    });
    await done(s);
  });
});

describe('in the browser', () => {
  test('a reader walks from the home page to a pack and then to a tool', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/'));
    // The live example: a bare error beside the engine's body, each with its token count.
    const live = s.page.locator('[data-role="live-example"]');
    const body = await live.locator('[data-role="actionable"] pre').textContent();
    const helpdesk = packs.find((p) => p.id === 'helpdesk')!;
    const call = (await live.locator('[data-role="home-call"]').textContent())!;
    expect(JSON.parse(body!)).toEqual(check(helpdesk, call).body);
    const counts = await live.locator('[data-tokens]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tokens'))));
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(counts[0]);

    await s.page.locator('main a', { hasText: /^Packs$/ }).first().click();
    await s.page.waitForURL(/\/packs\/$/);
    // The curated pack, by its address: the index also lists the Stripe API imported from its spec.
    await s.page.locator('main a[href$="/packs/stripe/"]').first().click();
    await s.page.waitForURL(/\/packs\/stripe\/$/);
    expect(await s.page.locator('h1').textContent()).toBe('Stripe');
    await s.page.locator('main .tool-list').getByRole('link', { name: 'create_refund' }).click();
    await s.page.waitForURL(/\/packs\/stripe\/create_refund\/$/);
    expect((await s.page.locator('h1').textContent())?.trim()).toBe('create_refund');
    // Breadcrumbs lead back.
    const crumbs = await s.page.locator('nav[aria-label="Breadcrumb"] li').allTextContents();
    expect(crumbs.map((c) => c.trim())).toEqual(['Home', 'Packs', 'Stripe', 'create_refund']);
    await done(s);
  });

  test('search finds a field by name, offline, and leads to its tool page', async () => {
    const s = await session();
    await s.page.goto(siteUrl('/'));
    const input = s.page.locator('header [data-site-search] input');
    await input.fill('idempotency_key');
    // The field's own row comes back as a sub-result, linked by its anchor.
    const result = s.page.locator('header .search-results a[href$="/packs/stripe/create_refund/#field-idempotency_key"]').first();
    await result.waitFor({ timeout: 15_000 });
    await result.click();
    await s.page.waitForURL(/\/packs\/stripe\/create_refund\/#field-idempotency_key$/);
    expect(await s.page.locator('tr[data-field="idempotency_key"] h3#field-idempotency_key').count()).toBe(1);
    expect(await s.page.locator('tr[data-field="idempotency_key"] h3:target').count()).toBe(1);
    // Error codes are searchable too.
    await s.page.locator('header [data-site-search] input').fill('conflicting_arguments');
    await s.page.locator('header .search-results a[href*="/errors/"]').first().waitFor({ timeout: 15_000 });
    await done(s);
  });

  test('a copy button puts the exact OpenAI export on the clipboard, and the tabs switch exports', async () => {
    const s = await session({ permissions: ['clipboard-read', 'clipboard-write'] });
    const pack = packs.find((p) => p.id === 'google-calendar')!;
    const tool = pack.tool('events_insert')!;
    await s.page.goto(siteUrl(toolPath(pack, tool)));
    await s.page.locator('[data-role="export-openai"] button[data-copy]').click();
    await s.page.locator('[data-role="export-openai"] button[data-copy][data-state="copied"]').waitFor();
    const copied = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(JSON.stringify(exportTool(tool, 'openai'), null, 2));

    const anthropicTab = s.page.getByRole('tab', { name: 'Anthropic' });
    await anthropicTab.click();
    expect(await anthropicTab.getAttribute('aria-selected')).toBe('true');
    expect(await s.page.locator('[data-role="export-openai"]').isVisible()).toBe(false);
    await s.page.locator('[data-role="export-anthropic"] button[data-copy]').click();
    await s.page.locator('[data-role="export-anthropic"] button[data-copy][data-state="copied"]').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(exportTool(tool, 'anthropic'), null, 2));
    // Arrow keys move between tabs.
    await anthropicTab.focus();
    await s.page.keyboard.press('ArrowRight');
    expect(await s.page.getByRole('tab', { name: 'MCP' }).getAttribute('aria-selected')).toBe('true');
    await done(s);
  });

  test('the dark-mode toggle persists across a reload', async () => {
    const s = await session({ colorScheme: 'light' });
    await s.page.goto(siteUrl('/packs/helpdesk/update_ticket/'));
    const bg = () => s.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBg = await bg();
    const toggle = s.page.locator('button[data-theme-toggle]');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await s.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const darkBg = await bg();
    expect(darkBg).not.toBe(lightBg);
    await s.page.reload();
    expect(await s.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await bg()).toBe(darkBg);
    expect(await s.page.locator('button[data-theme-toggle]').getAttribute('aria-pressed')).toBe('true');
    // And back: the light choice persists too, even against a dark system preference.
    await s.page.locator('button[data-theme-toggle]').click();
    await s.page.emulateMedia({ colorScheme: 'dark' });
    await s.page.reload();
    expect(await bg()).toBe(lightBg);
    await done(s);
  });

  test('with no stored choice the page follows the system colour scheme', async () => {
    const s = await session({ colorScheme: 'dark' });
    await s.page.goto(siteUrl('/'));
    const rgb = await s.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(150);
    expect(await s.page.locator('button[data-theme-toggle]').getAttribute('aria-pressed')).toBe('true');
    await done(s);
  });

  // The home page, /errors/ and a tool page in the dark scheme are scanned in docs-nav.test.ts.
  const axePages: [string, 'light' | 'dark'][] = [
    ['/packs/google-calendar/events_insert/', 'light'],
    ['/packs/helpdesk/update_ticket/', 'light'],
    ['/packs/', 'light'],
    ['/packs/stripe/', 'dark'],
    ['/examples/', 'dark'],
    ['/packs/stripe/nope/', 'light'],
  ];
  for (const [path, scheme] of axePages) {
    test(`axe finds no serious or critical violation on ${path} (${scheme})`, { timeout: 180_000 }, async () => {
      const s = await session({ colorScheme: scheme });
      await s.page.goto(siteUrl(path));
      const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !(path.includes('nope') && /status of 404/.test(e))));
      await done(s);
    });
  }

  test('every page is readable on a 360 px wide phone: nothing overflows the viewport', { timeout: 120_000 }, async () => {
    const s = await session();
    await s.page.setViewportSize({ width: 360, height: 780 });
    const tools = packs.flatMap((p) => p.tools.map((t) => toolPath(p, t)));
    for (const path of ['/', '/packs/', ...packs.map((p) => `/packs/${p.id}/`), ...tools, '/errors/', '/examples/', '/packs/nope/']) {
      await s.page.goto(siteUrl(path));
      const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} scroll width`).toBeLessThanOrEqual(360);
    }
    s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !/status of 404/.test(e)));
    await done(s);
  });

  test('docs pages ship no JavaScript beyond the search box, the copy buttons, the tabs and the table of contents', async () => {
    const s = await session();
    const scripts: { url: string; bytes: number }[] = [];
    s.page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), bytes: (await r.body()).length });
    });
    await s.page.goto(siteUrl('/packs/stripe/create_refund/'), { waitUntil: 'networkidle' });
    const inline = await s.page.$$eval('script:not([src])', (els) => els.filter((e) => !e.getAttribute('type') || e.getAttribute('type') === 'module').map((e) => e.textContent?.length ?? 0));
    const external = scripts.reduce((n, x) => n + x.bytes, 0);
    const total = external + inline.reduce((a, b) => a + b, 0);
    // Theme, search, copy, tabs and the table of contents' marking (an IntersectionObserver) together stay
    // small; no tokenizer, highlighter or framework.
    expect(total, `script bytes: ${JSON.stringify(scripts)} + inline ${inline}`).toBeLessThan(16_000);
    // The table of contents' marking is in one small file with the copy buttons, the tabs and the imported packs'
    // Anthropic and MCP downloads (DocsScript.astro), shared by every page rather than written into each.
    const toc: number[] = [];
    for (const x of scripts) if ((await (await s.page.request.get(x.url)).text()).includes('IntersectionObserver')) toc.push(x.bytes);
    expect(toc).toHaveLength(1);
    expect(toc[0]).toBeLessThan(6_000);
    expect(inline.length, 'inline scripts: the theme, applied before first paint').toBe(1);
    expect(scripts.map((x) => x.url).join(' ')).not.toMatch(/react|shiki|tokenizer|monaco/i);
    await done(s);
  });

  test('the 404 page helps: it searches for the missing address and links the packs', async () => {
    const s = await session();
    const res = await s.page.goto(siteUrl('/packs/stripe/create_refnd/'));
    expect(res?.status()).toBe(404);
    expect(await s.page.locator('h1').textContent()).toMatch(/does not exist/);
    for (const pack of packs) expect(await s.page.locator(`main a[href$="/packs/${pack.id}/"]`).count()).toBeGreaterThan(0);
    // The nearest real page is offered first; the search runs on the last word of the address.
    const nearest = s.page.locator('#nearest a');
    await nearest.waitFor();
    expect(await nearest.getAttribute('href')).toMatch(/\/packs\/stripe\/create_refund\/$/);
    expect(await s.page.locator('main [data-site-search] input').inputValue()).toBe('create refnd');
    await s.page.locator('main .search-results a[href*="/packs/"]').first().waitFor({ timeout: 15_000 });
    // Chromium logs the document's own 404 status; nothing else may fail.
    s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !/status of 404/.test(e)));
    await done(s);
  });
});

describe('strict mode on the site', () => {
  test('/strict/ gives every pack the engine\'s counts for every vendor, is linked from the navigation, and passes axe and a phone width', { timeout: 180_000 }, async () => {
    const s = await session();
    await s.page.goto(siteUrl('/'));
    await s.page.locator('header nav a[href$="/strict/"]').click();
    await s.page.waitForURL(/\/strict\/$/);
    expect(await s.page.locator('header nav a[href$="/strict/"]').getAttribute('aria-current')).toBe('page');
    for (const target of STRICT_TARGETS)
      for (const pack of packs) {
        const r = strictReport(pack, target);
        const row = s.page.locator(`[data-strict-report="${target}"] tr[data-pack="${pack.id}"]`);
        for (const k of ['refuses', 'ignores', 'rewrite', 'nowhere'] as const) expect(await row.locator(`[data-count="${k}"]`).textContent(), `${target} ${pack.id} ${k}`).toBe(String(r.counts[k]));
        expect(await row.locator('[data-role="refused-tools"] a').allTextContents()).toEqual(r.refusedTools);
      }
    const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await s.page.setViewportSize({ width: 360, height: 780 });
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await done(s);
  });

  test('a tool page lists each vendor\'s findings and copies the strict export exactly', async () => {
    const s = await session({ permissions: ['clipboard-read', 'clipboard-write'] });
    const pack = packs.find((p) => p.id === 'helpdesk')!;
    const tool = pack.tool('update_ticket')!;
    await s.page.goto(siteUrl(toolPath(pack, tool)));
    for (const target of STRICT_TARGETS) {
      const constructs = await s.page.locator(`[data-strict-target="${target}"] [data-role="strict-findings"] tbody tr`).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-construct')));
      expect(constructs, target).toEqual(lintTool(tool, target).map((f) => f.construct));
    }
    await s.page.locator('[data-strict-target="anthropic-strict"] details.strict-export summary').click();
    await s.page.locator('[data-role="strict-export-anthropic-strict"] button[data-copy]').click();
    await s.page.locator('[data-role="strict-export-anthropic-strict"] button[data-copy][data-state="copied"]').waitFor();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(strictExportTool(tool, 'anthropic-strict'), null, 2));
    await done(s);
  });
});
