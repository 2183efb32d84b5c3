// The registry lookup's edit-distance pass skips names by a q-gram count filter (lookup.ts, nearest()).
// The filter must never drop a name that is near: on names perturbed by up to four random edits, the pass
// gives exactly what comparing with every name gives.
import { distance } from 'fastest-levenshtein';
import { expect, test } from 'vitest';
import '../../src/engine/registries/all';
import { names as countryNames } from '../../src/engine/registries/countries';
import { Lookup } from '../../src/engine/registries/lookup';
import { names as zoneNames } from '../../src/engine/registries/time-zones';

interface Internals {
  suggest(received: string): string[];
  index: { fuzzy: { names: string[]; targets: string[][] } };
  nearest(fz: Internals['index']['fuzzy'], key: string, finish: (found: string[]) => string[]): string[];
}

function everyName(fz: Internals['index']['fuzzy'], key: string): string[] {
  const limit = Math.floor(key.length / 3);
  let best = limit + 1;
  let found: string[] = [];
  fz.names.forEach((n, id) => {
    const d = distance(key, n);
    if (d > best) return;
    if (d < best) {
      best = d;
      found = [];
    }
    for (const t of fz.targets[id]) if (!found.includes(t)) found.push(t);
  });
  return best <= limit ? found.sort() : [];
}

for (const [label, names, options] of [
  ['countries', countryNames, { byWords: true }],
  ['time zones', zoneNames, { byWords: true, fuzzyValues: true, fuzzyFallback: true }],
] as const) {
  test(`${label}: the filtered pass finds what the pass over every name finds`, () => {
    const lookup = new Lookup('test', names, options) as unknown as Internals;
    lookup.suggest('zzzzz');
    const fz = lookup.index.fuzzy;
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    let compared = 0;
    let found = 0;
    for (let i = 0; i < 1500; i++) {
      let s = fz.names[Math.floor(random() * fz.names.length)];
      for (let e = Math.floor(random() * 5); e > 0; e--) {
        const at = Math.floor(random() * (s.length + 1));
        const ch = String.fromCharCode(97 + Math.floor(random() * 26));
        const op = random();
        s = op < 1 / 3 ? s.slice(0, at) + ch + s.slice(at) : op < 2 / 3 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + ch + s.slice(at + 1);
      }
      if (s.length < 4) continue;
      const got = lookup.nearest(fz, s, (f) => [...f].sort());
      expect(got, s).toEqual(everyName(fz, s));
      compared++;
      if (got.length) found++;
    }
    // The sample is a real one: most keys are compared, and many are near a name.
    expect(compared).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(300);
  });
}
