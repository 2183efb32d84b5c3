// What the explain families share: the violation they read, the field and schema node an error names,
// the one call that makes a validation fault (fault.ts's constructor), and a unit field's wording.
import { patternOf, type Segment } from '../paths';
import { makeFault, restate } from '../faults/fault';
import type { AjvError, ExplainContext, FieldInfo, Fault, Json, SchemaNode } from '../types';
import { resolveCurrency, unitCandidates, unitRule, unitType } from './units';

/** One AJV error with what every family reads: where it is, what is there, the field and the schema node. */
export interface Violation {
  ctx: ExplainContext;
  e: AjvError;
  at: Segment[];
  here: { found: boolean; value?: Json };
  field: FieldInfo | undefined;
  node: SchemaNode | undefined;
  p: Record<string, any>;
  /** The rule and AJV's words, for the log (`enum at #/properties/x/enum: …`). */
  reason: string;
}

/** Each family's explainers, by the JSON Schema keyword they word. */
export type Explainers = Record<string, (v: Violation) => Fault>;

export function fieldFor(ctx: ExplainContext, segments: Segment[]): FieldInfo | undefined {
  return ctx.tool.fields.get(patternOf(segments));
}

/** Per wire schema, the node each schema path of an error names: a tool's errors name the same few paths call after call. */
const NODES = new WeakMap<SchemaNode, Map<string, SchemaNode | undefined>>();

/** The schema node an AJV error points at (its parent keyword's node), for conformance schemas with no field index. */
export function schemaAt(ctx: ExplainContext, schemaPath: string): SchemaNode | undefined {
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

export function base(field: Segment[], code: string, message: string, e: AjvError | undefined, received: { found: boolean; value?: Json }, reason: string): Fault {
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
 * On a field with a unit (x-unit), any fault's message states the unit with a worked example, and
 * did_you_mean holds the value converted to it, never the number read literally ("15.00" is not 15 cents).
 */
export function applyUnit(ctx: ExplainContext, fault: Fault, field: FieldInfo | undefined, value: Json | undefined, lead: string): Fault {
  if (!field?.unit) return fault;
  const currency = resolveCurrency(field.unit, ctx.args, ctx.state);
  restate(fault, `must be ${lead}${unitRule(field.unit, field.schema, currency)}`);
  // With nothing before the rule, it opens with the type to send (an integer in usd cents).
  const type = lead === '' ? unitType(field.unit, field.schema) : undefined;
  if (type) fault.facts = { type };
  fault.candidates = value === undefined ? [] : unitCandidates(value, field.unit, field.schema, currency);
  if (fault.candidates.length === 1) fault.fix = { kind: 'replace', path: fault.path ?? [] };
  else delete fault.fix;
  return fault;
}
