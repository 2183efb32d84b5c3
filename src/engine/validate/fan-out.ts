// AJV checks a value once per path the schema reaches it by, and with allErrors keeps every error of every
// path: anyOf branches that fan out 8 ways through $refs over 4 levels reach one leaf 4,096 ways, so one
// item makes about 10,000 errors, and 100 such items a million (25 s). Per call, that work is the sum over
// the values sent of the ways the schema reaches each. A tool whose schema reaches no place many ways is
// never measured; for the others, a call past the budget is refused before AJV runs, naming the array.
import { resolveLocalRef } from '../schema';
import type { Json, SchemaNode } from '../types';
import type { Segment } from '../paths';

/** Ways one value may be checked (the sum over a call's values) before the call is refused unchecked. */
export const CHECK_WORK_BUDGET = 400_000;
/** A schema that reaches no place more ways than this is never measured: ordinary unions branch a few ways. */
const FAN_OUT_FLOOR = 64;
/** Steps the schema walk may take; the compile budgets keep every tool that compiled far inside it. */
const WALK_STEPS = 200_000;

const SEP = '\u0000';
const EACH_ITEM = '[]';
const EACH_KEY = '*';

/** Per place (a path of property names, `[]` for any item, `*` for any other key), the ways the schema reaches it. */
export interface FanOut {
  places: Map<string, number>;
  /** The most ways any one place is reached. */
  widest: number;
}

/** The places a schema reaches many ways, or undefined when it reaches none more than FAN_OUT_FLOOR ways. */
export function fanOutOf(root: SchemaNode): FanOut | undefined {
  const places = new Map<string, number>();
  const onPath = new Set<object>();
  let steps = 0;
  const walk = (node: unknown, place: string, depth: number) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || onPath.has(node) || depth > 64 || ++steps > WALK_STEPS) return;
    places.set(place, (places.get(place) ?? 0) + 1);
    onPath.add(node);
    const n = node as SchemaNode;
    const target = resolveLocalRef(root, n);
    if (target) walk(target.node, place, depth + 1);
    if (n.properties && typeof n.properties === 'object') for (const [k, v] of Object.entries(n.properties)) walk(v, place + SEP + k, depth + 1);
    if (n.patternProperties && typeof n.patternProperties === 'object') for (const v of Object.values(n.patternProperties)) walk(v, place + SEP + EACH_KEY, depth + 1);
    for (const k of ['additionalProperties', 'unevaluatedProperties']) walk(n[k], place + SEP + EACH_KEY, depth + 1);
    for (const k of ['items', 'additionalItems', 'unevaluatedItems', 'contains']) {
      if (Array.isArray(n[k])) for (const v of n[k]) walk(v, place + SEP + EACH_ITEM, depth + 1);
      else walk(n[k], place + SEP + EACH_ITEM, depth + 1);
    }
    if (Array.isArray(n.prefixItems)) for (const v of n.prefixItems) walk(v, place + SEP + EACH_ITEM, depth + 1);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(n[k])) for (const v of n[k]) walk(v, place, depth + 1);
    for (const k of ['if', 'then', 'else', 'not']) walk(n[k], place, depth + 1);
    if (n.dependentSchemas && typeof n.dependentSchemas === 'object') for (const v of Object.values(n.dependentSchemas)) walk(v, place, depth + 1);
    onPath.delete(node);
  };
  walk(root, '', 0);
  let widest = 0;
  for (const v of places.values()) widest = Math.max(widest, v);
  // Past the walk's steps the count is a floor: the schema reaches some place more ways than were counted.
  if (steps > WALK_STEPS) widest = Math.max(widest, CHECK_WORK_BUDGET);
  return widest > FAN_OUT_FLOOR ? { places, widest } : undefined;
}

/**
 * The array (or the arguments themselves) that puts a call past CHECK_WORK_BUDGET, or null when the call
 * is within it. Walked without recursion, and stopped as soon as the budget is spent.
 */
export function overCheckBudget(fan: FanOut, args: Json): Segment[] | null {
  let work = 0;
  const stack: { value: Json; place: string; path: Segment[] }[] = [{ value: args, place: '', path: [] }];
  while (stack.length) {
    const { value, place, path } = stack.pop()!;
    work += fan.places.get(place) ?? 1;
    if (work > CHECK_WORK_BUDGET) {
      // The outermost array on the way here holds the items that add up: it is the one to send less of
      // (with none, the arguments as a whole).
      let cut = 0;
      let at: Json = args;
      for (let i = 0; i < path.length; i++) {
        if (Array.isArray(at)) {
          cut = i;
          break;
        }
        at = (at as Record<string, Json>)[path[i] as string];
      }
      return path.slice(0, cut);
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], place: place + SEP + EACH_ITEM, path: [...path, i] });
      continue;
    }
    for (const k of Object.keys(value)) {
      const named = place + SEP + k;
      stack.push({ value: (value as Record<string, Json>)[k], place: fan.places.has(named) ? named : place + SEP + EACH_KEY, path: [...path, k] });
    }
  }
  return null;
}
