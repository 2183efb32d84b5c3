// The playground as a debugger (issue 13), in Chromium against the built site: the body first and readable,
// linked back to the call; the session remembered; links that survive mail and chat; a whole transcript
// replayed; the suggested call in the caller's own envelope; pickers that scale; and an API document pasted
// into Your tools. Every body shown is compared with the engine run here, in Node, on the same input.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { compressToEncodedURIComponent } from 'lz-string';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { check, packFromToolDefinitions, serializeBody } from '../../src/engine';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import { replay } from '../../src/engine/replay';
import { importSpec } from '../../src/importer';
import { getPack } from '../../src/packs';
import { getImportedPack, packListing } from '../../src/imported/site';
import { decodeShareState, encodeShareState } from '../../src/share-link';
import { diagnosticsFor } from '../../src/components/playground/editor/diagnostics';
import { inEnvelope } from '../../src/components/playground/views/envelopes';
import { DEFAULT_EXAMPLE, EXAMPLES, REPLAY_EXAMPLES } from '../../src/components/playground/examples/examples';
import { entrySources } from '../../src/sandbox/faults';
import { callLine } from '../../src/components/playground/panels/ReplayPanel';
import { SESSION_FILE_FORMAT } from '../../src/components/playground/session/storage';
import { useBrowser, openPage, siteUrl } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

const helpdesk = getPack('helpdesk')!;
const open = (hash = '', options: Parameters<typeof openPlayground>[2] = {}) => openPlayground(chrome.browser, hash, options);
const example = (id: string) => EXAMPLES.find((e) => e.id === id)!;

