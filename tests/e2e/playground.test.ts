// The playground in Chromium against the built site. Every displayed body is compared with check() run
// here, in Node, on the same call: the page must show those exact bytes. Nothing may leave localhost,
// nothing may log an error, and markup in a call must stay text.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { compressToEncodedURIComponent } from 'lz-string';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { packFromToolDefinitions } from '../../src/engine';
import { getPack, packs } from '../../src/packs';
import { packExamples } from '../../src/docs/examples';
import { decodeShareState, SHARE_WARN_BYTES } from '../../src/share-link';
import { CUSTOM_SAMPLE, DEFAULT_EXAMPLE, EXAMPLES } from '../../src/components/playground/examples/examples';
import { shapeLabel } from '../../src/engine/shared/format-labels';
import { useBrowser, siteUrl } from './browser';
import { openApiTool } from './openapi-tool';
import { corpusPath } from '../../src/cli/corpus-dir';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

const open = (hash = '', options: Parameters<typeof openPlayground>[2] = {}) => openPlayground(chrome.browser, hash, options);




/** Replaces an editor's text with a real paste (clipboard, then Ctrl+V), as a user does. */
async function paste(page: Page, testId: string, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`[data-testid=${testId}] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

const pasteCall = (page: Page, text: string) => paste(page, 'editor', text);

/** The state the address bar holds now. */
async function hashState(page: Page) {
  const hash = await page.evaluate(() => location.hash);
  const d = decodeShareState(hash);
  if (d.ok !== true) throw new Error(`the URL holds no state: ${hash}`);
  return d.state;
}

describe('the playground', () => {
  test('opens on the default example with its body, its token count and no stray requests', async () => {
    const s = await open();
    const { r, bytes } = expected(getPack(DEFAULT_EXAMPLE.pack)!, DEFAULT_EXAMPLE.call);
    await shownBody(s.page, bytes);
    expect(await s.page.locator('[data-testid=shape]').getAttribute('data-shape')).toBe(r.shape);
    await expect.poll(() => s.page.locator('[data-testid=token-count]').getAttribute('data-tokens')).toBe(String(countTokens(bytes!)));
    // The squiggle sits on "OPEN", and did_you_mean is written beside it.
    await expect.poll(() => s.page.locator('[data-testid=editor] .squiggly-error').count()).toBeGreaterThan(0);
    const inline = async () => (await s.page.locator('[data-testid=editor] .pg-dym-inline').allTextContents()).join('').replace(/\u00a0/g, ' ');
    await expect.poll(inline).toContain('did you mean "open"?');
    await done(s);
  });

  test('typing a faulty call shows its body as you type, with no button', async () => {
    const s = await open();
    const helpdesk = getPack('helpdesk')!;
    const first = '{"name": "create_ticket", "arguments": {"subject": "Printer on fire", "priority": "high"}}';
    await pasteCall(s.page, first);
    await shownBody(s.page, expected(helpdesk, first).bytes);
    // Now type over the faulty value, key by key: `high` becomes `p9`, then `p1`.
    await s.page.keyboard.press('End');
    for (let i = 0; i < '"}}'.length; i++) await s.page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'high'.length; i++) await s.page.keyboard.press('Backspace');
    await s.page.keyboard.type('p9');
    const typed = '{"name": "create_ticket", "arguments": {"subject": "Printer on fire", "priority": "p9"}}';
    await shownBody(s.page, expected(helpdesk, typed).bytes);
    await s.page.keyboard.press('Backspace');
    await s.page.keyboard.type('1');
    await shownBody(s.page, null);
    await expect.poll(async () => (await hashState(s.page)).call).toBe('{"name": "create_ticket", "arguments": {"subject": "Printer on fire", "priority": "p1"}}');
    await done(s);
  });

  test('the copy button copies the exact bytes', async () => {
    const s = await open();
    const { bytes } = expected(getPack(DEFAULT_EXAMPLE.pack)!, DEFAULT_EXAMPLE.call);
    await s.page.locator('[data-testid=copy-body]').click();
    await expect.poll(() => s.page.evaluate(() => navigator.clipboard.readText())).toBe(bytes);
    // The indented view (the default) is for reading; the exact bytes are one click away, and copying gives them either way.
    await s.page.getByRole('button', { name: 'Exact bytes' }).click();
    await expect.poll(() => s.page.locator('[data-testid=error-body]').isVisible()).toBe(true);
    await s.page.evaluate(() => navigator.clipboard.writeText(''));
    await s.page.locator('[data-testid=copy-body]').click();
    await expect.poll(() => s.page.evaluate(() => navigator.clipboard.readText())).toBe(bytes);
    await done(s);
  });

  test('every example opens in one click from the menu, with its body', async () => {
    const s = await open();
    for (const ex of EXAMPLES) {
      await s.page.locator('[data-testid=examples-button]').click();
      await s.page.locator(`[data-example="${ex.id}"]`).click();
      const pack = getPack(ex.pack)!;
      const { r, bytes } = expected(pack, ex.call);
      await shownBody(s.page, bytes);
      expect(await s.page.locator('[data-testid=shape]').textContent(), ex.id).toBe(shapeLabel(r.shape));
      expect(await s.page.locator('[data-testid=pack-select]').getAttribute('data-value'), ex.id).toBe(ex.pack);
      await expect.poll(async () => (await hashState(s.page)).call, { message: ex.id }).toBe(ex.call);
      // The corrections panel lists what was absorbed.
      const corrections = await s.page.locator('[data-testid=corrections]').textContent();
      for (const c of r.corrections) expect(corrections, ex.id).toContain(c.field);
      if (ex.id === 'refund-cents') {
        // A valid call: the gloss of amount is the defence, so it is shown.
        const gloss = pack.tool('create_refund')!.fields.get('amount')!.gloss!;
        await expect.poll(() => s.page.locator('[data-testid=glosses]').textContent()).toContain(gloss);
      }
    }
    await done(s);
  });

  test('did_you_mean applies from the faults panel', async () => {
    const s = await open();
    await s.page.locator('[data-testid=examples-button]').click();
    await s.page.locator('[data-example="uk-country"]').click();
    const ex = EXAMPLES.find((e) => e.id === 'uk-country')!;
    await shownBody(s.page, expected(getPack('helpdesk')!, ex.call).bytes);
    await s.page.locator('[data-testid=did-you-mean] button', { hasText: '"GB"' }).click();
    await shownBody(s.page, null);
    await expect.poll(async () => (await hashState(s.page)).call).toBe(ex.call.replace('"UK"', '"GB"'));
    await done(s);
  });

  test('a share link made with lz-string opens that exact state and body', async () => {
    const stripe = getPack('stripe')!;
    const state = { pack: 'stripe', tool: 'create_refund', call: '{"payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "amount": 15.5, "reason": "asked"}' };
    const s = await open('#v1/' + compressToEncodedURIComponent(JSON.stringify(state)));
    await shownBody(s.page, expected(stripe, state.call, { tool: state.tool }).bytes);
    expect(await s.page.locator('[data-testid=pack-select]').getAttribute('data-value')).toBe('stripe');
    expect(await s.page.locator('[data-testid=tool-select]').getAttribute('data-value')).toBe('create_refund');
    expect(await s.page.locator('[data-testid=shape]').getAttribute('data-shape')).toBe('bare-arguments');
    await expect.poll(() => hashState(s.page)).toEqual({ ...state, tools: undefined, state: undefined });
    await done(s);
  });

  test('the docs’ links open here with the body the docs show, a pack state of their own included', async () => {
    const links = packs.flatMap((p) => packExamples(p).map((ex) => ex.playground));
    const withState = links.filter((l) => {
      const d = decodeShareState(l.slice(l.indexOf('#')));
      return d.ok === true && d.state.state !== undefined;
    });
    expect(withState.length).toBeGreaterThan(0);
    const s = await open();
    // Every link that carries a state, and a spread of the others; each opened like a pasted address.
    for (const link of [...withState, ...links.filter((l) => !withState.includes(l)).filter((_, i) => i % 7 === 0)]) {
      const hash = link.slice(link.indexOf('#'));
      const d = decodeShareState(hash);
      if (d.ok !== true) throw new Error(`a docs link does not decode: ${link}`);
      const { pack, tool, call, state } = d.state;
      await s.page.goto(siteUrl('/playground/') + hash);
      const { bytes } = expected(getPack(pack)!, call, { tool, ...(state !== undefined ? { state: JSON.parse(state) } : {}) });
      await shownBody(s.page, bytes);
      expect(await s.page.locator('[data-testid=state-notice]').count(), link).toBe(state !== undefined ? 1 : 0);
    }
    await done(s);
  });

  test('Ctrl+S copies a link that reopens the same body; Ctrl+Enter checks now; both are in the help', async () => {
    const s = await open();
    const calendar = getPack('google-calendar')!;
    await s.page.locator('[data-testid=examples-button]').click();
    await s.page.locator('[data-example="sync-token"]').click();
    await s.page.locator('[data-testid=editor] .view-lines').click();
    await s.page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => s.page.locator('[data-testid=status]').textContent()).toBe('Checked');
    await s.page.keyboard.press('ControlOrMeta+S');
    await expect.poll(() => s.page.locator('[data-testid=status]').textContent()).toBe('Link copied');
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(siteUrl('/playground/#v1/'))).toBe(true);
    const ex = EXAMPLES.find((e) => e.id === 'sync-token')!;
    const bytes = expected(calendar, ex.call).bytes;
    const other = await open(link.slice(link.indexOf('#')));
    await shownBody(other.page, bytes);
    await done(other);
    await s.page.locator('[data-testid=help-button]').click();
    const help = s.page.locator('[data-testid=help-popover]');
    await help.waitFor({ state: 'visible' });
    const text = (await help.textContent()) ?? '';
    expect(text).toMatch(/(Ctrl|⌘)\+Enter/);
    expect(text).toMatch(/(Ctrl|⌘)\+S/);
    await done(s);
  });

  test('the Copy link button, and a warning before copying a link over 8 KB', async () => {
    const s = await open();
    // Text lz-string cannot shrink much: a long run of distinct numbers.
    const long = JSON.stringify({ name: 'update_ticket', arguments: { ticket_id: 'T-1', subject: Array.from({ length: 2600 }, (_, i) => ((i * 7919) % 10007).toString(36)).join('') } });
    await pasteCall(s.page, long);
    await expect.poll(async () => (await hashState(s.page)).call).toBe(long);
    await s.page.locator('[data-testid=share-button]').click();
    const warning = s.page.locator('[data-testid=share-warning]');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/KB/);
    await s.page.locator('[data-testid=share-anyway]').click();
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    expect(new TextEncoder().encode(link).length).toBeGreaterThan(SHARE_WARN_BYTES);
    expect(decodeShareState(link.slice(link.indexOf('#')))).toMatchObject({ ok: true, state: { call: long } });
    await done(s);
  });

  test('a call of half a megabyte is checked without hanging the page, and says the link no longer follows it', async () => {
    const s = await open();
    const call = JSON.stringify({ name: 'create_ticket', arguments: { subject: 'x'.repeat(500_000), priority: 'high', tags: Array.from({ length: 3000 }, (_, i) => i) } });
    await pasteCall(s.page, call);
    await shownBody(s.page, expected(getPack('helpdesk')!, call).bytes);
    await s.page.locator('[data-testid=large-input]').waitFor();
    // The bare validator's text is long here (one error per tag); the panel shows its start and its length.
    expect(((await s.page.locator('[data-testid=bare-error]').textContent()) ?? '').length).toBeLessThan(7000);
    await done(s);
  });

  test('a corrupt, truncated or unknown-version link shows a notice and the default example', async () => {
    const good = '#v1/' + compressToEncodedURIComponent(JSON.stringify({ pack: 'helpdesk', call: '{"name": "get_ticket", "arguments": {}}' }));
    const { bytes } = expected(getPack(DEFAULT_EXAMPLE.pack)!, DEFAULT_EXAMPLE.call);
    for (const [hash, words] of [
      ['#v1/%%%not-lz%%%', /damaged|cut short/],
      [good.slice(0, 20), /damaged|cut short/],
      ['#v9/abc', /v9/],
    ] as const) {
      const s = await open(hash);
      const notice = s.page.locator('[data-testid=notice]');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(words);
      expect(await notice.textContent()).toMatch(/default example/);
      await shownBody(s.page, bytes);
      await done(s);
    }
  });

  test('markup in a call is shown as text and never runs', async () => {
    const call = JSON.stringify({ name: 'update_ticket', arguments: { ticket_id: '<img src=x onerror=alert(1)>', status: '</script><script>alert(2)</script>' } });
    const s = await open('#v1/' + compressToEncodedURIComponent(JSON.stringify({ pack: 'helpdesk', call })));
    const { bytes } = expected(getPack('helpdesk')!, call);
    expect(bytes).toContain('<img src=x onerror=alert(1)>');
    await shownBody(s.page, bytes);
    // Typed in as well, not only opened from a link.
    await pasteCall(s.page, `update_ticket(ticket_id="<img src=x onerror=alert(1)>", status="</script>")`);
    await shownBody(s.page, expected(getPack('helpdesk')!, `update_ticket(ticket_id="<img src=x onerror=alert(1)>", status="</script>")`).bytes);
    await s.page.waitForTimeout(300);
    expect(await s.page.locator('img[src="x"]').count()).toBe(0);
    expect(await s.page.evaluate(() => [...document.scripts].filter((x) => x.textContent?.includes('alert(')).length)).toBe(0);
    expect(await s.page.locator('[data-testid=error-body]').textContent()).toContain('</script>');
    expect(s.dialogs).toEqual([]);
    await done(s);
  });

  test('your own tools: paste definitions, check a call against them, see where a definition is wrong', async () => {
    const s = await open();
    await s.page.locator('[data-testid=tab-custom]').click();
    const sample = packFromToolDefinitions(JSON.parse(CUSTOM_SAMPLE.tools));
    await shownBody(s.page, expected(sample, CUSTOM_SAMPLE.call).bytes);

    const tools = JSON.stringify([
      { name: 'book_room', description: 'Books a meeting room.', input_schema: { type: 'object', properties: { room: { type: 'string', enum: ['Ada', 'Grace'] }, minutes: { type: 'integer', minimum: 15 } }, required: ['room'] } },
    ], null, 2);
    await paste(s.page, 'tools-editor', tools);
    await expect.poll(() => s.page.locator('[data-testid=tools-ok]').textContent()).toContain('book_room');
    const call = '{"type": "tool_use", "id": "toolu_1", "name": "book_room", "input": {"room": "ada", "minutes": 5}}';
    await pasteCall(s.page, call);
    await shownBody(s.page, expected(packFromToolDefinitions(JSON.parse(tools)), call).bytes);
    // The link carries the definitions and reopens the same body.
    await expect.poll(() => hashState(s.page)).toMatchObject({ pack: 'custom', call, tools });
    const again = await open(await s.page.evaluate(() => location.hash));
    await shownBody(again.page, expected(packFromToolDefinitions(JSON.parse(tools)), call).bytes);
    await done(again);

    // A broken definition: the problem names its place, and the editor marks it.
    await paste(s.page, 'tools-editor', '[{"name": "book_room", "input_schema": {"type": "object", "properties": {"room": {"type": "strng"}}}}]');
    const problems = s.page.locator('[data-testid=tools-problems]');
    await expect.poll(() => problems.textContent()).toContain('/0/input_schema/properties/room/type');
    await expect.poll(() => s.page.locator('[data-testid=tools-editor] .squiggly-error').count()).toBeGreaterThan(0);
    await done(s);
  });

  test('your own tools from a real OpenAPI document: allOf branches declare together, an uncompilable tool is named and the rest load', async () => {
    const s = await open();
    await s.page.locator('[data-testid=tab-custom]').click();
    // Asana's createAllocation: `data` is allOf [AllocationRequest, {required}], and AllocationRequest is allOf
    // [AllocationBase, {properties: assignee, parent}]; marked draft-07, as MCP servers mark theirs.
    const allocation = openApiTool(corpusPath('vendor/asana/asana_oas.json'), '/allocations', 'post', 'create_allocation');
    const defs = [
      { ...allocation, inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...allocation.inputSchema } },
      { name: 'broken_tool', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/nowhere' } } } },
    ];
    const tools = JSON.stringify(defs, null, 2);
    await paste(s.page, 'tools-editor', tools);
    await expect.poll(() => s.page.locator('[data-testid=tools-ok]').textContent()).toContain('create_allocation');
    const refused = s.page.locator('[data-testid=tools-refused]');
    await expect.poll(() => refused.textContent()).toContain('/1/inputSchema/properties/a/$ref');
    expect(await refused.textContent()).toContain('broken_tool');
    await expect.poll(() => s.page.locator('[data-testid=tools-editor] .squiggly-error').count()).toBeGreaterThan(0);

    const pack = packFromToolDefinitions(JSON.parse(tools));
    // `assignee` comes from the second branch of AllocationRequest's allOf: accepted.
    const good = '{"name": "create_allocation", "arguments": {"data": {"assignee": "12345", "parent": "67890", "start_date": "2026-03-11", "end_date": "2026-03-13"}}}';
    expect(expected(pack, good).r.ok).toBe(true);
    await pasteCall(s.page, good);
    await shownBody(s.page, null);
    // A misspelling of it is refused with the branch's name offered.
    const bad = '{"name": "create_allocation", "arguments": {"data": {"asignee": "12345", "parent": "67890", "start_date": "2026-03-11", "end_date": "2026-03-13"}}}';
    await pasteCall(s.page, bad);
    await shownBody(s.page, expected(pack, bad).bytes);
    expect(expected(pack, bad).bytes).toContain('"did_you_mean":["assignee"]');
    await done(s);
  });

  test('Monaco follows the page theme', async () => {
    const s = await open('', { colorScheme: 'dark' });
    const background = () => s.page.evaluate(() => getComputedStyle(document.querySelector('[data-testid=editor] .monaco-editor-background')!).backgroundColor);
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    await expect.poll(async () => luminance(await background())).toBeLessThan(80);
    await s.page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
      window.dispatchEvent(new CustomEvent('actionable:theme', { detail: 'light' }));
    });
    await expect.poll(async () => luminance(await background())).toBeGreaterThan(200);
    await done(s);
  });
});

describe('the page as people use it', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation (${scheme}), with faults, corrections and the diff on show`, { timeout: 120_000 }, async () => {
      const s = await open('', { colorScheme: scheme });
      for (const id of ['three-faults', 'datetime-case']) {
        await s.page.locator('[data-testid=examples-button]').click();
        await s.page.locator(`[data-example="${id}"]`).click();
        await s.page.locator('[data-testid=verdict]').first().waitFor();
        const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), id).toEqual([]);
      }
      await done(s);
    });
  }

  test('nothing overflows a 360 px wide phone', async () => {
    const s = await open();
    await s.page.setViewportSize({ width: 360, height: 780 });
    for (const id of ['three-faults', 'refund-cents', 'datetime-case']) {
      await s.page.locator('[data-testid=examples-button]').click();
      await s.page.locator(`[data-example="${id}"]`).click();
      await s.page.locator('[data-testid=verdict]').first().waitFor();
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(360);
    }
    // The examples menu, open, stays on the screen too.
    await s.page.locator('[data-testid=examples-button]').click();
    const box = (await s.page.locator('[data-testid=examples-menu]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await done(s);
  });
});
