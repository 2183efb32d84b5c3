// The reply grade() is handed, copied into plain JSON data before anything reads it. The package API takes
// any JS value: a copy made once, bounded in depth and size, with every getter and proxy trap run once
// inside a try, leaves nothing later that can throw, recurse without end or stall. A reply that cannot be
// copied is unreadable, and says why.

/** Deeper than this, a reply is not read (error replies are a few levels deep; a quoted value is cut well before). */
export const GRADE_MAX_DEPTH = 64;
/** More values than this (strings, numbers, objects, array slots), a reply is not read. */
export const GRADE_MAX_NODES = 100_000;

export type PlainReply = { ok: true; value: unknown } | { ok: false; why: string };

const CANNOT_CARRY: Partial<Record<string, string>> = { bigint: 'a BigInt', symbol: 'a Symbol', function: 'a function' };

/**
 * The reply as JSON.stringify would see it (toJSON applied, boxed primitives unwrapped, own enumerable
 * string keys), as plain arrays and objects. `undefined` is kept where it stands, as the reply had it.
 */
export function plainReply(reply: unknown): PlainReply {
  let left = GRADE_MAX_NODES;
  const open = new Set<object>();
  // Why the copy stopped, set before it throws: what a getter throws is never asked anything (not even
  // instanceof, which a proxy's trap can answer with another throw).
  let why: string | undefined;
  const stop = (reason: string): never => {
    why = reason;
    throw new Error(reason);
  };
  const copy = (v: unknown, depth: number, toJson = true): unknown => {
    if (--left < 0) stop('reply too large to read');
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === undefined) return v;
    const cannot = CANNOT_CARRY[typeof v];
    if (cannot) stop(`reply holds a value JSON cannot carry (${cannot})`);
    const o = v as Record<string, unknown>;
    if (toJson && typeof o.toJSON === 'function') return copy(o.toJSON(), depth, false);
    if (o instanceof Number || o instanceof String || o instanceof Boolean) return copy(o.valueOf(), depth);
    if (o instanceof BigInt) stop('reply holds a value JSON cannot carry (a BigInt)');
    if (depth >= GRADE_MAX_DEPTH) stop(`reply nested too deep to read (more than ${GRADE_MAX_DEPTH} levels)`);
    if (open.has(o)) stop('reply holds a value JSON cannot carry (a cycle: it contains itself)');
    open.add(o);
    let out: unknown;
    if (Array.isArray(o)) {
      const list: unknown[] = [];
      for (let i = 0, n = Number(o.length); i < n; i++) list.push(copy(o[i], depth + 1));
      out = list;
    } else {
      const obj: Record<string, unknown> = {};
      for (const k of Object.keys(o)) {
        const x = copy(o[k], depth + 1);
        // A key named __proto__ stays data, as JSON.parse keeps it.
        if (k === '__proto__') Object.defineProperty(obj, k, { value: x, enumerable: true, writable: true, configurable: true });
        else obj[k] = x;
      }
      out = obj;
    }
    open.delete(o);
    return out;
  };
  try {
    return { ok: true, value: copy(reply, 0) };
  } catch {
    return { ok: false, why: why ?? 'reply holds a value that throws when read (a getter or a proxy)' };
  }
}
