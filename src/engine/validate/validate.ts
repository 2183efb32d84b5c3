// Stage 3, validate: whether a call passes. The fast path takes a call the validator accepts as sent; a
// call too deep, too large or too costly to check is refused before AJV runs, and over-long strings on
// pattern fields are refused before any regular expression sees them. Explaining what AJV refused, one
// fault per field, is explain/call-faults.ts's.
import { lengthText, whatToSend } from '../faults/rule-words';
import { regexInputLimit } from './input-cap';
import { formatPath, valuesAlong, withValueAt, type Segment } from '../paths';
import { makeFault } from '../faults/fault';
import type { AjvError, CompiledTool, FieldInfo, Fault, Json } from '../types';
import { typesOf } from '../schema';
import { CHECK_WORK_BUDGET, fanOutOf, overCheckBudget, type FanOut } from './fan-out';
import { MAX_CHECKED_VALUES, overValueBudget, type OverBudget } from './value-budget';

/** Per tool, the fields whose pattern or format must never see an over-long string, with their limits. */
const cappedFieldsOf = new WeakMap<CompiledTool, { field: FieldInfo; steps: string[]; limit: number }[]>();

function cappedFields(tool: CompiledTool) {
  let list = cappedFieldsOf.get(tool);
  if (!list) {
    list = [];
    for (const field of tool.fields.values()) {
      const limit = regexInputLimit(field);
      if (limit !== undefined) list.push({ field, steps: field.path.replace(/\[\]/g, '.[]').split('.').filter(Boolean), limit });
    }
    cappedFieldsOf.set(tool, list);
  }
  return list;
}

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * Refuses over-long strings on pattern and format fields before AJV runs, so no regular expression ever
 * sees them (input-cap.ts says why). AJV then checks a copy with those strings emptied.
 */
export function capOversized(tool: CompiledTool, args: Json): { faults: Fault[]; args: Json; fields: ReadonlySet<string> } {
  // An indexed loop, as on the fast path: most calls hold no over-long string, and this runs on each faulty one.
  const capped = fastPathFor(tool).capped;
  let over = false;
  for (let i = 0; i < capped.length && !over; i++) over = longerAt(args, capped[i].steps, 0, capped[i].limit);
  if (!over) return { faults: [], args, fields: NO_FIELDS };
  const faults: Fault[] = [];
  const fields = new Set<string>();
  let checked = args;
  for (const { field, steps, limit } of cappedFields(tool)) {
    for (const { path, value } of valuesAlong(args, steps)) {
      if (typeof value !== 'string' || value.length <= limit) continue;
      const declared = typeof field.schema.maxLength === 'number';
      const at = formatPath(path);
      fields.add(at);
      faults.push(makeFault({
        code: 'invalid_length',
        stage: 'validate',
        field: at,
        path,
        statement: declared
          ? `must be ${lengthText(field.schema, 'minLength', 'maxLength', 'characters long')}`
          : `must be at most ${limit} characters long, and ${whatToSend(field, field.schema)}`,
        sent: value,
        keyword: 'maxLength',
        reason: `${value.length} characters on a ${typeof field.schema.pattern === 'string' ? 'pattern' : 'format'} field; refused before any regular expression ran`,
      }));
      checked = withValueAt(checked, path, '');
    }
  }
  return { faults, args: checked, fields };
}

/**
 * Whether absorb.ts is a no-op on any call the validator accepts as sent: true when every object that
 * declares properties is closed (so a renamable key cannot pass AJV) and every node that could hold a
 * JSON-encoded object or array states its type (so such a string cannot pass AJV either).
 */
function absorbIsIdleOnValid(node: unknown, depth = 0): boolean {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return true;
  if (depth > 64) return false;
  const n = node as Record<string, any>;
  if (n.properties !== undefined && n.additionalProperties !== false && n.unevaluatedProperties !== false) return false;
  if ((n.properties !== undefined || n.items !== undefined) && n.type === undefined) return false;
  // The places absorb walks: properties and items, and the $defs a $ref reaches.
  const subs = [n.items, ...Object.values(n.properties ?? {}), ...Object.values(n.$defs ?? {}), ...Object.values(n.definitions ?? {})];
  return subs.every((v) => absorbIsIdleOnValid(v, depth + 1));
}

/** Whether a string longer than `limit` sits at the field path `steps` (`[]` for every item); allocates nothing. */
// The helpers of the fast path use plain loops: no closure is made per call.
function longerAt(value: Json | undefined, steps: string[], i: number, limit: number): boolean {
  if (i === steps.length) return typeof value === 'string' && value.length > limit;
  if (steps[i] === '[]') {
    if (!Array.isArray(value)) return false;
    for (const v of value) if (longerAt(v, steps, i + 1, limit)) return true;
    return false;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, steps[i])) return false;
  return longerAt((value as Record<string, Json>)[steps[i]], steps, i + 1, limit);
}

