// Stage 3, validate: AJV over the wire schema with allErrors, plus the pack's conflicts, collecting every
// independent fault. One fault per field: when a value breaks several keywords, the one that says most
// about what to send wins (type before enum before format before bounds).
import { explainAjvError } from '../explain/explain';
import { conflictFaults } from './conflicts';
import { lengthText, whatToSend } from '../faults/rule-words';
import { regexInputLimit } from './input-cap';
import { dropCollidingMoves, groupItemFaults, itemRuleKey } from '../explain/item-groups';
import { shareProbes, takeProbes } from '../explain/probe';
import { formatPath, pointerToSegments, valuesAlong, type Segment } from '../paths';
import { hasNote, makeFault, messageOf } from '../faults/fault';
import type { AjvError, CompiledTool, ExplainContext, FieldInfo, Fault, Json, SchemaNode } from '../types';
import { deref } from '../schema';
import { CHECK_WORK_BUDGET, fanOutOf, overCheckBudget, type FanOut } from './fan-out';
import { MAX_CHECKED_VALUES, overValueBudget, type OverBudget } from './value-budget';
import { fieldFor, schemaAt } from '../explain/context';

const PRIORITY = ['type', 'enum', 'const', 'format', 'pattern', 'required', 'additionalProperties', 'unevaluatedProperties'];

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i === -1 ? PRIORITY.length : i;
}

/**
 * Drops the errors a combinator already speaks for: the `if` wrapper, and what failed under a `not`, a
 * `contains` or a `propertyNames`. Under a failed anyOf/oneOf, the branch the value plainly meant speaks
 * when there is one (branchMeant), and the combinator stays silent: `"toolong"` for a string of at most
 * 5 characters or null hears about the 5 characters, not "a string or null". Otherwise the combinator
 * speaks alone ("must be either …") and no branch does. Either way, a key some branch declares is not
 * refused as undeclared by the closing the engine adds beside the branches (`unevaluatedProperties`, which
 * a failed branch leaves unevaluated).
 */
function pruneNested(ctx: ExplainContext, errors: AjvError[]): AjvError[] {
  const dropped = new Set<AjvError>();
  const within = errorsWithin(errors);
  for (const c of errors) {
    if (dropped.has(c)) continue;
    const isChoice = c.keyword === 'anyOf' || c.keyword === 'oneOf';
    if (!isChoice && c.keyword !== 'not' && c.keyword !== 'contains' && c.keyword !== 'propertyNames') continue;
    // What failed at the combinator's value or inside it: a list of union items holds one combinator per item.
    const local = within(c.instancePath).filter((e) => e !== c);
    for (const e of local) if (e.schemaPath.startsWith(c.schemaPath + '/')) dropped.add(e);
    if (!isChoice) continue;
    const node = combinatorNode(ctx, c);
    const branches: SchemaNode[] = Array.isArray(node?.[c.keyword]) ? node[c.keyword] : [];
    // A branch's errors: by the combinator's path, or, for a branch behind a $ref, by its target's.
    const members = branches.map((b, i) => {
      const ref = b && typeof b === 'object' && typeof b.$ref === 'string' && b.$ref.startsWith('#') ? `${b.$ref}/` : undefined;
      const own = `${c.schemaPath}/${i}/`;
      return local.filter((e) => e.schemaPath.startsWith(own) || (ref !== undefined && e.schemaPath.startsWith(ref)));
    });
    const meant = Array.isArray(c.params?.passingSchemas) ? -1 : branchMeant(c, members);
    for (let i = 0; i < members.length; i++) for (const e of members[i]) if (i !== meant) dropped.add(e);
    if (meant !== -1) {
      dropped.add(c);
      for (const e of members[meant]) dropped.delete(e);
    }
    // The closing's refusals of keys a branch declares.
    const closing = c.schemaPath.slice(0, -c.keyword.length) + 'unevaluatedProperties';
    const declared = new Set<string>();
    for (const b of branches) {
      const r = b && typeof b === 'object' ? deref(ctx.tool.wireSchema, b) : undefined;
      if (r && typeof r.properties === 'object' && r.properties !== null) for (const k of Object.keys(r.properties)) declared.add(k);
    }
    for (const e of local) {
      if (e.keyword === 'unevaluatedProperties' && e.instancePath === c.instancePath && e.schemaPath === closing && declared.has(String(e.params?.unevaluatedProperty))) dropped.add(e);
    }
  }
  return errors.filter((e) => e.keyword !== 'if' && !dropped.has(e));
}

