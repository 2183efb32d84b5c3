// How fast the playground is, measured in Chromium against the built site and written to
// bench/playground.json, which `npm run bench` reports. Figures, not timed assertions: what is asserted is
// the order of events (the body before Monaco, the tokenizer after the body), never a duration.
// - First body: from the load event to the first result on screen (performance marks), for the default
//   example and for a shared link to another pack.
// - Keystroke to body: from each key's input event (its timeStamp) to the mutation of the body it changes.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeShareState } from '../../src/share-link';
import { getPack } from '../../src/packs';
import { launch, openPage, siteUrl } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUNS = 7;
const figures: Record<string, unknown> = {};

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)].toFixed(1));
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** Opens the page fresh and reads the marks: the load event, the first result, the editor, the tokenizer. */
async function firstBody(hash: string) {
  // No request route: it would add playwright's round trip to every chunk the first body waits for.
  const s = await openPage(browser, { watchRequests: false });
  await s.page.goto(siteUrl('/playground/') + hash);
  await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
  await s.page.locator('[data-testid=token-count]:not([data-tokens=""])').waitFor({ timeout: 30_000 });
  const marks = await s.page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { load: nav.loadEventStart, first: mark('pg:first-result'), editor: mark('pg:editor-ready'), tokenizer: mark('pg:tokenizer-start') };
  });
  await done(s);
  return marks;
}

describe('speed (reported, not asserted)', () => {
  test('first body: before Monaco and before the tokenizer; its time after the load event', { timeout: 180_000 }, async () => {
    const link = encodeShareState({ pack: 'stripe', tool: 'create_refund', call: '{"payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "amount": 15.5, "reason": "asked"}' });
    for (const [name, hash] of [
      ['default example', ''],
      ['shared link (stripe)', link],
    ] as const) {
      const afterLoad: number[] = [];
      const fromStart: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const m = await firstBody(hash);
        expect(m.first, name).not.toBeNull();
        // The body comes from the engine before Monaco has loaded, and the tokenizer starts after it.
        expect(m.first!, name).toBeLessThan(m.editor!);
        expect(m.tokenizer!, name).toBeGreaterThanOrEqual(m.first!);
        afterLoad.push(Math.max(0, m.first! - m.load));
        fromStart.push(m.first!);
      }
      figures[`first_body_${hash ? 'link' : 'default'}`] = { what: name, ms_after_load_event: stats(afterLoad), ms_after_navigation_start: stats(fromStart) };
    }
  });

  test('keystroke to updated body: input event to DOM mutation', { timeout: 180_000 }, async () => {
    const s = await openPlayground(browser, '', { permissions: ['clipboard-read', 'clipboard-write'] });
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
    const out = { schema: 1, date: new Date().toISOString(), browser: 'Chromium (headless, playwright-core)', cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`, runs: RUNS, ...figures };
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
