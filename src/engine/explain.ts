// Stage 4, explain: turns one violation into a fault a model can act on: the field, a stable code, a
// message that names the permitted set, or the rule with one example, or the call that yields valid
// values, plus the value received and did_you_mean candidates. Messages are built only from the pack
// and the schema, never from what the caller sent: that goes under `received` alone.
import { enumCodeFor } from './codes';
import { dateFormatProblem, dateReading, patternTakesOffsets } from './date-formats';
import { deref, enumIsListable } from './pack-compiler';
import { byValueShape, fieldShape, offerArguments, shapeRefutes } from './argument-names';
import { childFieldsOf, declaredNamesOf } from './field-index';
import { formatPath, patternOf, pointerToSegments, valueAt, type Segment } from './paths';
import { cutReceived } from './received';
import { addNote, dropNote, makeFault, restate } from './fault';
import { numberFromString, suggestNames, suggestValues } from './suggest';
import type { AjvError, ExplainContext, FieldInfo, Fault, Json, SchemaNode } from './types';
import { valueSet, valueSetCandidates } from './value-sets';
import { resolveCurrency, unitCandidates, unitRule } from './units';
import { compact, fitsAt, moveFits, noteSiblingFit, offerNestedPath, refineTypeFault, shapeText } from './shapes';
import { branchPhrase, minimalExample } from './schema-example';
import { containsText, exampleText, FORMAT_RULES, lengthText, listValues, rangeText, SCHEMA_WORDS, typePhrase, valueText, whatToSend } from './rule-words';

/** What an argument's name looks like; any other key is the caller's text, not a name. */
const NAME_SHAPED = /^[A-Za-z_$][A-Za-z0-9_$.-]{0,63}$/;

function fieldFor(ctx: ExplainContext, segments: Segment[]): FieldInfo | undefined {
  return ctx.tool.fields.get(patternOf(segments));
}

/** Per wire schema, the node each schema path of an error names: a tool's errors name the same few paths call after call. */
const NODES = new WeakMap<SchemaNode, Map<string, SchemaNode | undefined>>();

/** The schema node an AJV error points at (its parent keyword's node), for conformance schemas with no field index. */
function schemaAt(ctx: ExplainContext, schemaPath: string): SchemaNode | undefined {
  // A boolean schema (`false`) has no nodes to remember.
  if (typeof ctx.tool.wireSchema !== 'object' || ctx.tool.wireSchema === null) return nodeAt(ctx.tool.wireSchema, schemaPath);
  let nodes = NODES.get(ctx.tool.wireSchema);
  if (!nodes) NODES.set(ctx.tool.wireSchema, (nodes = new Map()));
  if (nodes.has(schemaPath)) return nodes.get(schemaPath);
  const node = nodeAt(ctx.tool.wireSchema, schemaPath);
  nodes.set(schemaPath, node);
  return node;
}

function nodeAt(wire: SchemaNode, schemaPath: string): SchemaNode | undefined {
  const parts = schemaPath.replace(/^#/, '').split('/').slice(1, -1);
  let cur: any = wire;
  for (const raw of parts) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[key];
  }
  return cur && typeof cur === 'object' ? cur : undefined;
}

function base(field: Segment[], code: string, message: string, e: AjvError | undefined, received: { found: boolean; value?: Json }, reason: string): Fault {
  return makeFault({
    code,
    stage: 'validate',
    path: field,
    statement: message,
    ...(received.found ? { sent: received.value as Json } : {}),
    showCandidates: true,
    keyword: e?.keyword,
    schemaPath: e?.schemaPath,
    reason,
    // AJV's own words, without the keyword and path that reason puts in front (the log's detail).
    detail: e ? (e.message ?? '').trim() : reason,
  });
}

/**
 * An unknown name that is another wording of a declared one (`artist` for artist_name, `lang` for
 * language) gets it as did_you_mean, in place of the list of names; on an object with more names than a
 * message lists, one with no such wording gets the few nearest, so the body always says where to look.
 */
