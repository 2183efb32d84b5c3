// `actionable/packs/google-calendar`: the Google Calendar pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/google-calendar.json';
import timeZones from '../../engine/registries/time-zones';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/google-calendar.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = await shippedPack(data, validators, [timeZones]);
export default pack;