/** Lists of fewer errors are read as they are (distinctErrors). */
const DISTINCT_FROM = 64;

/** An error's params as a key: the one name most keywords carry, else the whole object as JSON. */
function paramsKey(params: AjvError['params']): string {
  if (params === undefined) return '';
  const p = params as Record<string, unknown>;
  if (typeof p.additionalProperty === 'string') return p.additionalProperty;
  if (typeof p.missingProperty === 'string') return p.missingProperty;
  return JSON.stringify(params);
}

/**
 * The errors with each repeat dropped. A schema reached through several `$ref` branches is checked once per
 * way in, and AJV paths each error from the `$ref`'s target, so the repeats are indistinguishable: anyOf
 * branches that fan out 8 ways over 4 levels repeat one error 512 times, about 10,000 in all, and every
 * combinator would read every repeat beneath it. One of each says all they say, in linear time.
 */
function distinctErrors(errors: AjvError[]): AjvError[] {
  // A short list costs nothing to read twice: only a fan-out makes repeats worth finding, so an ordinary
  // faulty call skips the keys.
  if (errors.length < DISTINCT_FROM) return errors;
  const seen = new Set<string>();
  const out: AjvError[] = [];
  for (const e of errors) {
    const key = `${e.instancePath}\u0000${e.schemaPath}\u0000${e.keyword}\u0000${paramsKey(e.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out.length === errors.length ? errors : out;
}

/**
 * The errors at an instance path or inside it, found without reading the others: paths sorted, the ones
 * under `p/` are one run of them. A thousand union items failing make a thousand combinators to read.
 */
function errorsWithin(errors: AjvError[]): (path: string) => AjvError[] {
  const byPath = new Map<string, AjvError[]>();
  for (const e of errors) {
    const list = byPath.get(e.instancePath);
    if (list) list.push(e);
    else byPath.set(e.instancePath, [e]);
  }
  const paths = [...byPath.keys()].sort();
  return (path) => {
    const out = [...(byPath.get(path) ?? [])];
    const prefix = path + '/';
    let lo = 0;
    let hi = paths.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (paths[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < paths.length && paths[i].startsWith(prefix); i++) out.push(...byPath.get(paths[i])!);
    return out;
  };
}

/**
 * The node holding an anyOf/oneOf: the field's own schema at the value's place when it holds one (AJV paths
 * the errors of a schema behind a $ref from that schema, `#/oneOf`, so the path alone can name the wrong
 * node), else the node the schema path names.
 */
function combinatorNode(ctx: ExplainContext, c: AjvError): SchemaNode | undefined {
  const field = fieldFor(ctx, pointerToSegments(c.instancePath, ctx.args));
  if (field && Array.isArray(field.schema?.[c.keyword])) return field.schema;
  return schemaAt(ctx, c.schemaPath);
}

/**
 * The one branch a value plainly meant, or -1: among the branches whose type the value has and whose
 * constants it matches (a discriminator such as `kind: "circle"`), the one with fewest errors, when no
 * other ties it. A branch none of whose errors could be tied to it says nothing, so no branch is chosen.
 */
function branchMeant(c: AjvError, members: AjvError[][]): number {
  if (members.length < 2 || members.some((m) => m.length === 0)) return -1;
  const child = c.instancePath + '/';
  const fits = members.map((m) => !m.some((e) => (e.keyword === 'type' && e.instancePath === c.instancePath) || ((e.keyword === 'const' || e.keyword === 'enum') && e.instancePath.startsWith(child) && !e.instancePath.slice(child.length).includes('/'))));
  let best = -1;
  let tie = false;
  for (let i = 0; i < members.length; i++) {
    if (!fits[i]) continue;
    if (best === -1 || members[i].length < members[best].length) [best, tie] = [i, false];
    else if (members[i].length === members[best].length) tie = true;
  }
  return tie ? -1 : best;
}

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
const NO_CONFLICTS: readonly Fault[] = Object.freeze([]);

/** A copy of `root` with the value at `path` replaced, sharing everything off the path. */
function replaceAt(root: Json, path: Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[head as number] = replaceAt(root[head as number], rest, value);
    return copy;
  }
  const copy: { [k: string]: Json } = {};
  for (const k of Object.keys(root as object)) Object.defineProperty(copy, k, { value: (root as Record<string, Json>)[k], enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, head as string, { value: replaceAt((root as Record<string, Json>)[head as string], rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * Refuses over-long strings on pattern and format fields before AJV runs, so no regular expression ever
 * sees them (input-cap.ts says why). AJV then checks a copy with those strings emptied.
 */
function capOversized(tool: CompiledTool, args: Json): { faults: Fault[]; args: Json; fields: ReadonlySet<string> } {
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
      checked = replaceAt(checked, path, '');
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
  const types: unknown[] = Array.isArray(n.type) ? n.type : [n.type];
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

/** At most this many violations are explained; the rest of a flood (a million bad items, say) are only counted. */
export const MAX_EXPLAINED = 200;

export function validateArguments(tool: CompiledTool, args: Json): Fault[] {
  const { faults } = validateCounted(tool, args);
  // No candidates are vetted after this: the call's probes are let go, not held until the next call.
  takeProbes(tool, null);
  return faults;
}

/** The faults, and how many more distinct fields were rejected beyond MAX_EXPLAINED violations. */
/** `known`: the validator's errors on these very arguments, when the fast path already has them. */
/** `state`: the state the call is checked against, for a unit whose currency comes from a record. */
/**
 * An unevaluatedProperties error on a key that the same schema object declares in its own `properties`:
 * that key is evaluated wherever the object applies, so the error is AJV's, which loses the annotation
 * behind a $ref into a resource with a relative $id (the JSON Schema Test Suite's ref.json). Not for
 * __proto__, whose schema AJV skips (with ownProperties): that key stays refused.
 */
const isLostAnnotation = (ctx: ExplainContext) => (e: AjvError): boolean => {
  if (e.keyword !== 'unevaluatedProperties') return false;
  const key = e.params?.unevaluatedProperty;
  if (typeof key !== 'string' || key === '__proto__') return false;
  const node = schemaAt(ctx, e.schemaPath);
  const props = node && typeof node === 'object' ? node.properties : undefined;
  return props !== null && typeof props === 'object' && Object.prototype.hasOwnProperty.call(props, key);
};

export function validateCounted(tool: CompiledTool, args: Json, known?: AjvError[], state?: unknown): { faults: Fault[]; unexplained: number; checked?: Json } {
  const info = fastPathFor(tool);
  if (info.unbounded) {
    const deep = tooDeep(args, MAX_NESTING);
    if (deep) return { faults: [nestingFault(deep, args)], unexplained: 0 };
  }
  const crowded = overValueBudget(args);
  if (crowded) return { faults: [valueBudgetFault(crowded, args)], unexplained: 0 };
  const costly = info.fanOut && overCheckBudget(info.fanOut, args);
  if (costly) return { faults: [fanOutFault(costly, args, info.fanOut!)], unexplained: 0 };
  const ctx: ExplainContext = { tool, args, state };
  const capped = capOversized(tool, args);
  ctx.checked = capped.args;
  const errors = distinctErrors((known && capped.args === args ? known : tool.validate(capped.args)) ?? []);
  ctx.checkedErrors = errors;
  // The candidates of this call are vetted next, on these checked arguments: they read its probes' errors.
  shareProbes(ctx);
  const byField = new Map<string, { fault: Fault; rank: number }>();
  const faults: Fault[] = capped.faults;
  const pruned = pruneNested(ctx, errors.some(isLostAnnotation(ctx)) ? errors.filter((e) => !isLostAnnotation(ctx)(e)) : errors);
  // Past MAX_EXPLAINED, violations are counted, not explained: one more of an item rule an explained item
  // breaks is one more item of that entry; the rest count once per field (all items of one rule are one).
  const overflow = pruned.length > MAX_EXPLAINED ? countOverflow(pruned, args) : undefined;
  if (overflow) pruned.length = MAX_EXPLAINED;
  for (const e of pruned) {
    const fault = explainAjvError(ctx, e);
    // The emptied stand-in's own faults (too short, no match) say nothing about what was sent.
    if (capped.fields.has(fault.field)) continue;
    const key = `${fault.field}\u0000${fault.code === 'missing_required' || fault.code === 'unknown_argument' ? fault.code : ''}`;
    const r = rank(e.keyword);
    const prev = byField.get(key);
    if (!prev) {
      byField.set(key, { fault, rank: r });
      faults.push(fault);
    } else if (r < prev.rank) {
      faults[faults.indexOf(prev.fault)] = fault;
      byField.set(key, { fault, rank: r });
    }
  }
  let unexplained = 0;
  if (overflow) {
    const explainedRules = new Set(faults.map((f) => (f.path ? itemRuleKey(f.path, f.schemaPath) : undefined)));
    ctx.moreItems = new Map();
    for (const [key, indices] of overflow.items) {
      if (explainedRules.has(key)) ctx.moreItems.set(key, indices);
      else unexplained++;
    }
    unexplained += overflow.fields;
  }
  const conflicts = fastPathFor(tool).conflicts.length ? conflictFaults(ctx) : NO_CONFLICTS;
  const explained = shortenRepeatedLists(groupItemFaults(ctx, dropImpliedByRename(dropCollidingMoves(faults))));
  // `checked`: the arguments as the validator saw them, over-long strings emptied; candidates are validated on these.
  return { faults: conflicts.length ? [...explained, ...conflicts] : explained.slice(), unexplained, checked: capped.args };
}

/** The violations past MAX_EXPLAINED: item indices by item rule (itemRuleKey), and how many other fields. */
function countOverflow(pruned: AjvError[], args: Json): { items: Map<string, number[]>; fields: number } {
  const explained = new Set<string>();
  for (let i = 0; i < MAX_EXPLAINED; i++) explained.add(whereOf(pruned[i]));
  const items = new Map<string, number[]>();
  const fields = new Set<string>();
  for (let i = MAX_EXPLAINED; i < pruned.length; i++) {
    const e = pruned[i];
    const at = pointerToSegments(e.instancePath, args);
    const named = e.params?.missingProperty ?? e.params?.additionalProperty;
    if (named !== undefined) at.push(String(named));
    const key = itemRuleKey(at, e.schemaPath);
    if (key === undefined) {
      const where = whereOf(e);
      if (!explained.has(where)) fields.add(where);
      continue;
    }
    const j = at.findLastIndex((s) => typeof s === 'number');
    const list = items.get(key);
    if (list) list.push(at[j] as number);
    else items.set(key, [at[j] as number]);
  }
  return { items, fields: fields.size };
}

function whereOf(e: AjvError): string {
  return `${e.instancePath}\u0000${e.params?.missingProperty ?? e.params?.additionalProperty ?? ''}`;
}

/**
 * `staus: "open"` gives an unknown argument whose one candidate is `status`; the "status is missing"
 * fault it causes says nothing new, and would block the suggested call. Drop such implied faults.
 */
function dropImpliedByRename(faults: Fault[]): Fault[] {
  const renamedTo = new Set<string>();
  for (const f of faults) {
    if (f.code === 'unknown_argument' && f.candidates.length === 1 && f.fix?.parentPath) {
      renamedTo.add(JSON.stringify([...f.fix.parentPath, String(f.candidates[0])]));
    }
    // A move into start.dateTime also makes start: "start is missing" is implied too.
    if (f.fix?.kind === 'move' && f.fix.to) for (let i = (f.fix.parentPath?.length ?? 0) + 1; i <= f.fix.to.length; i++) renamedTo.add(JSON.stringify(f.fix.to.slice(0, i)));
  }
  if (renamedTo.size === 0) return faults;
  return faults.filter((f) => {
    if (f.code === 'missing_required' && f.path) return !renamedTo.has(JSON.stringify(f.path));
    if (f.requiresOneOf && f.path) return !f.requiresOneOf.some((name) => renamedTo.has(JSON.stringify([...f.path!, name])));
    return true;
  });
}

/** Several unknown arguments at one level would each repeat "it takes: …"; the list is worth its tokens once. */
function shortenRepeatedLists(faults: Fault[]): Fault[] {
  if (faults.length < 2) return faults;
  const seen = new Set<string>();
  return faults.map((f) => {
    if (f.code !== 'unknown_argument' || !hasNote(f, 'takes')) return f;
    const message = messageOf(f);
    if (!seen.has(message)) {
      seen.add(message);
      return f;
    }
    return { ...f, notes: f.notes.filter((n) => n.kind !== 'takes') };
  });
}
