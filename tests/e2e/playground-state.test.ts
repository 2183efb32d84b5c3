// The playground's State tab in Chromium against the built site: editing the pack's state changes the
// body, a link carries an edited state (and only an edited one) and reopens the same body, and the new
// examples of the ordered checks show what check() gives. Every displayed body is check() run here on the
// same call and the same state.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { checkExampleOptions, traceSteps, type CheckResult, type FaultBody, type JsonObject } from '../../src/engine';
import { getPack } from '../../src/packs';
import { decodeShareState, encodeShareState } from '../../src/share-link';
import { EXAMPLES } from '../../src/components/playground/examples/examples';
import { useBrowser } from './browser';
import { done, expected, openPlayground, shownBody } from './playground-support';

const chrome = useBrowser();

const helpdesk = getPack('helpdesk')!;

const open = (hash = '', options: Parameters<typeof openPlayground>[2] = {}) => openPlayground(chrome.browser, hash, options);




/** The trace as shown: each step's label and outcome, to compare with traceSteps(). */
async function shownTrace(page: Page) {
  return page.locator('[data-testid=trace] li').evaluateAll((items) => items.map((li) => ({ label: li.getAttribute('data-label'), outcome: li.getAttribute('data-outcome') })));
}

async function traceIs(page: Page, r: CheckResult) {
  await expect.poll(() => shownTrace(page)).toEqual(traceSteps(r).map((s) => ({ label: s.label, outcome: s.outcome })));
}

