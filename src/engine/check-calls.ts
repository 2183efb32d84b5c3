// Several calls in one message (parallel tool_calls, several tool_use blocks, several Gemini functionCall
// parts), checked call by call: one result per call, in order, each the result check() gives that call on
// its own, read from its own text so its numbers stay as written.
import { check, checkRead } from './check';
import { readCalls } from './parse/formats';
// The CLI reads calls through here: JSON as models write it is repaired (json-repair.ts).
import './parse/json-repair-default';
import type { CheckOptions, CheckResult, CompiledPack } from './types';

/**
 * One CheckResult per call in `input`, in the message's order. A message with one call, or input that is
 * no message of calls, gives one result: check()'s for the whole input. Never throws.
 */
export function checkCalls(pack: CompiledPack, input: unknown, options?: CheckOptions): CheckResult[] {
  let calls: ReturnType<typeof readCalls>;
  try {
    calls = readCalls(input);
  } catch {
    // check() explains whatever could not be split.
    return [check(pack, input, options)];
  }
  return calls.map((c) => checkRead(pack, c.input, c.value, options));
}

/**
 * One line of --jsonl output for one input line: the CheckResult as JSON, or, for a line holding several
 * calls, a JSON array of their results, so output line N still answers input line N.
 */
export function checkLine(pack: CompiledPack, line: string, options?: CheckOptions): string {
  const results = checkCalls(pack, line, options);
  return JSON.stringify(results.length === 1 ? results[0] : results);
}
