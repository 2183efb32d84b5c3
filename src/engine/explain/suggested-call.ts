// suggested_call: the call with every fault's one fix applied, offered only when the fixed call passes
// validation. A refused call's result gets it as a lazy member (addSuggestedCall), worked out when read.
import { vetCandidates } from './candidates';
import { validateCounted } from './call-faults';
import { acceptedAsSent } from '../validate/validate';
import { moveValue, renameAt, setAt } from '../paths';
import type { CheckResult, CompiledPack, CompiledTool, Fault, Json } from '../types';

/** What a result's lazy members are worked out from, kept on it under a symbol no serializer reads. */
const LAZY = Symbol('lazy members');
export interface LazyContext {
  pack: CompiledPack;
  tool: string | null;
  args: Json | null;
  faults: Fault[];
  state: unknown;
}

/** Replaces a lazy accessor of a result by an ordinary data property holding `value`, in the same place. */
function settle<K extends keyof CheckResult>(target: CheckResult, key: K, value: CheckResult[K]): CheckResult[K] {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return value;
}

/**
 * suggested_call: the body does not need it, and it costs a second validation, so it is worked out when
 * first read (JSON.stringify, a spread and structuredClone read it like any property), then held as an
 * ordinary data property. The accessor is shared by every result: a closure per result made each one a
 * slow dictionary object, which cost a faulty call more than the rest of its result did.
 */
const SUGGESTED_CALL: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: CheckResult & { [LAZY]: LazyContext }) {
    const { pack, tool, args, faults, state } = this[LAZY];
    return settle(this, 'suggested_call', tool && args !== null ? suggestCall(pack.tool(tool), args, faults, state) : null);
  },
  set(this: CheckResult, value: CheckResult['suggested_call']) {
    settle(this, 'suggested_call', value);
  },
};

/** At most this many rounds of fixes: a rename can reveal a value that needs its own fix (`staus: "OPEN"`). */
const SUGGEST_ROUNDS = 3;

/**
 * The corrected call, when every fault has exactly one fix and the fixed call passes validation (the
 * whole schema and the conflicts); otherwise null. A fix that reveals another fault takes another round.
 */
function suggestCall(tool: CompiledTool | undefined, args: Json, faults: Fault[], state: unknown): CheckResult['suggested_call'] {
  if (!tool) return null;
  let next = applyFixes(args, faults);
  for (let round = 0; next !== null && round < SUGGEST_ROUNDS; round++) {
    const fast = acceptedAsSent(tool, next);
    if (fast.accepted) return { name: tool.name, arguments: next };
    // The validator's errors on `next`, when the fast path has them, are not asked for twice.
    const left = validateCounted(tool, next, fast.errors, state);
    if (left.faults.length === 0 && left.unexplained === 0) return { name: tool.name, arguments: next };
    if (left.unexplained) return null;
    vetCandidates(tool, left.checked ?? null, left.faults, left.explained);
    next = applyFixes(next, left.faults);
  }
  return null;
}

function applyFixes(args: Json, faults: Fault[]): Json | null {
  // A move carries its own destination; every other fix applies its one candidate.
  if (!faults.every((f) => f.fix && (f.fix.kind === 'move' || f.candidates.length === 1))) return null;
  let next: Json;
  try {
    next = cloneArgs(args);
  } catch {
    // Too deep to copy (structuredClone recurses): the body still says everything; only the suggestion goes.
    return null;
  }
  for (const f of faults) {
    const fix = f.fix!;
    if (fix.kind === 'replace') next = setAt(next, fix.path, f.candidates[0]);
    else if (fix.kind === 'rename') next = renameAt(next, fix.path, String(f.candidates[0]));
    else if (fix.kind === 'move' && fix.to) next = moveValue(next, fix.path, fix.to);
    else return null;
  }
  return next;
}

/** Past this depth, or on anything but plain JSON data, the copy is left to structuredClone. */
const PLAIN_CLONE_DEPTH = 64;
const NOT_PLAIN = Symbol('not plain JSON');

/** A deep copy of plain JSON data (no structuredClone round trip); else throws NOT_PLAIN. */
function clonePlain(value: Json, depth: number): Json {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || depth > PLAIN_CLONE_DEPTH) throw NOT_PLAIN;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    // A plain array: no holes and no other own keys, so the copy below is the whole of it.
    if (proto !== Array.prototype || Object.keys(value).length !== value.length) throw NOT_PLAIN;
    const out = new Array<Json>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i], depth + 1);
    return out;
  }
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(value)) {
    const v = clonePlain((value as Record<string, Json>)[k], depth + 1);
    // A key named __proto__ stays data, as structuredClone keeps it.
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out;
}

/** The same copy structuredClone makes, made directly for plain JSON data (the suggested call copies every faulty call). */
function cloneArgs(args: Json): Json {
  try {
    return clonePlain(args, 0);
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return structuredClone(args);
  }
}

/**
 * Completes a refused call's result: its suggested_call, as a lazy member in the place the key holds (after
 * did_you_mean: call it there), then the members after it (`rest`), then what the suggestion is worked out
 * from. The hidden context goes on last: added before the members after it, it cost every faulty call
 * 1 to 2% more (bench/faulty.ts): the later members then no longer took the one shape V8 had for them.
 */
export function addSuggestedCall(result: CheckResult, context: LazyContext, rest: Pick<CheckResult, 'log' | 'checks' | 'effects'>): CheckResult {
  Object.defineProperty(result, 'suggested_call', SUGGESTED_CALL);
  result.log = rest.log;
  result.checks = rest.checks;
  result.effects = rest.effects;
  Object.defineProperty(result, LAZY, { value: context });
  return result;
}