/** Whether an object at the path `steps` holds `name` together with one of `others`. */
function conflictAt(value: Json | undefined, steps: string[], i: number, name: string, others: string[]): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (i === steps.length) {
    if (Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, name)) return false;
    for (const o of others) if (Object.prototype.hasOwnProperty.call(value, o)) return true;
    return false;
  }
  if (steps[i] === '[]') {
    if (!Array.isArray(value)) return false;
    for (const v of value) if (conflictAt(v, steps, i + 1, name, others)) return true;
    return false;
  }
  if (Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, steps[i])) return false;
  return conflictAt((value as Record<string, Json>)[steps[i]], steps, i + 1, name, others);
}

/**
 * Values nested deeper than this are refused before AJV runs, for tools whose schema lets a value nest
 * without bound: one that refers to itself (AJV then recurses once per level, and 10,000 levels overflow
 * the stack) or one with a place that takes any value (which would pass the value on, and JSON.stringify
 * overflows on it downstream). Other schemas stop at their own depth and need no limit.
 */
const MAX_NESTING = 64;

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'format', 'nullable']);
const CHILD_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const CHILD_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const CHILD_ONES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];

/** Whether a wire schema lets a value nest without bound (see MAX_NESTING). */
function nestsWithoutBound(node: unknown, depth = 0): boolean {
  if (node === true) return true;
  if (node === null || typeof node !== 'object' || Array.isArray(node) || depth > 64) return false;
  const n = node as Record<string, any>;
  if (typeof n.$ref === 'string' || typeof n.$dynamicRef === 'string' || typeof n.$recursiveRef === 'string') return true;
  // A place that takes any value at all: nothing but annotations.
  if (Object.keys(n).every((k) => ANNOTATIONS.has(k))) return true;
  const types = typesOf(n);
  if (types.includes('array') && (n.items === undefined || n.items === true) && n.prefixItems === undefined) return true;
  if (types.includes('object') && n.additionalProperties === true) return true;
  for (const k of CHILD_MAPS) if (n[k] && typeof n[k] === 'object' && Object.values(n[k]).some((v) => nestsWithoutBound(v, depth + 1))) return true;
  for (const k of CHILD_LISTS) if (Array.isArray(n[k]) && n[k].some((v: unknown) => nestsWithoutBound(v, depth + 1))) return true;
  for (const k of CHILD_ONES) if (k !== 'not' && nestsWithoutBound(n[k], depth + 1)) return true;
  return false;
}

