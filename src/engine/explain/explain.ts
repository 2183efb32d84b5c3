// Stage 4, explain: turns one violation into a fault a model can act on: the field, a stable code, a
// message that names the permitted set, or the rule with one example, or the call that yields valid
// values, plus the value received and did_you_mean candidates. Messages are built only from the pack
// and the schema, never from what the caller sent: that goes under `received` alone.
//
// The words of each fault family live in a module of their own, as Elm's reporter has one per kind of
// error: arguments.ts (missing, unknown), values.ts (type, set, constant, format, pattern), bounds.ts
// (range, step, length, item and field counts) and choices.ts (anyOf/oneOf, not, contains, and any other
// rule). context.ts holds what they share; fault.ts (../faults) is the one constructor they all call.
import { pointerToSegments, valueAt } from '../paths';
import type { AjvError, ExplainContext, Fault } from '../types';
import { readRuleFix, readRuleNote, readRuleOf, withReadRule } from './read-rule-words';
import { fieldFor, schemaAt, type Explainers } from './context';
import { ARGUMENTS } from './arguments';
import { BOUNDS } from './bounds';
import { CHOICES, OTHER_RULE } from './choices';
import { offerWrittenForms, VALUES } from './values';

const EXPLAINERS: Explainers = { ...ARGUMENTS, ...VALUES, ...BOUNDS, ...CHOICES };

export function explainAjvError(ctx: ExplainContext, e: AjvError): Fault {
  const at = pointerToSegments(e.instancePath, ctx.args);
  const here = valueAt(ctx.args, at);
  // A rule read from a description is explained as its keyword would be, on the field as if it held it.
  const read = readRuleOf(e);
  const field = read ? withReadRule(fieldFor(ctx, at), read) : fieldFor(ctx, at);
  const node = read ? { ...schemaAt(ctx, e.schemaPath), ...read.keywords } : schemaAt(ctx, e.schemaPath);
  const p = e.params ?? {};
  // AJV's messages have no outer spaces: only an empty one needs the trim (which would flatten the string).
  const said = e.message ?? '';
  const reason = said !== '' && said.trim() === said ? `${e.keyword} at ${e.schemaPath}: ${said}` : `${e.keyword} at ${e.schemaPath}: ${said}`.trim();

  const explain = Object.prototype.hasOwnProperty.call(EXPLAINERS, e.keyword) ? EXPLAINERS[e.keyword] : OTHER_RULE;
  const fault = explain({ ctx, e, at, here, field, node, p, reason });
  if (read) {
    readRuleNote(fault, read);
    readRuleFix(fault, read, field?.name, here.value, at);
  }
  if (e.keyword === 'format' || e.keyword === 'pattern') offerWrittenForms(fault, here.value, at);
  return fault;
}
