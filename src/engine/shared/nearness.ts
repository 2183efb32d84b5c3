// How near two names or values are: one distance(), on the edit-distance libraries we depend on, and the
// normalised form that names and values are compared in.
import osaDistance from 'damerau-levenshtein';
import { distance as levenshtein } from 'fastest-levenshtein';

/** Lower-case, with separators and spaces removed: `Requested-By Customer` -> `requestedbycustomer`. */
export function normalise(s: string): string {
  return s.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/**
 * The edits from `a` to `b` (Levenshtein). Given a `limit`, a swap of two adjacent letters counts as one
 * edit (`opne` -> `open`), as models and people both make them (optimal string alignment), and a distance
 * past the limit is limit + 1. Levenshtein counts a swap as two and bounds the swap-aware distance from
 * above, and from below by half, so the slower swap-aware pass runs only on a pair Levenshtein leaves
 * within reach.
 */
export function distance(a: string, b: string, limit?: number): number {
  const d = levenshtein(a, b);
  if (limit === undefined || d <= 1) return d;
  if (d > 2 * limit) return limit + 1;
  return Math.min(d, osaDistance(a, b).steps, limit + 1);
}
