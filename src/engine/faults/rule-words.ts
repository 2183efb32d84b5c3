// The phrasebook for rules: how a schema's facts (a type, a format, a range, a length, a permitted set) are
// said in words. The bodies (explain.ts, the shape modules), the strict exports' glosses (strict/words.ts) and the
// importer's field descriptions all say a rule through these, so a rule reads the same wherever it shows.
// Only the pack and the schema are worded here, never what a caller sent.
import { enumIsListable } from '../schema';
import { cutString, RECEIVED_MAX_STRING } from './received';
import type { FaultFacts, FieldInfo, Json, SchemaNode } from '../types';

/** Rules and examples for the formats AJV checks, used when a field declares no x-rule. */
export const FORMAT_RULES: Record<string, { rule: string; example: string }> = {
  'date-time': { rule: 'an RFC 3339 date-time with a time zone offset', example: '2026-03-11T09:14:02Z' },
  date: { rule: 'a date in YYYY-MM-DD form', example: '2026-03-11' },
  time: { rule: 'a time in HH:MM:SS form with an offset', example: '09:14:02Z' },
  duration: { rule: 'an ISO 8601 duration', example: 'P3DT4H' },
  email: { rule: 'an email address', example: 'ada@example.com' },
  hostname: { rule: 'a host name', example: 'example.com' },
  ipv4: { rule: 'an IPv4 address', example: '192.0.2.1' },
  ipv6: { rule: 'an IPv6 address', example: '2001:db8::1' },
  uri: { rule: 'an absolute URI', example: 'https://example.com/' },
  'uri-reference': { rule: 'a URI reference', example: '/path?q=1' },
  uuid: { rule: 'a UUID', example: '3f2b8c1e-6d4a-4f7b-9a1c-2e5d8b7f0a9c' },
  regex: { rule: 'a regular expression', example: '^[a-z]+$' },
  'json-pointer': { rule: 'a JSON pointer', example: '/a/b' },
};

/** Each JSON type as a noun phrase: the words a body, a gloss and an imported field's description share. */
export const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** How formats and types are said, handed to schema-example.ts, which words nothing itself. */
export interface SchemaWords {
  /** A format's rule in words and one example of it. */
  format: (name: string) => { rule: string; example: string } | undefined;
  /** A type in words: "a string", "an integer". */
  type: (name: string) => string | undefined;
}
export const SCHEMA_WORDS: SchemaWords = { format: (f) => FORMAT_RULES[f], type: (t) => TYPE_NAMES[t] };

export function typePhrase(types: string | string[]): string {
  const list = (Array.isArray(types) ? types : String(types).split(',')).map((t) => TYPE_NAMES[t] ?? t);
  return list.length <= 1 ? list[0] ?? 'another type' : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/**
 * Characters a message never shows as they are: controls (a newline), format characters (a bidi override,
 * a zero-width space), line and paragraph separators, and a lone half of a surrogate pair.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const EVERY_UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** Each UTF-16 unit of `c` as a \u escape (a format character beyond the BMP takes two). */
function escaped(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** `s` with each unprintable character written as its \u escape: the last guard on a message (body.ts). */
export function printable(s: string): string {
  return UNPRINTABLE.test(s) ? s.replace(EVERY_UNPRINTABLE, escaped) : s;
}

/**
 * A string from a tool's definition (an enum value, a const, a property name, a pattern) as a message shows
 * it. A server writes these, so one that could pass for prose is quoted as a JSON string, the way
 * `received` quotes what a caller sent, and cut at the same length: one with an unprintable character, with
 * white space at an end, empty, or longer than RECEIVED_MAX_STRING. Any other (`open`, `in_progress`) reads
 * bare, as it always has.
 */
export function schemaText(s: string): string {
  if (s !== '' && s.length <= RECEIVED_MAX_STRING && s.trim() === s && !UNPRINTABLE.test(s)) return s;
  return printable(JSON.stringify(cutString(s)));
}

export function valueText(v: unknown): string {
  if (typeof v === 'string') return schemaText(v);
  const json = JSON.stringify(v);
  return json === undefined ? String(v) : printable(json.length > RECEIVED_MAX_STRING ? cutString(json) : json);
}

export function listValues(values: readonly Json[]): string {
  return values.map(valueText).join(', ');
}

/** A permitted set in words: "one of: a, b, c" (a body's message, the docs, the strict exports, the grader). */
export function oneOfText(values: readonly Json[]): string {
  return `one of: ${listValues(values)}`;
}

/** ", e.g. X"; empty when there is no example, or when the rule before it already shows it as a word of its own (a gloss's "such as X"). */
export function exampleText(v: Json | undefined, rule?: string): string {
  if (v === undefined) return '';
  const shown = valueText(v);
  return rule !== undefined && showsAsWord(rule, shown) ? '' : `, e.g. ${shown}`;
}

/** `text` holds `word` between spaces or the text's ends (a comma or a full stop may follow): not inside a regex or an address. */
function showsAsWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) {
    const before = i === 0 ? ' ' : text[i - 1];
    const after = text[i + word.length] ?? ' ';
    if (/\s/.test(before) && /[\s,;.]/.test(after)) return true;
  }
  return false;
}

