// Writes src/engine/registries/data/<registry>.json: each value set's members and the names that point at
// them, generated from registry packages so that nobody types or maintains the lists. The engine reads only
// these files: the packages are large (world-countries alone is 1.4 MB), and the playground loads a registry
// in the browser when a pack needs it. Run with `npm run registries` (part of `npm run precompile`);
// tests/engine/value-sets.test.ts fails when a committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegistryData } from '../engine/registries/lookup';

const REGISTRY_DATA_DIR = 'src/engine/registries/data';

const require = createRequire(import.meta.url);

function packageFile(pkg: string, file: string): string {
  return resolve('node_modules', pkg, file);
}

function versionOf(pkg: string): string {
  return `${pkg} ${JSON.parse(readFileSync(packageFile(pkg, 'package.json'), 'utf8')).version}`;
}

type Names = Map<string, Set<string>>;

function addName(map: Names, name: string | undefined, value: string) {
  const n = name?.trim();
  if (!n) return;
  let set = map.get(n);
  if (!set) map.set(n, (set = new Set()));
  set.add(value);
}

/** Names in code-point order, each with its members sorted: the same packages always give the same bytes. */
function record(map: Names): Record<string, string[]> {
  return Object.fromEntries([...map.keys()].sort().map((k) => [k, [...map.get(k)!].sort()]));
}

