// A fault on a rule read from a field's description or examples (pack/promises/): the field seen as if its
// schema held the rule's keywords, so the usual family words it, and the note that says where the rule came
// from. The note names the field and whether its description or its examples gave the rule, never the
// description's words: those are the tool author's, and the statement already says the rule in ours.
import { fits, readDecoratedId } from '../absorb/decorated-ids';
import { enumCodeFor } from '../faults/codes';
import { addNote } from '../faults/fault';
import { schemaText } from '../faults/rule-words';
import type { AjvError, FieldInfo, Fault, Json, ReadRule, SchemaNode } from '../types';

/** Whether a rule was read from a field's examples rather than from the words of its description. */
export function readFromExamples(rule: ReadRule): boolean {
  return !rule.inToolDescription && !rule.wordsAt.endsWith('/description');
}

export function readRuleOf(e: AjvError): ReadRule | undefined {
  const r = e.params?.readRule as ReadRule | undefined;
  return r && typeof r === 'object' && typeof r.field === 'string' ? r : undefined;
}

/** The field as if its schema held the rule: a view over it (its lazy members stay lazy), never a change to it. */
export function withReadRule(field: FieldInfo | undefined, rule: ReadRule): FieldInfo | undefined {
  if (!field) return undefined;
  const view = Object.create(field) as FieldInfo;
  const values = Array.isArray(rule.keywords.enum) ? rule.keywords.enum : undefined;
  Object.defineProperties(view, {
    schema: { value: { ...field.schema, ...rule.keywords }, enumerable: true },
    ...(values ? { enumValues: { value: values, enumerable: true }, enumCode: { value: field.enumCode ?? enumCodeFor(field.name), enumerable: true } } : {}),
    ...(rule.rule ? { rule: { value: rule.rule, enumerable: true }, example: { value: field.example ?? rule.example, enumerable: true } } : {}),
    ...(rule.unit && !field.unit ? { unit: { value: rule.unit, enumerable: true } } : {}),
  });
  return view;
}

/** `read from the description of due`: where the rule the fault states came from. */
export function readRuleNote(fault: Fault, rule: ReadRule): void {
  const from = rule.inToolDescription
    ? `the tool's description, which names ${schemaText(rule.field)}`
    : rule.source === 'spec'
      ? `the vendor's description of ${schemaText(rule.field)}${rule.convention ? ' in its other operations' : ''}`
      : `the ${readFromExamples(rule) ? 'examples' : 'description'} of ${schemaText(rule.field)}`;
  addNote(fault, 'read_from', `read from ${from}`);
}

/**
 * The fix of a value a shape rule refuses, where it reads one way only in that shape: a # or @ missing or
 * extra, or its case (`W1234567` or `#w1234567` for `#W0000000`), read as decorated-ids.ts reads them
 * against a pattern the schema states; else its case or its separators alone (`jfk` for `JFK`, `credit
 * card 1234567` for `credit_card_0000000`, `DL 123` for `XX123`); else the example the description gives
 * for the name sent (`California` where it says "'CA' for California").
 */
export function readRuleFix(fault: Fault, rule: ReadRule, name: string | undefined, value: Json | undefined, at: (string | number)[]): void {
  if (rule.kind !== 'shape' || typeof value !== 'string' || !name || fault.fix || fault.candidates.length > 0) return;
  const node = { type: 'string', ...rule.keywords };
  const read = readDecoratedId({ name, node, siblings: undefined, toolWords: () => new Set() }, value);
  const to = read && (read.rule === 'id_sigil' || read.rule === 'id_case') ? read.to : (oneReading(node, value) ?? namedExample(rule, value));
  if (to === undefined) return;
  fault.candidates = [to];
  fault.fix = { kind: 'replace', path: at };
}

/** The one spelling of the value, in another case or with `_` or nothing for its spaces and hyphens, that the shape takes. */
function oneReading(node: SchemaNode, value: string): string | undefined {
  if (value.length > 64) return undefined;
  const spellings = new Set<string>();
  for (const joined of [value, value.replace(/[\s-]+/g, '_'), value.replace(/[\s-]+/g, '')]) for (const v of [joined, joined.toUpperCase(), joined.toLowerCase()]) if (v !== value) spellings.add(v);
  const fitting = [...spellings].filter((v) => fits(node, v));
  return fitting.length === 1 ? fitting[0] : undefined;
}

function namedExample(rule: ReadRule, value: string): Json | undefined {
  if (!rule.standsFor) return undefined;
  const sent = value.trim().toLowerCase();
  const hit = Object.keys(rule.standsFor).filter((n) => n.toLowerCase() === sent);
  return hit.length === 1 ? rule.standsFor[hit[0]] : undefined;
}
