// `actionable-errors/packs/helpdesk`: the helpdesk pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/helpdesk.json';
import countries, { names as countryNames } from '../../engine/registries/countries';
import countryData from '../../engine/registries/data/countries.json';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/helpdesk.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = shippedPack(data, validators, [{ sets: countries, names: countryNames, data: countryData }]);
export default pack;
