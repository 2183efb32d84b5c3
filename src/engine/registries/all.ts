// Registers every registry. Imported for its effect by the Node entry points (the engine's index, src/packs.ts,
// the CLI and the precompile script), where loading all of them up front costs nothing that matters.
import { registerValueSet } from '../value-sets';
import countries from './countries';
import currencies from './currencies';
import locales from './locales';
import timeZones from './time-zones';

for (const set of [...countries, ...currencies, ...timeZones, ...locales]) registerValueSet(set);
