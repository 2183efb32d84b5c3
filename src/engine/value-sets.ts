// Named value sets a pack can fill an enum from (`x-value-set`), taken from registry packages rather
// than typed by hand, so that 249 codes and their aliases stay right without anyone maintaining them.
import isoCodes from 'i18n-iso-countries/codes.json';
import isoEnglish from 'i18n-iso-countries/langs/en.json';

export interface ValueSet {
  values: string[];
  /** Lower-cased alias -> permitted value. */
  aliases: Record<string, string>;
  /** Default rule, completing "must be …". */
  rule: string;
  example: string;
}

// Kosovo's XK is a user-assigned code, not part of ISO 3166-1; i18n-iso-countries lists it for convenience.
const NOT_ISO = new Set(['XK']);

function isoCountries(): ValueSet {
  const rows = (isoCodes as unknown as [string, string, string][]).filter(([a2]) => !NOT_ISO.has(a2));
  const values = rows.map(([a2]) => a2).sort();
  const aliases: Record<string, string> = Object.create(null);
  for (const [a2, a3] of rows) aliases[a3.toLowerCase()] = a2;
  const names = (isoEnglish as { countries: Record<string, string | string[]> }).countries;
  for (const a2 of values) {
    const n = names[a2];
    for (const name of Array.isArray(n) ? n : n ? [n] : []) {
      const key = name.toLowerCase();
      // An English name that is itself another country's code would make a wrong alias; skip it.
      if (key.length === 2 && values.includes(name.toUpperCase()) && name.toUpperCase() !== a2) continue;
      if (!(key in aliases)) aliases[key] = a2;
    }
  }
  return { values, aliases, rule: 'a two-letter ISO 3166-1 alpha-2 code', example: 'GB' };
}

const builders: Record<string, () => ValueSet> = {
  'iso-3166-1-alpha-2': isoCountries,
};
const cache = new Map<string, ValueSet>();

export const VALUE_SET_NAMES = Object.keys(builders);

export function valueSet(name: string): ValueSet | undefined {
  const build = builders[name];
  if (!build) return undefined;
  let set = cache.get(name);
  if (!set) {
    set = build();
    cache.set(name, set);
  }
  return set;
}
