// A playground that cannot be locked out (issue 37): a hostile link (a call nested 5,000 deep, a reply the
// grader backtracks on, a $ref bomb as your tools) leaves the page usable, and the next visit without a link
// opens usable too. A session that never showed its result is offered, not opened; #reset opens without the
// kept session; the crash panel links to it.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeShareState, encodeShareState } from '../../src/share-link';
import { DEFAULT_EXAMPLE } from '../../src/components/playground/examples/examples';
import { PENDING_KEY, SESSION_KEY } from '../../src/components/playground/session/storage';
import { BUDGET_MS } from '../../src/components/playground/workers/budget-gate';
import { siteUrl, useBrowser } from './browser';
import { done, openPlayground } from './playground-support';

const chrome = useBrowser();
const SHOTS = process.env.E2E_SHOTS ?? '/tmp';

const DEEP_CALL = `{"name":"create_ticket","arguments":{"subject":"s","priority":"p1","tags":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
const GRADE_CALL = 'update_ticket(ticket_id="T-8841", status="OPEN")';
const GRADE_REPLY = 'status must be one of' + '\n'.repeat(3000) + ']';
function refBomb(): string {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < 20; j++) props[`p${j}`] = i === 4 ? { type: 'integer' } : { $ref: `#/$defs/L${i + 1}` };
    defs[`L${i}`] = { type: 'object', properties: props };
  }
  return JSON.stringify([{ name: 'f', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: defs } }]);
}

/** Opens the playground at `hash` in the page, without waiting for the full editor (a hostile link may never give a verdict). */
async function visit(page: Page, hash = '') {
  // A page of its own, not a change of the address's hash in the open one: the next visit.
  await page.goto('about:blank');
  await page.goto(siteUrl('/playground/') + hash);
  await page.locator('[data-testid=playground]').waitFor({ timeout: 30_000 });
}

/** The page answers: the editor takes a call and the result column shows its verdict. */
async function usable(page: Page) {
  await page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid=verdict]').first().waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-testid=playground-crash]').count()).toBe(0);
  // A click is answered: the page's main thread is free.
  expect(await page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)))).toBe(true);
}

const hashCall = (page: Page) =>
  page.evaluate(() => location.hash).then((h) => {
    const d = decodeShareState(h);
    return d.ok === true ? d.state.call : '';
  });

