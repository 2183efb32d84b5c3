// `actionable-errors/packs/google-calendar`: the Google Calendar pack, ready for check(). Imports no other pack.
import data from '../../../content/packs/google-calendar.json';
import timeZoneData from '../../engine/registries/data/time-zones.json';
import timeZones, { names as timeZoneNames } from '../../engine/registries/time-zones';
import type { CompiledPack } from '../../engine/types';
import { validators } from '../../generated/validators/google-calendar.js';
import { shippedPack } from '../shipped-pack';

export const pack: CompiledPack = shippedPack(data, validators, [{ sets: timeZones, names: timeZoneNames, data: timeZoneData }]);
export default pack;
