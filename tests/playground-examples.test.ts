// The examples menu's cases for the ordered checks: each one is the pack's own examples.checks case where
// the pack has one, and check() refuses it at the checks stage with the code the menu promises.
import { describe, expect, test } from 'vitest';
import { check, parseCall, type FaultBody, type Json } from '../src/engine';
import { getPack } from '../src/packs';
import { EXAMPLES } from '../src/components/playground/examples/examples';
import { suggestionFor } from '../src/components/playground/views/suggestion';

const checkCases = EXAMPLES.filter((ex) => ex.group === 'checks');

describe('the examples refused by the ordered checks', () => {
  test('there are the four cases of the design notes, and one for each rule the vendors state', () => {
    expect(checkCases.map((ex) => ex.expect).sort()).toEqual([
      'amount_too_small',
      'balance_insufficient',
      'conference_data_dropped',
      'event_type_not_movable',
      'mixed_all_day_and_timed',
      'not_found',
      'not_found',
      'recurrence_needs_time_zone',
      'slot_taken',
      'ticket_unassigned',
      'time_range_empty',
    ]);
  });

  test.each(checkCases.map((ex) => [ex.id, ex] as const))('%s: refused at the checks stage with its code', (_id, ex) => {
    const pack = getPack(ex.pack)!;
    const r = check(pack, ex.call);
    expect(r.log.stage).toBe('checks');
    expect(r.body?.error).toBe(ex.expect);
    expect(r.body?.retryable).toBe(false);
    // A well-formed call the state refuses: the suggestion says so instead of proposing an edit.
    const s = suggestionFor(r, ex.call);
    expect(s.kind).toBe('none');
    if (s.kind === 'none') expect(s.reason).toMatch(/well-formed/);
    const next = (r.body as FaultBody | null)?.next_call;
    if (typeof next === 'string' && s.kind === 'none') expect(s.reason).toContain(next);
  });

  test.each(checkCases.map((ex) => [ex.id, ex] as const))('%s: the pack’s own examples.checks case, where the pack has one', (_id, ex) => {
    const pack = getPack(ex.pack)!;
    const parsed = parseCall(ex.call);
    if (!parsed.ok || !parsed.name) throw new Error(`${ex.id} does not parse`);
    const tool = pack.tool(parsed.name)!;
    const own = (tool.source.examples?.checks ?? []).filter((c) => c.expect === ex.expect && !c.caller);
    if (own.length) expect(own.map((c) => c.arguments as Json)).toContainEqual(parsed.args);
    else {
      // No such case in the pack (create_ticket's not_found is in examples.invalid, with another id): the
      // body must still name the call that resolves a valid id, with the id only under received.
      expect(ex.expect).toBe('not_found');
      const body = check(pack, ex.call).body as FaultBody;
      expect(body.next_call).toBe(tool.fields.get(String(body.field))!.resolveWith);
      expect(body.message).not.toContain(String(body.received));
    }
  });
});