/** Screenshots at 1440 and 360 px, and nothing wider than the screen. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [360, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width} px`).toBe(true);
  }
}

const kept = (page: Page) => page.evaluate(([k, p]) => [localStorage.getItem(k), localStorage.getItem(p)], [SESSION_KEY, PENDING_KEY]);

describe('a hostile link does not lock the playground out', () => {
  test('a call nested 5,000 deep: the page shows its verdict and stays usable, and so does the next visit without a link', async () => {
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'helpdesk', call: DEEP_CALL }));
    await usable(s.page);
    const again = await s.context.newPage();
    await visit(again);
    await usable(again);
    await again.close();
    await done(s);
  });

  test('a reply the grader once worked on for 19 s: graded at once, the page usable; the next visit too', async () => {
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'helpdesk', call: GRADE_CALL, reply: GRADE_REPLY }));
    await s.page.locator('[data-testid=grade-report]').waitFor({ timeout: 20_000 });
    expect(await s.page.locator('[data-testid=grade-stopped]').count()).toBe(0);
    await usable(s.page);
    // The body beside it is the engine's, as for any call.
    expect(await s.page.locator('[data-testid=error-body]').count()).toBe(1);
    const again = await s.context.newPage();
    await visit(again);
    await usable(again);
    await again.close();
    await done(s);
  });

  test('a $ref bomb as your tools, beside a good tool: the bomb is refused with its pointer and reason, the good tool checks calls, and the next visit opens usable', async () => {
    const s = await openPlayground(chrome.browser);
    const tools = JSON.stringify([...JSON.parse(refBomb()), { name: 'ping', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } }]);
    await visit(s.page, encodeShareState({ pack: 'custom', call: '{"name":"ping","arguments":{"n":"one"}}', tools }));
    const refused = s.page.locator('[data-testid=tools-refused]');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toMatch(/One tool was left out.*f: .*past the compile budget of a tool/s);
    await usable(s.page);
    expect(await s.page.locator('[data-testid=error-body]').textContent()).toContain('"error":"invalid_type"');
    await shots(s.page, 'playground-bomb');
    // It showed its result, so it is the session kept, and it opens again without a link.
    const [session] = await kept(s.page);
    expect(session).toContain('$defs');
    const again = await s.context.newPage();
    await visit(again);
    await usable(again);
    await again.locator('[data-testid=tools-refused]').waitFor();
    await again.close();
    await done(s);
  });

  test('your tools that the worker does not finish within the budget are stopped and said so; never kept; the next visit offers them', async () => {
    // The engine now compiles every hostile definition we know of within the budget, so the test holds the
    // worker back instead: the page's script is as shipped, and the budget worker never receives its job.
    const s = await openPlayground(chrome.browser);
    await s.context.addInitScript(() => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
        const job = (message as { job?: { kind?: string } } | null)?.job;
        if (job?.kind === 'tools') return;
        return post.call(this, message, ...rest);
      } as typeof Worker.prototype.postMessage;
    });
    const tools = JSON.stringify([{ name: 'ping', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }]);
    await visit(s.page, encodeShareState({ pack: 'custom', call: '{"name":"ping","arguments":{"n":1}}', tools }));
    const stopped = s.page.locator('[data-testid=tools-problems]').filter({ hasText: `took longer than ${BUDGET_MS / 1000} s` });
    await stopped.waitFor({ timeout: 20_000 });
    // The page's own thread is free, and the tools were not compiled on it.
    expect(await s.page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)))).toBe(true);
    expect(await s.page.locator('[data-testid=tools-ok]').count()).toBe(0);
    const [session, pending] = await kept(s.page);
    expect(session ?? '').not.toContain('ping');
    expect(pending).toContain('ping');
    const again = await s.context.newPage();
    await visit(again);
    await usable(again);
    await again.locator('[data-testid=unfinished-notice]').waitFor();
    await again.close();
    await done(s);
  });
});

describe('a session that never showed its result is offered, not opened', () => {
  test('the next visit opens on the kept session with a notice; Restore opens the unfinished one, Discard forgets it', async () => {
    const s = await openPlayground(chrome.browser);
    const unfinished = { pack: 'stripe', call: '{"name": "create_refund", "arguments": {"amount": "lots"}}' };
    await s.page.evaluate(([k, v]) => localStorage.setItem(k, v), [PENDING_KEY, JSON.stringify(unfinished)]);
    await visit(s.page);
    await usable(s.page);
    const notice = s.page.locator('[data-testid=unfinished-notice]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/did not finish showing its result/);
    await shots(s.page, 'playground-unfinished');
    // The page opened on the default example, not on the unfinished call.
    expect(await s.page.evaluate(() => location.hash)).not.toBe(encodeShareState(unfinished));
    await s.page.locator('[data-testid=restore-session]').click();
    await expect.poll(() => hashCall(s.page)).toContain('lots');
    await expect.poll(() => s.page.locator('[data-testid=unfinished-notice]').count()).toBe(0);
    // Shown, so kept: the next visit opens on it.
    await expect.poll(async () => (await kept(s.page))[0] ?? '', { timeout: 5_000 }).toContain('lots');
    expect((await kept(s.page))[1]).toBeNull();
    await done(s);
  });
});

describe('a link’s names in notices', () => {
  test('a pack name the site lacks is shown as a quoted value in code style, cut short, not as words of the notice', async () => {
    const name = 'Ignore the notice.\nThis link is safe' + 'z'.repeat(400);
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: name, call: '{"name": "get_ticket", "arguments": {"ticket_id": "T-1"}}' }));
    const value = s.page.locator('[data-testid=notice] [data-testid=notice-value]');
    expect(await value.textContent()).toBe(JSON.stringify(name.slice(0, 60) + '…'));
    expect(await s.page.locator('[data-testid=notice]').textContent()).toMatch(/^This link names the pack ".*…", which this site does not have\./);
    await shots(s.page, 'playground-notice-value');
    await done(s);
  });
});

describe('the crash panel', () => {
  test('a crash takes the session out of the kept one, and the panel opens the playground without it', async () => {
    const call = '{"name": "create_refund", "arguments": {"amount": "crashes"}}';
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'stripe', call }));
    await expect.poll(async () => (await kept(s.page))[0] ?? '', { timeout: 5_000 }).toContain('crashes');
    // A failure while rendering, made here: the mark the page sets once its first result is on screen throws,
    // once, on the next load. The page must then show the crash panel, not an empty page.
    await s.context.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name: string, options?: PerformanceMarkOptions) => {
        if (name === 'pg:first-result' && localStorage.getItem('test.crash') === 'once') {
          localStorage.removeItem('test.crash');
          throw new Error('a failure made by the test');
        }
        return mark(name, options);
      };
    });
    await s.page.evaluate(() => localStorage.setItem('test.crash', 'once'));
    await visit(s.page);
    const panel = s.page.locator('[data-testid=playground-crash]');
    await panel.waitFor({ timeout: 30_000 });
    await shots(s.page, 'playground-crash');
    // Crashed on, so no longer kept: offered instead.
    const [session, pending] = await kept(s.page);
    expect(session ?? '').not.toContain('crashes');
    expect(pending).toContain('crashes');
    await s.page.locator('[data-testid=crash-reset]').click();
    await usable(s.page);
    expect(await s.page.locator('[data-testid=unfinished-notice]').count()).toBe(1);
    expect(await hashCall(s.page)).not.toContain('crashes');
    await s.context.close();
  });
});

describe('#reset', () => {
  test('opens the default example without the kept session, and without a notice', async () => {
    const s = await openPlayground(chrome.browser, encodeShareState({ pack: 'stripe', call: '{"name": "create_refund", "arguments": {"amount": "kept"}}' }));
    await expect.poll(async () => (await kept(s.page))[0] ?? '', { timeout: 5_000 }).toContain('kept');
    await visit(s.page, '#reset');
    await usable(s.page);
    expect(await s.page.locator('[data-testid=notice]').count()).toBe(0);
    const hash = encodeShareState({ pack: DEFAULT_EXAMPLE.pack, call: DEFAULT_EXAMPLE.call });
    // The address follows the default example, and the storage then keeps it.
    await expect.poll(() => s.page.evaluate(() => location.hash)).toBe(hash);
    await expect.poll(async () => (await kept(s.page))[0] ?? '', { timeout: 5_000 }).not.toContain('kept');
    await done(s);
  });
});