async function paste(page: Page, testId: string, text: string) {
  await page.locator(`[data-testid=${testId}][data-editor=ready]`).waitFor();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`[data-testid=${testId}] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

async function pickExample(page: Page, id: string) {
  await page.locator('[data-testid=examples-button]').click();
  await page.locator(`[data-example="${id}"]`).click();
}

async function hashState(page: Page) {
  const d = decodeShareState(await page.evaluate(() => location.hash));
  if (d.ok !== true) throw new Error('the URL holds no state');
  return d.state;
}

/** Tokens of the body view that a line break split across two lines: keys, numbers, literals, punctuation and single-word strings. */
async function splitTokens(page: Page, view: string) {
  return page.locator(`[data-testid=${view}]`).evaluate((pre) =>
    [...pre.querySelectorAll('span, button')]
      .filter((el) => !(el.classList.contains('j-str') && /\s/.test(el.textContent ?? '')) || el.tagName === 'BUTTON')
      .filter((el) => el.getClientRects().length > 1)
      .map((el) => el.textContent),
  );
}

async function axeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), what).toEqual([]);
}

describe('result first', () => {
  test('the body is indented by default, spans the result column, and a line never breaks inside a token', async () => {
    const s = await open();
    await pickExample(s.page, 'three-faults');
    const { r, bytes } = expected(helpdesk, example('three-faults').call);
    await shownBody(s.page, bytes);
    const pretty = s.page.locator('[data-testid=error-body-pretty]');
    expect(await pretty.isVisible()).toBe(true);
    expect(await pretty.textContent()).toBe(JSON.stringify(r.body, null, 2));
    expect(await s.page.locator('[data-testid=error-body]').isVisible()).toBe(false);
    const body = (await s.page.locator('.pg-panel-body').boundingBox())!;
    const column = (await s.page.locator('.pg-col-output').boundingBox())!;
    expect(Math.abs(body.width - column.width)).toBeLessThanOrEqual(1);
    // At a phone's width, where lines do break: never inside a key, a value or a word.
    await s.page.setViewportSize({ width: 360, height: 740 });
    expect(await splitTokens(s.page, 'error-body-pretty')).toEqual([]);
    await s.page.getByRole('button', { name: 'Exact bytes' }).click();
    expect(await s.page.locator('[data-testid=error-body]').isVisible()).toBe(true);
    // The bytes are one line of JSON: here it wraps, between tokens only.
    const rects = await s.page.locator('[data-testid=error-body]').evaluate((pre) => pre.getClientRects()[0].height);
    expect(rects).toBeGreaterThan(60);
    expect(await splitTokens(s.page, 'error-body')).toEqual([]);
    await done(s);
  });

  test('the stage trace is one line, and expands on demand', async () => {
    const s = await open();
    await pickExample(s.page, 'close-unassigned');
    const trace = s.page.locator('[data-testid=trace]');
    await trace.waitFor();
    const lineHeight = await trace.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await trace.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 1.5);
    expect(await s.page.locator('[data-testid=trace-detail]').isVisible()).toBe(false);
    await s.page.locator('[data-testid=trace-toggle]').click();
    expect(await s.page.locator('[data-testid=trace-toggle]').getAttribute('aria-expanded')).toBe('true');
    expect(await s.page.locator('[data-testid=trace-detail]').isVisible()).toBe(true);
    await done(s);
  });

  test('the editor’s height follows its content; the intro is one sentence', async () => {
    const s = await open();
    const editor = s.page.locator('[data-testid=editor]');
    const oneLine = (await editor.boundingBox())!.height;
    expect(oneLine).toBeLessThan(120);
    const long = JSON.stringify({ name: 'create_ticket', arguments: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field_${i}`, i])) }, null, 2);
    await paste(s.page, 'editor', long);
    await expect.poll(async () => (await editor.boundingBox())!.height).toBeGreaterThan(oneLine + 300);
    // …up to 60% of the window, past which it scrolls.
    expect((await editor.boundingBox())!.height).toBeLessThanOrEqual(900 * 0.6 + 2);
    const intro = (await s.page.locator('.pg-intro p').textContent())!.trim();
    expect(intro.split(/(?<=[.!?])\s+/)).toHaveLength(1);
    await done(s);
  });

  test('at 360 px the call and its body are both on the first screen', async () => {
    const s = await openPage(chrome.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await s.page.setViewportSize({ width: 360, height: 740 });
    await s.page.goto(siteUrl('/playground/'));
    await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    await shownBody(s.page, expected(helpdesk, DEFAULT_EXAMPLE.call).bytes);
    const editor = (await s.page.locator('[data-testid=editor]').boundingBox())!;
    const body = (await s.page.locator('[data-testid=error-body-pretty]').boundingBox())!;
    console.log(`[playground 360] editor ${Math.round(editor.y)}–${Math.round(editor.y + editor.height)} px, body ${Math.round(body.y)}–${Math.round(body.y + body.height)} px, screen 740 px`);
    expect(editor.y + editor.height).toBeLessThanOrEqual(740);
    expect(body.y + body.height).toBeLessThanOrEqual(740);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await done(s);
  });

  test('hovering or focusing a body entry’s field marks its span in the call and names the rule behind it', async () => {
    const s = await open();
    await pickExample(s.page, 'three-faults');
    const call = example('three-faults').call;
    const { r } = expected(helpdesk, call);
    const diags = diagnosticsFor(call, r);
    const sources = entrySources(r);
    // Monaco renders spaces as no-break spaces.
    const marked = () => s.page.locator('[data-testid=editor] .pg-span-highlight').allTextContents().then((t) => t.join('').replace(/\u00a0/g, ' '));
    for (const [i, field] of ['status', 'priority', 'due_at'].entries()) {
      const d = diags.find((x) => x.entry === i && x.kind !== 'conflict')!;
      const button = s.page.locator(`[data-testid=error-body-pretty] [data-body-field="${field}"]`);
      if (i === 1) await button.focus();
      else await button.hover();
      await expect.poll(marked).toBe(call.slice(d.start, d.end));
      expect(await s.page.locator('[data-testid=field-rule]').textContent()).toBe(`${field} comes from ${sources[i].rule}`);
    }
    expect(sources[0].rule).toBe('the schema’s enum at #/properties/status/enum (must be equal to one of the allowed values)');
    // The pointer leaving gives back the focused entry's mark; leaving that too clears it.
    const priority = diags.find((x) => x.entry === 1 && x.kind !== 'conflict')!;
    await s.page.locator('h1').hover();
    await expect.poll(marked).toBe(call.slice(priority.start, priority.end));
    await s.page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await expect.poll(marked).toBe('');
    expect(await s.page.locator('[data-testid=field-rule]').textContent()).toMatch(/^Point at a field/);
    await done(s);
  });
});

