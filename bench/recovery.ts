// The recovery benchmark: every corpus call, broken each way, sent to each kind of server; the caller
// (src/engine/caller.ts) edits it from the body alone until the server runs exactly the ground truth, or gives up.
import { breakCall, BREAKS, BREAK_LABELS, type BreakKind } from './breaks';
import { nextNamedCall } from '../src/engine/caller';
import type { CorpusCall } from './corpus';
import type { CompiledPack, CompiledTool, Json } from './engine-entry';
import { enforcedRules, readRuleErrors } from '../src/engine/pack/promises/enforce';
import { BODY_KINDS, serve, type BodyKind } from './servers';

export const MAX_ROUNDS = 4;

export interface Tally {
  applicable: number;
  not_applicable: number;
  /** Pairs whose fix is knowable from the schema (an enum, a type, a declared name, a format or pattern). */
  knowable: number;
  /** Accepted as sent, and what ran is the ground truth: the server absorbed the mistake. */
  absorbed: number;
  one_round: number;
  two_or_more: number;
  never: number;
  /** Of `never`: accepted as sent but not the ground truth (the mistake ran). */
  ran_wrong: number;
  /** Among knowable pairs: recovered in at most one round. */
  knowable_within_one: number;
  /**
   * Broken calls that name a declared tool and satisfy its own schema (AJV on the wire schema, nothing of
   * the engine), yet were refused: must be none. Counted only where the run is given that validator. A call
   * that breaks a rule its tool's description states (a read rule: "YYYY-MM-DD" on a plain string) is not
   * valid, though its schema takes it: it counts under refused_stated_rule instead.
   */
  refused_valid: number;
  /** Broken calls their schema takes, refused on a rule the tool's description or examples state (issue 33). */
  refused_stated_rule: number;
}

function emptyTally(): Tally {
  return { applicable: 0, not_applicable: 0, knowable: 0, absorbed: 0, one_round: 0, two_or_more: 0, never: 0, ran_wrong: 0, knowable_within_one: 0, refused_valid: 0, refused_stated_rule: 0 };
}

/** Whether `args` break a rule the tool states beside its schema (its read rules), as check() enforces them. */
function breaksStatedRule(tool: CompiledTool, args: unknown): boolean {
  return !!tool.readRules?.length && readRuleErrors(enforcedRules(tool.readRules), args) !== null;
}

/** Whether `args` satisfy the wire schema of `pack`'s tool `tool`, by a validator that is no part of the engine. */
export type SchemaCheck = (pack: CompiledPack, tool: string, args: unknown) => boolean;

type Check = Parameters<typeof serve>[1];

/** JSON with object keys sorted: a call is the same call whatever order its arguments come in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}

/** Rounds to recover (0 = absorbed), or 'never' / 'ran_wrong'. `name` is the tool name the broken call sends. */
export function recover(kind: BodyKind, check: Check, pack: CompiledPack, tool: string, name: string, broken: Record<string, Json>, truth: Record<string, Json>): number | 'never' | 'ran_wrong' {
  const want = canonical(truth);
  let call = { name, args: broken };
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const out = serve(kind, check, pack, call.name, call.args);
    if (out.ok) return out.tool === tool && canonical(out.args) === want ? round : 'ran_wrong';
    const next = nextNamedCall(kind, out.body, call.name, call.args, truth);
    if (!next) return 'never';
    call = next;
  }
  return 'never';
}

export interface RecoveryResult {
  max_rounds: number;
  /** tally[corpus][bodyKind][breakKind] */
  tally: Record<string, Record<BodyKind, Record<BreakKind, Tally>>>;
  /** The same, over tau-bench and BFCL together (the data nobody here wrote). */
  external: Record<BodyKind, Record<BreakKind, Tally>>;
  goal: { target: number; knowable_pairs: number; within_one_round: number; share: number; met: boolean };
  /** The goal's measure for every kind of body, for comparison. */
  knowable_within_one_by_kind: Record<BodyKind, number>;
  labels: Record<BreakKind, string>;
}

export function runRecovery(calls: CorpusCall[], check: Check, satisfies?: SchemaCheck): RecoveryResult {
  const tally: RecoveryResult['tally'] = {};
  const external = Object.fromEntries(BODY_KINDS.map((k) => [k, Object.fromEntries(BREAKS.map((b) => [b, emptyTally()]))])) as RecoveryResult['external'];
  const names = new WeakMap<CompiledPack, string[]>();
  for (const c of calls) {
    const tool = c.pack.tool(c.tool)!;
    let declared = names.get(c.pack);
    if (!declared) names.set(c.pack, (declared = c.pack.tools.map((t) => t.name)));
    const perCorpus = (tally[c.corpus] ??= Object.fromEntries(BODY_KINDS.map((k) => [k, Object.fromEntries(BREAKS.map((b) => [b, emptyTally()]))])) as RecoveryResult['external']);
    for (const b of BREAKS) {
      const broken = breakCall(b, tool, c.truth, declared);
      const name = broken?.name ?? c.tool;
      // A call its own schema takes, under a declared name, must never be refused, unless it breaks a rule its
      // tool states beside the schema (pack/promises/): then the refusal is the point.
      const refusedTaken = broken !== null && satisfies !== undefined && c.pack.tool(name) !== undefined && satisfies(c.pack, name, broken.args) && !check(c.pack, { name, arguments: broken.args }).ok;
      const stated = refusedTaken && breaksStatedRule(c.pack.tool(name)!, broken!.args);
      const refusedValid = refusedTaken && !stated;
      for (const kind of BODY_KINDS) {
        const targets = c.corpus === 'packs' ? [perCorpus[kind][b]] : [perCorpus[kind][b], external[kind][b]];
        if (!broken) {
          for (const t of targets) t.not_applicable++;
          continue;
        }
        const r = recover(kind, check, c.pack, c.tool, name, broken.args, c.truth);
        for (const t of targets) {
          t.applicable++;
          if (refusedValid && kind === 'actionable') t.refused_valid++;
          if (stated && kind === 'actionable') t.refused_stated_rule++;
          if (broken.knowable) t.knowable++;
          if (r === 'never' || r === 'ran_wrong') {
            t.never++;
            if (r === 'ran_wrong') t.ran_wrong++;
          } else if (r === 0) t.absorbed++;
          else if (r === 1) t.one_round++;
          else t.two_or_more++;
          if (broken.knowable && typeof r === 'number' && r <= 1) t.knowable_within_one++;
        }
      }
    }
  }
  const ours = Object.values(external.actionable);
  const knowable = ours.reduce((n, t) => n + t.knowable, 0);
  const within = ours.reduce((n, t) => n + t.knowable_within_one, 0);
  const share = knowable ? within / knowable : 0;
  const byKind = Object.fromEntries(
    BODY_KINDS.map((kind) => {
      const rows = Object.values(external[kind]);
      const k = rows.reduce((n, t) => n + t.knowable, 0);
      return [kind, k ? rows.reduce((n, t) => n + t.knowable_within_one, 0) / k : 0];
    }),
  ) as Record<BodyKind, number>;
  return { max_rounds: MAX_ROUNDS, tally, external, goal: { target: 0.95, knowable_pairs: knowable, within_one_round: within, share, met: share >= 0.95 }, knowable_within_one_by_kind: byKind, labels: BREAK_LABELS };
}
