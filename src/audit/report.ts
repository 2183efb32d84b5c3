// The audit's report: what each wrong call got back, graded, and the sums a reader acts on: a score per tool
// and per kind of mistake, the server's score (what --min-score gates), and the three changes that would
// gain it the most points. Pure: the run (run-audit.ts) fills the calls, this module adds them up.
import type { GradePointId } from '../engine/grade';
import type { Json } from '../engine/types';
import type { StrictTarget } from '../engine/strict';
import type { PromiseFinding } from '../engine/pack/promises/promise-lint';
import { MISTAKE_KINDS, type MistakeKind } from './wrong-calls';

/**
 * What became of one call: graded (the server refused it with a reply), accepted (the server answered as if
 * the call were valid), timeout, crash (the session ended during the call), oversized (a reply over the
 * transport's limit ended the session), malformed (an answer that is no MCP result), not_sent (the audit's
 * time ran out, or the session could not be restarted).
 */
export type CallOutcome = 'graded' | 'accepted' | 'timeout' | 'crash' | 'oversized' | 'malformed' | 'not_sent';

export interface CallPoint {
  id: GradePointId;
  met: boolean;
  note: string;
}

export interface AuditCall {
  tool: string;
  kind: MistakeKind;
  /** The name sent (another than `tool` for near_tool_name). */
  name: string;
  arguments: Record<string, Json>;
  at: string;
  outcome: CallOutcome;
  /** The reply's text as a model reads it, clipped. */
  reply?: string;
  /** Points met by the reply, 0 to 10 (0 when it was not graded). */
  score: number;
  /** Points met by the engine's body for the same call; 10 when the engine absorbs the mistake and accepts the call. */
  bodyScore: number;
  /** The reply's grade, point by point (graded calls only). */
  points?: CallPoint[];
  rounds: { reply: number | null; body: number | null };
  tokens: { reply: number; body: number };
}

export interface Tally {
  calls: number;
  score: number;
  bodyScore: number;
  accepted: number;
  timeouts: number;
  crashes: number;
  /** Rounds to recovery: the mean over the calls that recover, for the reply and for the body, and how many never do (a call not answered with an error never does). */
  rounds: { reply: number | null; body: number | null; replyNever: number; bodyNever: number };
  tokens: { reply: number; body: number };
}

export type ChangeId = GradePointId | 'accepts_invalid' | 'timeouts' | 'crashes';

export interface Change {
  id: ChangeId;
  /** Points of the server's score (out of 10) the change would gain. */
  gain: number;
  /** The calls it would have changed. */
  calls: number;
  advice: string;
  /** One grade note that says it of a real call, when there is one. */
  example?: string;
}

export interface LintSummary {
  target: StrictTarget;
  refuses: number;
  ignores: number;
  rewrite: number;
  /** Tools the target refuses outright, and the first reason for each. */
  refusedTools: { tool: string; why: string }[];
}

export interface AuditReport {
  version: 1;
  server: { command?: string; url?: string; name?: string; version?: string };
  tools: {
    listed: number;
    audited: string[];
    skipped: { tool: string; why: string }[];
    /** Tools the engine could not compile (their calls cannot be graded). */
    uncompiled: { tool: string; why: string }[];
  };
  lint: LintSummary[];
  /** What the tools' descriptions promise and their schemas do not enforce, each with the JSON Patch that would. */
  promises: (PromiseFinding & { tool: string })[];
  calls: AuditCall[];
  byTool: Record<string, Tally>;
  byKind: Partial<Record<MistakeKind, Tally>>;
  total: Tally;
  /** The server's score: points its replies earn per call sent, out of 10. */
  score: number;
  changes: Change[];
  /** What happened to the session: crashes, restarts, time running out. */
  events: string[];
  /** False when calls were left unsent. */
  complete: boolean;
}