describe('instant', () => {
  test('the body is on screen before Monaco, in a plain read-only view of the call', async () => {
    const s = await openPage(chrome.browser);
    // Monaco held back: the page must not wait for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await s.context.route('**/monaco-setup*.js', async (route) => {
      await held;
      await route.continue();
    });
    await s.page.goto(siteUrl('/playground/'));
    await shownBody(s.page, expected(helpdesk, DEFAULT_EXAMPLE.call).bytes);
    expect(await s.page.locator('[data-testid=playground]').getAttribute('data-ready')).toBe('basic');
    const plain = s.page.locator('[data-testid=editor-plain]');
    expect(await plain.textContent()).toBe(DEFAULT_EXAMPLE.call);
    expect([await plain.getAttribute('role'), await plain.getAttribute('aria-readonly')]).toEqual(['textbox', 'true']);
    release();
    await s.page.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    await done(s);
  });
});

describe('without Monaco', () => {
  test('Monaco refused: the call is a plain textarea that checks the same way, and says why', async () => {
    const s = await openPage(chrome.browser);
    await s.context.route('**/monaco-setup*.js', (route) => route.abort());
    await s.page.goto(siteUrl('/playground/'));
    await shownBody(s.page, expected(helpdesk, DEFAULT_EXAMPLE.call).bytes);
    const fallback = s.page.locator('[data-testid=editor] textarea.pg-editor-fallback');
    await fallback.waitFor({ timeout: 30_000 });
    // Monaco's host stays out of the way (CodeEditor keeps it laid out only while Monaco loads).
    expect(await s.page.locator('[data-testid=editor] .pg-editor-host').isVisible()).toBe(false);
    expect(await s.page.locator('[data-testid=editor] .pg-editor-note').textContent()).toContain('could not load');
    const call = '{"name": "get_ticket", "arguments": {"ticket_id": "T-1", "verbose": true}}';
    await fallback.fill(call);
    await shownBody(s.page, expected(helpdesk, call).bytes);
    // The refused chunk is the only error the page reports.
    expect(s.errors.every((e) => /monaco-setup|Failed to load|Failed to fetch|ERR_FAILED|dynamically imported module/i.test(e)), s.errors.join('\n')).toBe(true);
    expect(s.offsite).toEqual([]);
    await s.context.close();
  });
});

