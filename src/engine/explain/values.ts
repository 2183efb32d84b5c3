// The value family: a value of the wrong type, outside its permitted set, not the one constant, or not in
// the format or pattern its field states; each says what to send, with the value converted where it can be.
import { enumCodeFor } from '../faults/codes';
import { dateFormatProblem, dateReading, patternTakesOffsets } from '../shared/date-formats';
import { enumIsListable } from '../schema';
import { type Segment } from '../paths';
import { addNote, firstType, restate } from '../faults/fault';
import { numberFromString, suggestValues } from './suggest';
import type { AjvError, ExplainContext, FieldInfo, Fault, Json, SchemaNode } from '../types';
import { deref } from '../schema';
import { branchPhrase } from './schema-example';
import { valueSet, valueSetCandidates } from '../shared/value-sets';
import { noteSiblingFit } from './sibling-fit';
import { refineTypeFault } from './type-shapes';
import { otherCases, rewrittenForms } from './written-forms';
import { exampleText, FORMAT_RULES, oneOfText, SCHEMA_WORDS, schemaText, typePhrase, valueText } from '../faults/rule-words';
import { base, applyUnit, type Explainers, type Violation } from './context';

/** Two strings that differ in letter case only. */
function sameButCase(a: Json, b: Json): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== b && a.toLowerCase() === b.toLowerCase();
}

function withFix(f: Fault, candidates: Json[], at: Segment[]): Fault {
  f.candidates = candidates;
  f.fix = { kind: 'replace', path: at };
  return f;
}

/** `type`. */
function wrongType({ ctx, e, at, here, field, p, reason }: Violation): Fault {
  const example = exampleText(field?.example);
  const fault = base(at, 'invalid_type', `must be ${typePhrase(p.type)}${example}`, e, here, reason);
  fault.facts = { type: firstType(p.type), example: example ? field?.example : undefined };
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
  // refineTypeFault (type-shapes.ts) may restate the fault as what to send, and records that statement's facts.
  return refineTypeFault(ctx, applyUnit(ctx, fault, field, here.value, ''), field, want, here.value);
}

/**
 * `; or an integer`: what the other branches of the field's anyOf/oneOf take, when the set refused is one
 * branch of it (Stripe's trial_end: "now" or a Unix timestamp). The set alone would read as the only
 * choice; empty when the set is the field's own, or a branch cannot be put in words.
 */
function otherBranchesText(ctx: ExplainContext, e: AjvError, field: FieldInfo | undefined, values: readonly Json[]): string {
  const m = /\/(anyOf|oneOf)\/(\d+)\/enum$/.exec(e.schemaPath);
  const schema = field?.schema;
  const branches: unknown = m && schema ? schema[m[1]] : undefined;
  if (!m || !Array.isArray(branches) || branches.length < 2) return '';
  const root = ctx.tool.source.arguments;
  const index = Number(m[2]);
  const own = branches[index] && typeof branches[index] === 'object' ? deref(root, branches[index] as SchemaNode) : undefined;
  // The branch the path names must be the set refused: a combinator deeper down is not the field's.
  if (!own || !Array.isArray(own.enum) || JSON.stringify(own.enum) !== JSON.stringify(values)) return '';
  const others = branches.filter((_, i) => i !== index).map((b) => branchPhrase(root, b, SCHEMA_WORDS));
  if (others.some((o) => o === undefined)) return '';
  return `; or ${others.join(', or ')}`;
}

/** `enum`. */
function notInSet({ ctx, e, at, here, field, node, p, reason }: Violation): Fault {
  const values: Json[] = field?.enumValues ?? p.allowedValues ?? node?.enum ?? [];
  const code = field?.enumCode ?? enumCodeFor(typeof at[at.length - 1] === 'string' ? (at[at.length - 1] as string) : field?.name ?? '');
  const fault = base(at, code, '', e, here, reason);
  // A registry's field: its own x-value-aliases, then the registry's candidates (value-sets.ts).
  const set = field?.valueSet ? valueSet(field.valueSet) : undefined;
  fault.candidates = set ? valueSetCandidates(set, here.value as Json, field?.schema['x-value-aliases']) : suggestValues(here.value as Json, values, field?.valueAliases ?? {});
  if (enumIsListable(values)) {
    restate(fault, `must be ${oneOfText(values)}${otherBranchesText(ctx, e, field, values)}`);
    fault.facts = { allowed: values };
    // The listed set answers a value that is a listed one in another case (`OPEN`: the essay's body).
    // Any other near miss (`fatsest`, `on hold`, `in-progress`, a plural) and any value no reader of the
    // list could match (`purple` for colour "3") gets did_you_mean: a reader matching by eye misses a
    // swapped pair of letters, and a proxy's model sees only the body.
    fault.showCandidates = fault.candidates.length > 0 && !fault.candidates.every((c) => sameButCase(here.value as Json, c));
  } else {
    // A value of a known wrong kind (an offset for a time zone) gets the registry's rule that says so.
    const refusal = set && typeof here.value === 'string' ? set.refusal?.(here.value) : undefined;
    const rule = refusal ?? field?.rule ?? `one of ${values.length} permitted values`;
    const example = fault.candidates.length ? '' : exampleText(field?.example ?? values[0], rule);
    restate(fault, `must be ${rule}${example}`);
    if (example) fault.facts = { example: field?.example ?? values[0] };
  }
  if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path: at };
  return fault;
}

