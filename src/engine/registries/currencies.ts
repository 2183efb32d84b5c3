// ISO 4217 currency codes, from currency-codes, without fund codes and ISO's ZZ entries (gold, bond units,
// the testing code): `iso-4217` in upper case (USD) and `iso-4217-lowercase` for APIs such as Stripe (usd).
// Names point at them (US Dollar, Euro) and so do symbols from currency-symbol-map (€, £); a name or symbol
// shared by many (dollar, $) gives the three used in the most countries, never one alone.
import type { ValueSet } from '../shared/value-sets';
import members from './data/currencies.values.json';
import { defineValueSet } from './define';
import { Lookup, RegistryNames } from './lookup';

/** The names load apart from the members (see RegistryNames); both sets share them. */
export const names = new RegistryNames(members.values, () => import('./data/currencies.json'));

const options = {
  byWords: true,
  fuzzyValues: true,
  // ISO names are singular: "US dollars" is "US Dollar".
  prepare: (received: string) => received.replace(/(\p{L}{3,})s\b/gu, '$1'),
};

export const currencies = defineValueSet(
  { name: 'iso-4217', rule: 'a three-letter ISO 4217 currency code', example: 'USD', code: 'unknown_currency_code' },
  new Lookup('iso-4217', names, options),
);

const currenciesLowercase = defineValueSet(
  { name: 'iso-4217-lowercase', rule: 'a three-letter lowercase ISO 4217 currency code', example: 'usd', code: 'unknown_currency_code' },
  new Lookup('iso-4217-lowercase', names, { ...options, member: (code) => code.toLowerCase() }),
);

const sets: ValueSet[] = [currencies, currenciesLowercase];
export default sets;