function offerByWords(ctx: ExplainContext, fault: Fault, at: Segment[], key: string, declaredCount: number, free: string[]): void {
  const fields = childFieldsOf(ctx.tool, patternOf(at));
  const options = free.map((name) => ({ name, wanted: fields.some((f) => f.name === name && f.required) }));
  const offer = offerArguments(key, options);
  // A wording is offered only where the value sent fits: `start_time: "09:00"` is not the object start takes.
  const value = valueAt(ctx.args, [...at, key]).value;
  const found = byValueShape(offer.byWords.filter((name) => moveFits(ctx, [...at, key], [...at, name])), value, (name) => shapeAt(ctx, at, name));
  if (found.length) {
    fault.candidates = found;
    dropNote(fault, 'takes');
    return;
  }
  // No wording: a value of a telling structure (rows of cells, a list of objects) that exactly one field
  // takes is offered that field (`rows` or `data` for Sheets' values).
  const home = structuralHome(ctx, at, key, value, free);
  if (home !== undefined) {
    fault.candidates = [home];
    dropNote(fault, 'takes');
    return;
  }
  if (declaredCount > 12 && options.length) addNote(fault, 'nearest', `nearest names: ${offer.nearest().join(', ')}`);
}

/** Whether a value's structure tells fields apart: an array of arrays or of objects, or an object of two fields or more. */
function tellingStructure(v: Json | undefined): boolean {
  if (Array.isArray(v)) return v.length > 0 && v.every((x) => x !== null && typeof x === 'object') && v.length <= 100;
  return v !== null && typeof v === 'object' && Object.keys(v).length >= 2;
}