describe('remembered', () => {
  test('without a link the last session comes back; Reset restores the defaults', async () => {
    const s = await open();
    const call = '{"name": "get_ticket", "arguments": {"ticket_id": "T-1", "verbose": true}}';
    await paste(s.page, 'editor', call);
    await shownBody(s.page, expected(helpdesk, call).bytes);
    await s.page.waitForTimeout(500);
    // A new visit in the same browser, with nothing after the #.
    const again = await s.context.newPage();
    await again.goto(siteUrl('/playground/'));
    await again.locator('[data-testid=playground][data-ready=monaco]').waitFor({ timeout: 30_000 });
    await shownBody(again, expected(helpdesk, call).bytes);
    await again.locator('[data-testid=session-button]').click();
    await again.locator('[data-testid=session-reset]').click();
    await shownBody(again, expected(helpdesk, DEFAULT_EXAMPLE.call).bytes);
    await expect.poll(async () => (await hashState(again)).call).toBe(DEFAULT_EXAMPLE.call);
    await again.close();
    await done(s);
  });

  test('the recent calls of each pack, most recent first, one click to bring back', async () => {
    const s = await open();
    const calls = ['{"name": "get_ticket", "arguments": {"ticket_id": "T-1"}}', '{"name": "get_ticket", "arguments": {"ticket_id": "T-2"}}', 'update_ticket(ticket_id="T-3", status="closed")'];
    for (const c of calls) {
      await paste(s.page, 'editor', c);
      await shownBody(s.page, expected(helpdesk, c).bytes);
      await s.page.waitForTimeout(1500);
    }
    await s.page.locator('[data-testid=session-button]').click();
    const items = s.page.locator('[data-testid=history-item]');
    expect((await items.allTextContents()).slice(0, 3)).toEqual([calls[2], calls[1], calls[0]]);
    await items.nth(2).click();
    await shownBody(s.page, expected(helpdesk, calls[0]).bytes);
    await expect.poll(async () => (await hashState(s.page)).call).toBe(calls[0]);
    await done(s);
  });

  test('a session saved to a file opens again from it', async () => {
    const s = await open();
    await pickExample(s.page, 'sync-token');
    const ex = example('sync-token');
    await shownBody(s.page, expected(getPack('google-calendar')!, ex.call).bytes);
    await s.page.locator('[data-testid=session-button]').click();
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.locator('[data-testid=session-export]').click()]);
    expect(download.suggestedFilename()).toBe('actionable-session-google-calendar.json');
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: SESSION_FILE_FORMAT, version: 1, session: { pack: 'google-calendar', call: ex.call } });
    // Elsewhere, later: the default example, then the file.
    const other = await open();
    await other.page.locator('[data-testid=session-import]').setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await shownBody(other.page, expected(getPack('google-calendar')!, ex.call).bytes);
    expect(await other.page.locator('[data-testid=pack-select]').getAttribute('data-value')).toBe('google-calendar');
    // A file that is not a session says so.
    await other.page.locator('[data-testid=session-import]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
    await expect.poll(() => other.page.locator('[data-testid=notice]').textContent()).toContain('"notes.json": This file is not a playground session');
    await done(other);
    await done(s);
  });

  test('a damaged link stays in the address bar until the user edits', async () => {
    const damaged = '#v1/N4IgzgpgNhDGAuBLA9gOxAGhAWwIYGsIA';
    const s = await open(damaged);
    await s.page.locator('[data-testid=notice]').waitFor();
    await s.page.waitForTimeout(800);
    expect(await s.page.evaluate(() => location.hash)).toBe(damaged);
    await s.page.locator('[data-testid=editor] .view-lines').click();
    await s.page.keyboard.press('End');
    await s.page.keyboard.type(' ');
    await expect.poll(async () => (await hashState(s.page)).call).toBe(DEFAULT_EXAMPLE.call + ' ');
    await done(s);
  });

  test('a link rewritten by a mail or chat tool still opens; a link naming a tool the pack lacks says so', async () => {
    const state = { pack: 'stripe', tool: 'create_refund', call: '{"payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "amount": 15.5}' };
    const hash = '#v1/' + compressToEncodedURIComponent(JSON.stringify(state));
    const s = await open('#' + encodeURIComponent(hash.slice(1)));
    await shownBody(s.page, expected(getPack('stripe')!, state.call, { tool: state.tool }).bytes);
    expect(await s.page.locator('[data-testid=notice]').count()).toBe(0);
    await done(s);

    const call = '{"ticket_id": "T-8841"}';
    const other = await open(encodeShareState({ pack: 'helpdesk', tool: 'close_ticket', call }));
    const notice = other.page.locator('[data-testid=tool-notice]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The tool "close_ticket" is not in the Helpdesk pack');
    await shownBody(other.page, expected(helpdesk, call).bytes);
    await done(other);
  });
});

