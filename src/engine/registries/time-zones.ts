// IANA time zone names (`iana-time-zone`), from the tz database as the tzdata package ships it: every
// Area/Location name, zone or link (Europe/Zurich, Asia/Calcutta, US/Pacific), and UTC. Not permitted: the
// one-word legacy names (CET, EST, Japan), which read as abbreviations and stand for one fixed choice of
// zone (EST is America/Panama's rules: no daylight saving time, so a New York meeting in July would be an
// hour off), and Etc/GMT±N, whose sign is the reverse of what it looks like. Abbreviations and common names
// (PST, Pacific Time, CET) point at the zone CLDR picks for them, from @vvo/tzdb and CLDR's metazones; city
// names (Zurich, New York) at their zone. A UTC offset is refused with its own rule, never guessed from.
import type { ValueSet } from '../shared/value-sets';
import members from './data/time-zones.values.json';
import { defineValueSet } from './define';
import { Lookup, RegistryNames } from './lookup';

/** +01:00, -0500, UTC+1, GMT-05:00, Etc/GMT-1: an offset, which is not a zone. */
const OFFSET = /^(?:(?:utc|gmt|z)\s*)?[+\-−]\s*\d{1,2}(?::?\d{2})?$|^etc\/gmt[+-]\d{1,2}$/i;

/** The names load apart from the members (see RegistryNames). */
export const names = new RegistryNames(members.values, () => import('./data/time-zones.json'));

export const timeZones = defineValueSet(
  {
    name: 'iana-time-zone',
    rule: 'an IANA time zone name',
    example: 'Europe/Zurich',
    code: 'unknown_time_zone',
    refusal: (received) => (OFFSET.test(received.trim()) && !/^etc\/gmt[+-]0$/i.test(received.trim()) ? 'an IANA time zone name, not a UTC offset' : undefined),
  },
  new Lookup('iana-time-zone', names, {
    byWords: true,
    fuzzyValues: true,
    fuzzyFallback: true,
    // "Pacific Standard Time", "Central European Summer Time": the packages name the zone, not the season.
    prepare: (received) => received.replace(/\b(?:standard|daylight|summer)\s+(?=time\b)/gi, ''),
  }),
);

const sets: ValueSet[] = [timeZones];
export default sets;
