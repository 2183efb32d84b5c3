// The log's fault records carry the rule behind each fault as data (types.ts LogFault): the schema keyword
// and path, the ordered check's id, or the pack's own keyword, and the rule's words (`detail`) apart from
// them. `reason` stays the one line the CLI prints, and must say the same as the fields.
import { describe, expect, test } from 'vitest';
import { check, type CheckResult, type LogFault } from '../../src/engine';
import { getPack } from '../../src/packs';
import { EXAMPLES } from '../../src/components/playground/examples/examples';

const stripe = getPack('stripe')!;
const helpdesk = getPack('helpdesk')!;
const calendar = getPack('google-calendar')!;

/** Every fault the curated packs' examples and the playground's examples produce. */
function everyLoggedFault(): LogFault[] {
  const results: CheckResult[] = [];
  for (const id of ['helpdesk', 'stripe', 'google-calendar']) {
    const pack = getPack(id)!;
    for (const tool of pack.tools) for (const e of tool.source.examples?.invalid ?? []) results.push(check(pack, { name: tool.name, arguments: e.arguments }));
  }
  for (const ex of EXAMPLES) results.push(check(getPack(ex.pack)!, ex.call));
  return results.flatMap((r) => r.log.faults);
}

describe('the log’s fault records', () => {
  const faults = everyLoggedFault();

  test('each names its rule in fields that agree with its reason line', () => {
    const kinds = new Set<string>();
    for (const f of faults) {
      expect(f.detail, f.reason).toBeTypeOf('string');
      expect(f.reason.endsWith(f.detail), f.reason).toBe(true);
      if (f.keyword && f.schema_path && f.reason.startsWith(`${f.keyword} at `)) {
        kinds.add('schema');
        expect(f.reason).toBe(`${f.keyword} at ${f.schema_path}: ${f.detail}`.trim());
      }
      if (f.check) {
        kinds.add('check');
        expect(f.stage).toBe('checks');
      }
      if (f.pack_keyword) {
        kinds.add(f.pack_keyword);
        expect(f.pack_keyword).toMatch(/^x-/);
        expect(f.reason.startsWith(f.pack_keyword)).toBe(f.pack_keyword === 'x-conflicts');
      }
    }
    expect([...kinds].sort()).toEqual(['check', 'schema', 'x-conflicts']);
  });

  test('an ordered check: its id, the same the record names as the check that stopped the call; the words without the code', () => {
    const r = check(helpdesk, EXAMPLES.find((e) => e.id === 'close-unassigned')!.call);
    expect(r.log.faults).toHaveLength(1);
    const [f] = r.log.faults;
    expect(f.check).toBe(r.log.check);
    expect(f.reason).toBe(`${f.code}: ${f.detail}`);
    expect(f.keyword).toBeUndefined();
  });

  test('a decimal on a field counted in minor units: the pack’s x-unit, and no schema keyword', () => {
    const r = check(stripe, '{"name":"create_refund","arguments":{"charge":"ch_3MmlLrLkdIwHu7ix0snN0B15","amount":15.00}}');
    const f = r.log.faults.find((x) => x.field === 'amount')!;
    expect(f).toMatchObject({ stage: 'validate', pack_keyword: 'x-unit' });
    expect(f.keyword).toBeUndefined();
    expect(f.detail).toBe(f.reason);
  });

  test('a fault grouped over an array’s items keeps the rule of its members, and counts them in its words', () => {
    const attendees = Array.from({ length: 3 }, (_, i) => ({ email: `guest${i}` }));
    const r = check(calendar, { name: 'events_insert', arguments: { calendarId: 'primary', start: { dateTime: '2026-03-11T09:00:00Z' }, end: { dateTime: '2026-03-11T09:15:00Z' }, attendees } });
    expect(r.log.faults).toHaveLength(1);
    const [f] = r.log.faults;
    // No keyword on a group (shapes.ts: no value proposed for one item stands for all), but its schema path.
    expect(f).toMatchObject({ field: 'attendees[].email', stage: 'validate' });
    expect(f.schema_path).toMatch(/^#\/properties\/attendees\/items\/.*format$/);
    expect(f.detail).toMatch(/^3 items of attendees: must match format "email"$/);
    expect(f.reason).toBe(`3 items of attendees: format at ${f.schema_path}: must match format "email"`);
  });
});
