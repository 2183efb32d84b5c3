// An unknown argument that names a field inside an object: a flat name for a nested field (start_time for
// start.dateTime), or, as sent, the name of a field inside exactly one object field (Sheets' title). The
// body offers the path; the fix moves the value there when that validates.
import { isWeak, meaningfulWords, words } from '../shared/name-words';
import { childFieldsOf } from '../field-index';
import { PATTERN_FIELD_MAX, regexInputLimit } from '../validate/input-cap';
import { moveValue, patternOf, valueAt, type Segment } from '../paths';
import { addNote, dropNote } from '../faults/fault';
import { changeFits, checkedArgs } from './probe';
import { hasStringRule } from './field-kinds';
import { typesOf } from '../schema';
import type { ExplainContext, FieldInfo, Fault, JsonObject } from '../types';

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
  for (const o of childFieldsOf(ctx.tool, patternOf(at))) {
    if (!typesOf(o.schema).includes('object')) continue;
    const ow = wordsOf(o.name);
    if (ow.length >= flat.length || !ow.every((w, i) => w === flat[i])) continue;
    const rest = flat.slice(ow.length);
    const current = Object.prototype.hasOwnProperty.call(holder, o.name) ? holder[o.name] : undefined;
    const free = current === undefined || (current !== null && typeof current === 'object' && !Array.isArray(current));
    for (const c of childFieldsOf(ctx.tool, o.path)) {
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
  for (const o of childFieldsOf(ctx.tool, patternOf(at))) {
    if (!typesOf(o.schema).includes('object')) continue;
    if (!childFieldsOf(ctx.tool, o.path).some((c) => c.name === key)) continue;
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
