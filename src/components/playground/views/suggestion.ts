// The suggested next call as a diff against the input, both written as {name, arguments}.
import { parseCall } from '../../../sandbox/formats';
import type { CheckResult, FaultBody, Json } from '../../../engine/types';
import { diffLines, type DiffLine } from './diff';

export type Suggestion =
  | { kind: 'diff'; lines: DiffLine[]; call: { name: string; arguments: Json }; accepted: boolean }
  | { kind: 'as-sent' }
  | { kind: 'none'; reason: string };

function pretty(v: Json): string {
  return JSON.stringify(v, null, 2);
}

export function suggestionFor(result: CheckResult, text: string): Suggestion {
  const input = parseCall(text);
  if (result.ok) {
    if (!result.corrections.length) return { kind: 'as-sent' };
    const call = { name: result.tool!, arguments: result.arguments as Json };
    const before = input.ok ? { name: input.name ?? result.tool, arguments: input.args } : call;
    return { kind: 'diff', lines: diffLines(pretty(before), pretty(call)), call, accepted: true };
  }
  const call = result.suggested_call;
  if (!call) {
    if (result.log.stage === 'checks') return { kind: 'none', reason: checksReason(result) };
    if (!result.tool) return { kind: 'none', reason: 'No call to suggest: the tool could not be read or is not in this pack, so the body asks the model to fix that first.' };
    return { kind: 'none', reason: 'No single corrected call: at least one fault has no one fix the engine can apply (a value only the caller knows, or several candidates). The body tells the model what to send.' };
  }
  const before = input.ok ? { name: input.name ?? call.name, arguments: input.args } : call;
  return { kind: 'diff', lines: diffLines(pretty(before), pretty(call)), call, accepted: false };
}

/** A well-formed call the state refuses: no edit to its arguments is the fix, so say what the body offers instead. */
function checksReason(result: CheckResult): string {
  const body: FaultBody | Record<string, never> = result.body && !('errors' in result.body) ? result.body : {};
  const next = typeof body.next_call === 'string' ? body.next_call : null;
  const retryAfter = typeof body.retry_after === 'number' ? body.retry_after : null;
  const first = 'No corrected call: this one is well-formed, and the state refuses it.';
  if (body.retryable === true) return `${first} The same call can succeed later: the body says to send it again${retryAfter !== null ? ` after ${retryAfter} s` : ''}.`;
  if (next) return `${first} The body names the call to make first or instead: ${next}.`;
  return `${first} The body says what would change the outcome.`;
}
