// The order a body lists its faults in: the order the caller wrote the fields.
import type { Fault, Json } from '../types';

/** Orders faults as the caller wrote the fields; fields that were never sent come after their siblings. */
export function orderFaults(faults: Fault[], args: Json): Fault[] {
  if (faults.length < 2) return faults;
  // Each object's key positions, read once: a search of its keys per fault was quadratic in a call of 50,000 arguments.
  const positions = new Map<object, Map<string, number>>();
  const positionIn = (obj: object, k: string): number => {
    let at = positions.get(obj);
    if (!at) {
      at = new Map(Object.keys(obj).map((key, i) => [key, i] as [string, number]));
      positions.set(obj, at);
    }
    return at.get(k) ?? -1;
  };
  const key = (f: Fault): number[] => {
    const out: number[] = [];
    let cur: Json | undefined = args;
    for (const seg of f.path ?? []) {
      if (Array.isArray(cur) && typeof seg === 'number') {
        out.push(seg);
        cur = cur[seg];
      } else if (cur && typeof cur === 'object' && !Array.isArray(cur)) {
        const i = positionIn(cur, String(seg));
        out.push(i === -1 ? 1e9 : i);
        cur = i === -1 ? undefined : (cur as Record<string, Json>)[String(seg)];
      } else out.push(1e9);
    }
    return out;
  };
  const keyed = faults.map((f, i) => ({ f, k: key(f), i }));
  keyed.sort((a, b) => {
    for (let j = 0; j < Math.max(a.k.length, b.k.length); j++) {
      const x = a.k[j] ?? -1;
      const y = b.k[j] ?? -1;
      if (x !== y) return x - y;
    }
    return a.i - b.i;
  });
  return keyed.map((x) => x.f);
}
