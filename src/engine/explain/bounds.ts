// The bounds family: a number out of its range or not a multiple of its step, and a string, list or object
// of the wrong length; each states the bound in words (rule-words.ts).
import type { Fault, SchemaNode } from '../types';
import { lengthText, multipleText, rangeText } from '../faults/rule-words';
import { base, applyUnit, type Explainers, type Violation } from './context';

/**
 * The node whose bounds a message states: the field's own when it declares the broken keyword, else the
 * node the error names (a branch of an anyOf, `{type: string, maxLength: 5}` beside null).
 */
function boundsOf({ e, field, node }: Violation): SchemaNode {
  if (field?.schema && e.keyword in field.schema) return field.schema;
  if (node && e.keyword in node) return node;
  return field?.schema ?? node ?? {};
}

/** The one inclusive bound a node states ("at most 100"), when it states no other. */
function soleBound(node: SchemaNode): { side: 'max' | 'min'; limit: number } | undefined {
  const stated = (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const).filter((k) => typeof node[k] === 'number');
  if (stated.length !== 1 || stated[0].startsWith('exclusive')) return undefined;
  return { side: stated[0] === 'maximum' ? 'max' : 'min', limit: node[stated[0]] as number };
}

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`. */
function outOfRange(v: Violation): Fault {
  const { ctx, e, at, here, field, reason } = v;
  const node = boundsOf(v);
  const range = rangeText(node);
  const fault = base(at, 'out_of_range', `must be ${range}`, e, here, reason);
  const bound = soleBound(node);
  if (bound) fault.facts = { bound };
  return applyUnit(ctx, fault, field, here.value, `${range}: `);
}

/** `multipleOf`. */
function notAMultiple({ ctx, e, at, here, field, p, reason }: Violation): Fault {
  const rule = multipleText(p.multipleOf);
  return applyUnit(ctx, base(at, 'invalid_value', `must be ${rule}`, e, here, reason), field, here.value, `${rule}: `);
}

/** `minLength`, `maxLength`. */
function wrongLength(v: Violation): Fault {
  const { e, at, here, reason } = v;
  return base(at, 'invalid_length', `must be ${lengthText(boundsOf(v), 'minLength', 'maxLength', 'characters long')}`, e, here, reason);
}

/** `minItems`, `maxItems`. */
function wrongItemCount(v: Violation): Fault {
  const { e, at, here, reason } = v;
  return base(at, 'invalid_length', `must hold ${lengthText(boundsOf(v), 'minItems', 'maxItems', 'items')}`, e, here, reason);
}

/** `minProperties`, `maxProperties`. */
function wrongFieldCount(v: Violation): Fault {
  const { e, at, here, reason } = v;
  return base(at, 'invalid_length', `must have ${lengthText(boundsOf(v), 'minProperties', 'maxProperties', 'fields')}`, e, here, reason);
}

/** `uniqueItems`. */
function repeatedItems({ e, at, here, p, reason }: Violation): Fault {
  return base(at, 'duplicate_items', `must not repeat an item; items ${Math.min(p.i, p.j)} and ${Math.max(p.i, p.j)} are equal`, e, here, reason);
}

/** `additionalItems`, `unevaluatedItems`, `items`. */
function extraItems({ e, at, here, p, reason }: Violation): Fault {
  return base(at, 'invalid_length', `must hold ${p.limit !== undefined ? `at most ${p.limit} items` : 'only the items its schema declares'}`, e, here, reason);
}

export const BOUNDS: Explainers = {
  minimum: outOfRange,
  maximum: outOfRange,
  exclusiveMinimum: outOfRange,
  exclusiveMaximum: outOfRange,
  multipleOf: notAMultiple,
  minLength: wrongLength,
  maxLength: wrongLength,
  minItems: wrongItemCount,
  maxItems: wrongItemCount,
  minProperties: wrongFieldCount,
  maxProperties: wrongFieldCount,
  uniqueItems: repeatedItems,
  additionalItems: extraItems,
  unevaluatedItems: extraItems,
  items: extraItems,
};
