// Probes: a change to the arguments, validated. Every value the explanation offers has been put in place
// of what was sent and validated there first, and candidates.ts holds each did_you_mean to the same test.
// The validator's errors on a change are kept for the call, so the explanation and the vetting of its
// candidates ask the validator once for one value at one place.
import { conflictFaults } from '../validate/conflicts';
import { fieldIndex } from '../field-index';
import { moveValue, pointerOf, valueAt, withValueAt, type Segment } from '../paths';
import { messageOf } from '../faults/fault';
import type { AjvError, CompiledTool, ExplainContext, Json } from '../types';

/** Validator runs one call may spend on checking candidates; past it, no more candidates are made. */
const PROBE_BUDGET = 64;
/**
 * A run is charged one more probe for each this many errors it returns: a run costs what it reports, and
 * a schema whose anyOf branches fan out through $refs reports thousands of errors for one wrong value, each
 * read again by every probe after it. Ordinary faulty calls report far fewer, and cost one probe a run.
 */
const ERRORS_PER_PROBE = 256;

/** What a validator run that reported `errors` costs of the probe budget. */
function probeCost(errors: readonly AjvError[]): number {
  return 1 + Math.floor(errors.length / ERRORS_PER_PROBE);
}
/** An array longer than this gets no candidate for its items or for itself: checking it costs too much. */
export const MAX_ITEMS_FIXED = 100;

interface ProbeState {
  left: number;
  base?: { errors: Set<string>; conflicts: ReadonlySet<string> };
  /** Whether a field's shape example validated, by kind and path pattern: checked once per call, not per item. */
  shapes: Map<string, boolean>;
  /** The validator's errors with one value put in place, by its pointer and the value's key (valueKey). */
  changes: Map<string, AjvError[]>;
  /** Numbers for the values too big or too deep to key by their JSON, by identity. */
  objects: Map<object, number>;
}

/** Past this many nodes or levels a value is keyed by identity: its JSON would cost more than the run it saves, or overflow the stack. */
const MAX_KEYED_NODES = 256;
const MAX_KEYED_DEPTH = 32;

/**
 * How many of `left` nodes remain once `value` is counted, or -1 past MAX_KEYED_NODES nodes or MAX_KEYED_DEPTH
 * levels. Recursive with no allocation (the depth is capped): every probe keys its value, most of them a scalar or a small object.
 */
function nodesLeft(value: Json, depth: number, left: number): number {
  if (--left < 0 || depth > MAX_KEYED_DEPTH) return -1;
  if (value === null || typeof value !== 'object') return left;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && left >= 0; i++) left = nodesLeft(value[i], depth + 1, left);
    return left;
  }
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    left = nodesLeft((value as Record<string, Json>)[k], depth + 1, left);
    if (left < 0) return -1;
  }
  return left;
}

/** Whether `value` is small enough to key by its JSON: at most MAX_KEYED_NODES nodes over at most MAX_KEYED_DEPTH levels. */
function smallValue(value: Json): boolean {
  return nodesLeft(value, 0, MAX_KEYED_NODES) >= 0;
}

/** A value's key among a call's probes: its JSON when it is small, else its identity, never a walk without end. */
function valueKey(s: ProbeState, value: Json): string {
  if (value === null || typeof value !== 'object' || smallValue(value)) return `j${JSON.stringify(value)}`;
  let n = s.objects.get(value);
  if (n === undefined) s.objects.set(value, (n = s.objects.size));
  return `o${n}`;
}

// Kept on the context itself rather than in a WeakMap: a context lives for one call, and a WeakMap entry
// per faulty call cost the collector more than the state did.
const PROBES = Symbol('probe state');

function probeState(ctx: ExplainContext): ProbeState {
  const held = ctx as ExplainContext & { [PROBES]?: ProbeState };
  let s = held[PROBES];
  if (!s) Object.defineProperty(held, PROBES, { value: (s = { left: PROBE_BUDGET, shapes: new Map(), changes: new Map(), objects: new Map() }) });
  return s;
}

/** The arguments as the validator saw them: over-long strings emptied, so no probe runs a pattern on one. */
export function checkedArgs(ctx: ExplainContext): Json {
  return ctx.checked ?? ctx.args;
}

/** The validator's errors on `args`; undefined when the budget is spent. */
export function errorsOf(ctx: ExplainContext, args: Json): AjvError[] | undefined {
  const s = probeState(ctx);
  if (s.left <= 0) return undefined;
  const errors = ctx.tool.validate(args) ?? [];
  s.left -= probeCost(errors);
  return errors;
}

/** The validator's errors with `value` at `path` of the checked arguments, run once per call for each. */
function changeErrors(ctx: ExplainContext, path: readonly Segment[], value: Json): AjvError[] {
  const s = probeState(ctx);
  const changes = s.changes;
  const key = `${pointerOf(path)}\u0000${valueKey(s, value)}`;
  let errors = changes.get(key);
  if (errors === undefined) {
    errors = ctx.tool.validate(withValueAt(checkedArgs(ctx), path, value)) ?? [];
    changes.set(key, errors);
  }
  return errors;
}