describe('the replay of a whole transcript', () => {
  const essay = REPLAY_EXAMPLES[0];

  async function openReplay(hash = '') {
    const s = await openPage(chrome.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await s.page.goto(siteUrl('/playground/') + hash);
    if (!hash) await s.page.locator('[data-testid=tab-replay]').click();
    await s.page.locator('[data-testid=replay-summary][data-wasted-tokens]:not([data-wasted-tokens=""])').waitFor({ timeout: 30_000 });
    return s;
  }

  async function rows(page: Page) {
    return page.locator('[data-testid=replay-row]').evaluateAll((els) =>
      els.map((el) => ({
        turn: Number(el.getAttribute('data-turn')),
        ok: el.getAttribute('data-ok') === 'true',
        loop: el.getAttribute('data-loop') === 'true',
        wasted: el.getAttribute('data-wasted') === 'true',
        call: el.querySelector('[data-testid=replay-call]')!.textContent,
        got: el.querySelector('[data-testid=replay-got]')?.textContent ?? null,
        body: el.querySelector('[data-testid=replay-body]')!.textContent,
        next: el.querySelector('[data-testid=replay-next]')!.textContent,
      })),
    );
  }

  test('the essay’s transcript: one row per call, the loop marked, three turns wasted, one actionable round', async () => {
    expect(essay.id).toBe('essay-loop');
    const s = await openReplay();
    const outcome = replay(helpdesk, essay.text, { countTokens });
    if (!outcome.ok) throw new Error(outcome.message);
    const report = outcome.report;
    expect([report.wasted_turns, report.wasted_turn_numbers, report.actionable.turns]).toEqual([3, [5, 6, 7], 1]);
    expect(await rows(s.page)).toEqual([
      { turn: 4, ok: false, loop: true, wasted: false, call: 'update_ticket(ticket_id="T-8841", status="OPEN")', got: '{"error": "Invalid status"}', body: serializeBody(report.calls[0].check.body!), next: 'not fixed: turn 5 is refused too' },
      { turn: 5, ok: false, loop: true, wasted: true, call: 'update_ticket(ticket_id="T-8841", status="Open")', got: '{"error": "Invalid status"}', body: serializeBody(report.calls[1].check.body!), next: 'not fixed: turn 6 is refused too' },
      { turn: 6, ok: false, loop: true, wasted: true, call: 'update_ticket(ticket_id="T-8841", status="ACTIVE")', got: '{"error": "Invalid status"}', body: serializeBody(report.calls[2].check.body!), next: 'fixed by turn 8' },
      { turn: 7, ok: true, loop: false, wasted: true, call: 'get_ticket(ticket_id="T-8841")', got: '{"ticket_id": "T-8841", "status": "open", "assignee": "eng-3", ...}', body: 'accepted', next: 'accepted' },
      { turn: 8, ok: true, loop: false, wasted: false, call: 'update_ticket(ticket_id="T-8841", status="open")', got: '{"ticket_id": "T-8841", "status": "open", "updated_at": "2026-03-11T09:14:02Z"}', body: 'accepted', next: 'accepted' },
    ]);
    // The same calls as the engine read them.
    expect(report.calls.map((c) => callLine(c))).toEqual((await rows(s.page)).map((r) => r.call));
    const summary = s.page.locator('[data-testid=replay-summary]');
    expect(await summary.getAttribute('data-wasted-turns')).toBe('3');
    expect(await summary.getAttribute('data-wasted-tokens')).toBe(String(report.wasted_tokens));
    expect(await s.page.locator('[data-testid=replay-waste]').textContent()).toBe(
      `Recovering took 4 turns, 3 of them wasted (turn 5, 6, 7: 3 calls, ${report.wasted_tokens} tokens with their results). With this engine’s body at the first refusal, the next call is the fix: one round instead of 4, for ${report.actionable.body_tokens} tokens of body.`,
    );
    expect(await s.page.locator('[data-testid=replay-loop]').allTextContents()).toEqual(['invalid_status on status 3 times in a row']);
    await done(s);
  });

  test('a replay shares by link, and an old link without one opens as before', async () => {
    const s = await openReplay();
    await s.page.locator('[data-testid=share-button]').click();
    await expect.poll(() => s.page.locator('[data-testid=status]').textContent()).toBe('Link copied');
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    const d = decodeShareState(link.slice(link.indexOf('#')));
    expect(d).toMatchObject({ ok: true, state: { pack: 'helpdesk', replay: essay.text } });
    const first = await rows(s.page);
    await done(s);
    const again = await openReplay(link.slice(link.indexOf('#')));
    expect(await again.page.locator('[data-testid=tab-replay]').getAttribute('aria-selected')).toBe('true');
    expect(await rows(again.page)).toEqual(first);
    await done(again);
  });

  test('a transcript in Anthropic’s messages, typed in, and one of its calls opened in the editor', async () => {
    const s = await openReplay();
    const ex = REPLAY_EXAMPLES.find((e) => e.id === 'anthropic-messages')!;
    await s.page.locator('[data-testid=replay-examples]').selectOption(ex.id);
    const outcome = replay(helpdesk, ex.text);
    if (!outcome.ok) throw new Error(outcome.message);
    await expect.poll(async () => (await rows(s.page)).map((r) => [r.turn, r.ok, r.loop, r.body])).toEqual(
      outcome.report.calls.map((c) => [c.turn, c.check.ok, c.loop, c.check.body ? serializeBody(c.check.body) : 'accepted']),
    );
    await s.page.locator('[data-testid=replay-row]').first().getByRole('button', { name: 'Open in the editor' }).click();
    const line = callLine(outcome.report.calls[0]);
    await shownBody(s.page, expected(helpdesk, line).bytes);
    await done(s);
  });
});

describe('the suggested call, in the caller’s own envelope', () => {
  test('OpenAI Chat by default for an OpenAI Chat call, with its id; then Anthropic, MCP and Python-style', async () => {
    const s = await open();
    const call = JSON.stringify({ id: 'call_Qm7vT2', type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify({ ticket_id: 'T-8841', status: 'OPEN' }) } });
    await paste(s.page, 'editor', call);
    const suggested = check(helpdesk, call).suggested_call!;
    expect(suggested).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } });
    await s.page.locator('[data-testid=copy-suggested]').waitFor();
    expect(await s.page.locator('[data-testid=envelope-select]').inputValue()).toBe('openai-chat');
    const copied = async () => {
      await s.page.evaluate(() => navigator.clipboard.writeText(''));
      await s.page.locator('[data-testid=copy-suggested]').click();
      return s.page.evaluate(() => navigator.clipboard.readText());
    };
    expect(await copied()).toBe(inEnvelope(suggested, 'openai-chat', JSON.parse(call)));
    expect(JSON.parse(await copied()).id).toBe('call_Qm7vT2');
    for (const e of ['anthropic', 'mcp', 'python'] as const) {
      await s.page.locator('[data-testid=envelope-select]').selectOption(e);
      expect(await copied(), e).toBe(inEnvelope(suggested, e, JSON.parse(call)));
    }
    expect(await copied()).toBe('update_ticket(ticket_id="T-8841", status="open")');
    await done(s);
  });
});

