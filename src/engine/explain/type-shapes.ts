// Type faults, in shapes: what an object or array should look like, and what a model meant when it sent
// the right content in the wrong shape. A string where {"dateTime": …} is wanted, a comma-separated string
// where an array is wanted, a value wrapped in an object of its own name. Every value offered here has been
// put in place of what was sent and validated there first (probe.ts): a candidate this module cannot check
// is never made.
import { suggestValues } from './suggest';
import { sendFacts, whatToSend } from '../faults/rule-words';
import { childFieldsOf } from '../field-index';
import { PATTERN_FIELD_MAX, regexInputLimit } from '../validate/input-cap';
import { patternOf, pointerOf, withValueAt, type Segment } from '../paths';
import { addNote, restate } from '../faults/fault';
import { atOrUnder, changeFits, checkedArgs, errorsWith, fitsAt, inLongArray, MAX_ITEMS_FIXED } from './probe';
import { offerable, shortEnough, TOKEN_TEXT } from './offerable';
import { hasStringRule, takesString } from './field-kinds';
import { typesOf } from '../schema';
import { shapeText } from './shape-text';
import type { AjvError, ExplainContext, FieldInfo, Fault, FaultFacts, FaultNoteKind, Json, JsonObject } from '../types';

/** A string longer than this is not split into an array. */
const MAX_SPLIT_CHARS = 2000;

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
  // What to send, and as data what the words state: whatToSend's facts; a shape's words state none.
  let what: string | undefined;
  let facts: FaultFacts | undefined;
  const toSend = (f: FieldInfo) => {
    what = whatToSend(f, undefined);
    facts = sendFacts(f, undefined);
  };
  const say = (text: string) => {
    restate(fault, `must be ${text}`);
    fault.facts = facts;
  };
  if (field?.enumValues) toSend(field);
  else if (/object|array/.test(want)) what = shapeText(ctx, path, want);
  if (value === null) {
    // A unit field's message already says what to send, in its unit.
    if (what === undefined && field && !field.unit) toSend(field);
    if (what !== undefined) say(what);
    const optional = field !== undefined && !field.required && typeof path[path.length - 1] === 'string';
    if (optional) addNote(fault, 'leave_out', 'or leave it out');
    else if (field?.resolveWith) addNote(fault, 'resolve', `get one from ${field.resolveWith}`);
    fault.candidates = [];
    delete fault.fix;
    return fault;
  }
  if (what !== undefined) say(what);
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

/**
 * The strings wrapped as objects of the field at `pattern`, each in the one field whose format or pattern
 * it fits; undefined unless every string fits exactly one. `place` makes the value the wrapped strings
 * make at `path` and says where each one sits; one validation per candidate field tests every string at once.
 */
function wrapAll(ctx: ExplainContext, path: readonly Segment[], pattern: string, strings: string[], place: (wrapped: Json[]) => { value: Json; itemPath: (i: number) => Segment[] }, errorsOfField?: Map<string, AjvError[]>): JsonObject[] | undefined {
  const children = childFieldsOf(ctx.tool, pattern);
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
    const { value, itemPath } = place(wrapped);
    const errors = errorsWith(ctx, path, value);
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
  const wrapped = wrapAll(ctx, path, patternOf(path), [s], (w) => ({ value: w[0], itemPath: () => path.slice() }), errorsOfField);
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
  const itemsWantObjects = itemField !== undefined && typesOf(itemField.schema).includes('object') && !typesOf(itemField.schema).includes('string');
  if (itemsWantObjects && items.every((v) => typeof v === 'string')) {
    const wrapped = wrapAll(ctx, path, itemField.path, items as string[], (w) => ({ value: w, itemPath: (i) => [...path, i] }));
    if (!wrapped) return undefined;
    items = wrapped;
  }
  // Where a list of lists goes (Sheets' values), the values sent are one row, not a column of one-cell rows.
  if (itemField !== undefined && typesOf(itemField.schema).includes('array') && !typesOf(itemField.schema).includes('string') && items.every((v) => !Array.isArray(v))) items = [items];
  // A value too deep or too odd for the schema fails here, before anything reads it further.
  if (!fitsAt(ctx, path, items)) return undefined;
  return { items, offerable: offerable(ctx, path, items) };
}