/** What a model should send for a field, as the tail of a sentence: "one of: a, b" / "an ISO … e.g. …". */
export function whatToSend(field: FieldInfo | undefined, node: SchemaNode | undefined): string {
  if (field?.enumValues && enumIsListable(field.enumValues)) return oneOfText(field.enumValues);
  if (field?.rule) return `${field.rule}${exampleText(field.example, field.rule)}`;
  const s = field?.schema ?? node;
  if (s?.format && FORMAT_RULES[s.format]) return `${FORMAT_RULES[s.format].rule}${exampleText(field?.example ?? FORMAT_RULES[s.format].example)}`;
  if (s?.type) return `${typePhrase(s.type)}${exampleText(field?.example)}`;
  return field?.example !== undefined ? `a value like ${valueText(field.example)}` : 'a value';
}

/** What whatToSend() states, as data: the set it lists, the example it shows, the type it names first. */
export function sendFacts(field: FieldInfo | undefined, node: SchemaNode | undefined): FaultFacts {
  if (field?.enumValues && enumIsListable(field.enumValues)) return { allowed: field.enumValues };
  if (field?.rule) return exampleText(field.example, field.rule) ? { example: field.example } : {};
  const s = field?.schema ?? node;
  if (s?.format && FORMAT_RULES[s.format]) return { example: field?.example ?? FORMAT_RULES[s.format].example };
  if (s?.type) {
    const first = (Array.isArray(s.type) ? s.type : String(s.type).split(','))[0];
    return { ...(first !== 'null' ? { type: first } : {}), ...(field?.example !== undefined ? { example: field.example } : {}) };
  }
  return {};
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

export function rangeText(s: SchemaNode): string {
  const min = num(s.minimum);
  const max = num(s.maximum);
  const xmin = num(s.exclusiveMinimum);
  const xmax = num(s.exclusiveMaximum);
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  const parts: string[] = [];
  if (min !== undefined) parts.push(`at least ${min}`);
  if (xmin !== undefined) parts.push(`greater than ${xmin}`);
  if (max !== undefined) parts.push(`at most ${max}`);
  if (xmax !== undefined) parts.push(`less than ${xmax}`);
  return parts.join(' and ') || 'within its bounds';
}

/** `a multiple of 5`: a number's step. */
export function multipleText(step: number): string {
  return `a multiple of ${step}`;
}

export function lengthText(s: SchemaNode, minKey: string, maxKey: string, unit: string): string {
  const min = num(s[minKey]);
  const max = num(s[maxKey]);
  // "1 character long", "1 item": the unit is singular when the count that governs it is 1.
  const u = (n: number) => (n === 1 ? unit.replace(/^(\w+?)s\b/, '$1') : unit);
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${u(min)}` : `from ${min} to ${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${u(min)}`;
  if (max !== undefined) return `at most ${max} ${u(max)}`;
  return `a permitted number of ${unit}`;
}

export function containsText(node: SchemaNode | undefined): string {
  const min = num(node?.minContains) ?? 1;
  const max = num(node?.maxContains);
  if (max !== undefined) return `must contain from ${min} to ${max} matching items`;
  return `must contain at least ${min} matching item${min === 1 ? '' : 's'}`;
}
