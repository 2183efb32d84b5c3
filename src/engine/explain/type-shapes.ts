// Shapes, not just types: what an object or array should look like, and what a model meant when it sent
// the right content in the wrong shape. A string where {"dateTime": …} is wanted, a comma-separated string
// where an array is wanted, a value sent under the wrong sibling, a flat name for a nested field, the same
// fault on many items of one array. Every value offered here has been put in place of what was sent and
// validated there first: a candidate this module cannot check is never made.
import { suggestValues } from './suggest';
import { minimalExample } from './schema-example';
import { words } from '../absorb/absorb';
import { isWeak, meaningfulWords } from '../parse/name-words';
import { conflictFaults } from '../validate/conflicts';
import { FORMAT_RULES, SCHEMA_WORDS, whatToSend } from '../faults/rule-words';
import { childFieldsOf, fieldIndex } from '../field-index';
import { PATTERN_FIELD_MAX, regexInputLimit } from '../validate/input-cap';
import { safePatternTest } from '../safe-pattern';
import { formatPath, patternOf, valueAt, type Segment } from '../paths';
import { addNote, dropNote, makeFault, messageOf, restate } from '../faults/fault';
import type { AjvError, CompiledTool, ExplainContext, FieldInfo, Fault, FaultNoteKind, Json, JsonObject, SchemaNode } from '../types';

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
const MAX_ITEMS_FIXED = 100;
/** A candidate longer than this, as JSON, would crowd the body's token budget; none is offered. */
const MAX_CANDIDATE_CHARS = 300;
/** A shape example longer than this, as text, is not worth its tokens. */
const MAX_SHAPE_CHARS = 100;
/** A string longer than this is not split into an array. */
const MAX_SPLIT_CHARS = 2000;
/** Grouped faults show this many of the values received. */
const GROUP_RECEIVED = 3;

// ---------------------------------------------------------------------------------------------------
// Probes: a change to the arguments, validated.

interface ProbeState {
  left: number;
  base?: { errors: Set<string>; conflicts: ReadonlySet<string> };
  /** Whether a field's shape example validated, by kind and path pattern: checked once per call, not per item. */
  shapes: Map<string, boolean>;
}

// Kept on the context itself rather than in a WeakMap: a context lives for one call, and a WeakMap entry
// per faulty call cost the collector more than the state did.
const PROBES = Symbol('probe state');

function probeState(ctx: ExplainContext): ProbeState {
  const held = ctx as ExplainContext & { [PROBES]?: ProbeState };
  let s = held[PROBES];
  if (!s) Object.defineProperty(held, PROBES, { value: (s = { left: PROBE_BUDGET, shapes: new Map() }) });
  return s;
}

/** The arguments as the validator saw them: over-long strings emptied, so no probe runs a pattern on one. */
function checkedArgs(ctx: ExplainContext): Json {
  return ctx.checked ?? ctx.args;
}