async function countries(): Promise<RegistryData> {
  const codes = require('i18n-iso-countries/codes.json') as [string, string, string][];
  const english = (require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> }).countries;
  const world = require('world-countries/countries.json') as {
    cca2: string;
    name: { common: string; official: string; native?: Record<string, { common: string; official: string }> };
    altSpellings: string[];
  }[];
  const { iso31662 } = (await import('iso-3166')) as { iso31662: { code: string; name: string }[] };
  const containment = require('cldr-core/supplemental/subdivisionContainment.json').supplemental.subdivisionContainment as Record<string, { _contains: string[] }>;

  // Kosovo's XK is a user-assigned code, not part of ISO 3166-1; the packages list it for convenience.
  const values = codes.map(([a2]) => a2).filter((a2) => a2 !== 'XK').sort();
  const members = new Set(values);
  const terms: Names = new Map();
  const add = (name: string | undefined, a2: string) => {
    if (!members.has(a2) || !name) return;
    // A two-letter name that is another country's code would make a wrong alias (the code wins).
    if (name.length === 2 && members.has(name.toUpperCase()) && name.toUpperCase() !== a2) return;
    addName(terms, name, a2);
  };
  for (const [a2, a3] of codes) add(a3, a2);
  for (const a2 of values) for (const n of [english[a2] ?? []].flat()) add(n, a2);
  for (const c of world) {
    add(c.name.common, c.cca2);
    add(c.name.official, c.cca2);
    for (const n of Object.values(c.name.native ?? {})) {
      add(n.common, c.cca2);
      add(n.official, c.cca2);
    }
    for (const n of c.altSpellings) add(n, c.cca2);
  }
  // A name that is not a country's own common name (Virgin Islands, the official name of the British ones)
  // and that another country's common name contains as words (United States Virgin Islands) names both.
  const wordsOf = (n: string) => ` ${n.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  const common = new Map<string, string[]>();
  for (const a2 of values) common.set(a2, [[english[a2] ?? []].flat()[0]].filter(Boolean).map(wordsOf));
  for (const c of world) common.get(c.cca2)?.push(wordsOf(c.name.common));
  for (const [name, set] of terms) {
    if (set.size !== 1 || name.replace(/[^\p{L}]/gu, '').length < 4) continue;
    const [a2] = set;
    const w = wordsOf(name);
    if (common.get(a2)!.includes(w)) continue;
    for (const [other, names] of common) if (other !== a2 && names.some((n) => n.includes(w))) set.add(other);
  }
  // Constituent countries, states and provinces (England, Scotland, California): CLDR's first level of
  // each country's subdivisions, named by ISO 3166-2. Consulted only when no country name matches.
  const subdivisionNames = new Map(iso31662.map((s) => [s.code, s.name]));
  const fallback: Names = new Map();
  for (const a2 of values) {
    for (const id of containment[a2]?._contains ?? []) {
      addName(fallback, subdivisionNames.get(`${id.slice(0, 2).toUpperCase()}-${id.slice(2).toUpperCase()}`), a2);
    }
  }
  return {
    source: ['i18n-iso-countries', 'world-countries', 'iso-3166', 'cldr-core'].map(versionOf).join(', '),
    values,
    terms: record(terms),
    fallback: record(fallback),
  };
}

async function currencies(): Promise<RegistryData> {
  const { data } = require('currency-codes') as { data: { code: string; currency: string; countries: string[] }[] };
  const symbols = require('currency-symbol-map/map.js') as Record<string, string>;
  // ISO 4217 also codes funds (IsFund) and its ZZ entries (gold, bond units, the testing code, "no
  // currency"); none of them is money a payment is made in, so they are left out.
  const xml = readFileSync(packageFile('currency-codes', 'iso-4217-list-one.xml'), 'utf8');
  const money = new Set<string>();
  for (const [entry] of xml.matchAll(/<CcyNtry>[\s\S]*?<\/CcyNtry>/g)) {
    const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1];
    if (!code) continue;
    if (!/IsFund="true"/.test(entry) && !/<CtryNm>ZZ\d/.test(entry)) money.add(code);
  }
  const rows = data.filter((d) => money.has(d.code));
  const values = rows.map((d) => d.code).sort();
  const terms: Names = new Map();
  for (const d of rows) {
    addName(terms, d.currency, d.code);
    const symbol = symbols[d.code];
    if (symbol && symbol.toUpperCase() !== d.code) addName(terms, symbol, d.code);
  }
  // How many countries use a currency orders several candidates: `$` is first of all the US dollar.
  const weights = Object.fromEntries(rows.map((d) => [d.code, d.countries.length]).sort());
  return { source: ['currency-codes', 'currency-symbol-map'].map(versionOf).join(', '), values, terms: record(terms), weights };
}

/** Zones whose name is a fixed offset with POSIX's inverted sign (Etc/GMT+5 is five hours behind UTC). */
function isOffsetZone(name: string): boolean {
  return /^Etc\/GMT[+-]\d+$/.test(name) && !/^Etc\/GMT[+-]0$/.test(name);
}

async function timeZones(): Promise<RegistryData> {
  const tz = require('tzdata/timezone-data.json') as { version: string; zones: Record<string, unknown> };
  const vvo = require('@vvo/tzdb/raw-time-zones.json') as { name: string; alternativeName: string; mainCities: string[]; abbreviation: string; dstAbbreviation?: string }[];
  const metaZones = require('cldr-core/supplemental/metaZones.json').supplemental.metaZones;

  const all = Object.keys(tz.zones);
  const target = (n: string) => (typeof tz.zones[n] === 'string' ? (tz.zones[n] as string) : n);
  // Every Area/Location name, zone or link, and UTC. Left out: the one-word legacy names (CET, EST, Japan,
  // GB…), which read as abbreviations or countries and stand for one fixed choice of zone, and the Etc/GMT±N
  // offsets, whose sign is the reverse of what it looks like.
  const values = all.filter((n) => (n.includes('/') && !isOffsetZone(n)) || n === 'UTC').sort();
  const members = new Set(values);

  // CLDR metazones: zones that share names (Pacific Time) and the one zone that stands for them (001).
  const metazoneOf = new Map<string, string>();
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [k, v] of Object.entries(node)) {
      if (Array.isArray(v)) {
        const current = v.find((p: { usesMetazone: { _to?: string } }) => p.usesMetazone._to === undefined);
        if (current) metazoneOf.set(target([...path, k].join('/')), current.usesMetazone._mzone);
      } else if (v && typeof v === 'object') walk(v as Record<string, unknown>, [...path, k]);
    }
  };
  walk(metaZones.metazoneInfo.timezone, []);
  const size = new Map<string, number>();
  for (const m of metazoneOf.values()) size.set(m, (size.get(m) ?? 0) + 1);
  const golden = new Map<string, string>();
  for (const { mapZone } of metaZones.metazones as { mapZone: { _other: string; _type: string; _territory: string } }[]) {
    if (mapZone._territory === '001') golden.set(mapZone._other, mapZone._type);
  }
  const abbreviationsOf = new Map(vvo.map((z) => [target(z.name), new Set([z.abbreviation, z.dstAbbreviation])]));
  // An abbreviation stands for the zone CLDR picks for its metazone (PST: America/Los_Angeles) when that
  // zone uses it too; one only some zones of a metazone use (IST for Europe/Dublin) stands for its own zone.
  // The picked zone keeps CLDR's name unless it is a rename (Asia/Calcutta is Asia/Kolkata): the tz database
  // links merged zones too (Atlantic/Reykjavik to Africa/Abidjan), and a model should see the place it means.
  const vvoNames = new Set(vvo.map((z) => z.name));
  const shown = (g: string) => (members.has(g) && (vvoNames.has(g) || !vvoNames.has(target(g))) ? g : target(g));
  const goldenOf = (zone: string) => {
    const m = metazoneOf.get(target(zone));
    return m ? golden.get(m) : undefined;
  };
  const standsFor = (zone: string, abbreviation: string) => {
    const g = goldenOf(zone);
    return g && abbreviationsOf.get(target(g))?.has(abbreviation) ? shown(g) : target(zone);
  };

  const terms: Names = new Map();
  const abbreviations = new Set<string>();
  for (const z of vvo) {
    if (!members.has(target(z.name))) continue;
    for (const a of [z.abbreviation, z.dstAbbreviation]) {
      // Zones with no letters for their time get "+03" and the like: an offset, not a name.
      if (a && /^[A-Za-z]{2,5}$/.test(a)) {
        addName(terms, a, standsFor(z.name, a));
        abbreviations.add(a.toUpperCase());
      }
    }
    // Alternative names are the metazone's (Pacific Time), so they stand for its zone.
    const g = goldenOf(z.name);
    addName(terms, z.alternativeName, g ? shown(g) : target(z.name));
  }
  for (const n of all) {
    if (members.has(n) || isOffsetZone(n) || !members.has(target(n))) continue;
    // A legacy name linked to Etc (GMT, Zulu) means exactly that zone. One that is an abbreviation (EST,
    // CET) means what the abbreviation means, not the one zone the tz database links it to for its rules
    // (EST links to America/Panama).
    if (target(n).startsWith('Etc/')) terms.set(n, new Set([target(n)]));
    else if (!abbreviations.has(n.toUpperCase())) addName(terms, n, target(n));
  }
  const fallback: Names = new Map();
  for (const v of values) {
    if (v.startsWith('Etc/') || !v.includes('/')) continue;
    addName(fallback, v.slice(v.lastIndexOf('/') + 1).replace(/_/g, ' '), target(v));
  }
  for (const z of vvo) for (const city of z.mainCities) if (members.has(target(z.name))) addName(fallback, city, target(z.name));

  // Order among several candidates: the zones CLDR picks to stand for a metazone first (EST: New York before
  // Winnipeg, which uses EST all year), then by how many zones share the metazone.
  const picked = new Set([...golden.values()].filter((g) => members.has(target(g))).map(shown));
  const weights: Record<string, number> = {};
  for (const v of values) {
    const w = (size.get(metazoneOf.get(target(v)) ?? '') ?? 0) + (picked.has(v) ? 1000 : 0);
    if (w) weights[v] = w;
  }
  return {
    source: [...['tzdata', '@vvo/tzdb', 'cldr-core'].map(versionOf), `tzdb ${tz.version}`].join(', '),
    values,
    terms: record(terms),
    fallback: record(fallback),
    weights,
  };
}

async function locales(): Promise<RegistryData> {
  const available = require('cldr-core/availableLocales.json').availableLocales.full as string[];
  const defaultContent = require('cldr-core/defaultContent.json').defaultContent as string[];
  const likely = require('cldr-core/supplemental/likelySubtags.json').supplemental.likelySubtags as Record<string, string>;
  const english = require('cldr-localenames-full/main/en/languages.json').main.en.localeDisplayNames.languages as Record<string, string>;

  const set = new Set([...available, ...defaultContent].filter((t) => t !== 'root'));
  // zh-Hant-TW is written zh-TW by most software: add language-region wherever CLDR's likely subtags say the
  // script is the one that region implies, so zh-TW is in and sr-RS means Cyrillic.
  for (const tag of [...set]) {
    const [lang, script, region, ...rest] = tag.split('-');
    if (rest.length || !/^[A-Z][a-z]{3}$/.test(script ?? '') || !/^([A-Z]{2}|\d{3})$/.test(region ?? '')) continue;
    const expected = likely[`${lang}-${region}`];
    const implied = expected ? expected === tag : likely[lang]?.split('-')[1] === script;
    if (implied) set.add(`${lang}-${region}`);
  }
  const values = [...set].sort();
  const terms: Names = new Map();
  for (const [key, name] of Object.entries(english)) {
    if (key.includes('-menu')) continue;
    const tag = key.replace(/-alt-[a-z]+$/, '');
    if (set.has(tag)) addName(terms, name, tag);
  }
  // Each language's name for itself (Deutsch, français), from its own CLDR locale.
  for (const tag of values) {
    if (tag.includes('-')) continue;
    try {
      const own = require(`cldr-localenames-full/main/${tag}/languages.json`).main[tag].localeDisplayNames.languages as Record<string, string>;
      addName(terms, own[tag], tag);
    } catch {
      // No display names for this language in CLDR.
    }
  }
  return { source: ['cldr-core', 'cldr-localenames-full'].map(versionOf).join(', '), values, terms: record(terms) };
}

/** Every registry's data file, by name, in generation order. */
const REGISTRY_FILES: Record<string, () => Promise<RegistryData>> = {
  countries,
  currencies,
  'time-zones': timeZones,
  locales,
};

/** A data file's text: one name per line, so that a package update shows as a readable diff. */
function registryJson(data: RegistryData): string {
  const block = (rec: Record<string, unknown>) =>
    '{\n' +
    Object.entries(rec)
      .map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(',\n') +
    '\n  }';
  const parts = [`  "source": ${JSON.stringify(data.source)}`, `  "values": ${JSON.stringify(data.values)}`, `  "terms": ${block(data.terms)}`];
  if (data.fallback) parts.push(`  "fallback": ${block(data.fallback)}`);
  if (data.weights) parts.push(`  "weights": ${block(data.weights)}`);
  return `{\n${parts.join(',\n')}\n}\n`;
}

/** Every data file's text, by the path it is committed at (relative to the repo root). */
export async function generateRegistryData(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [name, build] of Object.entries(REGISTRY_FILES)) {
    const data = await build();
    out.set(`${REGISTRY_DATA_DIR}/${name}.json`, registryJson(data));
    // The members alone, for compiling a pack: the playground loads the names only when a suggestion needs them.
    out.set(`${REGISTRY_DATA_DIR}/${name}.values.json`, `{\n  "values": ${JSON.stringify(data.values)}\n}\n`);
  }
  out.set(`${REGISTRY_DATA_DIR}/currency-digits.json`, currencyDigitsJson());
  return out;
}

/**
 * ISO 4217 minor-unit digits (usd 2, jpy 0, kwd 3) for units.ts: a table of a few hundred bytes, so that an
 * amount's unit is known without loading the currency registry or the package's whole data.
 */
function currencyDigitsJson(): string {
  const { data } = require('currency-codes') as { data: { code: string; digits: number }[] };
  const digits = Object.fromEntries(data.filter((d) => typeof d.digits === 'number').map((d) => [d.code.toLowerCase(), d.digits]).sort());
  return `{
  "source": ${JSON.stringify(versionOf('currency-codes'))},
  "digits": ${JSON.stringify(digits)}
}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const [path, text] of await generateRegistryData()) {
    writeFileSync(join('.', path), text);
    console.log(`wrote ${path} (${text.length} bytes)`);
  }
}