export const ADVICE: Record<ChangeId, string> = {
  code: 'Give every error reply a stable code that stays the same whatever the wording (e.g. "error": "invalid_type").',
  field: 'Name the argument at fault in its own key ("field": "query").',
  received: 'Quote the value received in its own key ("received"), apart from the message.',
  permitted: 'Say what would pass: the permitted values, or the rule with one value that passes.',
  next_call: 'For a missing record or a refused state, name the call to make next ("next_call").',
  retryable: 'Say whether sending the same call again can help ("retryable": false for a bad argument).',
  faults: 'List every fault of a call in one reply, not one per round.',
  leaks: 'Keep stack traces, internal paths, SQL and long prose out of error replies.',
  tokens: 'Keep error replies short: the facts, not the manual.',
  rounds: 'Say enough for the model to fix the call in one round.',
  accepts_invalid: "Validate each call against the tool's own inputSchema before running it, and refuse what it refuses.",
  timeouts: 'Answer a bad call at once, with an error, instead of leaving it waiting.',
  crashes: 'Answer a bad call with an error instead of exiting.',
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The calls that count toward a score: every call sent (a call never sent says nothing of the server). */
const sent = (calls: readonly AuditCall[]) => calls.filter((c) => c.outcome !== 'not_sent');

export function tally(calls: readonly AuditCall[]): Tally {
  const s = sent(calls);
  const replyRounds = s.filter((c) => c.outcome === 'graded' && c.rounds.reply !== null).map((c) => c.rounds.reply!);
  const bodyRounds = s.filter((c) => c.rounds.body !== null).map((c) => c.rounds.body!);
  return {
    calls: s.length,
    score: round1(mean(s.map((c) => c.score))),
    bodyScore: round1(mean(s.map((c) => c.bodyScore))),
    accepted: s.filter((c) => c.outcome === 'accepted').length,
    timeouts: s.filter((c) => c.outcome === 'timeout').length,
    crashes: s.filter((c) => c.outcome === 'crash' || c.outcome === 'oversized').length,
    rounds: {
      reply: replyRounds.length ? round1(mean(replyRounds)) : null,
      body: bodyRounds.length ? round1(mean(bodyRounds)) : null,
      replyNever: s.length - replyRounds.length,
      bodyNever: s.length - bodyRounds.length,
    },
    tokens: { reply: Math.round(mean(s.map((c) => c.tokens.reply))), body: Math.round(mean(s.map((c) => c.tokens.body))) },
  };
}

/**
 * The changes that would gain the most points, at most `count`: each failed point of a graded reply that the
 * engine's body met is one point to gain; an accepted, timed-out or crashed call could gain what the body earns.
 */
export function topChanges(calls: readonly AuditCall[], count = 3): Change[] {
  const s = sent(calls);
  if (!s.length) return [];
  const gains = new Map<ChangeId, { points: number; calls: number; example?: string }>();
  const add = (id: ChangeId, points: number, example?: string) => {
    const g = gains.get(id) ?? { points: 0, calls: 0 };
    g.points += points;
    g.calls++;
    g.example ??= example;
    gains.set(id, g);
  };
  for (const c of s) {
    if (c.outcome === 'accepted') add('accepts_invalid', c.bodyScore, `${c.name} accepted ${JSON.stringify(c.arguments)}`);
    else if (c.outcome === 'timeout') add('timeouts', c.bodyScore);
    else if (c.outcome === 'crash' || c.outcome === 'oversized') add('crashes', c.bodyScore);
    else for (const p of c.points ?? []) if (!p.met) add(p.id, 1, `${c.name}, ${c.kind}: ${p.note}`);
  }
  return [...gains.entries()]
    .map(([id, g]) => ({ id, gain: round1(g.points / s.length), calls: g.calls, advice: ADVICE[id], ...(g.example ? { example: g.example } : {}) }))
    .filter((c) => c.gain > 0)
    .sort((a, b) => b.gain - a.gain || b.calls - a.calls || a.id.localeCompare(b.id))
    .slice(0, count);
}

/** The sums of a report whose calls are filled. */
export function summarise(calls: readonly AuditCall[]): Pick<AuditReport, 'byTool' | 'byKind' | 'total' | 'score' | 'changes'> {
  const byTool: Record<string, Tally> = {};
  for (const tool of [...new Set(calls.map((c) => c.tool))]) byTool[tool] = tally(calls.filter((c) => c.tool === tool));
  const byKind: Partial<Record<MistakeKind, Tally>> = {};
  for (const kind of MISTAKE_KINDS) {
    const of = calls.filter((c) => c.kind === kind);
    if (of.length) byKind[kind] = tally(of);
  }
  const total = tally(calls);
  return { byTool, byKind, total, score: total.score, changes: topChanges(calls) };
}
