// check() for a call a model made against a strict export (--export openai-strict, anthropic-strict,
// gemini): the strict forms stand for a left-out optional field with null and may rename tools and
// parameters, so the call is read back into the pack's own terms first (undo.ts, fromStrictCall)
// and then checked as any call is. Kept apart from check.ts so that the playground's engine chunk, which
// never sees strict calls, does not carry the strict-mode rules.
import { check } from '../check';
import { parseCall } from '../parse/formats';
import type { StrictTarget } from './targets';
import { fromStrictCall } from './undo';
import type { CheckOptions, CheckResult, CompiledPack } from '../types';

export function checkStrictCall(pack: CompiledPack, input: unknown, target: StrictTarget, options: CheckOptions = {}): CheckResult {
  const parsed = parseCall(input);
  const name = parsed.ok ? (parsed.name ?? options.tool ?? null) : null;
  // Input that names no call, or cannot be read, gets check()'s own body for it.
  if (!parsed.ok || name === null) return check(pack, input, options);
  const call = fromStrictCall(pack, { name, arguments: parsed.args }, target);
  const result = check(pack, call, options);
  // The shape is the caller's envelope, as check() would have reported it.
  return { ...result, shape: parsed.shape, log: { ...result.log, shape: parsed.shape } };
}
