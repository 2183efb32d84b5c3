import { expect, test } from 'vitest';
import { useBrowser, openPage, siteUrl } from './browser';

const chrome = useBrowser();

test('the built site serves its home page without reaching outside localhost', async () => {
  const s = await openPage(chrome.browser);
  const res = await s.page.goto(siteUrl('/'));
  expect(res?.status()).toBe(200);
  await expect(s.page.locator('h1').first().textContent()).resolves.toContain('Actionable');
  expect(s.offsite).toEqual([]);
  expect(s.errors).toEqual([]);
  await s.context.close();
});