/** The validator's errors with `value` at `path` of the checked arguments; undefined when the budget is spent. */
export function errorsWith(ctx: ExplainContext, path: readonly Segment[], value: Json): AjvError[] | undefined {
  const s = probeState(ctx);
  if (s.left <= 0) return undefined;
  // A value asked about before is charged again: the budget counts questions, so the bodies do not
  // depend on which of them were asked first.
  const errors = changeErrors(ctx, path, value);
  s.left -= probeCost(errors);
  return errors;
}

/**
 * The validator's errors on the checked arguments of `probes` (the explained call vetCandidates is handed) with `value` at `path`, for
 * candidates.ts, which spends no budget: those its probes already have, else a run kept with them.
 */
export function errorsWithValueAt(probes: ExplainContext, path: readonly Segment[], value: Json): AjvError[] {
  // The value sent, offered back (a repair that changed nothing): the errors of the call as checked.
  // Thinned of repeats or not, they put an error at the same places.
  if (probes.checkedErrors) {
    const here = valueAt(checkedArgs(probes), path);
    // A string or number is the same value when it is equal: only a list or an object is compared as JSON,
    // and only a small one (a deep one is validated again rather than walked without end).
    if (here.found && (here.value === value || (typeof value === 'object' && value !== null && smallValue(value) && JSON.stringify(here.value) === JSON.stringify(value)))) return probes.checkedErrors;
  }
  return changeErrors(probes, path, value);
}

function signature(e: AjvError): string {
  return `${e.instancePath}\u0000${e.schemaPath}\u0000${JSON.stringify(e.params ?? {})}`;
}

const NO_KEYS: ReadonlySet<string> = new Set();

function conflictKeys(tool: CompiledTool, args: Json): ReadonlySet<string> {
  if (fieldIndex(tool).conflicted.length === 0) return NO_KEYS;
  return new Set(conflictFaults({ tool, args }).map((c) => `${c.field}\u0000${messageOf(c)}`));
}

/** The errors and conflicts of the arguments as sent, which a change is not blamed for. */
function baseOf(ctx: ExplainContext): ProbeState['base'] {
  const s = probeState(ctx);
  if (!s.base) {
    let errors: AjvError[] | undefined;
    // The errors of the call as the validator saw it are known already; the probe budget is spent as if run again.
    if (ctx.checkedErrors) {
      if (s.left > 0) {
        s.left -= probeCost(ctx.checkedErrors);
        errors = ctx.checkedErrors;
      }
    } else errors = errorsOf(ctx, checkedArgs(ctx));
    if (!errors) return undefined;
    s.base = { errors: new Set(errors.map(signature)), conflicts: conflictKeys(ctx.tool, checkedArgs(ctx)) };
  }
  return s.base;
}

export function atOrUnder(pointer: string, at: string): boolean {
  return pointer === at || pointer.startsWith(at + '/');
}

/**
 * Whether `changed` (the checked arguments with values put at `paths`) breaks nothing the change could
 * break: no error at or under a changed path, no error at one of their ancestors that the call as sent
 * did not already have (a parent's required, anyOf or uniqueItems), and no new conflict.
 */
export function changeFits(ctx: ExplainContext, changed: Json, paths: readonly Segment[][], known?: AjvError[]): boolean {
  const base = baseOf(ctx);
  const errors = known ?? errorsOf(ctx, changed);
  if (!base || !errors) return false;
  const pointers = paths.map(pointerOf);
  for (const e of errors) {
    for (const at of pointers) {
      if (atOrUnder(e.instancePath, at)) return false;
      if (at.startsWith(e.instancePath + '/')) {
        if (!base.errors.has(signature(e))) return false;
      }
    }
  }
  for (const k of conflictKeys(ctx.tool, changed)) if (!base.conflicts.has(k)) return false;
  return true;
}

/** Whether `value`, sent at `path` instead of what was sent, breaks nothing there that was not broken. */
export function fitsAt(ctx: ExplainContext, path: readonly Segment[], value: Json): boolean {
  // The call as sent is charged before the change, as changeFits charges it.
  if (!baseOf(ctx)) return false;
  const errors = errorsWith(ctx, path, value);
  return errors !== undefined && changeFits(ctx, withValueAt(checkedArgs(ctx), path, value), [path.slice()], errors);
}

/** Whether a field's shape example fits in place, asked once per call for each key (`run` answers it). */
export function shapeFits(ctx: ExplainContext, key: string, run: () => boolean): boolean {
  const checked = probeState(ctx).shapes;
  if (!checked.has(key)) checked.set(key, run());
  return checked.get(key)!;
}

/** Whether the value at `from`, sent under the name at `to` instead, breaks nothing there that was not broken. */
export function moveFits(ctx: ExplainContext, from: readonly Segment[], to: readonly Segment[]): boolean {
  return changeFits(ctx, moveValue(checkedArgs(ctx), from, to), [[...to]]);
}

/** Whether the items of the array at `path` would be too many to fix one by one. */
export function inLongArray(ctx: ExplainContext, path: readonly Segment[]): boolean {
  for (let i = path.length - 1; i >= 0; i--) {
    if (typeof path[i] !== 'number') continue;
    const arr = valueAt(ctx.args, path.slice(0, i)).value;
    if (Array.isArray(arr) && arr.length > MAX_ITEMS_FIXED) return true;
  }
  return false;
}