/** The validator's errors on `args`; undefined when the budget is spent. */
function errorsOf(ctx: ExplainContext, args: Json): AjvError[] | undefined {
  const s = probeState(ctx);
  if (s.left <= 0) return undefined;
  const errors = ctx.tool.validate(args) ?? [];
  s.left -= probeCost(errors);
  return errors;
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

export function pointerOf(path: readonly Segment[]): string {
  let out = '';
  for (const s of path) {
    const text = String(s);
    // Most segments hold neither ~ nor /: nothing to escape.
    out += text.includes('~') || text.includes('/') ? `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}` : `/${text}`;
  }
  return out;
}

function atOrUnder(pointer: string, at: string): boolean {
  return pointer === at || pointer.startsWith(at + '/');
}

/**
 * Whether `changed` (the checked arguments with values put at `paths`) breaks nothing the change could
 * break: no error at or under a changed path, no error at one of their ancestors that the call as sent
 * did not already have (a parent's required, anyOf or uniqueItems), and no new conflict.
 */
function changeFits(ctx: ExplainContext, changed: Json, paths: readonly Segment[][], known?: AjvError[]): boolean {
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
  return changeFits(ctx, withValueAt(checkedArgs(ctx), path, value), [path.slice()]);
}

/** Whether the value at `from`, sent under the name at `to` instead, breaks nothing there that was not broken. */
export function moveFits(ctx: ExplainContext, from: readonly Segment[], to: readonly Segment[]): boolean {
  return changeFits(ctx, moveValue(checkedArgs(ctx), from, to), [[...to]]);
}

/** Sets an own data property; a key named __proto__ stays data, as Object.fromEntries keeps it. */
function setOwn(obj: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A copy of `root` with `value` at `path`; off the path everything is shared, and a new key goes last. */
export function withValueAt(root: Json | undefined, path: readonly Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = root.slice();
    copy[head] = withValueAt(root[head], rest, value);
    return copy;
  }
  const src = root !== null && typeof root === 'object' && !Array.isArray(root) ? root : {};
  const key = String(head);
  const out: JsonObject = {};
  for (const k of Object.keys(src)) setOwn(out, k, k === key ? withValueAt(src[k], rest, value) : src[k]);
  if (!Object.prototype.hasOwnProperty.call(src, key)) setOwn(out, key, withValueAt(undefined, rest, value));
  return out;
}

/**
 * A copy of `root` with the value at `from` moved to `to`, a path under the same parent object (a sibling
 * key, or a field of a sibling object, made when missing). The moved key keeps its place when it becomes
 * a new key of the parent, so the call reads as it was written.
 */
export function moveValue(root: Json, from: readonly Segment[], to: readonly Segment[]): Json {
  const parentPath = from.slice(0, -1);
  const parent = valueAt(root, parentPath).value;
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return root;
  const key = String(from[from.length - 1]);
  const value = (parent as JsonObject)[key];
  const [first, ...deeper] = to.slice(parentPath.length).map(String);
  const taken = Object.prototype.hasOwnProperty.call(parent, first);
  const entries: [string, Json][] = [];
  for (const k of Object.keys(parent)) {
    if (k === key) {
      if (!taken) entries.push([first, withValueAt(undefined, deeper, value)]);
    } else entries.push([k, k === first ? withValueAt(parent[k], deeper, value) : parent[k]]);
  }
  return withValueAt(root, parentPath, Object.fromEntries(entries));
}

function shortEnough(v: Json): boolean {
  return JSON.stringify(v).length <= MAX_CANDIDATE_CHARS;
}

/** Text with no spaces, short: a token, an id or a sheet range (`Summary!A1:B10`), never a sentence (an instruction needs words). */
const TOKEN_TEXT = /^[A-Za-z0-9_.:/@+#!-]{0,64}$/;

/**
 * Whether a candidate built from what was sent holds the caller's text only where a rule of the schema
 * constrains it (a pattern, a format or a set) or as a short token. Free text the caller wrote belongs
 * under `received` alone: a did_you_mean must not carry an injected sentence to the model.
 */
function constrainedText(tool: CompiledTool, pattern: string, v: Json): boolean {
  if (typeof v === 'string') {
    const f = tool.fields.get(pattern);
    return (f !== undefined && (typeof f.schema.pattern === 'string' || typeof f.schema.format === 'string' || f.enumValues !== undefined)) || TOKEN_TEXT.test(v);
  }
  if (Array.isArray(v)) return v.every((x) => constrainedText(tool, `${pattern}[]`, x));
  if (v !== null && typeof v === 'object') {
    return Object.entries(v).every(([k, x]) => {
      const at = pattern ? `${pattern}.${k}` : k;
      return (tool.fields.has(at) || TOKEN_TEXT.test(k)) && constrainedText(tool, at, x);
    });
  }
  return true;
}

/** A candidate fit to offer: short, and holding no free text of the caller's (see constrainedText). */
function offerable(ctx: ExplainContext, path: readonly Segment[], candidate: Json): boolean {
  return shortEnough(candidate) && constrainedText(ctx.tool, patternOf(path), candidate);
}

// ---------------------------------------------------------------------------------------------------
// The field index, read as a tree.

function typesOf(s: SchemaNode): string[] {
  return Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : [];
}

/** The fields declared directly under the path pattern `parent` ('' for the arguments), in order. */
function childFields(tool: CompiledTool, parent: string): readonly FieldInfo[] {
  return childFieldsOf(tool, parent);
}

/** A field a string may be sent in: a string field, or one of no declared type. */
function takesString(f: FieldInfo): boolean {
  const t = typesOf(f.schema);
  return t.length === 0 || t.includes('string');
}

/** A string field whose format or pattern a string can be said to fit (any string fits a bare string field). */
function hasStringRule(f: FieldInfo): boolean {
  return takesString(f) && (typeof f.schema.format === 'string' || typeof f.schema.pattern === 'string');
}

/** The field names of an anyOf/oneOf whose branches each require one field: the first branch's name. */
function firstRequiredChoice(s: SchemaNode): string | undefined {
  for (const k of ['anyOf', 'oneOf']) {
    const branches = s[k];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const b = branches[0];
    if (b && typeof b === 'object' && Array.isArray(b.required) && b.required.length === 1) return String(b.required[0]);
  }
  return undefined;
}

/** A value for a field from the pack's own words: its example, its first permitted value, its format's example. */
function exampleOf(tool: CompiledTool, pattern: string, depth: number): Json | undefined {
  const f = tool.fields.get(pattern);
  if (!f) return undefined;
  if (f.example !== undefined) return f.example;
  if (f.enumValues?.length) return f.enumValues[0];
  const t = typesOf(f.schema);
  if (t.includes('object') || (t.length === 0 && f.schema.properties)) return depth < 2 ? objectExample(tool, pattern, depth + 1) : undefined;
  if (t.includes('array')) {
    const item = depth < 2 ? exampleOf(tool, `${pattern}[]`, depth + 1) : undefined;
    return item === undefined ? undefined : [item];
  }
  if (typeof f.schema.format === 'string' && FORMAT_RULES[f.schema.format]) return FORMAT_RULES[f.schema.format].example;
  return undefined;
}

/**
 * The smallest object that shows a field's shape: its required fields, else the first field of a required
 * choice (dateTime of dateTime|date), else the first field with an example; each with its example value.
 */
function objectExample(tool: CompiledTool, pattern: string, depth: number): JsonObject | undefined {
  const f = tool.fields.get(pattern);
  if (!f) return undefined;
  if (f.example !== null && typeof f.example === 'object' && !Array.isArray(f.example)) return f.example;
  const children = childFields(tool, pattern);
  const declared = new Set(children.map((c) => c.name));
  let names: string[] = Array.isArray(f.schema.required) ? f.schema.required.filter((n: unknown) => typeof n === 'string' && declared.has(n)) : [];
  if (names.length === 0) {
    const choice = firstRequiredChoice(f.schema);
    if (choice && declared.has(choice)) names = [choice];
  }
  if (names.length === 0) {
    const first = children.find((c) => c.example !== undefined);
    if (first) names = [first.name];
  }
  if (names.length === 0) return undefined;
  const entries: [string, Json][] = [];
  for (const n of names) {
    const v = exampleOf(tool, `${pattern}.${n}`, depth);
    if (v === undefined) return undefined;
    entries.push([n, v]);
  }
  return Object.fromEntries(entries);
}

const shapeCache = new WeakMap<CompiledTool, Map<string, Json | null>>();

/** The example a fault message shows for an object or array field: {"email": …} or [{"email": …}]. */
function shapeExample(tool: CompiledTool, pattern: string, kind: 'object' | 'array'): Json | undefined {
  let cache = shapeCache.get(tool);
  if (!cache) shapeCache.set(tool, (cache = new Map()));
  const key = `${kind}\u0000${pattern}`;
  if (!cache.has(key)) {
    let v: Json | undefined;
    if (kind === 'object') v = objectExample(tool, pattern, 0);
    else {
      const item = exampleOf(tool, `${pattern}[]`, 1);
      v = item === undefined ? undefined : [item];
    }
    cache.set(key, v === undefined || compact(v).length > MAX_SHAPE_CHARS ? null : v);
  }
  return cache.get(key) ?? undefined;
}

/** JSON as a person writes it in prose: `{"dateTime": "2026-03-11T09:00:00+01:00"}`. */
export function compact(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(compact).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${compact(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/**
 * "an object such as {…}" / "an array such as […]" for the field at `path`, when the pack's examples make
 * one that validates in place; else undefined.
 */
export function shapeText(ctx: ExplainContext, path: readonly Segment[], want: string): string | undefined {
  const field = ctx.tool.fields.get(patternOf(path));
  if (!field) return undefined;
  const t = typesOf(field.schema);
  const kind = want.includes('object') || (want === '' && t.includes('object')) ? 'object' : want.includes('array') || (want === '' && t.includes('array')) ? 'array' : undefined;
  if (!kind) return undefined;
  // The pack's own examples first; a tool with none (a user's own, an imported one) gets the smallest
  // value its schema takes, checked in place below like any other.
  let example = shapeExample(ctx.tool, field.path, kind);
  if (example === undefined) {
    const built = minimalExample(ctx.tool.source.arguments, field.schema, SCHEMA_WORDS);
    const fits = kind === 'object' ? built !== null && typeof built === 'object' && !Array.isArray(built) && Object.keys(built).length > 0 : Array.isArray(built) && built.length > 0;
    if (built === undefined || !fits || compact(built).length > MAX_SHAPE_CHARS) return undefined;
    example = built;
  }
  const checked = probeState(ctx).shapes;
  const key = `${kind}\u0000${field.path}`;
  if (!checked.has(key)) checked.set(key, changeFits(ctx, withValueAt(checkedArgs(ctx), path, example), [path.slice()]));
  if (!checked.get(key)) return undefined;
  return `${kind === 'object' ? 'an object' : 'an array'} such as ${compact(example)}`;
}

// ---------------------------------------------------------------------------------------------------
// Type faults: shape, set, null, and the value in the shape the field wants.

/**
 * Shapes with one reading: the value wrapped in an object named for its own field (`"raw": {"raw": "…"}`)
 * reads as what is inside; a list or object where the field's own example is JSON text (Slack's `blocks`)
 * reads as its JSON text; a list of strings where one string is wanted reads as its one item, or, where
 * the field is a comma-separated list (`x-comma-list`, or an example such as GitHub's labels, `bug,ui`), as
 * its items so joined.
 * Offered when it fits; a value holding the caller's own text is not repeated in the body, which says
 * what to do instead (the suggested call still makes the change).
 */
function offerReshaped(ctx: ExplainContext, fault: Fault, field: FieldInfo | undefined, want: string, path: readonly Segment[], value: Json): void {
  const name = path[path.length - 1];
  let reshaped: Json | undefined;
  let note: [FaultNoteKind, string] | undefined;
  if (typeof name === 'string' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === name) {
      reshaped = (value as JsonObject)[name];
      note = ['unwrap', `the value sent is wrapped in an object named ${name}: send what is inside it`];
    }
  }
  if (reshaped === undefined && want.includes('string') && value !== null && typeof value === 'object' && typeof field?.example === 'string' && /^\s*[[{]/.test(field.example)) {
    try {
      JSON.parse(field.example);
      reshaped = JSON.stringify(value);
      note = ['json_text', 'the value sent fits as JSON text: send it inside a string'];
    } catch {
      // An example that only looks like JSON says nothing about the field.
    }
  }
  if (reshaped === undefined && want.includes('string') && !want.includes('array') && Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    const items = value as string[];
    if (items.length === 1) {
      reshaped = items[0];
      note = ['joined', 'the value sent is a list of one: send its item alone'];
    } else if ((field?.commaList || (typeof field?.example === 'string' && COMMA_LIST.test(field.example))) && items.every((v) => v !== '' && !v.includes(','))) {
      reshaped = items.join(',');
      note = ['joined', 'the value sent is a list: send its items in one string, separated by commas'];
    }
  }
  if (reshaped === undefined || note === undefined || !fitsAt(ctx, path, reshaped)) return;
  fault.candidates = [reshaped];
  // A list of tokens joined by commas holds no more of the caller's text than its tokens did.
  const joinedTokens = note[0] === 'joined' && Array.isArray(value) && value.every((v) => typeof v === 'string' && TOKEN_TEXT.test(v)) && shortEnough(reshaped);
  if (!joinedTokens && !offerable(ctx, path, reshaped)) {
    addNote(fault, note[0], note[1]);
    fault.showCandidates = false;
  }
}

/** An example that is a list in one string: `bug,ui`, words joined by bare commas (`Hello, world` is prose). */
const COMMA_LIST = /^[^,\s]+(?:,[^,\s]+)+$/;

/**
 * Refines a type fault (explain.ts). The message gives the permitted set on an enum field and the shape on
 * an object or array field; `null` is told to leave an optional field out, or what a required one needs;
 * a string that fits the one obvious field of an object is offered wrapped in it, and a comma-separated
 * string (or a single value) where an array is wanted is offered as the array.
 */
export function refineTypeFault(ctx: ExplainContext, fault: Fault, field: FieldInfo | undefined, want: string, value: Json | undefined): Fault {
  const path = fault.path;
  if (!path) return fault;
  let what: string | undefined;
  if (field?.enumValues) what = whatToSend(field, undefined);
  else if (/object|array/.test(want)) what = shapeText(ctx, path, want);
  if (value === null) {
    // A unit field's message already says what to send, in its unit.
    if (what === undefined && field && !field.unit) what = whatToSend(field, undefined);
    if (what !== undefined) restate(fault, `must be ${what}`);
    const optional = field !== undefined && !field.required && typeof path[path.length - 1] === 'string';
    if (optional) addNote(fault, 'leave_out', 'or leave it out');
    else if (field?.resolveWith) addNote(fault, 'resolve', `get one from ${field.resolveWith}`);
    fault.candidates = [];
    delete fault.fix;
    return fault;
  }
  if (what !== undefined) restate(fault, `must be ${what}`);
  if (field?.enumValues) {
    // `"true"` for a boolean is no help where only the set will do.
    const set = field.enumValues;
    fault.candidates = fault.candidates.filter((c) => set.some((v) => v === c));
    // `true` where the set is yes or no: the value it says.
    if (fault.candidates.length === 0 && typeof value === 'boolean') fault.candidates = suggestValues(value, set, field.valueAliases);
  } else if (fault.candidates.length === 0 && value !== undefined) {
    let candidate: Json | undefined;
    if (want.includes('object') && typeof value === 'string') candidate = wrapString(ctx, path, value);
    else if (want.includes('array') && !Array.isArray(value)) {
      const made = arrayFrom(ctx, path, value);
      if (made?.offerable) candidate = made.items;
      else if (made && made.items.length === 1) {
        // One value that fits as the list's one item but holds the caller's free text (an embed, a block):
        // the body says so without repeating the text; the suggested call still wraps it.
        addNote(fault, 'one_item', 'the value sent fits as its one item: send it inside [ ]');
        fault.candidates = [made.items];
        fault.showCandidates = false;
      }
    }
    if (candidate === undefined && fault.candidates.length === 0) offerReshaped(ctx, fault, field, want, path, value);
    if (candidate !== undefined) fault.candidates = [candidate];
  }
  if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path };
  else delete fault.fix;
  return fault;
}

/** Whether the items of the array at `path` would be too many to fix one by one. */
function inLongArray(ctx: ExplainContext, path: readonly Segment[]): boolean {
  for (let i = path.length - 1; i >= 0; i--) {
    if (typeof path[i] !== 'number') continue;
    const arr = valueAt(ctx.args, path.slice(0, i)).value;
    if (Array.isArray(arr) && arr.length > MAX_ITEMS_FIXED) return true;
  }
  return false;
}

/**
 * The strings wrapped as objects of the field at `pattern`, each in the one field whose format or pattern
 * it fits; undefined unless every string fits exactly one. `place` puts the wrapped values into the
 * arguments and says where each one sits; one validation per candidate field tests every string at once.
 */
function wrapAll(ctx: ExplainContext, pattern: string, strings: string[], place: (wrapped: Json[]) => { args: Json; itemPath: (i: number) => Segment[] }, errorsOfField?: Map<string, AjvError[]>): JsonObject[] | undefined {
  const children = childFields(ctx.tool, pattern);
  let fields = children.filter(hasStringRule);
  if (fields.length === 0) {
    // No rule tells one string field from another; a string still has one reading where only one field
    // takes a string at all (Jira's transition {id, looped}: "31" is its id; Calendar's freebusy items {id}).
    fields = children.filter(takesString);
    if (fields.length !== 1) return undefined;
  }
  const fitsOf: string[][] = strings.map(() => []);
  for (const f of fields) {
    const limit = regexInputLimit(f) ?? PATTERN_FIELD_MAX;
    if (strings.every((s) => s.length > limit)) continue;
    const wrapped = strings.map((s) => (s.length <= limit ? Object.fromEntries([[f.name, s]]) : {}));
    const { args, itemPath } = place(wrapped);
    const errors = errorsOf(ctx, args);
    if (!errors) return undefined;
    errorsOfField?.set(f.name, errors);
    strings.forEach((s, i) => {
      if (s.length > limit) return;
      const at = pointerOf([...itemPath(i), f.name]);
      if (!errors.some((e) => atOrUnder(e.instancePath, at))) fitsOf[i].push(f.name);
    });
  }
  if (fitsOf.some((names) => names.length !== 1)) return undefined;
  return strings.map((s, i) => Object.fromEntries([[fitsOf[i][0], s]]));
}

/** `"2026-03-11T09:00:00+01:00"` for start -> `{"dateTime": "2026-03-11T09:00:00+01:00"}`, when that validates. */
function wrapString(ctx: ExplainContext, path: readonly Segment[], s: string): JsonObject | undefined {
  if (inLongArray(ctx, path)) return undefined;
  const checked = checkedArgs(ctx);
  // The arguments wrapAll validated with the chosen field are the candidate's own: their errors are reused.
  const errorsOfField = new Map<string, AjvError[]>();
  const wrapped = wrapAll(ctx, patternOf(path), [s], (w) => ({ args: withValueAt(checked, path, w[0]), itemPath: () => path.slice() }), errorsOfField);
  if (!wrapped) return undefined;
  const candidate = wrapped[0];
  const known = errorsOfField.get(Object.keys(candidate)[0]);
  return changeFits(ctx, withValueAt(checked, path, candidate), [path.slice()], known) && offerable(ctx, path, candidate) ? candidate : undefined;
}

/** `"initiated answered completed"` for a list of permitted words: the words, when every one is permitted. */
function spacedValues(value: string, itemField: FieldInfo | undefined): string[] | undefined {
  const set = itemField?.enumValues;
  const words = value.trim().split(/\s+/);
  if (!set || words.length < 2 || !words.every((w) => set.includes(w))) return undefined;
  return words;
}

/**
 * `"billing, urgent"` -> `["billing", "urgent"]`; `"ana@example.com"` for attendees ->
 * `[{"email": "ana@example.com"}]`; any other single value -> the one-item array. Undefined unless the
 * array validates in place.
 */
function arrayFrom(ctx: ExplainContext, path: readonly Segment[], value: Json): { items: Json[]; offerable: boolean } | undefined {
  if (inLongArray(ctx, path)) return undefined;
  let items: Json[];
  const itemField = ctx.tool.fields.get(`${patternOf(path)}[]`);
  if (typeof value === 'string') {
    if (value.length > MAX_SPLIT_CHARS) return undefined;
    items = value.includes(',') ? value.split(',').map((s) => s.trim()).filter((s) => s !== '') : spacedValues(value, itemField) ?? [value];
    if (items.length === 0 || items.length > MAX_ITEMS_FIXED) return undefined;
  } else items = [value];
  const checked = checkedArgs(ctx);
  const itemsWantObjects = itemField !== undefined && typesOf(itemField.schema).includes('object') && !typesOf(itemField.schema).includes('string');
  if (itemsWantObjects && items.every((v) => typeof v === 'string')) {
    const wrapped = wrapAll(ctx, itemField.path, items as string[], (w) => ({ args: withValueAt(checked, path, w), itemPath: (i) => [...path, i] }));
    if (!wrapped) return undefined;
    items = wrapped;
  }
  // Where a list of lists goes (Sheets' values), the values sent are one row, not a column of one-cell rows.
  if (itemField !== undefined && typesOf(itemField.schema).includes('array') && !typesOf(itemField.schema).includes('string') && items.every((v) => !Array.isArray(v))) items = [items];
  // A value too deep or too odd for the schema fails here, before anything reads it further.
  if (!changeFits(ctx, withValueAt(checked, path, items), [path.slice()])) return undefined;
  return { items, offerable: offerable(ctx, path, items) };
}

// ---------------------------------------------------------------------------------------------------
// A value that fits a sibling: `ch_…` sent as payment_intent goes in charge.

function ruleOf(f: FieldInfo): string | undefined {
  return f.rule ?? (typeof f.schema.format === 'string' ? FORMAT_RULES[f.schema.format]?.rule : undefined);
}

/**
 * Sibling patterns, compiled as the validator compiles them (flag u), once each; null when one does not
 * compile or might backtrack (safe-pattern.ts): the full validation below then decides, on its own engine.
 */
const OWN_PATTERNS = new Map<string, ((s: string) => boolean) | null>();

function failsOwnPattern(f: FieldInfo, value: string): boolean {
  const pattern = f.schema.pattern;
  if (typeof pattern !== 'string') return false;
  let test = OWN_PATTERNS.get(pattern);
  if (test === undefined) {
    test = safePatternTest(pattern) ?? null;
    if (OWN_PATTERNS.size >= 1000) OWN_PATTERNS.clear();
    OWN_PATTERNS.set(pattern, test);
  }
  return test !== null && !test(value);
}

/**
 * On a pattern or format fault: when the value fits exactly one sibling field's own pattern or format,
 * the message names that field, and the fix moves the value there when the sibling is free and the
 * moved call breaks nothing new.
 */
export function noteSiblingFit(ctx: ExplainContext, fault: Fault): Fault {
  const path = fault.path;
  if (!path || path.length === 0) return fault;
  const key = path[path.length - 1];
  const value = valueAt(ctx.args, path).value;
  if (typeof key !== 'string' || typeof value !== 'string' || inLongArray(ctx, path)) return fault;
  const parentPath = path.slice(0, -1);
  const parent = valueAt(ctx.args, parentPath).value;
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return fault;
  const own = ctx.tool.fields.get(patternOf(path));
  // The field's own example: a sibling whose rule accepts it too (one line of text, say) cannot tell
  // the two fields' values apart, and naming it would be noise.
  const ownExample = own?.example ?? (typeof own?.schema.format === 'string' ? FORMAT_RULES[own.schema.format]?.example : undefined);
  if (typeof ownExample !== 'string') return fault;
  const checked = checkedArgs(ctx);
  const accepts = (f: FieldInfo, v: string): boolean | undefined => {
    const at = [...parentPath, f.name];
    const errors = errorsOf(ctx, withValueAt(checked, at, v));
    if (!errors) return undefined;
    const pointer = pointerOf(at);
    return !errors.some((e) => atOrUnder(e.instancePath, pointer));
  };
  const fitting: FieldInfo[] = [];
  for (const f of childFields(ctx.tool, patternOf(parentPath))) {
    if (f.name === key || !hasStringRule(f) || f.enumValues) continue;
    if (value.length > (regexInputLimit(f) ?? PATTERN_FIELD_MAX)) continue;
    // A value the sibling's own pattern refuses cannot fit there: no validation of the whole call needed.
    if (failsOwnPattern(f, value)) continue;
    const fits = accepts(f, value);
    if (fits === undefined) return fault;
    if (fits) fitting.push(f);
  }
  if (fitting.length !== 1 || accepts(fitting[0], ownExample) !== false) return fault;
  const sibling = fitting[0];
  const rule = ruleOf(sibling);
  addNote(fault, 'sibling', rule ? `the value sent is ${rule}, which goes in ${sibling.name}` : `the value sent fits ${sibling.name} instead`);
  const to = [...parentPath, sibling.name];
  if (!Object.prototype.hasOwnProperty.call(parent, sibling.name) && changeFits(ctx, moveValue(checked, path, to), [to])) {
    fault.fix = { kind: 'move', path: path.slice(), parentPath, to };
  }
  return fault;
}

// ---------------------------------------------------------------------------------------------------
// A flat name for a nested field: start_time for start.dateTime.

/** Longer names are no field name a model invented; they are not split into words. */
const MAX_NAME = 64;

/** words() of each name read here, kept (the declared names come back call after call); never written to. */
const WORDS = new Map<string, readonly string[]>();
const WORDS_KEPT = 10_000;

function wordsOf(name: string): readonly string[] {
  let ws = WORDS.get(name);
  if (ws === undefined) {
    if (WORDS.size >= WORDS_KEPT) WORDS.clear();
    ws = words(name);
    WORDS.set(name, ws);
  }
  return ws;
}

/**
 * On an unknown argument with no near name: when the key reads as an object field's name followed by the
 * name of one of its fields (start_time, end_date, startDateTime), offer that nested path. The value
 * decides between fields the words fit equally (start_time: dateTime or timeZone), by fitting exactly one
 * of them. The fix moves the value into the object when the target is free and the result validates;
 * otherwise the path is offered by name only, with no fix.
 */
export function offerNestedPath(ctx: ExplainContext, fault: Fault, at: readonly Segment[], key: string): Fault {
  if (fault.candidates.length > 0 || key.length > MAX_NAME) return fault;
  const flat = wordsOf(key);
  if (flat.length < 2) return fault;
  const source = [...at, key];
  const value = valueAt(ctx.args, source).value;
  const holder = valueAt(ctx.args, at).value as JsonObject;
  const checked = checkedArgs(ctx);
  const options: { field: FieldInfo; exact: boolean; to: Segment[]; movable: boolean; evidence: boolean }[] = [];
  for (const o of childFields(ctx.tool, patternOf(at))) {
    if (!typesOf(o.schema).includes('object')) continue;
    const ow = wordsOf(o.name);
    if (ow.length >= flat.length || !ow.every((w, i) => w === flat[i])) continue;
    const rest = flat.slice(ow.length);
    const current = Object.prototype.hasOwnProperty.call(holder, o.name) ? holder[o.name] : undefined;
    const free = current === undefined || (current !== null && typeof current === 'object' && !Array.isArray(current));
    for (const c of childFields(ctx.tool, o.path)) {
      const cw = wordsOf(c.name);
      const exact = rest.join('') === cw.join('');
      if (!exact && !rest.every((w) => cw.includes(w))) continue;
      const to = [...at, o.name, c.name];
      const taken = current !== undefined && free && Object.prototype.hasOwnProperty.call(current, c.name);
      const fitsLength = typeof value !== 'string' || value.length <= (regexInputLimit(c) ?? PATTERN_FIELD_MAX);
      const movable = free && !taken && fitsLength && changeFits(ctx, moveValue(checked, source, to), [to]);
      const evidence = movable && (hasStringRule(c) || c.enumValues !== undefined);
      options.push({ field: c, exact, to, movable, evidence });
    }
  }
  const withEvidence = options.filter((o) => o.evidence);
  const exact = options.filter((o) => o.exact);
  let pick: (typeof options)[number] | undefined;
  if (withEvidence.length === 1) pick = withEvidence[0];
  else if (withEvidence.length === 0 && exact.length === 1) pick = exact[0];
  else if (withEvidence.length === 0 && exact.length === 0 && options.length === 1) pick = options[0];
  if (!pick) return fault;
  const [objectName, fieldName] = pick.to.slice(at.length).map(String);
  fault.candidates = [`${objectName}.${fieldName}`];
  dropNote(fault, 'takes');
  addNote(fault, 'nest', `it goes inside ${objectName}, as {${JSON.stringify(objectName)}: {${JSON.stringify(fieldName)}: …}}`);
  // Never the rename fix: a key named "start.dateTime" is no better than start_time.
  if (pick.movable) fault.fix = { kind: 'move', path: source, parentPath: at.slice(), to: pick.to };
  else delete fault.fix;
  return fault;
}

/**
 * On an unknown argument no name here fits: when the key is, as sent, the name of a field inside exactly
 * one object field (`title` for Sheets' properties.title), offer that path, and the move when the object
 * is free and the result validates. Absorb does not move it (absorb.ts moves only into the one wrapper
 * that holds the body), so the model sees where it goes and decides. Never for a qualifier (`name`, `id`,
 * `type`, `value`): inside an object it names that object's own (a tagger's name, a scope's type), not
 * what the call meant.
 */
export function offerInsideObject(ctx: ExplainContext, fault: Fault, at: readonly Segment[], key: string): Fault {
  if (fault.candidates.length > 0 || key.length > MAX_NAME || meaningfulWords(key).every(isWeak)) return fault;
  const holder = valueAt(ctx.args, at).value as JsonObject;
  let found: { object: string; to: Segment[]; free: boolean } | undefined;
  for (const o of childFields(ctx.tool, patternOf(at))) {
    if (!typesOf(o.schema).includes('object')) continue;
    if (!childFields(ctx.tool, o.path).some((c) => c.name === key)) continue;
    // Two objects that both hold the name: which one is meant is the model's to say.
    if (found) return fault;
    const current = Object.prototype.hasOwnProperty.call(holder, o.name) ? holder[o.name] : undefined;
    const free = current === undefined || (current !== null && typeof current === 'object' && !Array.isArray(current) && !Object.prototype.hasOwnProperty.call(current, key));
    found = { object: o.name, to: [...at, o.name, key], free };
  }
  if (!found) return fault;
  const source = [...at, key];
  fault.candidates = [`${found.object}.${key}`];
  dropNote(fault, 'takes');
  addNote(fault, 'nest', `it goes inside ${found.object}, as {${JSON.stringify(found.object)}: {${JSON.stringify(key)}: …}}`);
  if (found.free && changeFits(ctx, moveValue(checkedArgs(ctx), source, found.to), [found.to])) fault.fix = { kind: 'move', path: source, parentPath: at.slice(), to: found.to };
  else delete fault.fix;
  return fault;
}

// ---------------------------------------------------------------------------------------------------
// After explanation (validate.ts): no two moves into one place, and one entry for the same fault on many items.

/** `0-11`, `0, 2, 5-7`: indices in runs, the first few runs only. */
export function indexRanges(indices: number[]): string {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) runs.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) runs.push(String(sorted[k]));
    i = j + 1;
  }
  return runs.length > 6 ? `${runs.slice(0, 6).join(', ')}, …` : runs.join(', ');
}

function lastIndexAt(path: readonly Segment[]): number {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'number') return i;
  return -1;
}

/** `attendees`, `[]`, `.email` -> `attendees[].email`. */
function itemsField(arrayPath: readonly Segment[], rest: readonly Segment[]): string {
  return `${formatPath(arrayPath)}[]${rest.length ? formatPath(['_', ...rest]).slice(1) : ''}`;
}

/**
 * The same fault (code and message) on several items of one array becomes one entry: its field names the
 * items (`attendees[].email`), its message says how many and which, and `received` holds the first few
 * values. When each item has one fix and together they make the array valid, the entry is about the
 * array itself instead, and did_you_mean holds the corrected array.
 */
export function groupItemFaults(ctx: ExplainContext, faults: Fault[]): Fault[] {
  const more = ctx.moreItems;
  const moreFor = (f: Fault) => (more?.size && f.path ? more.get(itemRuleKey(f.path, f.schemaPath) ?? '') : undefined);
  // Most faulty calls have one fault: nothing to group.
  if (faults.length < 2 && !(faults.length === 1 && moreFor(faults[0]))) return faults;
  const keyOf = (f: Fault): string | undefined => {
    const j = f.path ? lastIndexAt(f.path) : -1;
    if (j < 0) return undefined;
    return JSON.stringify([f.path!.slice(0, j), f.path!.slice(j + 1), f.code, messageOf(f), f.showCandidates]);
  };
  const groups = new Map<string, Fault[]>();
  for (const f of faults) {
    const k = keyOf(f);
    if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const size = (g: Fault[]) => g.length + (moreFor(g[0])?.length ?? 0);
  if (![...groups.values()].some((g) => size(g) > 1)) return faults;
  const out: Fault[] = [];
  for (const f of faults) {
    const k = keyOf(f);
    const members = k === undefined ? undefined : groups.get(k)!;
    if (!members || size(members) < 2) out.push(f);
    else if (members[0] === f) out.push(mergeItems(ctx, members, moreFor(f) ?? []));
  }
  return out;
}

/**
 * The same rule on any item of one array: the array's path, the path inside the item, and the schema path.
 * validate.ts keys the violations it does not explain by this, so they count into the entry of their rule.
 */
export function itemRuleKey(path: readonly Segment[], schemaPath: string | undefined): string | undefined {
  const j = lastIndexAt(path);
  return j < 0 ? undefined : JSON.stringify([path.slice(0, j), path.slice(j + 1), schemaPath ?? '']);
}

/** `more`: the indices of further items with the same fault that were counted, not explained. */
function mergeItems(ctx: ExplainContext, members: Fault[], more: number[]): Fault {
  const first = members[0];
  const j = lastIndexAt(first.path!);
  const arrayPath = first.path!.slice(0, j);
  const rest = first.path!.slice(j + 1);
  const indices = [...members.map((m) => m.path![j] as number), ...more];
  const n = indices.length;
  const which = indexRanges(indices);
  // A corrected array built from the explained items alone would leave the counted ones wrong.
  const whole = more.length ? undefined : wholeArrayFix(ctx, members, arrayPath, j);
  if (whole) {
    const statement = rest.length ? `in each of ${n} items (${which}), ${formatPath(rest)} ${first.statement}` : `each of ${n} items (${which}) ${first.statement}`;
    const asRow = whole.length === 1 && whole[0] === valueAt(ctx.args, arrayPath).value;
    return makeFault({
      code: first.code,
      stage: first.stage,
      path: arrayPath,
      statement,
      notes: asRow ? [{ kind: 'one_item', text: 'the list sent fits as its one item: send it inside [ ]' }] : first.notes.slice(),
      sent: valueAt(ctx.args, arrayPath).value as Json,
      candidates: [whole],
      showCandidates: true,
      fix: { kind: 'replace', path: arrayPath },
      keyword: first.keyword,
      schemaPath: first.schemaPath,
      check: first.check,
      packKeyword: first.packKeyword,
      reason: `${n} items of ${formatPath(arrayPath)}: ${first.reason}`,
      detail: `${n} items of ${formatPath(arrayPath)}: ${first.detail ?? first.reason}`,
    });
  }
  const received = members.every((m) => m.hasReceived) ? [...members.slice(0, GROUP_RECEIVED).map((m) => m.received as Json), ...(n > Math.min(GROUP_RECEIVED, members.length) ? [`…[cut: ${n} items in all]`] : [])] : undefined;
  // A name (an unknown field's near declared name) holds for every item; a value only for its own.
  const sameNames = first.code === 'unknown_argument' && members.every((m) => JSON.stringify(m.candidates) === JSON.stringify(first.candidates));
  return makeFault({
    code: first.code,
    stage: first.stage,
    field: itemsField(arrayPath, rest),
    path: first.path,
    statement: first.statement,
    notes: [...first.notes, { kind: 'items', text: `${n} items fail this: ${which}` }],
    received,
    candidates: sameNames ? first.candidates : [],
    showCandidates: first.showCandidates,
    // No keyword: no value proposed for one item may stand for all of them.
    schemaPath: first.schemaPath,
    check: first.check,
    packKeyword: first.packKeyword,
    reason: `${n} items of ${formatPath(arrayPath)}: ${first.reason}`,
    detail: `${n} items of ${formatPath(arrayPath)}: ${first.detail ?? first.reason}`,
  });
}

/** The array with every member's one replacement applied, when it validates in place; else undefined. */
function wholeArrayFix(ctx: ExplainContext, members: Fault[], arrayPath: Segment[], j: number): Json[] | undefined {
  if (!members.every((m) => m.candidates.length === 1 && m.fix?.kind === 'replace' && pointerOf(m.fix.path) === pointerOf(m.path!))) return undefined;
  const sent = valueAt(ctx.args, arrayPath).value;
  // An item emptied for being over-long (validate.ts) must not come back, unchecked, in a candidate.
  if (!Array.isArray(sent) || sent.length > MAX_ITEMS_FIXED || valueAt(checkedArgs(ctx), arrayPath).value !== sent) return undefined;
  // Every item of a flat list wrapped on its own where a list of lists goes: the list sent is one row
  // (Sheets' values: ["a", "b", "c"] is [["a", "b", "c"]]), not a column of one-cell rows.
  const row = [sent] as Json[];
  if (members.length === sent.length && members.every((m) => m.path!.length === j + 1 && isWrapped(m.candidates[0], sent[m.path![j] as number]))) {
    if (changeFits(ctx, withValueAt(checkedArgs(ctx), arrayPath, row), [arrayPath]) && offerable(ctx, arrayPath, row)) return row;
  }
  let fixed: Json = sent;
  for (const m of members) fixed = withValueAt(fixed, m.path!.slice(j), m.candidates[0]);
  if (!changeFits(ctx, withValueAt(checkedArgs(ctx), arrayPath, fixed), [arrayPath])) return undefined;
  return offerable(ctx, arrayPath, fixed) ? (fixed as Json[]) : undefined;
}

/** Whether `candidate` is `item` inside a list of its own: [item]. */
function isWrapped(candidate: Json, item: Json): boolean {
  return Array.isArray(candidate) && candidate.length === 1 && !Array.isArray(item) && JSON.stringify(candidate[0]) === JSON.stringify(item);
}

/** Two fixes that would put values in one place (two moves, or a move and a rename) cannot both run. */
export function dropCollidingMoves(faults: Fault[]): Fault[] {
  if (faults.length < 2) return faults;
  const targets = new Map<string, number>();
  const targetOf = (f: Fault): string | undefined => {
    if (f.fix?.kind === 'move' && f.fix.to) return pointerOf(f.fix.to);
    if (f.fix?.kind === 'rename' && f.candidates.length === 1 && f.fix.parentPath) return pointerOf([...f.fix.parentPath, String(f.candidates[0])]);
    return undefined;
  };
  for (const f of faults) {
    const t = targetOf(f);
    if (t !== undefined) targets.set(t, (targets.get(t) ?? 0) + 1);
  }
  for (const f of faults) {
    if (f.fix?.kind === 'move' && (targets.get(targetOf(f)!) ?? 0) > 1) delete f.fix;
  }
  return faults;
}

