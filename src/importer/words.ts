// The words of an imported pack, made from facts by templates written here: a vendor's descriptions never
// reach a pack. A field reads as what it takes ("An integer from 1 to 2500; 250 when left out.", "An object
// with name and email.") and, when its name or place says so, what it identifies ("The number of the issue
// (an integer), as listed by issues_list-for-repo."); a tool as what it does (operation-words.ts).
import { FORMAT_RULES, lengthText, multipleText, oneOfText, rangeText, TYPE_NAMES, valueText as show } from '../engine/faults/rule-words';
import { enumIsListable, mainType } from '../engine/schema';
import type { Json, SchemaNode } from '../engine/types';
import { identifierWords, plural, roleHead, type FieldRole } from './operation-words';

const UNIT_WORDS: Record<string, string> = {
  'currency-minor': 'an integer amount in the smallest unit of the currency',
  'unix-seconds': 'Unix time in seconds',
  'unix-milliseconds': 'Unix time in milliseconds',
  minutes: 'a count of minutes',
  seconds: 'a count of seconds',
  bytes: 'a count of bytes',
};

const VALUE_SET_WORDS: Record<string, string> = {
  'iso-3166-1-alpha-2': 'a two-letter ISO 3166-1 country code',
  'iso-4217': 'a three-letter ISO 4217 currency code',
  'iso-4217-lowercase': 'a lowercase three-letter ISO 4217 currency code',
  'iana-time-zone': 'an IANA time zone name',
  'bcp-47-locale': 'a BCP 47 language tag',
};