/** Replaces an editor's text with a real paste (clipboard, then Ctrl+V), as a user does. */
async function paste(page: Page, testId: string, text: string) {
  await page.locator(`[data-testid=${testId}][data-editor=ready]`).waitFor();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`[data-testid=${testId}] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

async function hashState(page: Page) {
  const d = decodeShareState(await page.evaluate(() => location.hash));
  if (d.ok !== true) throw new Error('the URL holds no state');
  return d.state;
}

async function pickExample(page: Page, id: string) {
  await page.locator('[data-testid=examples-button]').click();
  await page.locator(`[data-example="${id}"]`).click();
}

/** The helpdesk state with one edit, as text a person would type. */
function editedHelpdesk(edit: (records: Record<string, Record<string, JsonObject>>) => void): string {
  const state = structuredClone(helpdesk.state) as unknown as { records: Record<string, Record<string, JsonObject>> };
  edit(state.records);
  return JSON.stringify(state, null, 2);
}

const example = (id: string) => EXAMPLES.find((e) => e.id === id)!;

describe('the State tab', () => {
  test('editing the state changes the body: assign T-8850 and the close goes through, with its effect shown', async () => {
    const s = await open();
    const ex = example('close-unassigned');
    await pickExample(s.page, ex.id);
    const before = expected(helpdesk, ex.call);
    expect(before.r.body?.error).toBe('ticket_unassigned');
    await shownBody(s.page, before.bytes);
    await traceIs(s.page, before.r);
    expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use')).toBe('own');
    // not_run is spelled out in the log panel: the reopen rule was never looked at.
    expect(before.r.log.not_run).toEqual(['rule:reopen_window_expired']);
    expect(await s.page.locator('[data-testid=log-not-run]').textContent()).toBe(before.r.log.not_run.join(', '));

    await s.page.locator('[data-testid=tab-state]').click();
    const state = editedHelpdesk((r) => {
      r.tickets['T-8850'].assignee = 'eng-3';
    });
    await paste(s.page, 'state-editor', state);
    const after = expected(helpdesk, ex.call, { state: JSON.parse(state) });
    expect(after.bytes).toBeNull();
    await shownBody(s.page, after.bytes);
    await traceIs(s.page, after.r);
    expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use')).toBe('edited');
    expect(await s.page.locator('[data-testid=state-badge]').textContent()).toBe('edited');
    // What the accepted call would change, shown and not applied.
    const effects = s.page.locator('[data-testid=effects]');
    expect(await effects.textContent()).toContain('not applied');
    expect(await effects.textContent()).toContain(`tickets ${after.r.effects[0].id}.${after.r.effects[0].field}`);
    expect(await effects.locator('li').count()).toBe(after.r.effects.length);
    // The link carries the state exactly as typed.
    await expect.poll(async () => (await hashState(s.page)).state).toBe(state);

    // Reset: the pack's own state again, the rule refuses again, and the link carries no state.
    await s.page.locator('[data-testid=state-reset]').click();
    await shownBody(s.page, before.bytes);
    expect(await s.page.locator('[data-testid=state-badge]').count()).toBe(0);
    await expect.poll(async () => (await hashState(s.page)).state).toBeUndefined();
    await done(s);
  });

  test('deleting the customer from the state gives not_found with the resolve hint', async () => {
    const s = await open();
    const call = JSON.stringify({ name: 'create_ticket', arguments: { subject: 'Invoice copy', priority: 'p3', customer_id: 'C-2001' } });
    await s.page.locator('[data-testid=tab-state]').click();
    await paste(s.page, 'editor', call);
    await shownBody(s.page, null);
    const state = editedHelpdesk((r) => {
      delete r.customers['C-2001'];
    });
    await paste(s.page, 'state-editor', state);
    const { r, bytes } = expected(helpdesk, call, { state: JSON.parse(state) });
    expect(r.body?.error).toBe('not_found');
    expect((r.body as FaultBody | null)?.next_call).toBe('search_customers(query)');
    await shownBody(s.page, bytes);
    await traceIs(s.page, r);
    await done(s);
  });

  test('a broken state says where it is broken, and the call is checked against the pack’s own state meanwhile', async () => {
    const s = await open();
    const ex = example('close-unassigned');
    await pickExample(s.page, ex.id);
    await s.page.locator('[data-testid=tab-state]').click();
    const good = editedHelpdesk((r) => {
      r.tickets['T-8850'].assignee = 'eng-3';
    });
    // A missing comma after the assignee: not JSON.
    const comma = good.indexOf('"assignee": "eng-3",', good.indexOf('"T-8850"')) + '"assignee": "eng-3"'.length;
    const broken = good.slice(0, comma) + good.slice(comma + 1);
    expect(() => JSON.parse(broken)).toThrow();
    await paste(s.page, 'state-editor', broken);
    const problems = s.page.locator('[data-testid=state-problems]');
    // The parser stops at the token after the missing comma, on the next line.
    const line = broken.slice(0, comma + broken.slice(comma).search(/\S/)).split('\n').length;
    await expect.poll(() => problems.textContent()).toMatch(new RegExp(`not valid JSON.*line ${line}, column \\d+`));
    // The place is a button that brings the problem into view, where it is marked.
    await problems.getByRole('button', { name: new RegExp(`line ${line}, column`) }).click();
    await expect.poll(() => s.page.locator('[data-testid=state-editor] .squiggly-error').count()).toBeGreaterThan(0);
    await shownBody(s.page, expected(helpdesk, ex.call).bytes);
    expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use')).toBe('broken');
    expect(await s.page.locator('[data-testid=state-in-use]').textContent()).toMatch(/pack’s own state/);
    // Nothing typed is lost: the link carries the broken text too.
    await expect.poll(async () => (await hashState(s.page)).state).toBe(broken);

    // Valid JSON that is not a state: the problem names its JSON pointer.
    await paste(s.page, 'state-editor', good.replace('"now": "2026-03-11T12:00:00Z"', '"now": "yesterday"'));
    await expect.poll(() => problems.textContent()).toContain('/now');
    await problems.getByRole('button', { name: /line 2, column/ }).click();
    await expect.poll(() => s.page.locator('[data-testid=state-editor] .squiggly-error').count()).toBeGreaterThan(0);
    await shownBody(s.page, expected(helpdesk, ex.call).bytes);
    await done(s);
  });

  test('custom tools have no state, and say so', async () => {
    const s = await open();
    await s.page.locator('[data-testid=tab-custom]').click();
    await s.page.locator('[data-testid=tab-state]').click();
    expect(await s.page.locator('[data-testid=state-none]').textContent()).toMatch(/no state/);
    expect(await s.page.locator('[data-testid=state-editor]').count()).toBe(0);
    await done(s);
  });
});

describe('a state in a share link', () => {
  test('a link made with encodeShareState opens that state and the same body; Copy link carries it back', async () => {
    const ex = example('close-unassigned');
    const state = editedHelpdesk((r) => {
      r.tickets['T-8850'].assignee = 'eng-7';
      r.tickets['T-8850'].status = 'pending';
    });
    const call = ex.call;
    const s = await open(encodeShareState({ pack: 'helpdesk', call, state }));
    const { r, bytes } = expected(helpdesk, call, { state: JSON.parse(state) });
    expect(r.ok).toBe(true);
    await shownBody(s.page, bytes);
    await traceIs(s.page, r);
    // It opens on the State tab, with a notice that this is not the pack's own state.
    expect(await s.page.locator('[data-testid=tab-state]').getAttribute('aria-selected')).toBe('true');
    await s.page.locator('[data-testid=state-notice]').waitFor();
    expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use')).toBe('edited');
    expect((await hashState(s.page)).state).toBe(state);
    await s.page.locator('[data-testid=share-button]').click();
    await expect.poll(() => s.page.locator('[data-testid=status]').textContent()).toBe('Link copied');
    const link = await s.page.evaluate(() => navigator.clipboard.readText());
    const d = decodeShareState(link.slice(link.indexOf('#')));
    expect(d).toMatchObject({ ok: true, state: { pack: 'helpdesk', call, state } });
    await done(s);

    // A rule refusal carried by a link: a ticket whose state makes the reopen rule fire.
    const closedLongAgo = editedHelpdesk((rec) => {
      rec.tickets['T-8841'].status = 'closed';
      rec.tickets['T-8841'].closed_at = '2025-12-01T09:00:00Z';
    });
    const reopen = JSON.stringify({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } });
    const other = await open(encodeShareState({ pack: 'helpdesk', call: reopen, state: closedLongAgo }));
    const again = expected(helpdesk, reopen, { state: JSON.parse(closedLongAgo) });
    expect(again.r.body?.error).toBe('reopen_window_expired');
    await shownBody(other.page, again.bytes);
    await traceIs(other.page, again.r);
    await done(other);
  });

  test('a link without state uses the pack’s own state', async () => {
    const ex = example('close-unassigned');
    const s = await open(encodeShareState({ pack: 'helpdesk', call: ex.call }));
    await shownBody(s.page, expected(helpdesk, ex.call).bytes);
    expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use')).toBe('own');
    expect(await s.page.locator('[data-testid=state-notice]').count()).toBe(0);
    expect(await s.page.locator('[data-testid=tab-pack]').getAttribute('aria-selected')).toBe('true');
    expect((await hashState(s.page)).state).toBeUndefined();
    await done(s);
  });

  test('a link whose state is broken shows the problems and checks against the pack’s own state', async () => {
    const call = example('close-unassigned').call;
    const s = await open(encodeShareState({ pack: 'helpdesk', call, state: '{"now": ' }));
    await shownBody(s.page, expected(helpdesk, call).bytes);
    await s.page.locator('[data-testid=state-problems]').waitFor();
    expect(await s.page.locator('[data-testid=state-notice]').textContent()).toMatch(/problems/);
    expect((await hashState(s.page)).state).toBe('{"now": ');
    await done(s);
  });
});

describe('the examples of the ordered checks', () => {
  test('each opens from the menu with the body check() gives, its trace and what was not run', async () => {
    const s = await open();
    const cases = EXAMPLES.filter((e) => e.group === 'checks');
    expect(cases.length).toBe(11);
    for (const ex of cases) {
      await pickExample(s.page, ex.id);
      const { r, bytes } = expected(getPack(ex.pack)!, ex.call);
      expect(r.body?.error, ex.id).toBe(ex.expect);
      await shownBody(s.page, bytes);
      await traceIs(s.page, r);
      expect(await s.page.locator('[data-testid=pack-select]').getAttribute('data-value'), ex.id).toBe(ex.pack);
      const stopped = traceSteps(r).find((t) => t.outcome === 'failed')!;
      // The detail of the step that stopped the call (a rule's starts with its code, shown once as the label).
      const detail = stopped.detail!.startsWith(`${stopped.label}: `) ? stopped.detail!.slice(stopped.label.length + 2) : stopped.detail!;
      expect(await s.page.locator('[data-testid=trace-detail]').textContent(), ex.id).toBe(`Stopped at ${stopped.label}: ${detail}`);
      const notRun = await s.page.locator('[data-testid=log-not-run]').textContent();
      expect(notRun, ex.id).toBe(r.log.not_run.length ? r.log.not_run.join(', ') : 'none: every ordered check ran');
      expect(await s.page.locator('[data-testid=suggested-call]').textContent(), ex.id).toMatch(/well-formed/);
    }
    await done(s);
  });

  test('the pack’s own examples.checks cases load from the menu, one with another caller bringing that caller’s state', async () => {
    const s = await open();
    const ex = example('close-unassigned');
    await pickExample(s.page, ex.id);
    await s.page.locator('[data-testid=trace]').waitFor();
    const tool = helpdesk.tool('update_ticket')!;
    const cases = tool.source.examples!.checks!;
    const withCaller = cases.findIndex((c) => c.caller !== undefined);
    expect(withCaller).toBeGreaterThanOrEqual(0);
    for (const i of [0, withCaller]) {
      const c = cases[i];
      await s.page.locator('[data-testid=examples-button]').click();
      await s.page.locator(`[data-pack-example="update_ticket-checks-${i}"]`).click();
      const call = JSON.stringify({ name: 'update_ticket', arguments: c.arguments }, null, 2);
      const { r, bytes } = expected(helpdesk, call, checkExampleOptions(helpdesk, c));
      expect(r.body ? r.body.error : 'accepted', c.about).toBe(c.expect);
      await shownBody(s.page, bytes);
      expect(await s.page.locator('[data-testid=state-in-use]').getAttribute('data-use'), c.about).toBe(c.caller ? 'edited' : 'own');
    }
    // The caller's state is in the link, so the forbidden body reopens as it is.
    await expect.poll(async () => {
      const state = (await hashState(s.page)).state;
      return state === undefined ? undefined : JSON.parse(state).caller;
    }).toEqual(cases[withCaller].caller);
    await done(s);
  });

  test('an example replaces an edited state with the pack’s own', async () => {
    const s = await open();
    await s.page.locator('[data-testid=tab-state]').click();
    await paste(s.page, 'state-editor', editedHelpdesk((r) => {
      r.tickets['T-8850'].assignee = 'eng-3';
    }));
    await expect.poll(() => s.page.locator('[data-testid=state-badge]').count()).toBe(1);
    const ex = example('close-unassigned');
    await pickExample(s.page, ex.id);
    await shownBody(s.page, expected(helpdesk, ex.call).bytes);
    expect(await s.page.locator('[data-testid=state-badge]').count()).toBe(0);
    await done(s);
  });
});

describe('the State tab as people use it', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on the State tab with problems and a trace (${scheme})`, { timeout: 120_000 }, async () => {
      const s = await open('', { colorScheme: scheme });
      await pickExample(s.page, 'close-unassigned');
      await s.page.locator('[data-testid=tab-state]').click();
      await paste(s.page, 'state-editor', '{"now": "yesterday"}');
      await s.page.locator('[data-testid=state-problems]').waitFor();
      const results = await new AxeBuilder({ page: s.page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      await done(s);
    });
  }

  test('nothing overflows a 360 px wide phone on the State tab', async () => {
    const s = await open();
    await s.page.setViewportSize({ width: 360, height: 780 });
    for (const id of ['close-unassigned', 'slot-taken', 'balance-low']) {
      await pickExample(s.page, id);
      await s.page.locator('[data-testid=trace]').waitFor();
      await s.page.locator('[data-testid=tab-state]').click();
      await s.page.locator('[data-testid=state-editor][data-editor=ready]').waitFor();
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(360);
    }
    await done(s);
  });
});
