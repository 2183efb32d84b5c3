// The suggested next call as a diff against the input, both written as {name, arguments}.
import { parseCall } from '../../engine/parse';
import type { CheckResult, Json } from '../../engine/types';
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
    if (!result.tool) return { kind: 'none', reason: 'No call to suggest: the tool could not be read or is not in this pack, so the body asks the model to fix that first.' };
    return { kind: 'none', reason: 'No single corrected call: at least one fault has no one fix the engine can apply (a value only the caller knows, or several candidates). The body tells the model what to send.' };
  }
  const before = input.ok ? { name: input.name ?? call.name, arguments: input.args } : call;
  return { kind: 'diff', lines: diffLines(pretty(before), pretty(call)), call, accepted: false };
}
