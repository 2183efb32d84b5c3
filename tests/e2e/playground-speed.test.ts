// How fast the playground is, measured in Chromium against the built site and written to
// bench/playground.json, which `npm run bench` reports. Figures, not timed assertions: what is asserted is
// the order of events (the body before Monaco, the tokenizer after the body), never a duration.
// - First body: from the load event to the body's text in the DOM (the fallback's, first-body.ts, or the
//   island's), cold, for the default example and for a shared link to another pack, on an unshaped network
//   and on fast 3G (bench/playground.ts, FAST_3G); with the layout shift until the island shows its own.
// - Keystroke to body: from each key's input event (its timeStamp) to the mutation of the body it changes.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { FAST_3G } from '../../bench/playground';
import { encodeShareState } from '../../src/share-link';
import { getPack } from '../../src/packs';
import { useBrowser, openPage, siteUrl } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

const RUNS = 7;
/** Fewer loads on the shaped network: each waits for every chunk at 1.6 Mbps. */
const SHAPED_RUNS = 5;
const figures: Record<string, unknown> = {};

function stats(values: number[], digits = 1) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)].toFixed(digits));
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/**
 * Opens the page cold (a fresh context has an empty cache) and reads: the load event; the first time a body's
 * text is in the DOM, the fallback's (first-body.ts) or the island's, but not one hidden while a link's is
 * worked out; the island's first result, the editor and the tokenizer (performance marks); and the layout
 * shift until the island has shown its own body (a PerformanceObserver on 'layout-shift').
 */
