// grade() on hostile replies (issue 37): prose built to make a backtracking pattern run for minutes, and JS
// values JSON cannot carry. Each gets a grade, never a throw. The sizes are the repros, so a pattern
// that backtracks again runs far past the test's timeout; the time itself is for the bench to measure.
import { describe, expect, test } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { grade, readReply, GRADE_MAX_DEPTH, GRADE_POINTS, GRADE_PROSE_LIMIT, type Grade, type GradePointId } from '../../src/engine';
import { packs } from '../../src/packs';

const pack = packs.find((p) => p.id === 'helpdesk')!;
// The call of the repros, as the CLI reads it from stdin.
const CALL = 'update_ticket(ticket_id="T-8841", status="OPEN")';

function at(g: Grade, id: GradePointId) {
  const p = g.points.find((x) => x.id === id);
  if (!p) throw new Error(`no point ${id}`);
  return p;
}

const nested = (depth: number): unknown => {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('grade(): prose read in time linear in it', () => {
  test('"status must be one of", 10,000 newlines, "]": graded, no set read from it', () => {
    const g = grade(pack, CALL, 'status must be one of' + '\n'.repeat(10_000) + ']');
    expect(g.unreadable).toBeUndefined();
    expect(at(g, 'permitted')).toMatchObject({ met: false });
    expect(at(g, 'permitted').note).toMatch(/names no permitted set/);
    expect(at(g, 'field').note).toMatch(/mentions status as a word of prose/);
    expect(g.rounds).toEqual({ reply: null, body: 1 });
  });

  test('"status must be one of: open", 20,000 spaces, "x": graded; "open x" is no set', () => {
    const g = grade(pack, CALL, 'status must be one of: open' + ' '.repeat(20_000) + 'x');
    expect(g.unreadable).toBeUndefined();
    expect(at(g, 'permitted').note).toMatch(/names no permitted set/);
  });

  test('"SELECT", 3,000 spaces, "x": no SQL in it', () => {
    const g = grade(pack, CALL, 'SELECT' + ' '.repeat(3000) + 'x');
    expect(at(g, 'leaks')).toMatchObject({ met: true });
  });

  test('a reply naming a pattern that backtracks without end: the caller does not run it', () => {
    // The AJV-text reader hands the caller the pattern to fit a loose date to; this one takes the matcher
    // seconds on a 10-character date, minutes on a date-time.
    const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', due_at: 'May 20, 2024' } };
    const g = grade(pack, call, 'data/due_at must match pattern "^(.*.*.*.*)*z$"');
    expect(g.unreadable).toBeUndefined();
    expect(g.rounds.reply).toBeNull();
  });

  test('a long reply is counted in pieces cut before a word: the same count as whole', () => {
    // o200k's merges are quadratic in a run of one character; the pieces keep a run of 40,000 spaces cheap.
    const countTokens = (text: string) => encode(text).length;
    const text = Array.from({ length: 400 }, (_, i) => `Line ${i}: status must be one of open, pending or closed (got "OPEN").`).join('\n');
    expect(text.length).toBeGreaterThan(20_000);
    expect(grade(pack, CALL, text, { countTokens }).tokens.reply).toBe(countTokens(text));
    expect(grade(pack, CALL, 'x' + ' '.repeat(40_000) + 'x', { countTokens }).tokens.reply).toBeGreaterThan(0);
  });

  test(`each prose string is read to GRADE_PROSE_LIMIT (${GRADE_PROSE_LIMIT}) characters`, () => {
    const set = 'status must be one of: open, pending, closed';
    expect(at(grade(pack, CALL, set), 'permitted').met).toBe(true);
    expect(at(grade(pack, CALL, '.'.repeat(GRADE_PROSE_LIMIT - set.length) + set), 'permitted').met).toBe(true);
    expect(at(grade(pack, CALL, '.'.repeat(GRADE_PROSE_LIMIT) + set), 'permitted').met).toBe(false);
  });
});

describe('grade(): a reply it cannot read is graded unreadable, not thrown', () => {
  const cycle: Record<string, unknown> = { error: 'invalid_status' };
  cycle.self = cycle;
  const hostile: [string, unknown, RegExp][] = [
    ['nested 5,000 deep', { error: 'invalid_status', received: nested(5000) }, /nested too deep to read/],
    ['nested 5,000 deep, as JSON text', '['.repeat(5000) + ']'.repeat(5000), /nested too deep to read/],
    ['a BigInt', { error: 'invalid_status', count: 10n }, /JSON cannot carry \(a BigInt\)/],
    ['a function', () => ({ error: 'invalid_status' }), /JSON cannot carry \(a function\)/],
    ['a function inside', { error: 'invalid_status', retry: () => true }, /JSON cannot carry \(a function\)/],
    ['a Symbol', Symbol('reply'), /JSON cannot carry \(a Symbol\)/],
    ['a cycle', cycle, /JSON cannot carry \(a cycle/],
    [
      'a getter that throws',
      Object.defineProperty({ error: 'invalid_status' }, 'field', {
        enumerable: true,
        get() {
          throw new Error('no field');
        },
      }),
      /throws when read/,
    ],
    [
      'a proxy that throws on ownKeys',
      new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('no keys');
          },
        },
      ),
      /throws when read/,
    ],
  ];

  test.each(hostile)('%s', (_, reply, why) => {
    const g = grade(pack, CALL, reply);
    expect(g.unreadable).toMatch(why);
    expect(g.points.map((p) => p.id)).toEqual([...GRADE_POINTS]);
    for (const p of g.points) {
      expect(p.met).toBe(false);
      expect(p.note).toMatch(why);
    }
    // The engine's side is graded as ever.
    expect(g.rounds).toEqual({ reply: null, body: 1 });
    expect(g.tokens.body).toBeGreaterThan(0);
  });

  test.each(hostile)('readReply(): %s says why, and throws nothing', (_, reply, why) => {
    expect(readReply(reply).unreadable).toMatch(why);
  });

  test(`within GRADE_MAX_DEPTH (${GRADE_MAX_DEPTH}) a reply is read; one object met twice is no cycle`, () => {
    const shared = { reason: 'unknown' };
    const g = grade(pack, CALL, { error: 'invalid_status', field: 'status', context: nested(GRADE_MAX_DEPTH - 2), a: shared, b: shared });
    expect(g.unreadable).toBeUndefined();
    expect(at(g, 'field').met).toBe(true);
    expect(grade(pack, CALL, { error: 'invalid_status', context: nested(GRADE_MAX_DEPTH) }).unreadable).toMatch(/nested too deep/);
  });
});

describe('grade(): JSON a server can send, read without a throw', () => {
  test('a field with an escape JSON does not have is a field the call lacks', () => {
    const f = at(grade(pack, CALL, '{"error":"invalid_status","field":"status[\\"\\\\q\\"]"}'), 'field');
    expect(f.met).toBe(false);
    expect(f.note).toMatch(/which the call does not have/);
  });

  test('an engine-shaped body whose errors hold a null, or whose message is an object without String()', () => {
    expect(grade(pack, CALL, { error: 'invalid_status', errors: [null] }).rounds.reply).toBeNull();
    const g = grade(pack, CALL, '{"error":"invalid_status","field":"status","message":{"toString":1}}');
    expect(g.unreadable).toBeUndefined();
    expect(g.rounds.reply).toBeNull();
  });

  test('an allowed list holding an object without String()', () => {
    const g = grade(pack, CALL, { error: 'invalid_status', field: 'status', allowed: [{ toString: 1 }, 'open'] });
    expect(at(g, 'permitted').note).toMatch(/the listed set is wrong: it names \{"toString":1\}/);
  });
});
