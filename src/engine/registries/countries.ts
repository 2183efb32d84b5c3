// ISO 3166-1 alpha-2 country codes (`iso-3166-1-alpha-2`): the 249 codes of i18n-iso-countries, with the
// names that point at them: alpha-3 codes, English names, endonyms and other spellings from world-countries
// (Deutschland, Holland), and, consulted only when no country name matches, each country's first level of
// subdivisions (England, Scotland, California) from CLDR and ISO 3166-2. A name several countries share
// (Congo, Korea) gives all of them.
import type { ValueSet } from '../shared/value-sets';
import members from './data/countries.values.json';
import { defineValueSet } from './define';
import { Lookup, RegistryNames } from './lookup';

/** The names load apart from the members (see RegistryNames). */
export const names = new RegistryNames(members.values, () => import('./data/countries.json'));

export const countries = defineValueSet(
  { name: 'iso-3166-1-alpha-2', rule: 'a two-letter ISO 3166-1 alpha-2 code', example: 'GB', code: 'unknown_country_code' },
  new Lookup('iso-3166-1-alpha-2', names, { byWords: true }),
);

const sets: ValueSet[] = [countries];
export default sets;
