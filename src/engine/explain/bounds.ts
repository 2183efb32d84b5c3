// The bounds family: a number out of its range or not a multiple of its step, and a string, list or object
// of the wrong length; each states the bound in words (rule-words.ts).
import type { Fault } from '../types';
import { lengthText, rangeText } from '../faults/rule-words';
import { base, applyUnit, type Explainers, type Violation } from './context';

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`. */
function outOfRange({ ctx, e, at, here, field, node, reason }: Violation): Fault {
  return applyUnit(ctx, base(at, 'out_of_range', `must be ${rangeText(field?.schema ?? node ?? {})}`, e, here, reason), field, here.value, `${rangeText(field?.schema ?? node ?? {})}: `);
}

/** `multipleOf`. */
function notAMultiple({ ctx, e, at, here, field, p, reason }: Violation): Fault {
  return applyUnit(ctx, base(at, 'invalid_value', `must be a multiple of ${p.multipleOf}`, e, here, reason), field, here.value, `a multiple of ${p.multipleOf}: `);
}

/** `minLength`, `maxLength`. */
function wrongLength({ e, at, here, field, node, reason }: Violation): Fault {
  return base(at, 'invalid_length', `must be ${lengthText(field?.schema ?? node ?? {}, 'minLength', 'maxLength', 'characters long')}`, e, here, reason);
}

/** `minItems`, `maxItems`. */
function wrongItemCount({ e, at, here, field, node, reason }: Violation): Fault {
  return base(at, 'invalid_length', `must hold ${lengthText(field?.schema ?? node ?? {}, 'minItems', 'maxItems', 'items')}`, e, here, reason);
}

/** `minProperties`, `maxProperties`. */
function wrongFieldCount({ e, at, here, field, node, reason }: Violation): Fault {
  return base(at, 'invalid_length', `must have ${lengthText(field?.schema ?? node ?? {}, 'minProperties', 'maxProperties', 'fields')}`, e, here, reason);
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