/** `const`. */
function notTheConstant({ e, at, here, p, reason }: Violation): Fault {
  return withFix(base(at, 'invalid_value', `must be ${valueText(p.allowedValue)}`, e, here, reason), [p.allowedValue], at);
}

/**
 * A value in another plain written form (a spaced phone number, a URL without its scheme), offered as it reads,
 * where nothing else is offered: explain.ts runs it last, after a read rule's own fix.
 */
export function offerWrittenForms(fault: Fault, value: Json | undefined, at: Segment[]): void {
  if (typeof value !== 'string' || fault.candidates.length > 0 || fault.fix) return;
  // Our words for the rule name its unit ("a Unix time in milliseconds"): an instant converts only then.
  const unit = /\bUnix time in (milliseconds|seconds)\b/.exec(fault.statement)?.[1] as 'milliseconds' | 'seconds' | undefined;
  const template = /\b((?:DD|MM)[-/](?:MM|DD)[-/]YYYY(?: HH:MM)?)\b/.exec(fault.statement)?.[1];
  const forms = [...new Set([...rewrittenForms(value, { ...(unit ? { epoch: unit } : {}), ...(template ? { template } : {}) }), ...otherCases(value)])];
  if (forms.length) withFix(fault, forms, at);
}

/** `format`. */
function wrongFormat({ ctx, e, at, here, field, p, reason }: Violation): Fault {
  const known = FORMAT_RULES[p.format];
  const rule = field?.rule ?? known?.rule ?? `a valid ${p.format}`;
  // 2026-02-30 has the right shape: say the day does not exist rather than that the format is wrong.
  // A date or date-time in another plain form (a space for the T, a date-time for a date) says so, and
  // offers the one value it reads as; candidates.ts holds that to the field's whole schema.
  const other = typeof here.value === 'string' ? dateReading(String(p.format), here.value) : undefined;
  const why = other?.why ?? (typeof here.value === 'string' ? dateFormatProblem(String(p.format), here.value, typeof field?.schema.pattern !== 'string' || patternTakesOffsets(field.schema.pattern, String(p.format))) : undefined);
  const example = exampleText(field?.example ?? known?.example, rule);
  const stated = base(at, 'invalid_format', `${why ? `${why}; ` : ''}must be ${rule}${example}`, e, here, reason);
  if (example) stated.facts = { example: field?.example ?? known?.example };
  const fault = noteSiblingFit(ctx, applyUnit(ctx, stated, field, here.value, ''));
  if (other?.reading !== undefined && fault.candidates.length === 0 && !fault.fix) withFix(fault, [other.reading], at);
  // 03/04/2026: both days it can name, for the model to choose; neither is a fix.
  if (other?.readings && fault.candidates.length === 0 && !fault.fix) {
    fault.candidates = [...other.readings];
  }
  return fault;
}

/** `pattern`. */
function noPatternMatch({ ctx, e, at, here, field, p, reason }: Violation): Fault {
  // A vendor's own date-time form is a pattern (date-formats.ts: Jira's +0000, Calendar's offset left
  // out beside timeZone); a value in another plain form is read as the format branch reads it.
  const other = typeof here.value === 'string' && typeof field?.example === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(field.example) ? dateReading('date-time', here.value) : undefined;
  const example = field?.rule ? exampleText(field.example, field.rule) : exampleText(field?.example);
  const fault = base(at, 'invalid_format', `${other ? `${other.why}; ` : ''}${field?.rule ? `must be ${field.rule}` : `must match ${schemaText(String(p.pattern))}`}${example}`, e, here, reason);
  if (example) fault.facts = { example: field?.example };
  if (field?.resolveWith) addNote(fault, 'resolve', `get one from ${field.resolveWith}`);
  const noted = noteSiblingFit(ctx, fault);
  if (other?.reading !== undefined && noted.candidates.length === 0 && !noted.fix) withFix(noted, [other.reading], at);
  return noted;
}

export const VALUES: Explainers = {
  type: wrongType,
  enum: notInSet,
  const: notTheConstant,
  format: wrongFormat,
  pattern: noPatternMatch,
};
