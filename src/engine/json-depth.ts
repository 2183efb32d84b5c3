// How deep a value nests, asked with a bound: JSON.stringify recurses, and the depth at which it runs out of
// stack ("Maximum call stack size exceeded") depends on the thread (about 4,000 levels on Node's main thread,
// more on a worker, less in some browsers). Whoever writes a caller's value checks it against a fixed bound
// first, so what is written never depends on the thread.

/** The deepest a written value may nest: far over any tool's arguments (the Python-style reader stops at 64), far under any thread's stack. */
export const MAX_WRITTEN_DEPTH = 512;

/** Whether `value` nests more than `limit` levels of arrays and objects (a scalar is 0, [] is 1). Recurses at most `limit` deep. */
export function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  return nestsPast(value, limit);
}

// Called for every array and object of every result written: scalars are told apart before the call.
function nestsPast(value: object, limit: number): boolean {
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'object' && v !== null && nestsPast(v, limit - 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    const v: unknown = (value as Record<string, unknown>)[key];
    if (typeof v === 'object' && v !== null && Object.hasOwn(value, key) && nestsPast(v, limit - 1)) return true;
  }
  return false;
}
