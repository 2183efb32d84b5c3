// `actionable/packs/helpdesk`: the helpdesk pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/helpdesk.json';
import countries from '../../engine/registries/countries';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/helpdesk.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = await shippedPack(data, validators, [countries]);
export default pack;