/** The one free field of an array or object type that takes `value` in place, when its structure tells; else undefined. */
function structuralHome(ctx: ExplainContext, at: Segment[], key: string, value: Json | undefined, free: string[]): string | undefined {
  if (!tellingStructure(value) || free.length > 40) return undefined;
  const want = Array.isArray(value) ? 'array' : 'object';
  const typed = free.filter((name) => {
    const t = fieldFor(ctx, [...at, name])?.schema.type;
    return t === want || (Array.isArray(t) && t.includes(want));
  });
  if (typed.length === 0 || typed.length > 8) return undefined;
  const fits = typed.filter((name) => moveFits(ctx, [...at, key], [...at, name]));
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * Whether the field at `path` takes only an object or an array and `value` is neither: `transition_id:
 * "31"` is no transition object, and the transition.id inside it is the nearer reading.
 */
function wantsContainerFor(ctx: ExplainContext, path: Segment[], value: Json | undefined): boolean {
  if (value === undefined || value === null || typeof value === 'object') return false;
  const t = fieldFor(ctx, path)?.schema.type;
  const types = Array.isArray(t) ? t : typeof t === 'string' ? [t] : [];
  return types.length > 0 && types.every((x) => x === 'object' || x === 'array');
}

/** What the field `name` under `at` takes, by its format or example (argument-names.ts). */
function shapeAt(ctx: ExplainContext, at: Segment[], name: string) {
  const f = fieldFor(ctx, [...at, name]);
  return fieldShape(f?.schema, f?.example);
}

/** The declared names of the object at `segments`, for unknown-argument messages and suggestions. */
function declaredNamesAt(ctx: ExplainContext, segments: Segment[]): string[] {
  return declaredNamesOf(ctx.tool, patternOf(segments));
}

export function explainAjvError(ctx: ExplainContext, e: AjvError): Fault {
  const at = pointerToSegments(e.instancePath, ctx.args);
  const here = valueAt(ctx.args, at);
  const field = fieldFor(ctx, at);
  const node = schemaAt(ctx, e.schemaPath);
  const p = e.params ?? {};
  // AJV's messages have no outer spaces: only an empty one needs the trim (which would flatten the string).
  const said = e.message ?? '';
  const reason = said !== '' && said.trim() === said ? `${e.keyword} at ${e.schemaPath}: ${said}` : `${e.keyword} at ${e.schemaPath}: ${said}`.trim();

  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies': {
      const seg = [...at, String(p.missingProperty)];
      const f = fieldFor(ctx, seg);
      const sub = node?.properties?.[p.missingProperty] ? deref(ctx.tool.source.arguments, node.properties[p.missingProperty]) : undefined;
      // A unit field says its unit even when it is missing: the first value a model sends for it is the one to get right.
      const unit = f?.unit ? unitRule(f.unit, f.schema, resolveCurrency(f.unit, ctx.args, ctx.state)) : undefined;
      let message = `is required: send ${unit ?? ((!f?.enumValues && shapeText(ctx, seg, '')) || whatToSend(f, sub))}`;
      if (e.keyword !== 'required' && p.property) message = `is required when ${p.property} is sent: send ${whatToSend(f, sub)}`;
      const fault = base(seg, 'missing_required', message, e, { found: false }, reason);
      if (f?.resolveWith) addNote(fault, 'resolve', `get one from ${f.resolveWith}`);
      return fault;
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(p.additionalProperty ?? p.unevaluatedProperty);
      const seg = [...at, key];
      const declared = declaredNamesAt(ctx, at);
      const fault = base(seg, 'unknown_argument', '', e, valueAt(ctx.args, seg), reason);
      // A name already sent beside it is no home for its value: that would send the field twice.
      const holder = valueAt(ctx.args, at).value;
      const free = holder !== null && typeof holder === 'object' && !Array.isArray(holder) ? declared.filter((d) => !Object.prototype.hasOwnProperty.call(holder, d)) : declared;
      fault.candidates = suggestNames(key, free);
      // The field names where it sits, and the model knows the tool it called: neither is said again.
      const owner = at.length === 0 ? 'an argument' : 'a field';
      restate(fault, `is not ${owner}`);
      if (fault.candidates.length === 0 && declared.length > 0 && declared.length <= 12) addNote(fault, 'takes', `it takes: ${declared.join(', ')}`);
      fault.fix = { kind: 'rename', path: seg, parentPath: at };
      // A near spelling whose field takes another shape of value (due_at, for a date) gives way to a
      // wording that takes it (due_on), when there is one.
      const spelled = fault.candidates;
      const sentValue = valueAt(ctx.args, seg).value;
      const refuted = shapeRefutes(spelled.map(String), sentValue, (name) => shapeAt(ctx, at, name)) || (spelled.length > 0 && spelled.every((name) => wantsContainerFor(ctx, [...at, String(name)], sentValue)));
      if (refuted) fault.candidates = [];
      offerNestedPath(ctx, fault, at, key);
      if (fault.candidates.length === 0 && NAME_SHAPED.test(key)) offerByWords(ctx, fault, at, key, declared.length, free);
      if (refuted && fault.candidates.length === 0) {
        fault.candidates = spelled;
        fault.notes = [];
      }
      if (!NAME_SHAPED.test(key)) {
        // A key that is no name (an injected sentence, say) must not stand where the body's names go:
        // the field is the object that holds it, and the key goes under received with its value.
        fault.field = formatPath(at) || 'arguments';
        restate(fault, `holds ${at.length === 0 ? 'an argument' : 'a field'} whose name is not a name it takes`);
        if (declared.length && declared.length <= 12) addNote(fault, 'takes', `it takes: ${declared.join(', ')}`);
        fault.received = cutReceived(Object.fromEntries([[key, (valueAt(ctx.args, seg).value ?? null) as Json]]));
        fault.hasReceived = true;
        fault.candidates = [];
        delete fault.fix;
      }
      return fault;
    }
    case 'type': {
      const fault = base(at, 'invalid_type', `must be ${typePhrase(p.type)}${exampleText(field?.example)}`, e, here, reason);
      const want = String(p.type);
      const v = here.value;
      if (typeof v === 'string' && /integer|number/.test(want)) {
        const n = numberFromString(v);
        if (n !== undefined && (want.includes('number') || Number.isInteger(n))) fault.candidates = [n];
      } else if (typeof v === 'string' && want.includes('boolean') && /^(true|false)$/i.test(v.trim())) {
        fault.candidates = [v.trim().toLowerCase() === 'true'];
      } else if ((typeof v === 'number' || typeof v === 'boolean') && want.includes('string')) {
        fault.candidates = [String(v)];
      }
      if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path: at };
      return refineTypeFault(ctx, applyUnit(ctx, fault, field, here.value, ''), field, want, here.value);
    }
    case 'enum': {
      const values: Json[] = field?.enumValues ?? p.allowedValues ?? node?.enum ?? [];
      const code = field?.enumCode ?? enumCodeFor(typeof at[at.length - 1] === 'string' ? (at[at.length - 1] as string) : field?.name ?? '');
      const fault = base(at, code, '', e, here, reason);
      // A registry's field: its own x-value-aliases, then the registry's candidates (value-sets.ts).
      const set = field?.valueSet ? valueSet(field.valueSet) : undefined;
      fault.candidates = set ? valueSetCandidates(set, here.value as Json, field?.schema['x-value-aliases']) : suggestValues(here.value as Json, values, field?.valueAliases ?? {});
      if (enumIsListable(values)) {
        restate(fault, `must be one of: ${listValues(values)}`);
        // The listed set answers a value that is a listed one in another case (`OPEN`: the essay's body).
        // Any other near miss (`fatsest`, `on hold`, `in-progress`, a plural) and any value no reader of the
        // list could match (`purple` for colour "3") gets did_you_mean: a reader matching by eye misses a
        // swapped pair of letters, and a proxy's model sees only the body.
        fault.showCandidates = fault.candidates.length > 0 && !fault.candidates.every((c) => sameButCase(here.value as Json, c));
      } else {
        // A value of a known wrong kind (an offset for a time zone) gets the registry's rule that says so.
        const refusal = set && typeof here.value === 'string' ? set.refusal?.(here.value) : undefined;
        const rule = refusal ?? field?.rule ?? `one of ${values.length} permitted values`;
        restate(fault, `must be ${rule}${fault.candidates.length ? '' : exampleText(field?.example ?? values[0])}`);
      }
      if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path: at };
      return fault;
    }
    case 'const':
      return withFix(base(at, 'invalid_value', `must be ${valueText(p.allowedValue)}`, e, here, reason), [p.allowedValue], at);
    case 'format': {
      const known = FORMAT_RULES[p.format];
      const rule = field?.rule ?? known?.rule ?? `a valid ${p.format}`;
      // 2026-02-30 has the right shape: say the day does not exist rather than that the format is wrong.
      // A date or date-time in another plain form (a space for the T, a date-time for a date) says so, and
      // offers the one value it reads as; candidates.ts holds that to the field's whole schema.
      const other = typeof here.value === 'string' ? dateReading(String(p.format), here.value) : undefined;
      const why = other?.why ?? (typeof here.value === 'string' ? dateFormatProblem(String(p.format), here.value, typeof field?.schema.pattern !== 'string' || patternTakesOffsets(field.schema.pattern, String(p.format))) : undefined);
      const fault = noteSiblingFit(ctx, applyUnit(ctx, base(at, 'invalid_format', `${why ? `${why}; ` : ''}must be ${rule}${exampleText(field?.example ?? known?.example)}`, e, here, reason), field, here.value, ''));
      if (other?.reading !== undefined && fault.candidates.length === 0 && !fault.fix) withFix(fault, [other.reading], at);
      return fault;
    }
    case 'pattern': {
      // A vendor's own date-time form is a pattern (date-formats.ts: Jira's +0000, Calendar's offset left
      // out beside timeZone); a value in another plain form is read as the format branch reads it.
      const other = typeof here.value === 'string' && typeof field?.example === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(field.example) ? dateReading('date-time', here.value) : undefined;
      const fault = base(at, 'invalid_format', `${other ? `${other.why}; ` : ''}${field?.rule ? `must be ${field.rule}${exampleText(field.example)}` : `must match ${p.pattern}${exampleText(field?.example)}`}`, e, here, reason);
      if (field?.resolveWith) addNote(fault, 'resolve', `get one from ${field.resolveWith}`);
      const noted = noteSiblingFit(ctx, fault);
      if (other?.reading !== undefined && noted.candidates.length === 0 && !noted.fix) withFix(noted, [other.reading], at);
      return noted;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return applyUnit(ctx, base(at, 'out_of_range', `must be ${rangeText(field?.schema ?? node ?? {})}`, e, here, reason), field, here.value, `${rangeText(field?.schema ?? node ?? {})}: `);
    case 'multipleOf':
      return applyUnit(ctx, base(at, 'invalid_value', `must be a multiple of ${p.multipleOf}`, e, here, reason), field, here.value, `a multiple of ${p.multipleOf}: `);
    case 'minLength':
    case 'maxLength':
      return base(at, 'invalid_length', `must be ${lengthText(field?.schema ?? node ?? {}, 'minLength', 'maxLength', 'characters long')}`, e, here, reason);
    case 'minItems':
    case 'maxItems':
      return base(at, 'invalid_length', `must hold ${lengthText(field?.schema ?? node ?? {}, 'minItems', 'maxItems', 'items')}`, e, here, reason);
    case 'minProperties':
    case 'maxProperties':
      return base(at, 'invalid_length', `must have ${lengthText(field?.schema ?? node ?? {}, 'minProperties', 'maxProperties', 'fields')}`, e, here, reason);
    case 'uniqueItems':
      return base(at, 'duplicate_items', `must not repeat an item; items ${Math.min(p.i, p.j)} and ${Math.max(p.i, p.j)} are equal`, e, here, reason);
    case 'anyOf':
    case 'oneOf': {
      const fault = base(at, 'invalid_value', choiceText(ctx, e, node), e, here, reason);
      const names = requiredChoice(node?.[e.keyword]);
      if (names && !Array.isArray(e.params?.passingSchemas)) fault.requiresOneOf = names;
      return fault;
    }
    case 'not':
      return base(at, 'invalid_value', 'is a value this field excludes', e, here, reason);
    case 'false schema':
      return base(at, 'invalid_value', 'is not allowed here', e, here, reason);
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return base(at, 'invalid_value', containsText(node), e, here, reason);
    case 'propertyNames':
      return base(at, 'invalid_value', 'has a property name that breaks its naming rule', e, here, reason);
    case 'additionalItems':
    case 'unevaluatedItems':
    case 'items':
      return base(at, 'invalid_length', `must hold ${p.limit !== undefined ? `at most ${p.limit} items` : 'only the items its schema declares'}`, e, here, reason);
    default:
      return base(at, 'invalid_value', `breaks the schema rule "${e.keyword}"`, e, here, reason);
  }
}