function list(values: readonly unknown[]): string {
  const shown = values.map(show);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A bound worth saying: not the edge of a 64-bit integer, which only says the type. */
function bound(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && Math.abs(n) < 2 ** 53 ? n : undefined;
}

/**
 * A number's bounds after its type, in the bodies' words (rule-words.ts rangeText): "from 1 to 100", "of
 * at most 100", "greater than 0".
 */
function rangeWords(s: SchemaNode): string {
  const bounds: SchemaNode = { minimum: bound(s.minimum), maximum: bound(s.maximum), exclusiveMinimum: num(s.exclusiveMinimum), exclusiveMaximum: num(s.exclusiveMaximum) };
  const parts: string[] = [];
  if (Object.values(bounds).some((v) => v !== undefined)) {
    // One inclusive bound reads as a count does: "an integer of at most 100".
    const one = (bounds.minimum === undefined) !== (bounds.maximum === undefined);
    parts.push(`${one ? 'of ' : ''}${rangeText(bounds)}`);
  }
  const step = num(s.multipleOf);
  if (step !== undefined) parts.push(multipleText(step));
  return parts.join(', ');
}

/**
 * A length after its type, in the bodies' words (rule-words.ts lengthText): "of at most 5000 characters",
 * "of exactly 2 items", "from 1 to 100 characters long". A lower bound of 1 alone says nothing a value
 * does not.
 */
function lengthWords(s: SchemaNode, minKey: string, maxKey: string, unit: string, long = ''): string {
  const min = num(s[minKey]);
  const max = num(s[maxKey]);
  if (max === undefined && (min === undefined || min === 1)) return '';
  const words = lengthText({ [minKey]: min, [maxKey]: max }, minKey, maxKey, unit);
  return min !== undefined && max !== undefined && min !== max ? `${words}${long}` : `of ${words}`;
}

/** Plural nouns of the bare types, for "an array of strings". */
const TYPE_PLURALS: Record<string, string> = {
  'a string': 'strings',
  'an integer': 'integers',
  'a number': 'numbers',
  'true or false': 'true or false values',
  'an object': 'objects',
  'an array': 'arrays',
};

/** At most this many field names are spelled out for an object; a larger one is left to its schema, which names them. */
const NAMED_FIELDS = 3;

/** The fields of a small object by name: "name and email", "id, name and color". */
function fieldNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The noun a list's field name gives its items (`labels` -> labels), or undefined when the name is no plural noun. */
function itemNoun(fieldName: string | undefined): string | undefined {
  if (!fieldName) return undefined;
  const words = identifierWords(fieldName);
  const last = words[words.length - 1];
  if (!last || plural(last) !== last || words.length > 3) return undefined;
  return words.join(' ');
}

/**
 * A pattern with no repetition or alternative (`^AC[0-9a-fA-F]{32}$`) fixes the length itself, so its rule
 * already says what "of exactly 34 characters" would.
 */
function patternFixesLength(s: SchemaNode): boolean {
  const p = s.pattern;
  if (typeof p !== 'string' || typeof s['x-rule'] !== 'string' || typeof s['x-example'] !== 'string') return false;
  const n = [...s['x-example']].length;
  return /^\^.*\$$/.test(p) && !/[+*?|]|\{\d+,|\\[pP]/.test(p) && s.minLength === n && s.maxLength === n;
}

/** What a schema takes, as a noun phrase: "an integer from 1 to 100", "an array of strings", "a string or an integer". */
function schemaPhrase(s: SchemaNode, depth = 0, fieldName?: string): string {
  if (!s || typeof s !== 'object') return 'any value';
  if (typeof s['x-value-set'] === 'string') return VALUE_SET_WORDS[s['x-value-set']] ?? 'a code';
  if (s['x-cut']) return `${s.type === 'array' ? 'an array' : 'an object'} shaped like the one that contains it (not expanded further here)`;
  if ('const' in s) return `exactly ${show(s.const)}`;
  if (Array.isArray(s.enum)) {
    const values: Json[] = s.enum.filter((v: Json) => v !== null);
    return enumIsListable(values) ? (values.length === 1 ? `exactly ${show(values[0])}` : oneOfText(values)) : `one of ${values.length} values`;
  }
  const unit = s['x-unit']?.kind;
  const t = mainType(s);
  if (!t) {
    const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as SchemaNode[] | undefined;
    if (branches?.length && depth < 3) {
      // Each branch once, in the vendor's order: "a string or an integer".
      // Objects among other branches are named only as objects, so the union stays one short phrase.
      const objects = branches.filter((b) => mainType(b) === 'object').length;
      const phrases = [...new Set(branches.map((b) => (objects > 1 && mainType(b) === 'object' ? 'an object' : schemaPhrase(b, depth + 1))))];
      return phrases.length <= 3 ? list(phrases) : `one of ${phrases.length} shapes: ${list(phrases.slice(0, 2))} and others`;
    }
  }
  let phrase = unit && UNIT_WORDS[unit] ? UNIT_WORDS[unit] : t ? TYPE_NAMES[t] ?? 'a value' : 'any value';
  if (t === 'integer' || t === 'number') {
    const r = rangeWords(s);
    if (r) phrase += ` ${r}`;
  } else if (t === 'string') {
    if (typeof s.format === 'string' && FORMAT_RULES[s.format]) phrase = FORMAT_RULES[s.format].rule;
    else if (typeof s['x-rule'] === 'string') phrase = s['x-rule'];
    else if (s['x-comma-list'] === true) phrase = 'a comma-separated list in one string';
    const len = lengthWords(s, 'minLength', 'maxLength', 'characters', ' long');
    if (len && !patternFixesLength(s)) phrase += ` ${len}`;
  } else if (t === 'array') {
    const item = s.items && typeof s.items === 'object' && depth < 2 ? schemaPhrase(s.items, depth + 1) : '';
    const noun = itemNoun(fieldName);
    const bare = TYPE_PLURALS[item];
    if (noun && bare) phrase = `an array of ${noun} (${bare})`;
    else if (noun && item && item !== 'any value') phrase = `an array of ${noun}, each ${item}`;
    else if (noun) phrase = `an array of ${noun}`;
    else if (bare) phrase = `an array of ${bare}`;
    else if (item && item !== 'any value') phrase = `an array, each ${item}`;
    const len = lengthWords(s, 'minItems', 'maxItems', 'items');
    if (len) phrase += `${item && !bare ? ';' : ''} ${len}`;
    if (s.uniqueItems === true) phrase += ', with no repeats';
  } else if (t === 'object') {
    const names = s.properties && typeof s.properties === 'object' ? Object.keys(s.properties) : [];
    if (names.length > NAMED_FIELDS) phrase = 'an object';
    else if (names.length) {
      phrase = `an object with ${fieldNames(names)}`;
    } else if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object' && depth < 2) {
      phrase = `a map whose values are each ${schemaPhrase(s.additionalProperties, depth + 1)}`;
    } else if (!s.properties) phrase = 'any JSON object';
  }
  if (Array.isArray(s.type) && s.type.includes('null')) phrase += ', or null';
  return phrase;
}

/** What a field's description knows besides its schema: its name, what it identifies, a format only named. */
export interface FieldContext {
  name?: string;
  role?: FieldRole;
  /** Words for what the schema cannot say (a vendor format no validator here checks). */
  extra?: string;
}

/**
 * The description of one field: what it identifies, if its name or place says so, then what it takes, its
 * default, and whether it is deprecated. "The number of the issue (an integer), as listed by issues_list."
 */
export function fieldDescription(s: SchemaNode, context: FieldContext = {}): string {
  const phrase = schemaPhrase(s, 0, context.name);
  // `gadgetId` declared as a list holds several ids.
  const role = context.role && mainType(s) === 'array' && !context.role.many && context.role.kind ? { ...context.role, many: true, kind: /^[A-Z]+$/.test(context.role.kind) ? `${context.role.kind}s` : plural(context.role.kind) } : context.role;
  let text = role ? `${roleHead(role)} (${phrase})${role?.listedBy ? `, as listed by ${role.listedBy}` : ''}` : phrase;
  if ('default' in s && isShortValue(s.default)) text += `; ${show(s.default)} when left out`;
  if (context.extra) text += `; ${context.extra}`;
  text = text.charAt(0).toUpperCase() + text.slice(1) + '.';
  return s.deprecated === true ? `Deprecated. ${text}` : text;
}

/** A default short enough to read as a value rather than as a sentence. */
export function isShortValue(v: unknown): boolean {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return true;
  return typeof v === 'string' && v.length > 0 && v.length <= 40 && v.split(/\s+/).length <= 3;
}

/** The rule of an enum too large to list, with a few of its values as examples. */
export function largeEnumRule(values: readonly unknown[]): string {
  const shown = values.filter((v) => v !== null && v !== '').slice(0, 3);
  return `one of ${values.length} permitted values, such as ${list(shown)}`;
}
