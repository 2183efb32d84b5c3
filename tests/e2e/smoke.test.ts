import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage, siteUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('the built site serves its home page without reaching outside localhost', async () => {
  const s = await openPage(browser);
  const res = await s.page.goto(siteUrl('/'));
  expect(res?.status()).toBe(200);
  await expect(s.page.locator('h1').first().textContent()).resolves.toContain('Actionable');
  expect(s.offsite).toEqual([]);
  expect(s.errors).toEqual([]);
  await s.context.close();
});
