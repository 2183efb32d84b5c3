// The report's sums: the score is the replies' points per call sent; the changes add up the points the
// replies failed, and what an accepted, timed-out or crashed call could have earned; the recorded run of
// the official servers is what its own calls add up to, and names no path of the machine it ran on.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { summarise, tally, topChanges, type AuditCall } from '../../src/audit/report';
import type { OfficialAudits } from '../../src/audit/official-types';
import { GRADE_POINTS, type GradePointId } from '../../src/engine/grade';

const call = (over: Partial<AuditCall>, failed: GradePointId[] = []): AuditCall => ({
  tool: 't',
  kind: 'wrong_type',
  name: 't',
  arguments: {},
  at: 'x',
  outcome: 'graded',
  score: 10 - failed.length,
  bodyScore: 10,
  points: GRADE_POINTS.map((id) => ({ id, met: !failed.includes(id), note: id })),
  rounds: { reply: 1, body: 1 },
  tokens: { reply: 10, body: 20 },
  ...over,
});

describe('the sums', () => {
  test('the score counts every call sent, an accepted or timed-out one as 0, and leaves out calls never sent', () => {
    const calls = [call({}, ['code']), call({ outcome: 'accepted', score: 0, rounds: { reply: null, body: 1 } }), call({ outcome: 'timeout', score: 0 }), call({ outcome: 'not_sent', score: 0 })];
    const t = tally(calls);
    expect(t).toMatchObject({ calls: 3, score: 3, accepted: 1, timeouts: 1, crashes: 0 });
    expect(t.rounds).toEqual({ reply: 1, body: 1, replyNever: 2, bodyNever: 0 });
  });

  test('the changes: the most points first, each failed point one point, an accepted call what the body earns', () => {
    const calls = [call({}, ['code', 'retryable']), call({}, ['code']), call({ outcome: 'accepted', score: 0, bodyScore: 9 })];
    expect(topChanges(calls).map((c) => [c.id, c.gain, c.calls])).toEqual([
      ['accepts_invalid', 3, 1],
      ['code', 0.7, 2],
      ['retryable', 0.3, 1],
    ]);
    expect(topChanges([call({})])).toEqual([]);
  });
});

describe('content/audit/official.json', () => {
  const text = readFileSync('content/audit/official.json', 'utf8');
  const recorded = JSON.parse(text) as OfficialAudits;

  test('holds the three official servers, each report what its own calls add up to', () => {
    expect(recorded.audits.map((a) => a.id)).toEqual(['memory', 'filesystem', 'everything']);
    for (const a of recorded.audits) {
      expect(a.report.calls.length).toBeGreaterThan(5);
      const sums = summarise(a.report.calls);
      expect(a.report.score).toBe(sums.score);
      expect(a.report.changes).toEqual(sums.changes);
    }
  });

  test('names no path of the machine it ran on', () => {
    expect(text).not.toMatch(/\/tmp\/|\/home\/|\/work\/|\/Users\//);
    expect(text).toContain('<dir>');
  });
});