describe('pickers that scale to thousands of tools', () => {
  test('the pack picker searches by typing and picks with the keyboard', async () => {
    const s = await open();
    const input = s.page.locator('[data-testid=pack-select]');
    await input.click();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await s.page.keyboard.type('stri');
    // The curated pack and the import of Stripe's own spec both match; the curated one comes first.
    const options = await s.page.locator('[data-testid=pack-select-list] [role=option]').allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.every((o) => /stripe/i.test(o))).toBe(true);
    expect(options[0]).toMatch(/^Stripe/);
    expect(options.some((o) => /Stripe API/.test(o))).toBe(true);
    await s.page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('data-value')).toBe('stripe');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await done(s);
  });

  test('2,000 tools of your own: the tool picker filters them, shows the first few, and picks by keyboard; axe clean while open', { timeout: 180_000 }, async () => {
    const s = await open();
    await s.page.locator('[data-testid=tab-custom]').click();
    const tools = Array.from({ length: 2000 }, (_, i) => ({ name: `tool_${String(i).padStart(4, '0')}`, input_schema: { type: 'object', properties: { n: { type: 'integer', maximum: i } }, required: ['n'] } }));
    await paste(s.page, 'tools-editor', JSON.stringify(tools));
    await expect.poll(() => s.page.locator('[data-testid=tools-ok]').textContent(), { timeout: 20_000 }).toContain('2,000 tools');
    const input = s.page.locator('[data-testid=tool-select]');
    await input.click();
    expect(await s.page.locator('[data-testid=tool-select-count]').textContent()).toBe('60 of 2,001 shown: type to narrow.');
    await axeClean(s.page, 'tool picker open');
    await s.page.keyboard.type('tool_123');
    // tool_1230 to tool_1239 start with it; tool_0123 and tool_1123 hold both its words.
    expect(await s.page.locator('[data-testid=tool-select-list] [role=option] .pg-combo-option-label').allTextContents()).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `tool_123${i}`),
      'tool_0123',
      'tool_1123',
    ]);
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('data-value')).toBe('tool_1231');
    await paste(s.page, 'editor', '{"n": 5000}');
    const pack = packFromToolDefinitions(tools);
    await shownBody(s.page, expected(pack, '{"n": 5000}', { tool: 'tool_1231' }).bytes);
    await done(s);
  });

  // Built with every imported pack (or with IMPORTED_PACKS naming github-v3): GitHub's 1,223 tools.
  const github = packListing().find((p) => p.id === 'github-v3');
  test.skipIf(!github)('an imported pack of 1,223 tools: picked by typing, a tool found by its words, and a call to a tool not yet loaded gets the server’s body', { timeout: 120_000 }, async () => {
    const s = await open();
    await s.page.locator('[data-testid=pack-select]').click();
    await s.page.keyboard.type('github');
    await s.page.keyboard.press('Enter');
    await expect.poll(() => s.page.locator('[data-testid=pack-select]').getAttribute('data-value')).toBe('github-v3');
    const tool = s.page.locator('[data-testid=tool-select]');
    await expect.poll(() => tool.isDisabled()).toBe(false);
    await tool.click();
    expect(await s.page.locator('[data-testid=tool-select-count]').textContent()).toBe(`60 of ${(github!.tools + 1).toLocaleString('en')} shown: type to narrow.`);
    await s.page.keyboard.type('create label');
    expect(await s.page.locator('[data-testid=tool-select-list] [role=option] .pg-combo-option-label').allTextContents()).toContain('issues_create-label');
    await s.page.keyboard.press('Escape');
    const call = JSON.stringify({ name: 'issues_create-label', arguments: { owner: 'octo', repo: 'hello', colour: 'ff0000' } });
    await paste(s.page, 'editor', call);
    await shownBody(s.page, expected(getImportedPack('github-v3')!, call).bytes);
    await done(s);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing serious with the pack picker open and on the Replay tab (${scheme})`, { timeout: 120_000 }, async () => {
      const s = await open('', { colorScheme: scheme });
      await s.page.locator('[data-testid=pack-select]').click();
      await axeClean(s.page, 'pack picker open');
      await s.page.keyboard.press('Escape');
      await s.page.locator('[data-testid=session-button]').click();
      await axeClean(s.page, 'session menu open');
      await s.page.locator('[data-testid=session-button]').click();
      await s.page.locator('[data-testid=tab-replay]').click();
      await s.page.locator('[data-testid=replay-row]').first().waitFor();
      await axeClean(s.page, 'replay');
      await done(s);
    });
  }
});

describe('Your tools from an OpenAPI document', () => {
  test('a pasted OpenAPI document is imported in the browser, with its progress, and a call gets its body', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1.0.0' },
      paths: {
        '/pets': {
          post: {
            operationId: 'createPet',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { type: 'object', required: ['name', 'kind'], properties: { name: { type: 'string', maxLength: 40 }, kind: { type: 'string', enum: ['cat', 'dog', 'fish'] }, age: { type: 'integer', minimum: 0 } } } } },
            },
            responses: { '201': { description: 'created' } },
          },
        },
        '/pets/{petId}': {
          get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
        },
      },
    };
    const s = await open();
    await s.page.locator('[data-testid=tab-custom]').click();
    await paste(s.page, 'tools-editor', JSON.stringify(doc, null, 2));
    await expect.poll(() => s.page.locator('[data-testid=tools-ok]').textContent(), { timeout: 30_000 }).toMatch(/^From the OpenAPI 3\.0\.3 document: 2 tools: /);
    const { pack: source } = await importSpec(doc, { id: 'your-api' });
    const pack = compilePack(source, 'your API document');
    const call = JSON.stringify({ name: pack.tools[0].name, arguments: { name: 'Rex', kind: 'Dog', age: -1 } });
    await paste(s.page, 'editor', call);
    await shownBody(s.page, expected(pack, call).bytes);
    await done(s);
  });
});
