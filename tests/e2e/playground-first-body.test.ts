// The first body without waiting for the framework (first-body.ts): the default example's is in the HTML, so
// it reads with JavaScript off; a shared link's is written by the page's early script with React's island and
// Monaco held back; the island then shows the same body in the same place; a link the fallback does not show
// never shows the default's body instead. Bodies are compared with check() run here on the same call.
import { describe, expect, test } from 'vitest';
import type { Route } from 'playwright-core';
import { getPack } from '../../src/packs';
import { encodeShareState } from '../../src/share-link';
import { CUSTOM_SAMPLE, DEFAULT_EXAMPLE } from '../../src/components/playground/examples/first-example';
import { useBrowser, openPage, siteUrl } from './browser';
import { done, expected } from './playground-support';

const chrome = useBrowser();

const pretty = (body: unknown) => JSON.stringify(body, null, 2);

describe('the first body', () => {
  test('the default example’s body is in the served HTML: readable with JavaScript off', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(siteUrl('/playground/'));
      const { r } = expected(getPack(DEFAULT_EXAMPLE.pack)!, DEFAULT_EXAMPLE.call);
      expect(r.ok).toBe(false);
      const body = page.locator('[data-testid=first-body-json]');
      expect(await body.isVisible()).toBe(true);
      expect(await body.textContent()).toBe(pretty(r.body));
      expect(await body.textContent()).toContain(`"error": "${(r.body as { error: string }).error}"`);
      expect(await page.locator('[data-testid=first-call]').textContent()).toBe(DEFAULT_EXAMPLE.call);
      expect(await page.locator('.pg-first .pg-verdict').textContent()).toMatch(/^Rejected /);
    } finally {
      await context.close();
    }
  });

  // A wide screen, a narrow one (one column) and a phone's: the toolbar and the editor differ in each.
  test.each([1280, 800, 360])('a shared link’s body appears with React’s island and Monaco held back, and the island takes it over in place (%i px)', async (width) => {
    const call = '{"payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "amount": 15.5, "reason": "asked"}';
    const link = encodeShareState({ pack: 'stripe', tool: 'create_refund', call });
    const { r } = expected(getPack('stripe')!, call, { tool: 'create_refund' });
    expect(r.ok).toBe(false);
    const s = await openPage(chrome.browser);
    await s.page.setViewportSize({ width, height: 740 });
    // Held, not refused: the page gets them once the early body has been read; Monaco only once the island's
    // body has been measured, so each hand-over is seen on its own however fast the machine.
    const held = { island: [] as Route[], monaco: [] as Route[] };
    const released = { island: false, monaco: false };
    await s.page.route(/\/_astro\/(monaco-setup|Playground)\.[^/]*\.js$/, (route) => {
      const part = route.request().url().includes('/monaco-setup.') ? 'monaco' : 'island';
      return released[part] ? route.continue() : void held[part].push(route);
    });
    await s.page.goto(siteUrl('/playground/') + link);
    const early = s.page.locator('[data-first-body=ready] [data-testid=first-body-json]');
    await expect.poll(() => early.textContent(), { timeout: 30_000 }).toBe(pretty(r.body));
    expect(held.island.length, 'the island’s chunk was asked for and is held').toBeGreaterThan(0);
    expect(await s.page.locator('[data-testid=playground]').count(), 'React has not rendered').toBe(0);
    expect(await s.page.locator('[data-testid=first-call]').textContent()).toBe(call);
    const before = await early.boundingBox();
    released.island = true;
    for (const route of held.island) await route.continue();
    const island = s.page.locator('[data-testid=playground][data-first-result=yes] [data-testid=error-body-pretty]');
    await island.waitFor({ timeout: 30_000 });
    expect(await island.textContent()).toBe(pretty(r.body));
    // The same place: the island's body is where the early one was.
    const after = await island.boundingBox();
    expect(Math.abs(after!.y - before!.y), `the body moved from ${before!.y} to ${after!.y}`).toBeLessThanOrEqual(1);
    expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(1);
    // Monaco replaces the plain call: the body may move by a line the editor shows more (a hint can wrap one),
    // never by a frame of the editor at its full height, which pushed it down 350 px for a frame.
    await s.page.evaluate(() => {
      const w = window as unknown as { bodyTops: number[] };
      w.bodyTops = [];
      const body = document.querySelector('[data-testid=error-body-pretty]')!;
      const watch = () => {
        w.bodyTops.push(body.getBoundingClientRect().y);
        if (w.bodyTops.length < 600) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    released.monaco = true;
    for (const route of held.monaco) await route.continue();
    await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    await s.page.waitForTimeout(300);
    const tops = await s.page.evaluate(() => (window as unknown as { bodyTops: number[] }).bodyTops);
    const LINE = 19;
    expect(tops.length).toBeGreaterThan(5);
    const farthest = Math.max(...tops.map((y) => Math.abs(y - after!.y)));
    expect(farthest, `the body's top, frame by frame while Monaco arrived: ${[...new Set(tops.map(Math.round))].join(', ')}`).toBeLessThanOrEqual(LINE + 1);
    await done(s);
  });

  test('a link the fallback does not show (your own tools) never shows the default’s body in its stead', async () => {
    const s = await openPage(chrome.browser);
    await s.page.route(/\/_astro\/Playground\.[^/]*\.js$/, () => undefined);
    await s.page.goto(siteUrl('/playground/') + encodeShareState({ pack: 'helpdesk', call: CUSTOM_SAMPLE.call, tools: CUSTOM_SAMPLE.tools }));
    await s.page.locator('[data-first-body=none]').waitFor({ timeout: 30_000 });
    expect(await s.page.locator('[data-testid=first-body-json]').isVisible()).toBe(false);
    expect(await s.page.locator('.pg-first-waiting').isVisible()).toBe(true);
    await s.context.close();
  });
});
