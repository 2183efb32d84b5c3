// The docs' navigation, in Chromium: a table of contents on long pages that follows the scroll, readable
// sidebar group labels, the same breadcrumbs on every page, /benchmarks/ leading with what the bodies buy,
// and one primary call to action on the home page; axe clean in light and dark, at 1440 and 360 px.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { allGenericCodes, check } from '../../src/engine';
import { packs } from '../../src/packs';
import { decodeShareState } from '../../src/share-link';
import { useBrowser, openPage, siteUrl, type Session } from './browser';

const chrome = useBrowser();

async function session(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Session> {
  const s = await openPage(chrome.browser, { colorScheme });
  await s.page.setViewportSize({ width, height: width > 1000 ? 900 : 780 });
  return s;
}

async function done(s: Session) {
  expect(s.offsite, 'requests outside localhost').toEqual([]);
  expect(s.errors, 'page errors').toEqual([]);
  await s.context.close();
}

const TOC = 'nav[aria-label="On this page"]';
/** The entries of the table of contents: [href, label, depth]. */
const tocOf = (s: Session) => s.page.locator(`${TOC} a`).evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent!.trim(), Number(a.getAttribute('data-depth'))]));
const current = (s: Session) => s.page.locator(`${TOC} a[aria-current="location"]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));

describe('a table of contents on long pages', () => {
  test('a tool page lists its sections and its fields, in order', async () => {
    const s = await session(1440);
    const stripe = packs.find((p) => p.id === 'stripe')!;
    const tool = stripe.tool('create_refund')!;
    await s.page.goto(siteUrl('/packs/stripe/create_refund/'));
    const toc = await tocOf(s);
    const fields = Object.keys(tool.source.arguments.properties);
    expect(toc.filter((e) => e[2] === 2).map((e) => [e[0], e[1]])).toEqual([
      ['#fields', 'Fields'],
      ['#schemas', 'Model-facing and wire schemas'],
      ['#exports', 'Exports'],
      ['#strict', 'Strict mode'],
      ['#examples', 'Example faulty calls'],
      ['#checks', 'Ordered checks'],
    ]);
    // Each top-level field has its entry under Fields (array items too, after their array).
    const fieldEntries = toc.filter((e) => String(e[0]).startsWith('#field-')).map((e) => e[0]);
    expect(fields.map((f) => `#field-${f}`).every((h) => fieldEntries.includes(h))).toBe(true);
    expect(fieldEntries.filter((h) => !String(h).endsWith('-item'))).toEqual(fields.map((f) => `#field-${f}`));
    // One table of contents: the page's own list of sections is gone.
    expect(await s.page.locator(TOC).count()).toBe(1);
    await done(s);
  });

  test('/errors/ lists every stage with its codes, then the codes per pack', async () => {
    const s = await session(1440);
    await s.page.goto(siteUrl('/errors/'));
    const toc = await tocOf(s);
    const codes = toc.filter((e) => e[2] === 3 && !String(e[0]).startsWith('#enum-') && !String(e[0]).startsWith('#rules-')).map((e) => e[1]);
    expect([...codes].sort()).toEqual(allGenericCodes().map((c) => c.code).sort());
    expect(toc.filter((e) => e[2] === 2).map((e) => e[0])).toEqual(['#stage-parse', '#stage-absorb', '#stage-validate', '#stage-checks', '#stage-body', '#enum-codes', '#rule-codes']);
    expect(toc.filter((e) => String(e[0]).startsWith('#enum-') && e[2] === 3).map((e) => e[0])).toEqual(packs.map((p) => `#enum-${p.id}`));
    // Every entry leads somewhere on the page.
    for (const [href] of toc) expect(await s.page.locator(String(href)).count(), String(href)).toBe(1);
    await done(s);
  });

  test('a pack page and /benchmarks/ have one; the home page, the packs index and the playground do not', async () => {
    const s = await session(1440);
    await s.page.goto(siteUrl('/packs/stripe/'));
    expect((await tocOf(s)).filter((e) => e[2] === 2).map((e) => e[1])).toEqual(['Tools', 'What stands out', 'Whole-pack exports']);
    await s.page.goto(siteUrl('/benchmarks/'));
    expect((await tocOf(s)).filter((e) => e[2] === 2).map((e) => e[0])).toEqual(['#buys', '#summary', '#tokens', '#recovery', '#beyond-schema', '#speed', '#hostile', '#run']);
    for (const path of ['/', '/packs/', '/playground/']) {
      await s.page.goto(siteUrl(path));
      expect(await s.page.locator(TOC).count(), path).toBe(0);
    }
    await done(s);
  });

  test('at 1440 px it stays in view beside the page and marks the section being read', async () => {
    const s = await session(1440);
    await s.page.goto(siteUrl('/packs/stripe/create_refund/'));
    const toc = s.page.locator(TOC);
    const main = await s.page.locator('main').boundingBox();
    const box = await toc.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
    // At the top of the page, above the first section, nothing is marked yet.
    expect(await current(s)).toEqual([]);
    for (const id of ['exports', 'strict', 'examples']) {
      // The section's heading just under the top of the window.
      await s.page.evaluate((id) => window.scrollTo({ top: document.getElementById(id)!.getBoundingClientRect().top + scrollY - 40, behavior: 'instant' }), id);
      await s.page.waitForFunction((id) => document.querySelector(`nav[aria-label="On this page"] a[aria-current="location"]`)?.getAttribute('href') === `#${id}`, id, { timeout: 5_000 });
      expect(await current(s)).toEqual([`#${id}`]);
      const after = await toc.boundingBox();
      expect(after!.y).toBeGreaterThanOrEqual(0);
      expect(after!.y).toBeLessThan(900);
    }
    // A field's row under Fields is marked when it is read.
    await s.page.evaluate(() => window.scrollTo({ top: document.getElementById('field-reason')!.getBoundingClientRect().top + scrollY - 40, behavior: 'instant' }));
    await s.page.waitForFunction(() => document.querySelector('nav[aria-label="On this page"] a[aria-current="location"]')?.getAttribute('href') === '#field-reason', null, { timeout: 5_000 });
    // The end of the page marks the last section, however short it is.
    await s.page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await s.page.waitForFunction(() => document.querySelector('nav[aria-label="On this page"] a[aria-current="location"]')?.getAttribute('href') === '#checks', null, { timeout: 5_000 });
    // Following a link goes to the section and marks it.
    await s.page.locator(`${TOC} a[href="#schemas"]`).click();
    await s.page.waitForFunction(() => document.querySelector('nav[aria-label="On this page"] a[aria-current="location"]')?.getAttribute('href') === '#schemas', null, { timeout: 5_000 });
    expect(new URL(s.page.url()).hash).toBe('#schemas');
    expect(await current(s)).toEqual(['#schemas']);
    await done(s);
  });

  test('at 360 px it sits above the page with the top-level sections only, and nothing overflows', async () => {
    const s = await session(360);
    await s.page.goto(siteUrl('/packs/stripe/create_refund/'));
    const toc = await s.page.locator(TOC).boundingBox();
    const h1 = await s.page.locator('main h1').boundingBox();
    expect(toc!.y + toc!.height).toBeLessThanOrEqual(h1!.y);
    const visible = await s.page.locator(`${TOC} a`).evaluateAll((as) => as.filter((a) => a.getClientRects().length > 0).map((a) => a.getAttribute('href')));
    expect(visible).toEqual(['#fields', '#schemas', '#exports', '#strict', '#examples', '#checks']);
    for (const path of ['/errors/', '/packs/stripe/create_refund/', '/packs/google-calendar/', '/benchmarks/', '/use/']) {
      await s.page.goto(siteUrl(path));
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await done(s);
  });
});

