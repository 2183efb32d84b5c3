// The words of an imported pack, made from facts by templates written here: a vendor's descriptions never
// reach a pack. A field reads as what it takes ("An integer from 1 to 2500; 250 when left out."), a tool as
// its HTTP method and path.
import { FORMAT_RULES } from '../engine/explain';
import { enumIsListable } from '../engine/pack-compiler';
import type { Json, SchemaNode } from '../engine/types';

const TYPE_NOUNS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

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

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function list(values: readonly unknown[]): string {
  const shown = values.map(show);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function rangeWords(s: SchemaNode): string {
  const min = num(s.minimum);
  const max = num(s.maximum);
  const xmin = num(s.exclusiveMinimum);
  const xmax = num(s.exclusiveMaximum);
  const parts: string[] = [];
  if (min !== undefined && max !== undefined) parts.push(`from ${min} to ${max}`);
  else if (min !== undefined) parts.push(`of at least ${min}`);
  else if (max !== undefined) parts.push(`of at most ${max}`);
  if (xmin !== undefined) parts.push(`greater than ${xmin}`);
  if (xmax !== undefined) parts.push(`less than ${xmax}`);
  if (num(s.multipleOf) !== undefined) parts.push(`a multiple of ${s.multipleOf}`);
  return parts.join(', ');
}

function countWords(min: number | undefined, max: number | undefined, noun: string): string {
  const n = (k: number) => `${k} ${noun}${k === 1 ? '' : 's'}`;
  if (min !== undefined && max !== undefined) return min === max ? `of exactly ${n(min)}` : `of ${min} to ${n(max)}`;
  if (min !== undefined) return min === 1 ? '' : `of at least ${n(min)}`;
  if (max !== undefined) return `of at most ${n(max)}`;
  return '';
}

function mainType(s: SchemaNode): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null');
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** What a schema takes, as a noun phrase: "an integer from 1 to 100", "a list of strings". */
export function schemaPhrase(s: SchemaNode, depth = 0): string {
  if (!s || typeof s !== 'object') return 'any value';
  if (typeof s['x-value-set'] === 'string') return VALUE_SET_WORDS[s['x-value-set']] ?? 'a code';
  if (s['x-cut']) return `${s.type === 'array' ? 'a list' : 'an object'} shaped like the one that contains it (not expanded further here)`;
  if ('const' in s) return `exactly ${show(s.const)}`;
  if (Array.isArray(s.enum)) {
    const values: Json[] = s.enum.filter((v: Json) => v !== null);
    return enumIsListable(values) ? (values.length === 1 ? `exactly ${show(values[0])}` : `one of ${list(values)}`) : `one of ${values.length} values`;
  }
  const unit = s['x-unit']?.kind;
  const t = mainType(s);
  let phrase = unit && UNIT_WORDS[unit] ? UNIT_WORDS[unit] : t ? TYPE_NOUNS[t] ?? 'a value' : 'any value';
  if (t === 'integer' || t === 'number') {
    const r = rangeWords(s);
    if (r) phrase += ` ${r}`;
  } else if (t === 'string') {
    if (typeof s.format === 'string' && FORMAT_RULES[s.format]) phrase = FORMAT_RULES[s.format].rule;
    else if (typeof s['x-rule'] === 'string') phrase = s['x-rule'];
    const len = countWords(num(s.minLength), num(s.maxLength), 'character');
    if (len) phrase += ` ${len}`;
  } else if (t === 'array') {
    const item = s.items && typeof s.items === 'object' && depth < 2 ? schemaPhrase(s.items, depth + 1) : '';
    if (item && item !== 'any value') phrase = `a list, each ${item}`;
    const len = countWords(num(s.minItems), num(s.maxItems), 'item');
    if (len) phrase += `${item ? ';' : ''} ${len}`;
    if (s.uniqueItems === true) phrase += ', with no repeats';
  } else if (t === 'object') {
    if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object' && depth < 2) {
      phrase = `a map whose values are each ${schemaPhrase(s.additionalProperties, depth + 1)}`;
    } else if (!s.properties) phrase = 'any JSON object';
  }
  if (Array.isArray(s.type) && s.type.includes('null')) phrase += ', or null';
  return phrase;
}

/** The description of one field: its phrase, its default, whether it is deprecated. */
export function fieldDescription(s: SchemaNode, extra?: string): string {
  let text = schemaPhrase(s);
  if ('default' in s && isShortValue(s.default)) text += `; ${show(s.default)} when left out`;
  if (extra) text += `; ${extra}`;
  text = text.charAt(0).toUpperCase() + text.slice(1) + '.';
  return s.deprecated === true ? `Deprecated. ${text}` : text;
}

/** A default short enough to read as a value rather than as a sentence. */
export function isShortValue(v: unknown): boolean {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return true;
  return typeof v === 'string' && v.length > 0 && v.length <= 40 && v.split(/\s+/).length <= 3;
}

/** A tool's summary: its HTTP method and path, and a mark when the vendor deprecated it. */
export function toolSummary(method: string, path: string, deprecated: boolean): string {
  return `${method.toUpperCase()} ${path}${deprecated ? ' (deprecated)' : ''}`;
}

/** The rule of an enum too large to list, with a few of its values as examples. */
export function largeEnumRule(values: readonly unknown[]): string {
  const shown = values.filter((v) => v !== null && v !== '').slice(0, 3);
  return `one of ${values.length} permitted values, such as ${list(shown)}`;
}
