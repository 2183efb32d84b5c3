// The playground as a new user goes through it: every example of the Examples menu, every tab, and calls
// typed key by key. The page must show the engine's body each time and never log an error: an uncaught
// error or a console error (React's "maximum update depth", #185, among them) fails the test.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { getPack } from '../../src/packs';
import { EXAMPLES } from '../../src/components/playground/examples/examples';
import { useBrowser, siteUrl } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

// In this order each click selects its tab: from Replay, Pack tools and Your tools pick what the replay is
// checked against and stay on Replay (session.ts), so Replay is left for State.
const TABS = ['tab-replay', 'tab-state', 'tab-custom', 'tab-pack'] as const;

async function noCrash(page: Page) {
  expect(await page.locator('[data-testid=playground-crash]').count(), 'the playground stopped').toBe(0);
}

/** Types the call key by key into the emptied editor, as a person does (Monaco closes brackets and quotes itself, and types over them). */
async function typeCall(page: Page, text: string) {
  await page.locator('[data-testid=editor][data-editor=ready] .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text, { delay: 15 });
}

describe('playground without errors', () => {
  test('every example of the Examples menu shows the engine’s body, with no error logged', { timeout: 240_000 }, async () => {
    const s = await openPlayground(chrome.browser);
    const { page } = s;
    await page.locator('[data-testid=examples-button]').click();
    // The catalogue is its own chunk, loaded as the menu opens.
    await page.locator('[data-example]').first().waitFor();
    const ids = await page.locator('[data-example]').evaluateAll((els) => els.map((e) => e.getAttribute('data-example')!));
    // The menu lists every example of examples.ts: a menu that lost items would pass the loop vacuously.
    expect([...ids].sort()).toEqual(EXAMPLES.map((ex) => ex.id).sort());
    await page.keyboard.press('Escape');
    for (const ex of EXAMPLES) {
      if (!(await page.locator('[data-testid=examples-menu]').isVisible())) await page.locator('[data-testid=examples-button]').click();
      await page.locator(`[data-example="${ex.id}"]`).click();
      await shownBody(page, expected(getPack(ex.pack)!, ex.call).bytes);
      await noCrash(page);
      expect(s.errors, `errors after the example ${ex.id}`).toEqual([]);
    }
    // The open pack's own examples of its tool (the menu's last section), each picked once.
    await page.locator('[data-testid=examples-button]').click();
    const packExamples = await page.locator('[data-pack-example]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pack-example')!));
    expect(packExamples.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    for (const id of packExamples) {
      if (!(await page.locator('[data-testid=examples-menu]').isVisible())) await page.locator('[data-testid=examples-button]').click();
      await page.locator(`[data-pack-example="${id}"]`).click();
      await page.locator('[data-testid=verdict]').first().waitFor();
      await noCrash(page);
      expect(s.errors, `errors after the pack example ${id}`).toEqual([]);
    }
    await done(s);
  });

  test('every tab opens, and opens again, with no error logged', { timeout: 120_000 }, async () => {
    const s = await openPlayground(chrome.browser);
    const { page } = s;
    for (const round of [1, 2]) {
      for (const tab of TABS) {
        await page.locator(`[data-testid=${tab}]`).click();
        expect(await page.locator(`[data-testid=${tab}]`).getAttribute('aria-selected'), `${tab}, round ${round}`).toBe('true');
        // Each tab's panel is a lazy chunk: wait for its editor (Replay's, the tools', the state's) to be up.
        await page.locator('[data-testid=playground] [data-editor=ready]').first().waitFor();
        await noCrash(page);
        expect(s.errors, `errors on ${tab}, round ${round}`).toEqual([]);
      }
    }
    await done(s);
  });

  test('a call entered as one burst of character events (an input method, a typing tool) shows its body with no error logged', { timeout: 120_000 }, async () => {
    // Playwright's insertText reaches Monaco's EditContext one character per event, in one go: a render
    // forced per character went past React's limit of nested updates (#185) about every other time.
    for (let round = 0; round < 3; round++) {
      const s = await openPlayground(chrome.browser);
      const { page } = s;
      const call = '{"name":"update_ticket","arguments":{"ticket_id":8841,"status":"open"}}';
      await page.locator('[data-testid=editor][data-editor=ready] .view-lines').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(call);
      await shownBody(page, expected(getPack('helpdesk')!, call).bytes);
      expect(s.errors, `round ${round}`).toEqual([]);
      await noCrash(page);
      await done(s);
    }
  });

  // Issue 20: these two, typed, stopped the playground with React's error #185 (maximum update depth).
  test.each([
    ['a country as a Python-style argument', 'create_customer(name="Ada", country_code="GB")'],
    ['a country where the pack wants it', '{"name": "create_customer", "arguments": {"name": "Ada", "address": {"country": "GB"}}}'],
    ['a currency by its name', '{"name": "create_payment_intent", "arguments": {"amount": 1000, "currency": "Euro"}}'],
    // Accepted after absorbing: the verdict, the call as it runs and the correction marks, with no body.
    ['a currency in capitals', 'create_payment_intent(amount=1000, currency="EUR")'],
    ['a field name in another case', 'create_customer(name="Ada", Email="ada@example.com")'],
  ])('%s, typed against the Stripe pack, shows its body with no error logged', { timeout: 120_000 }, async (_about, call) => {
    const s = await openPlayground(chrome.browser);
    const { page } = s;
    await page.locator('[data-testid=pack-select]').click();
    await page.keyboard.type('Stripe');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid=pack-select]').getAttribute('data-value')).toBe('stripe');
    await typeCall(page, call);
    // Monaco closes brackets and quotes as they open and types over them after: the text is the call.
    await expect.poll(() => page.evaluate(() => location.hash.length)).toBeGreaterThan(0);
    await shownBody(page, expected(getPack('stripe')!, call).bytes);
    await noCrash(page);
    await done(s);
  });

  test('a link whose # arrived percent-encoded opens the playground with its state', { timeout: 60_000 }, async () => {
    const s = await openPlayground(chrome.browser);
    const example = EXAMPLES.find((ex) => ex.pack === 'stripe')!;
    // The link the page itself makes for an example, then mangled as a chat tool does: # as %23.
    await s.page.locator('[data-testid=examples-button]').click();
    await s.page.locator(`[data-example="${example.id}"]`).click();
    await shownBody(s.page, expected(getPack('stripe')!, example.call).bytes);
    await expect.poll(() => s.page.evaluate(() => location.hash)).toMatch(/^#v1\//);
    const hash = await s.page.evaluate(() => location.hash);
    const again = await openPlayground(chrome.browser, '');
    await again.page.goto(siteUrl('/playground/') + '%23' + hash.slice(1));
    await again.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    expect(new URL(again.page.url()).pathname).toMatch(/\/playground\/$/);
    await shownBody(again.page, expected(getPack('stripe')!, example.call).bytes);
    // The server answers the mangled address with its 404 page (which sends the browser on), and Chromium
    // logs that status; nothing else may be logged.
    expect(again.errors.filter((e) => !/Failed to load resource: .*404/.test(e))).toEqual([]);
    again.errors.length = 0;
    await done(again);
    await done(s);
  });
});
