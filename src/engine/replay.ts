// Replays a transcript through the engine: each call beside the result the agent actually got and the
// body this engine gives, whether the next call to the same tool fixed it, the loops, and the turns (and
// tokens) spent recovering, against one actionable round. Pure: the caller brings a token counter.
//
// The rule for wasted turns, stated once (README, "Replay a transcript"):
// - Turns are the transcript's turns that made tool calls (an assistant message, a `[turn N]` label, a
//   line of a call log; several calls in one turn are one turn).
// - A fault is the engine's verdict: a call check() rejects. (The transcript's own result is shown, not
//   judged: the replay measures what this pack's bodies would change.)
// - An episode starts at a rejected call to a tool that is not already in an episode of that tool, and
//   lasts until the next call to the same tool that check() accepts (fixed), or else until the last call
//   to that tool in the transcript (never fixed).
// - With an actionable body at the episode's first call, one more turn is enough: the next call is the
//   fix. So the turns strictly between the episode's first call and its last are wasted. The essay's
//   transcript: faults at turn 4, fixed at turn 8, so turns 5, 6 and 7 are wasted (3).
// - wasted_turns counts the wasted turns of all episodes, each turn once; every call in a wasted turn is
//   a wasted call, whatever tool it called (a read made to recover is recovery).
// - wasted_tokens sums, over the wasted calls, countTokens(the call) + countTokens(its result), where the
//   call is JSON.stringify({name, arguments}) with the arguments as sent (or the call as written when it
//   cannot be read), and the result is its text as the transcript holds it (TranscriptResult.text).
import { serializeBody } from './body/body';
import { check } from './check';
import { boundedCount } from './token-pieces';
import { deeperThan, MAX_WRITTEN_DEPTH } from './json-depth';
import { readTranscript, type TranscriptCall, type TranscriptFormat, type TranscriptOutcome, type TranscriptResult } from './parse/transcript';
import type { Body, CheckOptions, CheckResult, CompiledPack, Correction, Json } from './types';

export interface ReplayOptions {
  /** Passed to check() for every call: a `state`, `checks: false`, a `tool` for bare arguments. */
  check?: CheckOptions;
  /**
   * Counts tokens of a text (the CLI passes o200k_base's countTokens from gpt-tokenizer). Without it every
   * token figure is null; the engine carries no tokenizer. A view can replay once without it for the
   * bodies, then again once its tokenizer has loaded.
   */
  countTokens?: (text: string) => number;
}

/** One fault of a call: the same code on the same field is the same fault. */
export interface ReplayFault {
  code: string;
  field: string;
}

export interface ReplayCall {
  /** Position among the transcript's calls, from 0. */
  index: number;
  /** The turn's number (the transcript's own, e.g. 4 for `[turn 4]`, else its position from 1). */
  turn: number;
  /** The transcript's id for the call, if it has one. */
  id: string | null;
  /** 1-based line where the call starts in a text or JSON-lines input; null for a JSON value. */
  line: number | null;
  /** The tool name and arguments as sent (before absorption); null when they cannot be read. */
  name: string | null;
  arguments: Json | null;
  /** The result the agent actually got, from the transcript; null when it holds none. */
  result: TranscriptResult | null;
  /** What this engine gives for the call. */
  check: { ok: boolean; tool: string | null; body: Body | null; corrections: Correction[]; suggested_call: CheckResult['suggested_call'] };
  /** The engine's faults for the call (every one, including those a body cuts off); empty when accepted. */
  faults: ReplayFault[];
  /** The index of the next call to the same tool, or null. */
  next_same_tool: number | null;
  /** Whether that next call is accepted; null when this call is accepted or no call to the tool follows. */
  fixed_by_next: boolean | null;
  /** Whether one of its faults repeats on the previous or the next call to the same tool (see `loops`). */
  loop: boolean;
  /** The index in `episodes` of the episode the call is part of (first call to last), or null. */
  episode: number | null;
  /** Whether the call is in a wasted turn. */
  wasted: boolean;
  /** Token counts (null without countTokens): the call, its result (0 without one), the engine's body (null when accepted). */
  tokens: { call: number; result: number; body: number | null } | null;
}

