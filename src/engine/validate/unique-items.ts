// uniqueItems over objects and arrays in one pass. AJV compares every pair of items with a deep equal
// (20,000 objects took 19 s); this reads each item once into a canonical key and looks it up in a map.
// The AJV instances call it from their uniqueItems keyword (pack/ajv-unique-items.ts); the generated
// validators import it by name.
import ajvEqual from 'ajv/dist/runtime/equal';

/** AJV's deep equal (fast-deep-equal), whose typings name a namespace rather than the function it is. */
const equal = ajvEqual as unknown as (a: unknown, b: unknown) => boolean;

/** An item no canonical key can stand for (a Date, a class instance): the pairwise equal decides then. */
const NOT_PLAIN = Symbol('not plain data');

/**
 * A key equal for two values exactly when AJV's deep equal (fast-deep-equal) calls them equal: object keys
 * in any order, 0 and -0 alike, NaN equal to NaN. Throws NOT_PLAIN for anything but plain data.
 */
function canonical(v: unknown): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      // String(-0) is "0"; NaN and Infinity keep their names, which no other key spells.
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
      return 'u';
    case 'object':
      break;
    default:
      throw NOT_PLAIN;
  }
  const proto = Object.getPrototypeOf(v);
  if (Array.isArray(v)) {
    if (proto !== Array.prototype) throw NOT_PLAIN;
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonical(v[i]);
    return out + ']';
  }
  // fast-deep-equal tells objects apart by constructor: a null-prototype object is never equal to a plain one.
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const o = v as Record<string, unknown>;
  let out = proto === null ? '{0' : '{';
  for (const k of Object.keys(o).sort()) out += JSON.stringify(k) + ':' + canonical(o[k]) + ',';
  return out + '}';
}

/**
 * The pair AJV's own loop reports for an array with a repeat, as [i, j] with j < i: the last item that
 * repeats an earlier one, and the nearest earlier item it repeats. Null when every item is unique.
 */
export function duplicatePair(items: readonly unknown[]): [number, number] | null {
  const scalars = new Map<unknown, number>();
  const composites = new Map<string, number>();
  let pair: [number, number] | null = null;
  try {
    for (let k = 0; k < items.length; k++) {
      const item = items[k];
      // A Map tells 1 from "1", and, like the deep equal, takes NaN for NaN and 0 for -0.
      const seen = item !== null && typeof item === 'object' ? composites : scalars;
      const key = seen === composites ? canonical(item) : item;
      const before = (seen as Map<unknown, number>).get(key);
      if (before !== undefined) pair = [k, before];
      (seen as Map<unknown, number>).set(key, k);
    }
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return pairwise(items);
  }
  return pair;
}

/** AJV's own loop, for arrays holding something other than plain data (only a caller's parsed values can). */
function pairwise(items: readonly unknown[]): [number, number] | null {
  for (let i = items.length; i--; ) for (let j = i; j--; ) if (equal(items[i], items[j])) return [i, j];
  return null;
}
