// Search finds a tool by what it does, in the index of the real build (dist/pagefind, written by
// astro-pagefind): the tool pages carry words made from their facts (src/docs/search-words.ts).
// tests/site-search.test.ts asks the same of an index it builds itself, in the unit tier.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { searchIndex } from '../search-index';
import { openPage, siteUrl, useBrowser } from './browser';

const bundle = join(process.env.E2E_OUT_DIR ?? 'dist', 'pagefind');
// The last two are words every imported tool page repeats (its strict-mode verdicts, its examples' note).
const QUERIES = ['send sms', 'create issue', 'refund', 'strict export rewrites', 'importer made to exercise'];
let results: Record<string, string[]> = {};

beforeAll(() => {
  if (!existsSync(join(bundle, 'pagefind.js'))) throw new Error(`no search index at ${bundle}: the build writes it`);
  results = searchIndex(bundle, QUERIES);
}, 120_000);

/** A result's path without the site's base path. */
const path = (url: string) => url.replace(/^.*?\/packs\//, '/packs/');

describe('the built site search', () => {
  test('"send sms" finds Twilio\'s CreateMessage (twilio-api-v2010) first', () => {
    expect(results['send sms'].map(path)[0]).toBe('/packs/twilio-api-v2010/CreateMessage/');
  });
  test('"create issue" puts GitHub\'s issues_create among the first five', () => {
    expect(results['create issue'].map(path).slice(0, 5)).toContain('/packs/github-v3/issues_create/');
  });
  test('"refund" alone lists the tools that create refunds, curated and imported, among the eight the box shows', () => {
    const top = results['refund'].map(path).slice(0, 8);
    expect(top).toContain('/packs/stripe/create_refund/');
    expect(top).toContain('/packs/stripe-v1/PostRefunds/');
  });
  test('words every tool page repeats make no tool page a result', () => {
    // A tool's page is /packs/<pack>/<tool>/: its own words find it, not the notes and exports all 4,601 share.
    const toolPage = (url: string) => /^\/packs\/[^/]+\/[^/]+\/$/.test(path(url));
    for (const q of ['strict export rewrites', 'importer made to exercise']) expect(results[q].filter(toolPage), q).toEqual([]);
  });
});

describe('the search box, as a reader types in it', () => {
  const chrome = useBrowser();
  const ask = async (page: Page, q: string) => {
    await page.fill('#site-search', q);
    await expect.poll(() => page.locator('[data-search-status]').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`“${q}”`));
    return {
      status: await page.locator('[data-search-status]').textContent(),
      hrefs: await page.locator('[data-search-results] > li > a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    };
  };

  test('a word the index does not hold gets "No results", not pages that match a stub of it', { timeout: 90_000 }, async () => {
    const s = await openPage(chrome.browser);
    await s.page.goto(siteUrl('/packs/'));
    for (const q of ['xyzzyqq', 'qqqq']) expect(await ask(s.page, q), q).toEqual({ status: `No results for “${q}”.`, hrefs: [] });
    // A real word still finds its pages.
    expect((await ask(s.page, 'refund')).hrefs.length).toBeGreaterThan(3);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  test('"refund" lists the tools that create refunds, and no excerpt quotes a page\'s hidden search words', { timeout: 90_000 }, async () => {
    const s = await openPage(chrome.browser);
    await s.page.goto(siteUrl('/packs/'));
    for (const q of ['refund', 'send sms', 'create issue']) {
      const { hrefs } = await ask(s.page, q);
      if (q === 'refund') expect(hrefs.map((h) => path(h!))).toEqual(expect.arrayContaining(['/packs/stripe/create_refund/', '/packs/stripe-v1/PostRefunds/']));
      const excerpts = await s.page.locator('[data-search-results] > li > a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.querySelector('.result-excerpt')?.textContent ?? '']));
      for (const [href, text] of excerpts) {
        // The page's own list of the words people use for what it does (its `does` field): never in its excerpt.
        const page = path(new URL(href!, 'http://x').pathname);
        if (!/^\/packs\/[^/]+\/[^/]+\/$/.test(page)) continue;
        const does = /data-pagefind-meta="does:([^"]*)"/.exec(readFileSync(join(process.env.E2E_OUT_DIR ?? 'dist', page, 'index.html'), 'utf8'))?.[1];
        if (does) expect(String(text).toLowerCase(), `${q}: ${href}`).not.toContain(does.split(' ').slice(0, 3).join(' '));
      }
    }
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  test('an error code asked by name opens at its entry on the errors page', { timeout: 90_000 }, async () => {
    const s = await openPage(chrome.browser);
    await s.page.goto(siteUrl('/packs/'));
    for (const code of ['missing_required', 'not_found']) expect((await ask(s.page, code)).hrefs[0], code).toBe(siteUrl(`/errors/#${code}`).replace(/^https?:\/\/[^/]+/, ''));
    await s.context.close();
  });

  test('at 360 px the results take the header’s width, not the box’s', { timeout: 90_000 }, async () => {
    const s = await openPage(chrome.browser);
    await s.page.setViewportSize({ width: 360, height: 800 });
    await s.page.goto(siteUrl('/packs/'));
    await ask(s.page, 'refund');
    const width = await s.page.locator('.search-panel').evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(320);
    await s.context.close();
  });
});