describe('the sidebar', () => {
  test('group labels are words, not a shout: "Payment intents", not "PAYMENTINTENTS"', async () => {
    const s = await session(1440);
    // innerText is the text as shown, after any CSS text-transform; the pack's own group is open on its page.
    const labels = async (pack: string) => {
      await s.page.goto(siteUrl(`/packs/${pack}/`));
      return s.page.locator('.sidebar details[open] .resource').evaluateAll((ps) => ps.map((p) => (p as HTMLElement).innerText));
    };
    expect(await labels('stripe')).toEqual(['Refunds', 'Customers', 'Payment intents', 'Charges']);
    // The lists carry the same words for a screen reader, and the pack page's headings too.
    expect(await s.page.locator('.sidebar ul[aria-label="Stripe: Payment intents"]').count()).toBe(1);
    expect(await s.page.locator('main h3').allTextContents()).toEqual(expect.arrayContaining(['Payment intents']));
    expect(await labels('google-calendar')).toEqual(['Events', 'Calendar list', 'Freebusy']);
    expect(await labels('helpdesk')).toEqual(['Tickets', 'Customers', 'Agents']);
    await done(s);
  });
});

describe('breadcrumbs', () => {
  const pages: [string, string[]][] = [
    ['/packs/', ['Home', 'Packs']],
    ['/packs/stripe/', ['Home', 'Packs', 'Stripe']],
    ['/packs/stripe/create_refund/', ['Home', 'Packs', 'Stripe', 'create_refund']],
    ['/packs/helpdesk/update_ticket/', ['Home', 'Packs', 'Helpdesk', 'update_ticket']],
    ['/errors/', ['Home', 'Error codes']],
    ['/examples/', ['Home', 'Examples']],
    ['/use/', ['Home', 'Use it']],
    ['/strict/', ['Home', 'Strict mode']],
    ['/benchmarks/', ['Home', 'Benchmarks']],
  ];

  for (const width of [1440, 360]) {
    test(`every docs page: Home first, the page last, in the same place above the page (${width} px)`, async () => {
      const s = await session(width);
      for (const [path, trail] of pages) {
        await s.page.goto(siteUrl(path));
        const nav = s.page.locator('nav[aria-label="Breadcrumb"]');
        expect(await nav.count(), path).toBe(1);
        expect((await nav.locator('li').allTextContents()).map((t) => t.trim()), path).toEqual(trail);
        const links = await nav.locator('a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        expect(links[0], path).toBe(new URL(siteUrl('/')).pathname);
        expect(links, path).toHaveLength(trail.length - 1);
        expect(await nav.locator('[aria-current="page"]').textContent(), path).toBe(trail[trail.length - 1]);
        // Outside the page's main content, first in its column, lined up with it.
        expect(await s.page.locator('main nav[aria-label="Breadcrumb"]').count(), path).toBe(0);
        const crumbs = (await nav.boundingBox())!;
        const main = (await s.page.locator('main').boundingBox())!;
        expect(Math.round(crumbs.x), path).toBe(Math.round(main.x));
        expect(crumbs.y, path).toBeLessThan(main.y);
        expect(crumbs.y, path).toBeLessThan(width > 1000 ? 120 : 260);
      }
      await done(s);
    });
  }

  test('every built page but the home page, the playground and the 404 page has one trail, starting at Home', () => {
    const outDir = process.env.E2E_OUT_DIR ?? 'dist';
    const html = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) return name === '_astro' || name === 'pagefind' ? [] : html(p);
        return name.endsWith('.html') ? [p] : [];
      });
    const skip = new Set([join(outDir, 'index.html'), join(outDir, 'playground', 'index.html'), join(outDir, '404.html')]);
    const files = html(outDir).filter((f) => !skip.has(f));
    expect(files.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const navs = [...text.matchAll(/<nav class="breadcrumbs" aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/g)];
      const first = navs[0] && /<li[^>]*>\s*<a [^>]*>([^<]*)<\/a>/.exec(navs[0][1])?.[1];
      if (navs.length !== 1 || first !== 'Home') wrong.push(`${f.slice(outDir.length)}: ${navs.length} trails, first crumb ${first}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});

describe('/benchmarks/', () => {
  test('leads with what the bodies buy, recovery and tokens from bench/results.json, and keeps the goal table below', async () => {
    const results = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8'));
    const total = (kind: string) => {
      const rows = Object.values(results.recovery.external[kind]) as Record<string, number>[];
      const sum = (k: string) => rows.reduce((t, r) => t + r[k], 0);
      const n = sum('applicable');
      const pct = (x: number) => `${((100 * x) / n).toFixed(1)}%`;
      return { withinOne: pct(sum('absorbed') + sum('one_round')), never: pct(sum('never')), absorbed: pct(sum('absorbed')) };
    };
    const ours = total('actionable');
    const bare = total('bare');
    const ajv = total('ajv');
    const s = await session(1440);
    await s.page.goto(siteUrl('/benchmarks/'));
    expect(await s.page.locator('main h2').first().textContent()).toBe('What the bodies buy');
    const figure = (name: string) => s.page.locator(`[data-figure="${name}"]`).innerText();
    expect(await s.page.locator('[data-figure="within-one"] strong').textContent()).toBe(ours.withinOne);
    expect(await figure('within-one')).toContain(`against ${bare.withinOne} with bare “Error:” strings and ${ajv.withinOne} with AJV’s messages`);
    expect(await s.page.locator('[data-figure="never"] strong').textContent()).toBe(ours.never);
    expect(await figure('never')).toContain(`against ${bare.never} and ${ajv.never}`);
    expect(await s.page.locator('[data-figure="absorbed"] strong').textContent()).toBe(ours.absorbed);
    expect(await s.page.locator('[data-figure="tokens"] strong').textContent()).toBe(`${results.tokens.single.median} tokens`);
    // The figures come before the goal table, which is still there.
    const buys = (await s.page.locator('[data-role="buys"]').boundingBox())!;
    const goals = (await s.page.locator('table[data-role="summary"]').boundingBox())!;
    expect(buys.y + buys.height).toBeLessThanOrEqual(goals.y);
    expect(await s.page.locator('table[data-role="summary"] tbody tr').count()).toBeGreaterThan(5);
    // The lead is in the first screen.
    expect(buys.y).toBeLessThan(900);
    await done(s);
  });

  test('the headline and the goal table agree: the headline\'s figure is a row, and the goal\'s narrower measure is named under it', async () => {
    const results = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8'));
    const s = await session(1440);
    await s.page.goto(siteUrl('/benchmarks/'));
    const rows = await s.page.locator('table[data-role="summary"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    const headline = (await s.page.locator('[data-figure="within-one"] strong').textContent())!;
    const applicable = (Object.values(results.recovery.external.actionable) as { applicable: number }[]).reduce((t, r) => t + r.applicable, 0);
    const row = rows.find((r) => r[1].includes('the figure that leads this page'));
    expect(row?.[2]).toBe(`${headline} of ${applicable.toLocaleString('en')}`);
    expect(await s.page.locator('[data-figure="within-one"]').innerText()).toContain(`of all ${applicable.toLocaleString('en')} broken calls`);
    // The goal's row counts the knowable calls only; the note under the headline gives that share and that count.
    const goal = results.recovery.goal;
    const share = `${((100 * goal.within_one_round) / goal.knowable_pairs).toFixed(1)}%`;
    expect(rows.find((r) => r[1].includes('where the fix is knowable'))?.[2]).toBe(`${share} of ${goal.knowable_pairs}`);
    const note = await s.page.locator('[data-role="headline-measure"]').innerText();
    expect(note).toContain(`only the ${goal.knowable_pairs.toLocaleString('en')} whose fix the schema makes knowable`);
    expect(note).toContain(`and ${share} of those were fixed within one round`);
    await done(s);
  });
});

describe('the main navigation', () => {
  for (const width of [1440, 360]) {
    test(`every section is on screen and can be clicked at ${width} px, with no scrolling row to hide one`, async () => {
      const s = await session(width);
      await s.page.goto(siteUrl('/packs/stripe/create_refund/'));
      const links = s.page.locator('nav.main-nav a');
      expect(await links.allTextContents()).toEqual(['Packs', 'Playground', 'Error codes', 'Examples', 'Use it', 'Strict mode', 'Benchmarks', 'Grade', 'Audit']);
      // Each link's centre is inside the viewport and the link itself is what is there (not clipped by a scrolling row).
      const hidden = await links.evaluateAll((as) =>
        as
          .filter((a) => {
            const r = a.getBoundingClientRect();
            const x = r.left + r.width / 2;
            const y = r.top + r.height / 2;
            return r.left < 0 || r.right > window.innerWidth || !a.contains(document.elementFromPoint(x, y));
          })
          .map((a) => a.textContent),
      );
      expect(hidden).toEqual([]);
      const nav = s.page.locator('nav.main-nav');
      expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
      await s.page.locator('nav.main-nav a', { hasText: 'Audit' }).click();
      expect(new URL(s.page.url()).pathname).toMatch(/\/audit\/$/);
      await done(s);
    });
  }
});

describe('the home page', () => {
  for (const width of [1440, 360]) {
    test(`has one primary call to action, in the first screen, opening the example in the playground (${width} px)`, async () => {
      const s = await session(width);
      await s.page.goto(siteUrl('/'));
      const primary = s.page.locator('.button.primary, [data-cta="primary"]');
      expect(await primary.count()).toBe(1);
      expect(await primary.textContent()).toBe('Try it in the playground');
      const box = (await primary.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(width > 1000 ? 900 : 780);
      // No other button-styled link competes with it.
      expect(await s.page.locator('main a.button').count()).toBe(1);
      const href = (await primary.getAttribute('href'))!;
      const decoded = decodeShareState(new URL(href, siteUrl('/')).hash);
      expect(decoded.ok).toBe(true);
      const state = (decoded as { ok: true; state: { pack: string; call: string } }).state;
      expect(state.pack).toBe('helpdesk');
      expect(check(packs.find((p) => p.id === 'helpdesk')!, state.call).body?.error).toBe('invalid_status');
      await done(s);
    });
  }
});

describe('axe', () => {
  // Every page at 1440 px in both schemes, and the phone layout (its header and the table of contents above
  // the page) in both schemes on a tool page and the home page. /errors/ and /benchmarks/ at 360 px in the
  // light scheme only: their own colours are scanned at 1440 px, the phone's chrome on the other two pages.
  const cases: [string, number, 'light' | 'dark'][] = [];
  for (const path of ['/packs/stripe/create_refund/', '/errors/', '/benchmarks/', '/'])
    for (const width of [1440, 360])
      for (const scheme of ['light', 'dark'] as const) if (!(width === 360 && scheme === 'dark' && (path === '/errors/' || path === '/benchmarks/'))) cases.push([path, width, scheme]);
  for (const [path, width, scheme] of cases) {
    test(`no serious or critical violation on ${path} at ${width} px (${scheme})`, { timeout: 180_000 }, async () => {
      const s = await session(width, scheme);
      await s.page.goto(siteUrl(path));
      // Scrolled into a section, so a marked entry of the table of contents is checked too.
      await s.page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
      await s.page.waitForTimeout(200);
      const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      await done(s);
    });
  }
});
