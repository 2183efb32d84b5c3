// The playground's "Grade a reply" panel in Chromium: a link carrying a server's reply reopens the panel with
// it and shows what grade() gives here for the same pack, call and reply (points, rounds, o200k tokens); typing
// a reply puts it in the link, clearing it says what to paste; nothing overflows at 360 px.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { grade } from '../../src/engine';
import { getPack } from '../../src/packs';
import { decodeShareState, encodeShareState } from '../../src/share-link';
import { useBrowser, siteUrl } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

const helpdesk = getPack('helpdesk')!;
const CALL = JSON.stringify({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } }, null, 2);
const REPLY = '{"error":"Invalid status"}';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp';

async function shownPoints(page: Page) {
  return page.locator('[data-testid=grade-report] li[data-point]').evaluateAll((items) => items.map((li) => ({ id: li.getAttribute('data-point'), met: li.getAttribute('data-met') })));
}

async function hashReply(page: Page) {
  const d = decodeShareState(await page.evaluate(() => location.hash));
  if (d.ok !== true) throw new Error('the URL holds no state');
  return d.state.reply;
}

describe('Grade a reply', () => {
  test('a link with a reply reopens the panel: the points, "never" against 1 round, o200k tokens, the body beside it', async () => {
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'helpdesk', call: CALL, reply: REPLY }));
    await s.page.setViewportSize({ width: 1440, height: 1100 });
    await shownBody(s.page, expected(helpdesk, CALL).bytes);
    const want = grade(helpdesk, CALL, REPLY, { countTokens });
    // The essay's case, as the issue tells it: the bare reply never leads to an accepted call, the body in one round.
    expect(want.rounds).toEqual({ reply: null, body: 1 });
    expect(want.points.some((p) => !p.met)).toBe(true);

    expect(await s.page.locator('[data-testid=grade-reply]').inputValue()).toBe(REPLY);
    await expect.poll(() => shownPoints(s.page), { timeout: 15_000 }).toEqual(want.points.map((p) => ({ id: p.id, met: p.met ? 'yes' : 'no' })));
    const notes = await s.page.locator('[data-testid=grade-report] li[data-point] .pg-grade-note').allTextContents();
    expect(notes).toEqual(want.points.map((p) => p.note));
    const rounds = s.page.locator('[data-testid=grade-rounds]');
    expect([await rounds.getAttribute('data-reply'), await rounds.getAttribute('data-body')]).toEqual(['never', '1']);
    expect(await rounds.textContent()).toMatch(/your reply never · the body 1 round/);
    // Tokens: the worker's o200k count replaces the estimate, and matches gpt-tokenizer here.
    const tokens = s.page.locator('[data-testid=grade-tokens]');
    await expect.poll(() => tokens.getAttribute('data-counter'), { timeout: 15_000 }).toBe('o200k');
    expect([await tokens.getAttribute('data-reply'), await tokens.getAttribute('data-body')]).toEqual([String(want.tokens.reply), String(want.tokens.body)]);
    expect(await s.page.locator('[data-testid=error-body]').count()).toBe(1);
    await s.page.locator('[data-testid=grade-panel]').scrollIntoViewIfNeeded();
    await s.page.screenshot({ path: `${SHOTS}/playground-grade-1440.png`, fullPage: true });
    // Light and dark alike: the panel's marks and notes keep their contrast.
    for (const scheme of ['light', 'dark'] as const) {
      await s.page.emulateMedia({ colorScheme: scheme });
      const axe = await new AxeBuilder({ page: s.page as never }).include('[data-testid=grade-panel]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id}`)).toEqual([]);
    }
    await s.page.emulateMedia({ colorScheme: 'light' });

    await s.page.setViewportSize({ width: 360, height: 800 });
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const panel = await s.page.locator('[data-testid=grade-panel]').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
    expect(panel.scroll).toBeLessThanOrEqual(panel.client);
    expect(panel.right).toBeLessThanOrEqual(360);
    await s.page.locator('[data-testid=grade-panel]').scrollIntoViewIfNeeded();
    await s.page.screenshot({ path: `${SHOTS}/playground-grade-360.png`, fullPage: true });
    await s.page.locator('[data-testid=grade-panel]').screenshot({ path: `${SHOTS}/playground-grade-panel-360.png` });
    await done(s);
  });

  test('without a reply the panel says what to paste; typing one grades it and puts it in the link; clearing it takes it out', async () => {
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'helpdesk', call: CALL }));
    const box = s.page.locator('[data-testid=grade-reply]');
    await box.waitFor();
    expect(await s.page.locator('[data-testid=grade-empty]').textContent()).toMatch(/paste what your server sends back/);
    expect(await s.page.locator('[data-testid=grade-report]').count()).toBe(0);
    expect(await hashReply(s.page)).toBeUndefined();

    const reply = 'Error: invalid value for argument \'status\'';
    await box.fill(reply);
    const want = grade(helpdesk, CALL, reply);
    await expect.poll(() => shownPoints(s.page)).toEqual(want.points.map((p) => ({ id: p.id, met: p.met ? 'yes' : 'no' })));
    await expect.poll(() => hashReply(s.page)).toBe(reply);

    await box.fill('');
    await s.page.locator('[data-testid=grade-empty]').waitFor();
    await expect.poll(() => hashReply(s.page)).toBeUndefined();
    await done(s);
  });

  test('the /grade/ page links to the panel with its example reply, and the link opens it', async () => {
    const s = await openPlayground(chrome.browser);
    await s.page.goto(siteUrl('/grade/'));
    await s.page.locator('a[data-role=playground-grade]').click();
    await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    expect(await s.page.locator('[data-testid=grade-reply]').inputValue()).toBe(REPLY);
    const rounds = s.page.locator('[data-testid=grade-rounds]');
    await rounds.waitFor({ timeout: 15_000 });
    expect([await rounds.getAttribute('data-reply'), await rounds.getAttribute('data-body')]).toEqual(['never', '1']);
    await done(s);
  });
});
