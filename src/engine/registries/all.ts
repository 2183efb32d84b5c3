// Registers every registry, members and names both. Imported for its effect by the Node entry points (the
// engine's index, src/packs.ts, the CLI and the precompile script), where loading all of them up front costs
// nothing that matters.
import { registerValueSet } from '../shared/value-sets';
import countries, { names as countryNames } from './countries';
import currencies, { names as currencyNames } from './currencies';
import countryData from './data/countries.json';
import currencyData from './data/currencies.json';
import localeData from './data/locales.json';
import timeZoneData from './data/time-zones.json';
import locales, { names as localeNames } from './locales';
import timeZones, { names as timeZoneNames } from './time-zones';

countryNames.provide(countryData);
currencyNames.provide(currencyData);
localeNames.provide(localeData);
timeZoneNames.provide(timeZoneData);
for (const set of [...countries, ...currencies, ...timeZones, ...locales]) registerValueSet(set);