/**
 * On a field with a unit (x-unit), any fault's message states the unit with a worked example, and
 * did_you_mean holds the value converted to it, never the number read literally ("15.00" is not 15 cents).
 */
function applyUnit(ctx: ExplainContext, fault: Fault, field: FieldInfo | undefined, value: Json | undefined, lead: string): Fault {
  if (!field?.unit) return fault;
  const currency = resolveCurrency(field.unit, ctx.args, ctx.state);
  restate(fault, `must be ${lead}${unitRule(field.unit, field.schema, currency)}`);
  fault.candidates = value === undefined ? [] : unitCandidates(value, field.unit, field.schema, currency);
  if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path: fault.path ?? [] };
  else delete fault.fix;
  return fault;
}

/** Two strings that differ in letter case only. */
function sameButCase(a: Json, b: Json): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== b && a.toLowerCase() === b.toLowerCase();
}

function withFix(f: Fault, candidates: Json[], at: Segment[]): Fault {
  f.candidates = candidates;
  f.fix = { kind: 'replace', path: at };
  return f;
}

/** The field names of an anyOf/oneOf whose every branch is `{required: [one name]}`; else undefined. */
function requiredChoice(branches: unknown): string[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const req = branches.map((b) => (b && typeof b === 'object' && Object.keys(b).length === 1 && Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null));
  return req.every((r) => r !== null) ? (req as string[]) : undefined;
}

