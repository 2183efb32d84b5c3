// The argument family: a field that is required and missing, and a name the tool does not take (with
// the names it does, the nearest spelling, another wording of a declared name, or the object it goes in).
import { deref } from '../schema';
import { byValueShape, fieldShape, offerArguments, shapeRefutes } from '../absorb/argument-names';
import { childFieldsOf, declaredNamesOf } from '../field-index';
import { formatPath, isNameShaped, patternOf, valueAt, type Segment } from '../paths';
import { cutReceived } from '../faults/received';
import { addNote, dropNote, restate } from '../faults/fault';
import { suggestNames } from './suggest';
import type { ExplainContext, Fault, Json, SchemaNode } from '../types';
import { resolveCurrency, unitRule } from './units';
import { moveFits } from './probe';
import { offerInsideObject, offerNestedPath } from './nested-names';
import { shapeText } from './shape-text';
import { schemaText, whatToSend } from '../faults/rule-words';
import { fieldFor, base, type Explainers, type Violation } from './context';

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
  // Names that share nothing with the key are not "nearest": a few of them, said as such.
  if (declaredCount > 12 && options.length) addNote(fault, 'nearest', offer.anyNear() ? `nearest names: ${names(offer.nearest())}` : `it takes ${declaredCount} names, among them: ${names(offer.nearest())}`);
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

/** Declared names as a message lists them: a server writes them, so each is shown as schemaText shows it. */
function names(list: readonly string[]): string {
  return list.map(schemaText).join(', ');
}

/** The declared names of the object at `segments`, for unknown-argument messages and suggestions. */
function declaredNamesAt(ctx: ExplainContext, segments: Segment[]): string[] {
  return declaredNamesOf(ctx.tool, patternOf(segments));
}

/** `required`, `dependentRequired`, `dependencies`. */
function missingRequired({ ctx, e, at, node, p, reason }: Violation): Fault {
  const seg = [...at, String(p.missingProperty)];
  const f = fieldFor(ctx, seg);
  const sub = node?.properties?.[p.missingProperty] ? deref(ctx.tool.source.arguments, node.properties[p.missingProperty]) : undefined;
  // A unit field says its unit even when it is missing: the first value a model sends for it is the one to get right.
  const unit = f?.unit ? unitRule(f.unit, f.schema, resolveCurrency(f.unit, ctx.args, ctx.state)) : undefined;
  let message = `is required: send ${unit ?? ((!f?.enumValues && shapeText(ctx, seg, '')) || whatToSend(f, sub))}`;
  if (e.keyword !== 'required' && p.property) message = `is required when ${schemaText(String(p.property))} is sent: send ${whatToSend(f, sub)}`;
  const fault = base(seg, 'missing_required', message, e, { found: false }, reason);
  if (f?.resolveWith) addNote(fault, 'resolve', `get one from ${f.resolveWith}`);
  return fault;
}

/**
 * The names a closed branch of an anyOf/oneOf takes, where its own `additionalProperties` refused the key:
 * the field index knows every branch's names, and `w` is no name the circle takes. Only when they are
 * among the names declared at that place (a node read from a path AJV wrote from a $ref's target may not be).
 */
function branchNames(node: SchemaNode | undefined, keyword: string, declared: string[]): string[] {
  if (keyword !== 'additionalProperties' || !node || node.properties === null || typeof node.properties !== 'object') return declared;
  const own = Object.keys(node.properties);
  return own.length < declared.length && own.every((n) => declared.includes(n)) ? own : declared;
}

/** `additionalProperties`, `unevaluatedProperties`. */
function unknownArgument({ ctx, e, at, p, node, reason }: Violation): Fault {
  const key = String(p.additionalProperty ?? p.unevaluatedProperty);
  const seg = [...at, key];
  const declared = branchNames(node, e.keyword, declaredNamesAt(ctx, at));
  const fault = base(seg, 'unknown_argument', '', e, valueAt(ctx.args, seg), reason);
  // A name already sent beside it is no home for its value: that would send the field twice.
  const holder = valueAt(ctx.args, at).value;
  const free = holder !== null && typeof holder === 'object' && !Array.isArray(holder) ? declared.filter((d) => !Object.prototype.hasOwnProperty.call(holder, d)) : declared;
  fault.candidates = suggestNames(key, free);
  // The field names where it sits, and the model knows the tool it called: neither is said again.
  const owner = at.length === 0 ? 'an argument' : 'a field';
  restate(fault, `is not ${owner}`);
  if (fault.candidates.length === 0 && declared.length > 0 && declared.length <= 12) addNote(fault, 'takes', `it takes: ${names(declared)}`, [...declared]);
  fault.fix = { kind: 'rename', path: seg, parentPath: at };
  // A near spelling whose field takes another shape of value (due_at, for a date) gives way to a
  // wording that takes it (due_on), when there is one.
  const spelled = fault.candidates;
  const sentValue = valueAt(ctx.args, seg).value;
  const refuted = shapeRefutes(spelled.map(String), sentValue, (name) => shapeAt(ctx, at, name)) || (spelled.length > 0 && spelled.every((name) => wantsContainerFor(ctx, [...at, String(name)], sentValue)));
  if (refuted) fault.candidates = [];
  offerNestedPath(ctx, fault, at, key);
  if (fault.candidates.length === 0 && isNameShaped(key)) offerByWords(ctx, fault, at, key, declared.length, free);
  if (fault.candidates.length === 0 && isNameShaped(key)) offerInsideObject(ctx, fault, at, key);
  if (refuted && fault.candidates.length === 0) {
    fault.candidates = spelled;
    fault.notes = [];
  }
  if (declared.includes(key)) {
    // A name declared here that the validator still refused (AJV skips a property named __proto__): the
    // body must not say it is not an argument and then list it among those it takes.
    restate(fault, `is declared, but cannot be checked under this name; leave it out`);
    fault.candidates = [];
    delete fault.fix;
    return fault;
  }
  if (!isNameShaped(key)) {
    // A key that is no name (an injected sentence, say) must not stand where the body's names go:
    // the field is the object that holds it, and the key goes under received with its value.
    fault.field = formatPath(at) || 'arguments';
    restate(fault, `holds ${at.length === 0 ? 'an argument' : 'a field'} whose name is not a name it takes`);
    if (declared.length && declared.length <= 12) addNote(fault, 'takes', `it takes: ${names(declared)}`, [...declared]);
    fault.received = cutReceived(Object.fromEntries([[key, (valueAt(ctx.args, seg).value ?? null) as Json]]));
    fault.hasReceived = true;
    fault.candidates = [];
    delete fault.fix;
  }
  return fault;
}

export const ARGUMENTS: Explainers = {
  required: missingRequired,
  dependentRequired: missingRequired,
  dependencies: missingRequired,
  additionalProperties: unknownArgument,
  unevaluatedProperties: unknownArgument,
};
