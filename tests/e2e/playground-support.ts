// What the playground browser tests share: opening the page until the full editor is up, the checks every
// test ends with, and the body the page must show for a call (check() run here on the same text).
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { check, serializeBody, type CheckOptions, type CompiledPack } from '../../src/engine';
import { openPage, siteUrl, type Session } from './browser';

export type PlaygroundSession = Session & { dialogs: string[] };

export async function openPlayground(browser: Browser, hash = '', options: Parameters<typeof openPage>[1] = {}): Promise<PlaygroundSession> {
  const s = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'], ...options });
  const dialogs: string[] = [];
  s.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await s.page.goto(siteUrl('/playground/') + hash);
  // The full editor replaces the plain one once the checker and Monaco have loaded.
  await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
  await s.page.locator('[data-testid=verdict]').first().waitFor();
  return { ...s, dialogs };
}

/** Replaces an editor's text with a real paste (clipboard, then Ctrl+V), as a user does. */
export async function paste(page: Page, testId: string, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`[data-testid=${testId}] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Every test ends here: nothing left localhost, nothing failed in the page, no dialog opened. */
export async function done(s: Session & { dialogs?: string[] }) {
  expect(s.offsite, 'requests outside localhost').toEqual([]);
  expect(s.errors, 'page errors').toEqual([]);
  expect(s.dialogs ?? [], 'dialogs opened by the page').toEqual([]);
  await s.context.close();
}

/** What the page must show for a call: check() here, on the same text, with the same options. */
export function expected(pack: CompiledPack, call: string, options: CheckOptions = {}) {
  const r = check(pack, call, options);
  return { r, bytes: r.body ? serializeBody(r.body) : null };
}

/** Waits until the page shows these exact body bytes, or shows the call accepted when `bytes` is null. */
export async function shownBody(page: Page, bytes: string | null) {
  if (bytes === null) {
    await expect.poll(() => page.locator('[data-testid=accepted]').count()).toBe(1);
    expect(await page.locator('[data-testid=error-body]').count()).toBe(0);
  } else {
    await expect.poll(() => page.locator('[data-testid=error-body]').textContent(), { timeout: 10_000 }).toBe(bytes);
  }
}