/** The branch nearest a value: for an object, the one declaring most of its keys; else the first of its type. */
function nearestBranch(root: SchemaNode, branches: SchemaNode[], value: Json | undefined): SchemaNode {
  const resolved = branches.map((b) => (b && typeof b === 'object' ? deref(root, b) : ({} as SchemaNode)));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    let best = 0;
    let bestScore = -1;
    resolved.forEach((b, i) => {
      const props = b.properties && typeof b.properties === 'object' ? b.properties : {};
      const score = keys.filter((k) => k in props).length;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    return branches[best];
  }
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const i = resolved.findIndex((b) => [b.type].flat().includes(kind) || (kind === 'integer' && [b.type].flat().includes('number')));
  return branches[i === -1 ? 0 : i];
}

/** anyOf / oneOf in words: a choice between fields, a choice of types, or a choice of shapes. */
function choiceText(ctx: ExplainContext, e: AjvError, node: SchemaNode | undefined): string {
  const branches: SchemaNode[] | undefined = node?.[e.keyword];
  if (e.keyword === 'oneOf' && Array.isArray(e.params?.passingSchemas)) return 'matches more than one of its allowed shapes; it must match exactly one';
  if (Array.isArray(branches)) {
    const req = requiredChoice(branches);
    if (req) return `must include ${e.keyword === 'oneOf' ? 'exactly one' : 'one'} of: ${req.join(', ')}`;
    const types = branches.map((b) => (b && typeof b === 'object' && typeof b.type === 'string' && Object.keys(b).length === 1 ? b.type : null));
    if (types.every((t) => t !== null)) return `must be ${typePhrase(types as string[])}`;
    // Each branch in a few words, and the smallest value of the branch nearest what was sent, when the
    // validator takes it in place (a branch the schema says too little about leaves the phrase out).
    const root = ctx.tool.source.arguments;
    const phrases = branches.map((b) => branchPhrase(root, b, SCHEMA_WORDS));
    if (branches.length <= 4 && phrases.every((p): p is string => typeof p === 'string') && new Set(phrases).size === phrases.length) {
      const at = pointerToSegments(e.instancePath, ctx.args);
      const text = `must be ${phrases.length === 2 ? `either ${phrases[0]} or ${phrases[1]}` : `one of: ${phrases.join('; ')}`}`;
      const example = minimalExample(root, nearestBranch(root, branches, valueAt(ctx.args, at).value), SCHEMA_WORDS);
      return example !== undefined && compact(example).length <= 100 && fitsAt(ctx, at, example) ? `${text}, e.g. ${compact(example)}` : text;
    }
  }
  return `must match ${e.keyword === 'oneOf' ? 'exactly one' : 'at least one'} of its allowed shapes`;
}