/** The same fault (code and field) on two or more consecutive calls to one tool. */
export interface ReplayLoop {
  tool: string;
  code: string;
  field: string;
  /** The calls, in order; at least two. */
  calls: number[];
}

/** From a tool's first rejected call to the call that fixed it, or to its last call when nothing did. */
export interface ReplayEpisode {
  tool: string;
  first_call: number;
  last_call: number;
  fixed: boolean;
  /** Turns the recovery took after the first rejected call (through the last call); an actionable body takes one. */
  recovery_turns: number;
  /** The numbers of its wasted turns: those strictly between its first call's turn and its last's. */
  wasted_turns: number[];
}

export interface ReplayReport {
  pack: string;
  format: TranscriptFormat;
  /** Turns that made calls. */
  turns: number;
  /** One entry per tool call, in transcript order. */
  calls: ReplayCall[];
  loops: ReplayLoop[];
  episodes: ReplayEpisode[];
  /** Distinct wasted turns over all episodes. */
  wasted_turns: number;
  /** Their numbers, ascending. */
  wasted_turn_numbers: number[];
  /** Calls in the wasted turns. */
  wasted_calls: number;
  /** Tokens of the wasted calls and their results; null without countTokens. */
  wasted_tokens: number | null;
  /** The one actionable round: one turn per episode that retried, and the tokens of the engine's body at each episode's first call (null without countTokens). */
  actionable: { turns: number; body_tokens: number | null };
}

export type ReplayOutcome = { ok: true; report: ReplayReport } | { ok: false; message: string };

/** Reads `input` (text or a parsed value; readTranscript's shapes) and replays it. */
export function replay(pack: CompiledPack, input: unknown, options: ReplayOptions = {}): ReplayOutcome {
  const transcript = readTranscript(input);
  if (!transcript.ok) return transcript;
  return { ok: true, report: replayTranscript(pack, transcript, options) };
}