/** The path to the first value nested deeper than `limit`, found without recursion; null when none is. */
// Runs on every call of a tool whose schema nests without bound: the walk keeps one stack of containers
// and positions, and makes the path only for the value it finds.
function tooDeep(args: Json, limit: number): Segment[] | null {
  if (args === null || typeof args !== 'object') return null;
  if (limit < 0) return [];
  const containers: object[] = [args];
  const keys: (string[] | null)[] = [Array.isArray(args) ? null : Object.keys(args)];
  const next: number[] = [0];
  while (containers.length) {
    const top = containers.length - 1;
    const c = containers[top];
    const k = keys[top];
    const i = next[top];
    const count = k ? k.length : (c as Json[]).length;
    if (i >= count) {
      containers.pop();
      keys.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    const child = k ? (c as Record<string, Json>)[k[i]] : (c as Json[])[i];
    if (child === null || typeof child !== 'object') continue;
    // The child sits at depth top + 1: past the limit, its path is the answer.
    if (top + 1 > limit) {
      const path: Segment[] = [];
      for (let d = 0; d <= top; d++) path.push(keys[d] ? keys[d]![next[d] - 1] : next[d] - 1);
      return path;
    }
    containers.push(child);
    keys.push(Array.isArray(child) ? null : Object.keys(child));
    next.push(0);
  }
  return null;
}

function nestingFault(path: Segment[], args: Json): Fault {
  let value: Json = args;
  for (const s of path) value = (value as Record<string, Json>)[s as string];
  return makeFault({
    code: 'invalid_value',
    stage: 'validate',
    path,
    statement: `nests more than ${MAX_NESTING} levels deep; send a shallower value`,
    sent: value,
    reason: `value nested beyond ${MAX_NESTING} levels where the schema sets no bound; refused before AJV ran`,
  });
}

function fanOutFault(path: Segment[], args: Json, fan: FanOut): Fault {
  let value: Json = args;
  for (const s of path) value = (value as Record<string, Json>)[s as string];
  const items = Array.isArray(value) ? `${value.length} items` : 'more values';
  return makeFault({
    code: 'invalid_value',
    stage: 'validate',
    path,
    statement: `holds ${items}, more than one call can check: this tool's schema reaches some of its values ${fan.widest.toLocaleString('en-US')} ways (anyOf or oneOf branches through $refs); send them in smaller calls`,
    sent: value,
    reason: `checking the call would take more than ${CHECK_WORK_BUDGET.toLocaleString('en-US')} schema visits; refused before AJV ran`,
  });
}

function valueBudgetFault(over: OverBudget, args: Json): Fault {
  let value: Json = args;
  for (const s of over.path) value = (value as Record<string, Json>)[s as string];
  const members = Array.isArray(value) ? `${over.members} items` : `${over.members} members`;
  return makeFault({
    code: 'invalid_length',
    stage: 'validate',
    path: over.path,
    // The arguments object itself has no field name; the body names it as the call does.
    ...(over.path.length ? {} : { field: 'arguments' }),
    statement: `holds ${members}, more than one call can check: a call may hold ${MAX_CHECKED_VALUES.toLocaleString('en-US')} values in all; send them in smaller calls`,
    sent: value,
    reason: `the call holds more than ${MAX_CHECKED_VALUES} values; refused before AJV ran`,
  });
}

interface FastPath {
  /** The schema lets values nest without bound, so deeper than MAX_NESTING is refused before AJV runs. */
  unbounded: boolean;
  /** The places the schema reaches many ways, when it does: a call past CHECK_WORK_BUDGET is refused before AJV runs. */
  fanOut: FanOut | undefined;
  idle: boolean;
  capped: { steps: string[]; limit: number }[];
  /** Fields with conflicts: the path to their parent object, their name, and what they cannot meet. */
  conflicts: { steps: string[]; name: string; with: string[] }[];
}

// Kept on the tool under a symbol rather than in a WeakMap: this is read on every call.
const FAST_PATH = Symbol('fast path');

function fastPathFor(tool: CompiledTool): FastPath {
  let info = (tool as CompiledTool & { [FAST_PATH]?: FastPath })[FAST_PATH];
  if (!info) {
    const conflicted = [...tool.fields.values()].filter((f) => f.conflicts);
    info = {
      unbounded: nestsWithoutBound(tool.wireSchema),
      fanOut: fanOutOf(tool.wireSchema),
      idle: absorbIsIdleOnValid(tool.wireSchema),
      capped: cappedFields(tool).map(({ steps, limit }) => ({ steps, limit })),
      conflicts: conflicted.map((f) => ({ steps: f.path.slice(0, f.path.length - f.name.length).replace(/\[\]/g, '.[]').split('.').filter(Boolean), name: f.name, with: f.conflicts!.with })),
    };
    if (Object.isExtensible(tool)) Object.defineProperty(tool, FAST_PATH, { value: info });
  }
  return info;
}

/** `crowded`: the call holds more values than one call may (value-budget.ts); absorbing it is not worth the work. */
export type FastPathOutcome = { accepted: true } | { accepted: false; errors?: AjvError[]; crowded?: true };
const ACCEPTED: FastPathOutcome = Object.freeze({ accepted: true });
const NOT_TRIED: FastPathOutcome = Object.freeze({ accepted: false });
const CROWDED: FastPathOutcome = Object.freeze({ accepted: false, crowded: true });

/**
 * The fast path: a call the validator accepts exactly as sent, with no over-long string on a pattern field
 * and no conflict, needs neither absorption nor explanation, and check() may accept it as it is. When the
 * validator refuses it, its errors come back so the slow path need not validate the same call twice (none,
 * when the validator takes it and a conflict refuses it).
 * `evenWhereAbsorbActs`: tried on a tool whose open schema absorption could change (check.ts asks it once
 * absorption has renamed or moved a key).
 */
export function acceptedAsSent(tool: CompiledTool, args: Json, evenWhereAbsorbActs = false): FastPathOutcome {
  const info = fastPathFor(tool);
  if (overValueBudget(args)) return CROWDED;
  if ((!info.idle && !evenWhereAbsorbActs) || (info.unbounded && tooDeep(args, MAX_NESTING)) || (info.fanOut && overCheckBudget(info.fanOut, args))) return NOT_TRIED;
  // Indexed loops: this runs on every call.
  const capped = info.capped;
  for (let i = 0; i < capped.length; i++) if (longerAt(args, capped[i].steps, 0, capped[i].limit)) return NOT_TRIED;
  const errors = tool.validate(args);
  if (errors !== null) return { accepted: false, errors };
  const conflicts = info.conflicts;
  // The validator takes it and a conflict refuses it: its answer, no errors, is not asked for again.
  for (let i = 0; i < conflicts.length; i++) if (conflictAt(args, conflicts[i].steps, 0, conflicts[i].name, conflicts[i].with)) return { accepted: false, errors: [] };
  return ACCEPTED;
}


/** The one fault of a call refused before the validator runs: nested too deep, too many values, too costly to check. */
export function refusedBeforeValidation(tool: CompiledTool, args: Json): Fault | undefined {
  const info = fastPathFor(tool);
  if (info.unbounded) {
    const deep = tooDeep(args, MAX_NESTING);
    if (deep) return nestingFault(deep, args);
  }
  const crowded = overValueBudget(args);
  if (crowded) return valueBudgetFault(crowded, args);
  const costly = info.fanOut && overCheckBudget(info.fanOut, args);
  if (costly) return fanOutFault(costly, args, info.fanOut!);
  return undefined;
}

/** Whether a field of the tool states conflicts (x-conflicts), which the validator does not check. */
export function hasConflicts(tool: CompiledTool): boolean {
  return fastPathFor(tool).conflicts.length > 0;
}
