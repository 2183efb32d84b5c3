// /grade/: the styles' replies made by their libraries at build time and graded; the engine's row graded
// too; tau-bench's strings read from the shared corpus; reachable from the nav; readable at 1440 and 360 px.
import { expect, test } from 'vitest';
import { useBrowser, openPage, siteUrl } from './browser';

const chrome = useBrowser();

test('the grade page grades each style on each call, the engine included, and the nav links to it', async () => {
  const s = await openPage(chrome.browser);
  await s.page.setViewportSize({ width: 1440, height: 1000 });
  expect((await s.page.goto(siteUrl('/grade/')))?.status()).toBe(200);
  const nav = s.page.locator('a', { hasText: /^Grade$/ }).first();
  expect(await nav.getAttribute('href')).toMatch(/\/grade\/$/);
  const enumRows = s.page.locator('[data-grade-call="enum"] tr[data-style]');
  expect(await enumRows.count()).toBe(5);
  // The essay's call: the engine's body meets every point and recovers in one round; AJV's message never recovers.
  expect(await s.page.locator('[data-grade-call="enum"] tr[data-style="engine"] [data-role="points"]').textContent()).toBe('10 / 10');
  expect(await s.page.locator('[data-grade-call="enum"] tr[data-style="engine"] [data-role="rounds"]').textContent()).toBe('1 / 1');
  expect(await s.page.locator('[data-grade-call="enum"] tr[data-style="ajv"] [data-role="rounds"]').textContent()).toBe('never / 1');
  expect(await s.page.locator('[data-grade-call="enum"] tr[data-style="ajv"] code.reply').textContent()).toBe('data/status must be equal to one of the allowed values');
  // The MCP SDK's zod object strips an undeclared argument: no error at all for the misspelt call.
  expect(await s.page.locator('[data-grade-call="misspelt"] tr[data-style="mcp-sdk"] [data-role="accepted"]').textContent()).toMatch(/dropped without a word/);
  expect(await s.page.locator('[data-role="tau-table"] tbody tr').count()).toBeGreaterThan(20);
  expect(s.errors).toEqual([]);
  expect(s.offsite).toEqual([]);
  await s.page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/grade-1440.png`, fullPage: false });
  await s.page.setViewportSize({ width: 360, height: 800 });
  // Nothing wider than the screen at 360 px but the scrolling table regions.
  const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await s.page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/grade-360.png`, fullPage: false });
  await s.context.close();
});