async function firstBody(hash: string, shaped: boolean) {
  // No request route: it would add playwright's round trip to every chunk the first body waits for.
  const s = await openPage(chrome.browser, { watchRequests: false });
  if (shaped) {
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send('Network.enable');
    const { latency, downloadThroughput, uploadThroughput } = FAST_3G;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput, uploadThroughput });
  }
  await s.page.addInitScript(() => {
    const w = window as unknown as { __firstBodyAt: number | null; __shift: number };
    w.__firstBodyAt = null;
    w.__shift = 0;
    const seen = () => {
      if (w.__firstBodyAt !== null) return;
      const el = document.querySelector('[data-testid=first-body-json], [data-testid=error-body-pretty]');
      if (el?.textContent && !el.closest('[data-first-body=pending], [data-first-body=none]')) {
        w.__firstBodyAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(seen);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-first-body'] });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await s.page.goto(siteUrl('/playground/') + hash);
  await s.page.locator('[data-testid=playground][data-first-result=yes] [data-testid=error-body-pretty]').waitFor({ timeout: 60_000 });
  // Two frames for a shift the island's body causes to be reported.
  await s.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shiftAtIsland = await s.page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  if (!shaped) {
    await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    await s.page.locator('[data-testid=token-count]:not([data-tokens=""])').waitFor({ timeout: 30_000 });
  }
  const marks = await s.page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const w = window as unknown as { __firstBodyAt: number | null };
    return { load: nav.loadEventStart, first: w.__firstBodyAt, island: mark('pg:first-result'), editor: mark('pg:editor-ready'), tokenizer: mark('pg:tokenizer-start') };
  });
  await done(s);
  return { ...marks, shiftAtIsland };
}

describe('speed (reported, not asserted)', () => {
  test('first body: in the DOM before React and Monaco; its time after the load event, cold, unshaped and on fast 3G', { timeout: 900_000 }, async () => {
    const link = encodeShareState({ pack: 'stripe', tool: 'create_refund', call: '{"payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "amount": 15.5, "reason": "asked"}' });
    for (const shaped of [false, true]) {
      for (const [name, hash] of [
        ['default example', ''],
        ['shared link (stripe)', link],
      ] as const) {
        const afterLoad: number[] = [];
        const fromStart: number[] = [];
        const islandAfterLoad: number[] = [];
        const shift: number[] = [];
        for (let i = 0; i < (shaped ? SHAPED_RUNS : RUNS); i++) {
          const m = await firstBody(hash, shaped);
          expect(m.first, name).not.toBeNull();
          // The body is there before the island's own, hence before Monaco, and the tokenizer starts after it.
          expect(m.first!, name).toBeLessThanOrEqual(m.island!);
          if (!shaped) {
            expect(m.island!, name).toBeLessThan(m.editor!);
            expect(m.tokenizer!, name).toBeGreaterThanOrEqual(m.first!);
          }
          afterLoad.push(Math.max(0, m.first! - m.load));
          fromStart.push(m.first!);
          islandAfterLoad.push(Math.max(0, m.island! - m.load));
          shift.push(m.shiftAtIsland);
        }
        figures[`first_body_${hash ? 'link' : 'default'}${shaped ? '_fast3g' : ''}`] = {
          what: `${name}, ${shaped ? FAST_3G.name : 'network not shaped'}`,
          ms_after_load_event: stats(afterLoad),
          ms_after_navigation_start: stats(fromStart),
          island_body_ms_after_load_event: stats(islandAfterLoad),
          layout_shift: stats(shift, 4),
        };
      }
    }
  });

  test('keystroke to updated body: input event to DOM mutation', { timeout: 180_000 }, async () => {
    const s = await openPlayground(chrome.browser, '', { permissions: ['clipboard-read', 'clipboard-write'] });
    const helpdesk = getPack('helpdesk')!;
    for (const size of [1_000, 9_500]) {
      // A create_ticket call of about `size` characters whose priority is wrong: every key changes `received`.
      const filler = 'x'.repeat(Math.max(0, size - 80));
      const call = JSON.stringify({ name: 'create_ticket', arguments: { subject: filler, priority: 'high' } });
      await s.page.evaluate((t) => navigator.clipboard.writeText(t), call);
      await s.page.locator('[data-testid=editor] .view-lines').click();
      await s.page.keyboard.press('ControlOrMeta+A');
      await s.page.keyboard.press('ControlOrMeta+V');
      await shownBody(s.page, expected(helpdesk, call).bytes);
      await s.page.getByRole('button', { name: 'Exact bytes' }).click();
      await s.page.locator('[data-testid=editor] .view-lines').click();
      await s.page.keyboard.press('ControlOrMeta+End');
      for (let i = 0; i < 3; i++) await s.page.keyboard.press('ArrowLeft');
      await startRecording(s.page);
      const keys = 'abcdefghijklmnopqrstuvwxyz'.repeat(3).slice(0, 60);
      for (const k of keys) {
        await s.page.keyboard.press(k);
        await s.page.waitForTimeout(60);
      }
      const latencies = await stopRecording(s.page);
      expect(latencies.length).toBeGreaterThanOrEqual(55);
      figures[`keystroke_${call.length}_chars`] = { ms: stats(latencies) };
      await shownBody(s.page, expected(helpdesk, call.replace('"high"', `"high${keys}"`)).bytes);
      await s.page.getByRole('button', { name: 'Exact bytes' }).click();
    }
    await done(s);
  });

  afterAll(() => {
    const out = { schema: 1, date: new Date().toISOString(), browser: 'Chromium (headless, playwright-core)', cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`, runs: RUNS, shaped_runs: SHAPED_RUNS, ...figures };
    console.log(`[playground speed] ${JSON.stringify(out)}`);
    if (Object.keys(figures).length) writeFileSync('bench/playground.json', JSON.stringify(out, null, 2) + '\n');
  });
});

/** Records each key's input event and the body's next mutation after it. */
async function startRecording(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __muts: number[]; __obs: MutationObserver };
    w.__keys = [];
    w.__muts = [];
    window.addEventListener('keydown', (e) => w.__keys.push(e.timeStamp), { capture: true });
    w.__obs = new MutationObserver(() => w.__muts.push(performance.now()));
    w.__obs.observe(document.querySelector('[data-testid=error-body]')!, { subtree: true, childList: true, characterData: true });
  });
}

async function stopRecording(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __keys: number[]; __muts: number[]; __obs: MutationObserver };
    w.__obs.disconnect();
    const out: number[] = [];
    w.__keys.forEach((k, i) => {
      const next = w.__keys[i + 1] ?? Infinity;
      const m = w.__muts.find((t) => t >= k && t < next);
      if (m !== undefined) out.push(m - k);
    });
    return out;
  });
}
