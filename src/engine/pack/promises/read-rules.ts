// Rules read from a field's description: a format, a set of values or a bound its words state and its
// schema does not. Each rule keeps where it came from (the words, and the JSON pointer of the description
// that holds them) and the schema keywords that would enforce it, which the lint offers the tool's author
// as a JSON patch. Precision comes first: a rule is made only from words that say one thing plainly, on a
// field whose schema says nothing else about it; anything hedged (an example, an alternative, a negation)
// makes none. The compiler then drops any rule an example of the pack itself would break (promises.ts).
import type { Json, ReadRule, SchemaNode, UnitSpec } from '../../types';
import { readExampleShape } from './example-shapes';

export type { ReadRule, ReadRuleKind, ReadRuleSource } from '../../types';

/** One field to read: its path, pointer, schema and the text its description holds. */
export interface FieldToRead {
  field: string;
  path: string;
  name: string;
  schema: SchemaNode;
}

// ---- what a schema already says --------------------------------------------------------------------------

function typesOf(schema: SchemaNode): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** A field of exactly one JSON type (null beside it allowed): the only fields a rule is read for. */
function soleType(schema: SchemaNode): string | undefined {
  const types = typesOf(schema).filter((t) => t !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

/** A schema whose value is settled elsewhere (branches, a reference, a constant): its words are not read. */
function composed(schema: SchemaNode): boolean {
  return ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', '$dynamicRef', 'const', 'x-value-set'].some((k) => k in schema);
}

// ---- how the words are split ------------------------------------------------------------------------------

/** The sentences of a description: a stop followed by a space or the end, a semicolon, a line break. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|vs|incl|approx)\.)\s+(?=[A-Z(`'"])|;\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Words anywhere in a description that say a form is one of several taken (a relative date, "also accepts"). */
const OTHER_FORMS = /\b(relative|natural language|any format|also accepts?|also takes|or|such as|e\.g|for example|like|human[- ]readable)\b/i;

/** Words that make a sentence no plain statement of one rule: alternatives, negations, hedges, examples. */
const HEDGED = /\b(or|nor|not|never|no|without|except|unless|also|optionally|usually|typically|generally|mostly|recommended|preferred|should|may|might|can also|either|e\.g|i\.e|eg|such as|for example|for instance|like|including|etc|relative|natural language|any format|deprecated|ignored|legacy)\b|\.\.\.|…/i;

// ---- formats -----------------------------------------------------------------------------------------------

interface FormatReading {
  keywords: { [k: string]: Json };
  /** A pattern's rule and example, in our words: a format name carries its own. */
  rule?: string;
  example?: Json;
  unit?: UnitSpec;
  /** The field's name must say what the rule is about (an e-mail field, a URL field). */
  name?: RegExp;
  type: 'string' | 'number';
}

const FORMAT_READINGS: { words: RegExp; reading: FormatReading }[] = [
  // A date-time written as a template counts only with its offset: RFC 3339 requires one, and ISO 8601 does not.
  { words: /\bYYYY-MM-DDTHH:mm(?::ss(?:\.s+)?)?(?:Z|[+-]HH:?mm)\b/i, reading: { keywords: { format: 'date-time' }, type: 'string' } },
  { words: /\bRFC[ -]?3339\b/, reading: { keywords: { format: 'date-time' }, type: 'string' } },
  // YYYY-MM-DD not followed by a time: a date alone.
  { words: /\bYYYY-MM-DD\b(?![T\s]*(?:HH|hh|\d))/, reading: { keywords: { format: 'date' }, type: 'string' } },
  // Written templates of other forms: the shape alone, as written (a month of one digit is taken).
  {
    words: /\b(?:MM\/DD\/YYYY|DD\/MM\/YYYY)\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$' }, rule: 'a date written with slashes, day and month of one or two digits and a four-digit year', example: '03/11/2026', type: 'string' },
  },
  {
    words: /\b(?:MM-DD-YYYY|DD-MM-YYYY)\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$' }, rule: 'a date written with dashes, day and month of one or two digits and a four-digit year', example: '03-11-2026', type: 'string' },
  },
  {
    words: /\bYYYY-MM-DD HH:MM:SS\b(?!\s*(?:[+-]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' }, rule: 'a date and time as YYYY-MM-DD HH:MM:SS', example: '2026-03-11 09:14:02', type: 'string' },
  },
  {
    words: /(?<!DD[T ]|[+:-])\bHH:MM:SS\b(?!\s*(?:[+-.]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}:[0-9]{2}:[0-9]{2}$' }, rule: 'a time as HH:MM:SS', example: '09:14:02', type: 'string' },
  },
  { words: /\b(?:an?|the|valid)\s+e-?mail\s+address\b/i, reading: { keywords: { format: 'email' }, type: 'string', name: /e-?mail/i } },
  { words: /\b(?:an?|the|valid|absolute|full)\s+(?:URL|URI)\b/i, reading: { keywords: { format: 'uri' }, type: 'string', name: /(^|[_-]|[a-z])(url|uri|link|href)s?$/i } },
  // "The UUID of the project" is often a name for an id that takes other shapes too: only a stated form counts.
  { words: /\bvalid UUID\b|\bUUID[ -]?(?:format|v4|version 4|string)\b/i, reading: { keywords: { format: 'uuid' }, type: 'string' } },
  {
    words: /\bE\.?164\b/,
    reading: { keywords: { pattern: '^\\+[1-9][0-9]{1,14}$' }, rule: 'a phone number in E.164 form: + and up to 15 digits', example: '+14155550123', type: 'string' },
  },
  {
    words: /\bbase-?64(?:url)?[- ]encoded\b|\bas base-?64\b|\bin base-?64\b/i,
    reading: { keywords: { pattern: '^[A-Za-z0-9+/_=\\r\\n-]*$' }, rule: 'base64-encoded text (letters, digits, +, /, - or _, and = at the end)', example: 'aGVsbG8=', type: 'string' },
  },
  {
    words: /\bISO[ -]?3166(?:-1)?(?:[ -]alpha[ -]?2)?\b|\btwo-letter (?:ISO )?country code\b/i,
    reading: { keywords: { pattern: '^[A-Za-z]{2}$' }, rule: 'a two-letter ISO 3166-1 country code', example: 'US', type: 'string' },
  },
  {
    words: /\bISO[ -]?4217\b|\bthree-letter (?:ISO )?currency code\b/i,
    reading: { keywords: { pattern: '^[A-Za-z]{3}$' }, rule: 'a three-letter ISO 4217 currency code', example: 'USD', type: 'string' },
  },
  {
    words: /\bhex(?:adecimal)? colou?r(?: code)?\b/i,
    reading: { keywords: { pattern: '^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' }, rule: 'a hex colour such as #1a2b3c', example: '#1a2b3c', type: 'string' },
  },
  // Unix time as a number: the bound that tells seconds from milliseconds.
  { words: /\b(?:Unix|epoch)\b[\w\s-]{0,20}?\bin seconds\b|\bseconds since (?:the )?(?:Unix )?epoch\b/i, reading: { keywords: { maximum: 9999999999 }, unit: { kind: 'unix-seconds' }, type: 'number' } },
  { words: /\b(?:Unix|epoch)\b[\w\s-]{0,20}?\bin milliseconds\b|\bmilliseconds since (?:the )?(?:Unix )?epoch\b/i, reading: { keywords: { minimum: 100000000000 }, unit: { kind: 'unix-milliseconds' }, type: 'number' } },
];

/** Keywords that say a string's form already: a field with any of them gets no format rule. */
const FORM_KEYWORDS = ['format', 'pattern', 'enum', 'contentEncoding', 'contentMediaType'];

function readFormats(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  const numeric = type === 'integer' || type === 'number';
  const found: { sentence: string; match: RegExpExecArray; reading: FormatReading }[] = [];
  for (const sentence of sentences(text)) {
    for (const { words, reading } of FORMAT_READINGS) {
      const m = words.exec(sentence);
      if (m) found.push({ sentence, match: m, reading });
    }
  }
  // Two forms named (a date, or a date-time) make no rule: which one holds is not said.
  const distinct = new Set(found.map((x) => JSON.stringify(x.reading.keywords)));
  if (distinct.size !== 1) return;
  const { sentence, match, reading } = found[0];
  if (HEDGED.test(sentence) || found.some((x) => x.sentence !== sentence && HEDGED.test(x.sentence)) || OTHER_FORMS.test(text)) return;
  if (reading.type === 'string' ? type !== 'string' : !numeric) return;
  if (reading.name && !reading.name.test(f.name)) return;
  // A field that holds a format (`format: "MM-DD-YYYY"`) names a template as its value, not its own form.
  if (/format|pattern|template|layout|mask/i.test(f.name)) return;
  if (FORM_KEYWORDS.some((k) => k in f.schema)) return;
  if (Object.keys(reading.keywords).some((k) => k in f.schema) || (reading.unit && 'x-unit' in f.schema)) return;
  // Two templates in one sentence (a range, "YYYY-MM-DD..YYYY-MM-DD") are no single value's form.
  if ((sentence.match(new RegExp(match[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')) ?? []).length > 1) return;
  out.push({
    field: f.field,
    path: f.path,
    kind: reading.unit ? 'unit' : 'format',
    keywords: reading.keywords,
    source: 'description',
    words: match[0].trim(),
    wordsAt: at,
    ...(reading.rule ? { rule: reading.rule, example: reading.example } : {}),
    ...(reading.unit ? { unit: reading.unit } : {}),
  });
}

// ---- value sets --------------------------------------------------------------------------------------------

/** The words that open a list of every permitted value. */
const SET_INTRO = /\b(?:(?:must|can only) be one of|one of(?: the following)?|(?:possible|allowed|valid|accepted|supported|permitted) values(?: are)?|(?:must|can only) be(?: either)?|either)\s*:?\s*/i;

/** Words in or after a list that make it a sample, not the whole set. */
const SAMPLE = /\b(e\.g|eg|i\.e|such as|for example|for instance|like|including|includes|etc|among others|and more|and so on|others|not|except|excluding|other than|deprecated)\b|\.\.\.|…/i;

/** One item of a list: a quoted value, or a bare one-word value after an explicit intro. */
function listItem(raw: string, quotedOnly: boolean): string | undefined {
  const s = raw.trim();
  const q = /^(["'`\u2018\u201c])([^"'`\u2018\u2019\u201c\u201d]{1,64})(["'`\u2019\u201d])$/.exec(s);
  if (q) return q[2];
  if (quotedOnly) return undefined;
  return /^[A-Za-z0-9_][A-Za-z0-9_.:/-]{0,63}$/.test(s) && !/^(and|or|the|a|an)$/i.test(s) ? s : undefined;
}

/** The items of `tail` (the list and what follows it in the sentence), or undefined when it is no plain list. */
function listItems(tail: string, quotedOnly: boolean): string[] | undefined {
  // The list ends at a closing bracket or a stop; what follows it must not hedge.
  const end = /[).](?=\s|$)|$/.exec(tail);
  const list = tail.slice(0, end ? end.index : tail.length).trim();
  if (SAMPLE.test(list) || SAMPLE.test(tail.slice(list.length))) return undefined;
  const parts = list.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s*\|\s*|\s*\/\s*(?=["'`])/).filter((p) => p !== '');
  if (parts.length < 2 || parts.length > 32) return undefined;
  const items: string[] = [];
  for (const p of parts) {
    const item = listItem(p, quotedOnly);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return new Set(items).size === items.length ? items : undefined;
}

function readValueSet(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  if (type !== 'string' && type !== 'integer') return;
  if ('enum' in f.schema || 'pattern' in f.schema || 'format' in f.schema) return;
  // A string that holds several of the values (Twilio's "sip,trunking") takes more than any one of them.
  if (/\b(comma|separated|delimited|multiple|several|list of|combination)\b/i.test(text)) return;
  const found: { words: string; items: string[] }[] = [];
  for (const sentence of sentences(text)) {
    const intro = SET_INTRO.exec(sentence);
    if (!intro) continue;
    if (/\b(not|never|cannot|can't|except)\b[^.]*$/i.test(sentence.slice(0, intro.index))) continue;
    const tail = sentence.slice(intro.index + intro[0].length);
    // "must be" and "either" open lists of quoted values only: "must be a positive number" is no list.
    const explicit = /values|one of/i.test(intro[0]);
    const items = listItems(tail, !explicit);
    if (items) found.push({ words: `${intro[0]}${tail}`.replace(/\s+/g, ' ').trim().slice(0, 200), items });
  }
  if (found.length !== 1) return;
  const { words, items } = found[0];
  let values: Json[] = items;
  if (type === 'integer') {
    if (!items.every((i) => /^-?\d{1,15}$/.test(i))) return;
    values = items.map(Number);
  }
  out.push({ field: f.field, path: f.path, kind: 'value-set', keywords: { enum: values }, source: 'description', words, wordsAt: at });
}

// ---- bounds ------------------------------------------------------------------------------------------------

// A whole number, not the start of a decimal (1.5), a percentage or a range (1-10).
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?![.,]\d|\s*%|\s*-\s*\d|\d)`;
const MAX_WORDS = new RegExp(String.raw`\b(?:at most|up to|no more than|not more than|maximum(?: of| is| value(?: is)?)?|max(?:imum)?\.?:?|cannot exceed|must not exceed|less than or equal to|<=)\s*${NUMBER}(?:\s+([A-Za-z]+))?`, 'gi');
const MIN_WORDS = new RegExp(String.raw`\b(?:at least|no less than|not less than|minimum(?: of| is| value(?: is)?)?|min(?:imum)?\.?:?|greater than or equal to|>=)\s*${NUMBER}(?:\s+([A-Za-z]+))?`, 'gi');
const BETWEEN = new RegExp(String.raw`\bbetween\s+${NUMBER}\s+and\s+${NUMBER}(?:\s*\(inclusive\))?(?:\s+([A-Za-z]+))?`, 'gi');

/** Units after a number that make it no bound on the field's own value (a duration, a size, a rate). */
const FOREIGN_UNIT = /^(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?|years?|ms|milliseconds?|bytes?|kb|mb|gb|kib|mib|percent|times|requests?|calls?|levels?|digits?|decimal|words?|lines?|bytes)$/i;
const CHAR_UNIT = /^(characters?|chars?|letters?)$/i;
const ITEM_UNIT = /^(items?|elements?|entries|entry|values?|ids?)$/i;

interface BoundReading {
  keyword: 'maximum' | 'minimum' | 'maxLength' | 'minLength' | 'maxItems' | 'minItems';
  value: number;
  words: string;
}

function boundKeyword(side: 'max' | 'min', unit: string | undefined, type: string): BoundReading['keyword'] | undefined {
  if (unit && CHAR_UNIT.test(unit)) return type === 'string' ? (side === 'max' ? 'maxLength' : 'minLength') : undefined;
  if (unit && ITEM_UNIT.test(unit) && type === 'array') return side === 'max' ? 'maxItems' : 'minItems';
  if (type === 'integer' || type === 'number') return unit && FOREIGN_UNIT.test(unit) ? undefined : side === 'max' ? 'maximum' : 'minimum';
  return undefined;
}

/** Words that make a bound no bound on the value: a rate, a page of results, what is returned, a default. */
const NOT_A_BOUND = /\b(per (?:second|minute|hour|day|request|call)|returns|returned|response|results? (?:are|is) (?:limited|capped)|default(?:s| is)?|rate|not|never|e\.g|for example|such as|recommended|or)\b/i;

function readBounds(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  if (!type || !['string', 'integer', 'number', 'array'].includes(type)) return;
  if ('enum' in f.schema) return;
  const readings: BoundReading[] = [];
  const spoiled = new Set<string>();
  for (const sentence of sentences(text)) {
    const add = (side: 'max' | 'min', n: string, unit: string | undefined, words: string) => {
      const keyword = boundKeyword(side, unit, type);
      if (!keyword) return;
      if (NOT_A_BOUND.test(sentence)) {
        spoiled.add(keyword);
        return;
      }
      readings.push({ keyword, value: Number(n.replace(/,/g, '')), words: words.trim() });
    };
    // The words quoted keep the unit only when it is one the bound counts in (characters, items).
    const said = (m: RegExpMatchArray, unit: string | undefined) => (unit && !CHAR_UNIT.test(unit) && !ITEM_UNIT.test(unit) ? m[0].slice(0, m[0].length - unit.length) : m[0]);
    for (const m of sentence.matchAll(MAX_WORDS)) add('max', m[1], m[2], said(m, m[2]));
    for (const m of sentence.matchAll(MIN_WORDS)) add('min', m[1], m[2], said(m, m[2]));
    for (const m of sentence.matchAll(BETWEEN)) {
      add('min', m[1], m[3], said(m, m[3]));
      add('max', m[2], m[3], said(m, m[3]));
    }
  }
  const byKeyword = new Map<string, BoundReading[]>();
  for (const r of readings) byKeyword.set(r.keyword, [...(byKeyword.get(r.keyword) ?? []), r]);
  const made: ReadRule[] = [];
  for (const [keyword, list] of byKeyword) {
    // Two different numbers for one bound, or a hedged mention of it, make no rule.
    if (spoiled.has(keyword) || new Set(list.map((r) => r.value)).size !== 1) continue;
    const value = list[0].value;
    if (!Number.isSafeInteger(value)) continue;
    if (keyword in f.schema) continue;
    // A stated bound the schema's other side contradicts (a minimum above the stated maximum) is not read.
    const other = f.schema[keyword.startsWith('max') ? keyword.replace('max', 'min') : keyword.replace('min', 'max')];
    if (typeof other === 'number' && (keyword.startsWith('max') ? other > value : other < value)) continue;
    made.push({ field: f.field, path: f.path, kind: 'bound', keywords: { [keyword]: value }, source: 'description', words: list[0].words, wordsAt: at });
  }
  // A minimum above a maximum, both read, is a misreading: neither is kept.
  const max = made.find((r) => 'maximum' in r.keywords || 'maxLength' in r.keywords || 'maxItems' in r.keywords);
  const min = made.find((r) => 'minimum' in r.keywords || 'minLength' in r.keywords || 'minItems' in r.keywords);
  if (max && min && (Object.values(min.keywords)[0] as number) > (Object.values(max.keywords)[0] as number)) return;
  out.push(...made);
}

// ---- one field ----------------------------------------------------------------------------------------------

/** Each rule the field's description states and its schema does not enforce, and the shape its examples share if it holds an id. */
export function readFieldRules(f: FieldToRead): ReadRule[] {
  if (composed(f.schema)) return [];
  const raw = f.schema.description;
  const text = typeof raw === 'string' && raw.length > 0 && raw.length <= 4000 ? raw : undefined;
  let out: ReadRule[] = [];
  if (text) {
    const at = `${f.path}/description`;
    readFormats(f, text, at, out);
    readValueSet(f, text, at, out);
    readBounds(f, text, at, out);
    // A value set beside a format is two readings of the same words: neither is kept.
    if (out.some((r) => r.kind === 'value-set') && out.some((r) => r.kind === 'format')) out = out.filter((r) => r.kind === 'bound');
  }
  // A stated format or set says the form already; the examples' shape would be a second reading of it.
  if (!out.some((r) => r.kind === 'format' || r.kind === 'value-set')) {
    const shape = readExampleShape(f, typeof raw === 'string' && raw.length <= 4000 ? raw : undefined);
    if (shape) out.push(shape);
  }
  return out;
}
