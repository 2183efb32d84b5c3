// `actionable/packs/stripe`: the Stripe pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/stripe.json';
import countries from '../../engine/registries/countries';
import currencies from '../../engine/registries/currencies';
import locales from '../../engine/registries/locales';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/stripe.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = await shippedPack(data, validators, [countries, currencies, locales]);
export default pack;
