// `actionable-errors/packs/stripe`: the Stripe pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/stripe.json';
import countries, { names as countryNames } from '../../engine/registries/countries';
import currencies, { names as currencyNames } from '../../engine/registries/currencies';
import countryData from '../../engine/registries/data/countries.json';
import currencyData from '../../engine/registries/data/currencies.json';
import localeData from '../../engine/registries/data/locales.json';
import locales, { names as localeNames } from '../../engine/registries/locales';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/stripe.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = shippedPack(data, validators, [
  { sets: countries, names: countryNames, data: countryData },
  { sets: currencies, names: currencyNames, data: currencyData },
  { sets: locales, names: localeNames, data: localeData },
]);
export default pack;
