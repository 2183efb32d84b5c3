// What the CLI writes for one line of a log (--jsonl, --grade --jsonl) and how it writes a result, so that
// no line can cost the others and the bytes never depend on the thread that wrote them:
// - a result is written by cutMembers(): a member nested deeper than MAX_WRITTEN_DEPTH (512) is written as
//   null and named in the result's `cut` list, so the bytes never depend on a thread's stack
//   (src/engine/json-depth.ts says why);
// - a line that fails in any other way, or is longer than MAX_LINE_BYTES, gets {"line": N, "error": …}.
import { checkCalls } from '../engine/check-calls';
import { deeperThan, MAX_WRITTEN_DEPTH } from '../engine/json-depth';
import type { CheckOptions, CheckResult, CompiledPack } from '../engine/types';

/**
 * The longest line --jsonl reads, in bytes (its newline not counted). Past it the line is skipped unread
 * and answered with an error of its own, and the run goes on. 16 MiB is far beyond any call a model can
 * have made (a model's whole reply is at most some hundred thousand tokens, under a megabyte; the MCP proxy
 * takes messages of 10 MB), and keeps a thread under 256 MB while it answers one: a line costs about ten
 * times its size then (the text, its parsed value, the result that echoes the arguments, and its UTF-8).
 * At 32 MiB a 25 MB line peaked at 313 MB, past the hostile-input goal (bench/hostile.ts).
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * `value` (an object) as it can be written: each member nested deeper than MAX_WRITTEN_DEPTH is null, and
 * `cut` (after the other members) lists their names. The same object when nothing is that deep. The
 * members named in `whole` are left as they are: their own members were cut already.
 */
export function cutMembers<T extends object>(value: T, whole: readonly string[] = []): T | (T & { cut: string[] }) {
  // One walk of the whole value first: nearly every result has nothing to cut.
  if (!deeperThan(value, MAX_WRITTEN_DEPTH + 1)) return value;
  let cut: string[] | undefined;
  // for…in, not Object.entries: this runs for every line of a log, and most results have nothing to cut.
  for (const key in value) {
    if (Object.hasOwn(value, key) && deeperThan(value[key], MAX_WRITTEN_DEPTH) && !whole.includes(key)) (cut ??= []).push(key);
  }
  if (!cut) return value;
  const out = { ...value } as Record<string, unknown>;
  for (const key of cut) out[key] = null;
  out.cut = cut;
  return out as T & { cut: string[] };
}

/**
 * A line's results as one JSON line: the result alone, or a list for a line holding several calls. `text`,
 * the line they answer, spares the walk when it is short: each level of a caller's value takes at least one
 * character of it (an escape such as \u005b takes six; an inner JSON text is shorter than the string
 * holding it), and the engine adds only a few levels around one (suggested_call, did_you_mean, an array
 * absorbed around a value), so a line of SHORT_LINE characters has nothing near MAX_WRITTEN_DEPTH.
 */
function writeResults(results: readonly CheckResult[], text?: string): string {
  const cut = text !== undefined && text.length <= SHORT_LINE ? (r: CheckResult) => r : (r: CheckResult) => cutMembers(r);
  return JSON.stringify(results.length === 1 ? cut(results[0]) : results.map(cut));
}

/** Half of MAX_WRITTEN_DEPTH: most log lines are shorter (the walk is a twentieth of a line's time). */
const SHORT_LINE = MAX_WRITTEN_DEPTH / 2;

/** The answer to a line that could not be answered with a result: its number and why, as one JSON line. */
export function lineError(line: number, error: string): string {
  return JSON.stringify({ line, error });
}

export function overLongLine(line: number): string {
  return lineError(line, `is longer than ${MAX_LINE_BYTES} bytes (${MAX_LINE_BYTES / 1024 / 1024} MiB), the most a line may hold: skipped unread`);
}

/**
 * One --jsonl output line (without its newline) for input line number `line`, whose text has no newline
 * or carriage return at its end. Never throws.
 */
export function answerLine(pack: CompiledPack, text: string, line: number, options: CheckOptions): string {
  try {
    // checkCalls reads past a byte-order mark itself (formats.ts withoutBom).
    return writeResults(checkCalls(pack, text, options), text);
  } catch (err) {
    return lineError(line, `could not be answered: ${errorText(err)}`);
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
