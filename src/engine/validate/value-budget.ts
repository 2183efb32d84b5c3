// AJV with allErrors builds one error object per faulty value: an array of a million wrong items took 3.8 s
// and 845 MB to refuse. A call holding more values than MAX_CHECKED_VALUES is refused before AJV runs,
// naming the container that holds the most. A model writes nowhere near this many values in one call.
import type { Json } from '../types';
import type { Segment } from '../paths';

/** Values (objects, arrays and scalars, the arguments object included) one call may hold and still be checked. */
export const MAX_CHECKED_VALUES = 200_000;

export interface OverBudget {
  /** The array or object with the most members among those seen: where to send fewer. */
  path: Segment[];
  members: number;
}

interface Place {
  value: Json;
  parent: Place | null;
  key: Segment;
}

/** Undefined when `args` holds at most MAX_CHECKED_VALUES values; counting stops just past the budget. */
export function overValueBudget(args: Json): OverBudget | undefined {
  if (args === null || typeof args !== 'object') return undefined;
  // Not cached across calls: a caller may send the same object again after adding to it.
  const widest = widestPast(args);
  return widest ? { path: pathTo(args, widest.container), members: widest.members } : undefined;
}

/** Counted in the order pathTo() walks: the container with the most members seen, once past the budget. */
function widestPast(args: Json): { container: Json; members: number } | undefined {
  let seen = 0;
  let container: Json = args;
  let most = -1;
  // A stack of values alone (no paths): this runs on every call, and a call may nest deeper than the call stack.
  const stack: Json[] = [args];
  while (stack.length && seen <= MAX_CHECKED_VALUES) {
    const value = stack.pop()!;
    seen++;
    if (value === null || typeof value !== 'object') continue;
    const members = Array.isArray(value) ? value : Object.values(value);
    if (members.length > most) {
      most = members.length;
      container = value;
    }
    // Members past the budget are counted, not visited.
    const n = Math.min(members.length, MAX_CHECKED_VALUES + 1 - seen);
    for (let i = 0; i < n; i++) stack.push(members[i]);
    seen += members.length - n;
  }
  return seen > MAX_CHECKED_VALUES ? { container, members: most } : undefined;
}

/** The path to `target`, walked in widestPast()'s order, so it is found within as many steps. */
function pathTo(args: Json, target: Json): Segment[] {
  const stack: Place[] = [{ value: args, parent: null, key: '' }];
  while (stack.length) {
    const place = stack.pop()!;
    if (place.value === target) {
      const path: Segment[] = [];
      for (let p: Place | null = place; p?.parent; p = p.parent) path.push(p.key);
      return path.reverse();
    }
    const value = place.value;
    if (value === null || typeof value !== 'object') continue;
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const n = Math.min(keys ? keys.length : (value as Json[]).length, MAX_CHECKED_VALUES + 1);
    for (let i = 0; i < n; i++) {
      const key = keys ? keys[i] : i;
      stack.push({ value: (value as Record<string | number, Json>)[key], parent: place, key });
    }
  }
  return [];
}
