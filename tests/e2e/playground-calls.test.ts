// A message holding several calls, pasted into the playground in Chromium against the built site: one
// body per call, in the message's order, each the bytes check() gives that call on its own here.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { checkCalls, serializeBody } from '../../src/engine';
import { getPack } from '../../src/packs';
import { useBrowser } from './browser';
import { done, openPlayground } from './playground-support';

const chrome = useBrowser();

/** Replaces an editor's text with a real paste (clipboard, then Ctrl+V), as a user does. */
async function paste(page: Page, testId: string, text: string) {
  await page.locator(`[data-testid=${testId}][data-editor=ready]`).waitFor();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`[data-testid=${testId}] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

describe('several calls in one message', () => {
  test('parallel Anthropic tool_use blocks: one body per call, as check() gives each alone', async () => {
    const s = await openPlayground(chrome.browser);
    const message = JSON.stringify({ role: 'assistant', content: [
      { type: 'tool_use', id: 'toolu_a', name: 'update_ticket', input: { ticket_id: 'T-8841', status: 'OPEN' } },
      { type: 'tool_use', id: 'toolu_b', name: 'get_ticket', input: { ticket_id: 'T-8841' } },
      { type: 'tool_use', id: 'toolu_c', name: 'update_ticket', input: { ticket_id: 'T-8841', priority: 'urgentt' } },
    ] }, null, 2);
    await paste(s.page, 'editor', message);
    const want = checkCalls(getPack('helpdesk')!, message).map((r) => (r.body ? serializeBody(r.body) : null));
    expect(want.filter((b) => b !== null)).toHaveLength(2);
    await expect.poll(() => s.page.locator('[data-testid=call-body]').count(), { timeout: 10_000 }).toBe(3);
    const shown = await s.page.locator('[data-testid=call-body]').evaluateAll((items) => items.map((li) => (li.getAttribute('data-ok') === 'yes' ? null : li.querySelector('pre')?.textContent ?? '')));
    expect(shown).toEqual(want);
    await done(s);
  });
});
