// The suggestion round trip: every did_you_mean value and every suggested call a result offers, sent back.
// A model follows them blindly, so the figure to hold at zero is how many of them would fail validation.
import { candidateFits } from '../src/engine/explain/candidates';
import { check } from '../src/engine/check';
import { parsePath, patternOf } from '../src/engine/paths';
import type { CheckResult, CompiledPack, Json } from '../src/engine/types';

export interface RoundTrip {
  did_you_mean: number;
  invalid_did_you_mean: number;
  suggested_calls: number;
  invalid_suggested_calls: number;
  /** The first few failures, to say what went wrong. */
  failures: { tool: string | null; field: string; candidate: Json; why: string }[];
}

export function emptyRoundTrip(): RoundTrip {
  return { did_you_mean: 0, invalid_did_you_mean: 0, suggested_calls: 0, invalid_suggested_calls: 0, failures: [] };
}

function fail(t: RoundTrip, tool: string | null, field: string, candidate: Json, why: string) {
  if (t.failures.length < 20) t.failures.push({ tool, field, candidate, why });
}

/** Holds one result's suggestions to the schema, adding to `t`. */
export function roundTrip(pack: CompiledPack, r: CheckResult, t: RoundTrip = emptyRoundTrip(), recheck: (pack: CompiledPack, input: unknown) => CheckResult = check): RoundTrip {
  const tool = r.tool === null ? undefined : pack.tool(r.tool);
  for (const { field, candidates } of r.did_you_mean) {
    const code = r.log.faults.find((f) => f.field === field)?.code;
    for (const c of candidates) {
      t.did_you_mean++;
      let ok: boolean;
      if (code === 'unknown_tool') ok = typeof c === 'string' && pack.tool(c) !== undefined;
      else if (!tool || r.arguments === null) ok = false;
      else if (code === 'unknown_argument') {
        const path = parsePath(field);
        const parent = path ? patternOf(path.slice(0, -1)) : null;
        ok = typeof c === 'string' && parent !== null && tool.fields.has(parent ? `${parent}.${c}` : c);
      } else {
        const path = parsePath(field);
        ok = path !== null && candidateFits(tool, r.arguments, path, c);
      }
      if (!ok) {
        t.invalid_did_you_mean++;
        fail(t, r.tool, field, c, `did_you_mean for ${code ?? 'an unknown fault'} does not validate`);
      }
    }
  }
  if (r.suggested_call) {
    t.suggested_calls++;
    const again = recheck(pack, r.suggested_call);
    // Validation is what a suggestion answers for; the ordered checks read records it cannot know.
    if (!again.ok && again.log.stage !== 'checks') {
      t.invalid_suggested_calls++;
      fail(t, r.tool, '(suggested call)', r.suggested_call as unknown as Json, `refused again: ${JSON.stringify(again.body)}`);
    }
  }
  return t;
}