function faultsOf(r: CheckResult): ReplayFault[] {
  if (r.ok) return [];
  const seen = new Set<string>();
  const out: ReplayFault[] = [];
  for (const f of r.log.faults) {
    const key = `${f.code}\u0000${f.field}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ code: f.code, field: f.field });
    }
  }
  return out;
}

/**
 * The call as the model wrote it, for counting: {name, arguments} as sent, or the input as written. A value
 * nested too deep to write (json-depth.ts) is counted as written when the transcript holds its text, and
 * else as nothing: counting must not stop the replay.
 */
function callText(c: TranscriptCall): string {
  if (c.name !== null && c.arguments !== null && !deeperThan(c.arguments, MAX_WRITTEN_DEPTH)) return JSON.stringify({ name: c.name, arguments: c.arguments });
  if (typeof c.input === 'string') return c.input;
  return deeperThan(c.input, MAX_WRITTEN_DEPTH) ? '' : JSON.stringify(c.input ?? null);
}

/** Replays a transcript readTranscript() has read (a view that read it to pick its layout reads it once). */
export function replayTranscript(pack: CompiledPack, transcript: Extract<TranscriptOutcome, { ok: true }>, options: ReplayOptions = {}): ReplayReport {
  const calls = transcript.calls;
  const results = calls.map((c) => check(pack, c.input, options.check));
  const faults = results.map(faultsOf);
  // A call's tool: the engine's name for it (a variant such as updateTicket is update_ticket), else as written.
  const toolOf = (i: number): string | null => results[i].tool ?? calls[i].name;

  const byTool = new Map<string, number[]>();
  calls.forEach((_, i) => {
    const t = toolOf(i);
    if (t === null) return;
    if (!byTool.has(t)) byTool.set(t, []);
    byTool.get(t)!.push(i);
  });
  const nextSame: (number | null)[] = calls.map(() => null);
  for (const seq of byTool.values()) for (let j = 0; j + 1 < seq.length; j++) nextSame[seq[j]] = seq[j + 1];

  // Loops: runs of consecutive calls to one tool sharing a fault.
  const loops: ReplayLoop[] = [];
  for (const [tool, seq] of byTool) {
    const open = new Map<string, number[]>();
    seq.forEach((i, j) => {
      const prev = j > 0 ? seq[j - 1] : -1;
      const next = new Map<string, number[]>();
      for (const f of faults[i]) {
        const key = `${f.code}\u0000${f.field}`;
        const run = open.get(key);
        if (run && run[run.length - 1] === prev) {
          run.push(i);
          next.set(key, run);
        } else {
          const fresh = [i];
          next.set(key, fresh);
          loops.push({ tool, code: f.code, field: f.field, calls: fresh });
        }
      }
      open.clear();
      for (const [k, v] of next) open.set(k, v);
    });
  }
  const realLoops = loops.filter((l) => l.calls.length >= 2).sort((a, b) => a.calls[0] - b.calls[0]);
  const inLoop = new Set(realLoops.flatMap((l) => l.calls));

  // Episodes, by the rule at the top of this file.
  const episodes: ReplayEpisode[] = [];
  const episodeOf: (number | null)[] = calls.map(() => null);
  const turnNumber = new Map(calls.map((c) => [c.turn_index, c.turn]));
  const wastedTurns = new Set<number>();
  for (const [tool, seq] of byTool) {
    let j = 0;
    while (j < seq.length) {
      if (results[seq[j]].ok) {
        j++;
        continue;
      }
      let m = j + 1;
      while (m < seq.length && !results[seq[m]].ok) m++;
      const fixed = m < seq.length;
      const last = fixed ? seq[m] : seq[seq.length - 1];
      const first = seq[j];
      const from = calls[first].turn_index;
      const to = calls[last].turn_index;
      const wasted: number[] = [];
      for (let t = from + 1; t < to; t++) {
        wasted.push(turnNumber.get(t)!);
        wastedTurns.add(t);
      }
      episodes.push({ tool, first_call: first, last_call: last, fixed, recovery_turns: to - from, wasted_turns: wasted });
      j = fixed ? m + 1 : seq.length;
    }
  }
  episodes.sort((a, b) => a.first_call - b.first_call);
  episodes.forEach((e, n) => {
    for (const i of byTool.get(e.tool)!) if (i >= e.first_call && i <= e.last_call) episodeOf[i] = n;
  });

  // Bounded: a transcript is hostile input, and a tokenizer is quadratic in a long run (token-pieces.ts).
  const count = options.countTokens && boundedCount(options.countTokens);
  const tokens = calls.map((c, i) =>
    count
      ? {
          call: count(callText(c)),
          result: c.result ? count(c.result.text) : 0,
          body: results[i].body ? count(serializeBody(results[i].body!)) : null,
        }
      : null,
  );
  const wastedCalls = calls.filter((c) => wastedTurns.has(c.turn_index)).map((c) => c.index);

  const report: ReplayReport = {
    pack: pack.id,
    format: transcript.format,
    turns: transcript.turns,
    calls: calls.map((c, i) => ({
      index: c.index,
      turn: c.turn,
      id: c.id,
      line: c.line,
      name: c.name,
      arguments: c.arguments,
      result: c.result,
      check: { ok: results[i].ok, tool: results[i].tool, body: results[i].body, corrections: results[i].corrections, suggested_call: results[i].suggested_call },
      faults: faults[i],
      next_same_tool: nextSame[i],
      fixed_by_next: results[i].ok || nextSame[i] === null ? null : results[nextSame[i]!].ok,
      loop: inLoop.has(i),
      episode: episodeOf[i],
      wasted: wastedTurns.has(c.turn_index),
      tokens: tokens[i],
    })),
    loops: realLoops,
    episodes,
    wasted_turns: wastedTurns.size,
    wasted_turn_numbers: [...wastedTurns].sort((a, b) => a - b).map((t) => turnNumber.get(t)!),
    wasted_calls: wastedCalls.length,
    wasted_tokens: count ? wastedCalls.reduce((sum, i) => sum + tokens[i]!.call + tokens[i]!.result, 0) : null,
    actionable: {
      turns: episodes.filter((e) => e.recovery_turns > 0).length,
      body_tokens: count ? episodes.reduce((sum, e) => sum + (tokens[e.first_call]!.body ?? 0), 0) : null,
    },
  };
  return report;
}
