// Rules read from a field's description: a format, a set of values or a bound its words state and its
// schema does not. Each rule keeps where it came from (the words, and the JSON pointer of the description
// that holds them) and the schema keywords that would enforce it, which the lint offers the tool's author
// as a JSON patch. Precision comes first: a rule is made only from words that say one thing plainly, on a
// field whose schema says nothing else about it; anything hedged (an example, an alternative, a negation)
// makes none. The compiler then drops any rule an example of the pack itself would break (promises.ts).
import type { Json, ReadRule, SchemaNode, UnitSpec } from '../../types';
import { brokenKeyword } from './enforce';
import { typesOf } from '../../schema';
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

/** A field of exactly one JSON type (null beside it allowed): the only fields a rule is read for. */
export function soleType(schema: SchemaNode): string | undefined {
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

/**
 * Words anywhere in a description that say a form is one of several taken (a relative date, "also accepts",
 * a value left empty, "or" before anything but a clause or a verb: "or that …", "read or write" are prose).
 */
const OTHER_FORMS =
  /\b(relative|natural language|any format|also accepts?|also takes|such as|e\.g|for example|like|human[- ]readable|empty|blank)\b|\bor\b(?!\s+(?:that|which|who|when|where|whether|if|because|to|read|write|update|delete|create|modify|change|edit|view|set)\b)/i;

// An example clause: "such as 'X'", "(e.g., 'X' for Y, 'Z')", "for example, +14155551234". Its values are
// read apart: where each keeps the rule read beside it, the clause confirms the rule rather than hedging it.
const QUOTED = String.raw`"[^"\n]{1,80}"|'[^'\n]{1,80}'|` + '`[^`\\n]{1,80}`' + String.raw`|\u201c[^\u201d\n]{1,80}\u201d|\u2018[^\u2019\n]{1,80}\u2019`;
const BARE = String.raw`[^\s,;()'"` + '`' + String.raw`]*\d(?:[^\s,;()'"` + '`' + String.raw`]*[^\s,;()'"` + '`' + String.raw`.])?`;
const GLOSS = String.raw`(?:\s+for\s+(?:the\s+)?[A-Z0-9][\w.]*(?:\s+[A-Z0-9][\w.]*){0,3})?`;
const EXAMPLE_ITEM = `(?:${QUOTED}|${BARE})${GLOSS}`;
const EXAMPLE_CLAUSE = new RegExp(
  String.raw`,?\s*\(?\s*\b(?:such as|e\.g\.|eg\.|for example|for instance|example)\s*,?:?\s*(${EXAMPLE_ITEM}(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)${EXAMPLE_ITEM})*)\s*\)?(?=\s*(?:[.;,)]|$))`,
  'gi',
);
const EXAMPLE_VALUE = new RegExp(`(${QUOTED}|${BARE})${GLOSS}`, 'g');

/** The values an example clause shows: quoted ones without their quotes, bare ones as written. */
function clauseValues(items: string): string[] {
  return [...items.matchAll(EXAMPLE_VALUE)].map((m) => (/^["'`\u2018\u201c]/.test(m[1]) ? m[1].slice(1, -1) : m[1]));
}

/** `text` without the example clauses whose every value keeps `keywords`; a clause any value breaks stays, and hedges. */
function withoutConfirmingExamples(text: string, keywords: { [k: string]: Json }): string {
  return text.replace(EXAMPLE_CLAUSE, (clause, items: string) => {
    const values = clauseValues(items);
    return values.length > 0 && values.every((v) => !brokenKeyword(keywords, v)) ? ' ' : clause;
  });
}

/** Markdown links keep their text: "[E.164](https://…)" reads as "E.164", and the link's dots split no sentence. */
function plainText(text: string): string {
  return text.replace(/\[([^\]\n]{1,200})\]\([^)\s]{1,500}\)/g, '$1');
}

/**
 * Words that make a sentence no plain statement of one rule: alternatives, negations, hedges, examples.
 */
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
  /** The form the words name, where one form has a reading per type (Unix milliseconds as a number or as digits in a string). */
  form?: string;
  /** A `format` of the field's own that names the same thing in a vendor's word (`phone-number`, Discovery's `int64`): it does not stop the reading. */
  agrees?: RegExp;
  /** The letters' case follows the examples the description gives, when they all share one (`'en'`, `'US'`). */
  caseFromExamples?: true;
  /** Read only where the description's own examples show the form (ISO 8601 names many), and only when no other reading is found. */
  needsExample?: true;
  /** Words anywhere in the description that make the reading wrong for the field (a git remote is no URI). */
  unless?: RegExp;
  /**
   * The words are a written template (`YYYY-MM-DD HH:MM:SS`) or a form no name stands for ("a valid email
   * address"): "should" beside them states the form, where beside a name ("should be in UUID format") it hedges.
   */
  template?: true;
}

/** The digits of a Unix time in milliseconds, from 1973 to 2286. */
const UNIX_MS_WORDS = /\b(?:Unix|epoch)\b[\w\s,-]{0,20}?\bin milliseconds\b|\bmilliseconds since (?:the )?(?:Unix )?epoch\b|\bepoch ms\b/i;
const INT_FORMATS = /^u?int(?:32|64)$/;

const FORMAT_READINGS: { words: RegExp; reading: FormatReading }[] = [
  // A date-time written as a template counts only with its offset: RFC 3339 requires one, and ISO 8601 does not.
  { words: /\bYYYY-MM-DDTHH:mm(?::ss(?:\.s+)?)?(?:Z|[+-]HH:?mm)\b/i, reading: { keywords: { format: 'date-time' }, type: 'string', template: true } },
  { words: /\bRFC[ -]?3339\b/, reading: { keywords: { format: 'date-time' }, type: 'string' } },
  // ISO 8601 names many forms (weeks, durations, no offset): where its examples show dates and times written
  // in its extended form, any such form is taken, and a date written in words is not.
  {
    words: /\bISO[ -]?8601\b(?![^.;]{0,30}\b(?:duration|interval|period|week)s?\b)/i,
    reading: {
      keywords: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:Z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$' },
      rule: 'an ISO 8601 date or date-time',
      example: '2026-03-11T09:14:02Z',
      type: 'string',
      needsExample: true,
    },
  },
  // YYYY-MM-DD not followed by a time: a date alone.
  { words: /\bYYYY-MM-DD\b(?![T\s]*(?:HH|hh|\d))/, reading: { keywords: { format: 'date' }, type: 'string', template: true } },
  // A year and a month alone.
  {
    words: /\bYYYY-MM\b(?![-\w])/,
    reading: { keywords: { pattern: '^[0-9]{4}-[0-9]{2}$' }, rule: 'a year and month as YYYY-MM', example: '2026-03', type: 'string', template: true },
  },
  // Written templates of other forms: the shape alone, as written (a month of one digit is taken); the rule
  // names the order the words give, day or month first, and its example has a day no month can be.
  {
    words: /\bDD\/MM\/YYYY\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$' }, rule: 'a date as DD/MM/YYYY, the day first', example: '31/12/2026', type: 'string', template: true },
  },
  {
    words: /\bMM\/DD\/YYYY\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$' }, rule: 'a date as MM/DD/YYYY, the month first', example: '12/31/2026', type: 'string', template: true },
  },
  {
    words: /\bDD-MM-YYYY\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$' }, rule: 'a date as DD-MM-YYYY, the day first', example: '31-12-2026', type: 'string', template: true },
  },
  {
    words: /\bMM-DD-YYYY\b(?![\sT,]*(?:HH|hh|at\b))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$' }, rule: 'a date as MM-DD-YYYY, the month first', example: '12-31-2026', type: 'string', template: true },
  },
  // A slashed date then a time of hours and minutes, nothing after it (no seconds, no AM/PM, no offset).
  {
    words: /\bDD\/MM\/YYYY HH:MM\b(?![:\s]*(?:ss|[+-]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4} [0-9]{1,2}:[0-9]{2}$' }, rule: 'a date and time as DD/MM/YYYY HH:MM, the day first', example: '31/12/2026 09:14', type: 'string', template: true },
  },
  {
    words: /\bMM\/DD\/YYYY HH:MM\b(?![:\s]*(?:ss|[+-]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4} [0-9]{1,2}:[0-9]{2}$' }, rule: 'a date and time as MM/DD/YYYY HH:MM, the month first', example: '12/31/2026 09:14', type: 'string', template: true },
  },
  {
    words: /\bYYYY-MM-DD HH:MM:SS\b(?!\s*(?:[+-]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' }, rule: 'a date and time as YYYY-MM-DD HH:MM:SS', example: '2026-03-11 09:14:02', type: 'string', template: true },
  },
  {
    words: /\bYYYY-MM-DD HH:MM\b(?![:\s]*(?:ss|[+-]|Z\b|AM|PM|am|pm|to\b))/i,
    reading: { keywords: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$' }, rule: 'a date and time as YYYY-MM-DD HH:MM', example: '2026-03-11 09:14', type: 'string', template: true },
  },
  {
    words: /(?<!DD[T ]|[+:-])\bHH:MM:SS\b(?!\s*(?:[+-.]|Z\b|AM|PM|am|pm))/i,
    reading: { keywords: { pattern: '^[0-9]{1,2}:[0-9]{2}:[0-9]{2}$' }, rule: 'a time as HH:MM:SS', example: '09:14:02', type: 'string', template: true },
  },
  {
    words: /\bWIDTHxHEIGHT\b/i,
    reading: { keywords: { pattern: '^[0-9]+x[0-9]+$' }, rule: 'a width and height in pixels joined by x', example: '1920x1080', type: 'string', template: true },
  },
  {
    words: /\b(?:an?|the|valid)\s+e-?mail\s+(?:address\b|of\b)/i,
    reading: { keywords: { format: 'email' }, type: 'string', name: /e-?mail|address$|recipient$|(?:^|_)to$/i, template: true },
  },
  {
    words: /(?:\b(?:an?|the|valid|absolute|full)\s+(?:URL|URI)|^(?:[A-Z][a-z]+\s+)?URL)\b(?![- ](?:slug|friendly|safe|encoded|path|parameter|query)\b)/i,
    reading: { keywords: { format: 'uri' }, type: 'string', name: /(^|[_-]|[a-z])(url|uri|link|href)s?$/i, unless: /\b(?:git|repo|repository|ssh)\b/i, template: true },
  },
  // A URL slug or a latitude and longitude: read only where the description's examples show the form.
  {
    words: /\bURL slug\b|\bslug\b[^.;]{0,40}\blower-?case\b[^.;]{0,20}\bhyphens\b/i,
    reading: { keywords: { pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }, rule: 'a slug: lower-case letters and digits joined by hyphens', example: 'my-first-post', type: 'string', needsExample: true, template: true },
  },
  {
    words: /\bLatitude, ?Longitude\b/i,
    reading: { keywords: { pattern: '^-?[0-9]{1,3}(?:\\.[0-9]+)?, ?-?[0-9]{1,3}(?:\\.[0-9]+)?$' }, rule: 'a latitude and a longitude in degrees, joined by a comma', example: '36.2522, -105.3437', type: 'string', needsExample: true, template: true },
  },
  // "The UUID of the project" is often a name for an id that takes other shapes too: only a stated form counts.
  {
    words: /\bvalid UUID\b|\bUUID[ -]?(?:format|v4|version 4|string)\b|\b(?:format|form) of an? UUID\b|\bformatted as an? UUID\b/i,
    reading: { keywords: { format: 'uuid' }, type: 'string' },
  },
  {
    words: /\bE\.?164\b/,
    reading: { keywords: { pattern: '^\\+[1-9][0-9]{1,14}$' }, rule: 'a phone number in E.164 form: + and up to 15 digits', example: '+14155550123', type: 'string', agrees: /^(?:phone|phone-number|e164)$/ },
  },
  {
    words: /\bbase-?64(?:url)?[- ]encoded\b|\bas base-?64\b|\bin base-?64\b|\ban? base-?64 string\b|\bbase-?64 encoding string\b/i,
    reading: { keywords: { pattern: '^[A-Za-z0-9+/_=\\r\\n-]*$' }, rule: 'base64-encoded text (letters, digits, +, /, - or _, and = at the end)', example: 'aGVsbG8=', type: 'string' },
  },
  {
    words: /\bISO[ -]?3166(?:-1)?(?:[ -]alpha[ -]?2)?\b|\btwo-letter (?:ISO )?country code\b/i,
    reading: { keywords: { pattern: '^[A-Za-z]{2}$' }, rule: 'a two-letter ISO 3166-1 country code', example: 'US', type: 'string', caseFromExamples: true },
  },
  {
    words: /\bISO[ -]?639-1\b|\btwo-letter (?:ISO )?language code\b/i,
    reading: { keywords: { pattern: '^[A-Za-z]{2}$' }, rule: 'a two-letter ISO 639-1 language code', example: 'en', type: 'string', caseFromExamples: true },
  },
  {
    words: /\bISO[ -]?4217\b|\bthree-letter (?:ISO )?currency code\b/i,
    reading: { keywords: { pattern: '^[A-Za-z]{3}$' }, rule: 'a three-letter ISO 4217 currency code', example: 'USD', type: 'string' },
  },
  // Without its # (GitHub's label colours): a reading of its own, the same words with the # taken off.
  {
    words: /\bhex(?:adecimal)? colou?r(?: code)?\b[^.;]{0,40}?\bwithout (?:the |a )?(?:leading )?[`'"]?#/i,
    reading: { keywords: { pattern: '^(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' }, rule: 'a hex colour without the #', example: '1a2b3c', type: 'string' },
  },
  {
    words: /\bhex(?:adecimal)? colou?r(?: code)?\b(?![^.;]{0,40}?\bwithout\b)/i,
    reading: { keywords: { pattern: '^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' }, rule: 'a hex colour such as #1a2b3c', example: '#1a2b3c', type: 'string' },
  },
  // Unix time as a number: the bound that tells seconds from milliseconds; as digits in a string, their count.
  { words: /\b(?:Unix|epoch)\b[\w\s-]{0,20}?\bin seconds\b|\bseconds since (?:the )?(?:Unix )?epoch\b/i, reading: { keywords: { maximum: 9999999999 }, unit: { kind: 'unix-seconds' }, type: 'number' } },
  { words: UNIX_MS_WORDS, reading: { keywords: { minimum: 100000000000 }, unit: { kind: 'unix-milliseconds' }, type: 'number', form: 'unix-ms' } },
  {
    words: UNIX_MS_WORDS,
    reading: { keywords: { pattern: '^[0-9]{12,13}$' }, rule: 'a Unix time in milliseconds, written as digits', example: '1767225600000', type: 'string', form: 'unix-ms', agrees: INT_FORMATS },
  },
];

/** Keywords that say a string's form already: a field with any of them gets no format rule. */
const FORM_KEYWORDS = ['format', 'pattern', 'enum', 'contentEncoding', 'contentMediaType'];

/** Negations that narrow a form rather than offer another: "without punctuation", "without spaces". */
const NARROWING = /\bwithout (?:any )?(?:punctuation|spaces|dashes|hyphens|separators|formatting)(?: characters)?\b/gi;

/** A reading's pattern with its letters in the one case every example shows, when they agree. */
function caseOf(reading: FormatReading, examples: string[]): FormatReading {
  if (!reading.caseFromExamples || examples.length === 0) return reading;
  const lower = examples.every((e) => e === e.toLowerCase() && e !== e.toUpperCase());
  const upper = examples.every((e) => e === e.toUpperCase() && e !== e.toLowerCase());
  if (!lower && !upper) return reading;
  const pattern = String(reading.keywords.pattern).replace(/A-Za-z/g, lower ? 'a-z' : 'A-Z');
  return { ...reading, keywords: { ...reading.keywords, pattern }, example: lower ? String(reading.example).toLowerCase() : String(reading.example).toUpperCase() };
}

function readFormats(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  const numeric = type === 'integer' || type === 'number';
  let found: { sentence: string; match: RegExpExecArray; reading: FormatReading; examples: string[] }[] = [];
  for (const raw of sentences(text)) {
    for (const { words, reading } of FORMAT_READINGS) {
      // Examples that keep the rule confirm it: the sentence is read without them.
      const sentence = withoutConfirmingExamples(raw, reading.keywords).replace(NARROWING, ' ').trim();
      const m = words.exec(sentence);
      if (!m) continue;
      const examples = [...raw.matchAll(EXAMPLE_CLAUSE)].flatMap((c) => clauseValues(c[1])).filter((v) => !brokenKeyword(reading.keywords, v));
      if (reading.needsExample && examples.length === 0) continue;
      found.push({ sentence, match: m, reading, examples });
    }
  }
  // A family name (ISO 8601) beside a form it holds (`YYYY-MM-DDTHH:MM:SSZ`): the form is the rule.
  if (found.some((x) => !x.reading.needsExample)) found = found.filter((x) => !x.reading.needsExample);
  // Two forms named (a date, or a date-time) make no rule: which one holds is not said.
  const distinct = new Set(found.map((x) => x.reading.form ?? JSON.stringify(x.reading.keywords)));
  if (distinct.size !== 1) return;
  // One form read for each type (Unix milliseconds): the reading for this field's type.
  const fits = found.filter((x) => (x.reading.type === 'string' ? type === 'string' : numeric));
  if (fits.length === 0) return;
  const { sentence, match, examples } = fits[0];
  const reading = caseOf(fits[0].reading, examples);
  const unhedged = (x: { sentence: string; match: RegExpExecArray; reading: FormatReading }) =>
    !HEDGED.test(x.sentence.replace(x.match[0], ' ').replace(x.reading.template ? /\bshould\b/gi : /$^/, ' '));
  if (!found.every(unhedged)) return;
  if (OTHER_FORMS.test(withoutConfirmingExamples(text, reading.keywords).replace(NARROWING, ' '))) return;
  if (reading.name && !reading.name.test(f.name)) return;
  if (reading.unless && (reading.unless.test(text) || reading.unless.test(f.name))) return;
  // A field that holds a format (`format: "MM-DD-YYYY"`) names a template as its value, not its own form.
  if (/format|pattern|template|layout|mask/i.test(f.name)) return;
  const ownFormat = typeof f.schema.format === 'string' && reading.agrees?.test(f.schema.format);
  if (FORM_KEYWORDS.some((k) => k in f.schema && !(k === 'format' && ownFormat))) return;
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
const SET_INTRO = /\b(?:(?:must|can only) be (?:set to )?one of|one of(?: the following)?|(?:possible|allowed|valid|accepted|supported|permitted) values(?: are)?|(?:must|can only) be(?: either)?|either)\s*:?\s*/i;

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
  const end = /[).](?=[\s.)]|$)|$/.exec(tail);
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

/**
 * A list of every value, one a line, after "Possible values are:" (Google's Discovery documents):
 * `- "confirmed" - what it means`. The list is the lines that follow, up to the first that is no such item.
 */
function linedValues(text: string): { words: string; items: string[] } | undefined {
  const intro = /\b(?:possible|allowed|valid|acceptable|accepted|supported) values are\s*:\s*\n/i.exec(text);
  if (!intro) return undefined;
  if (/\b(not|never|cannot|can't|except|include|includes|including|such as|e\.g|some|among)\b/i.test(text.slice(Math.max(0, intro.index - 40), intro.index + intro[0].length))) return undefined;
  const items: string[] = [];
  for (const line of text.slice(intro.index + intro[0].length).split('\n')) {
    if (!/^\s*[-*]\s/.test(line)) break;
    // A line that is an item but no quoted value ("- Beauty, Spa and Salon" unquoted): the list is not read at all.
    const m = /^\s*[-*]\s*(["'`\u201c])([^"'`\u201c\u201d\n]{1,64})["'`\u201d](?:\s*[-:\u2013\u2014]\s|\s*$)/.exec(line);
    if (!m) return undefined;
    items.push(m[2]);
  }
  if (items.length < 2 || new Set(items).size !== items.length) return undefined;
  return { words: intro[0].trim(), items };
}

function readValueSet(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  if (type !== 'string' && type !== 'integer') return;
  if ('enum' in f.schema || 'pattern' in f.schema || 'format' in f.schema) return;
  // A string that holds several of the values (Twilio's "sip,trunking") takes more than any one of them.
  if (/\b(comma|separated|delimited|list of|combination)\b|\b(?:multiple|several) (?:values|items|entries|of (?:them|these|the))\b/i.test(text)) return;
  const found: { words: string; items: string[] }[] = [];
  for (const sentence of sentences(text)) {
    // The first intro that opens a plain list: "must be set to one of `a`, `b`" is read at "one of".
    for (const intro of sentence.matchAll(new RegExp(SET_INTRO.source, 'gi'))) {
      if (/\b(not|never|cannot|can't|except)\b[^.]*$/i.test(sentence.slice(0, intro.index))) break;
      const tail = sentence.slice(intro.index + intro[0].length);
      // "must be" and "either" open lists of quoted values only: "must be a positive number" is no list.
      const explicit = /values|one of/i.test(intro[0]);
      const items = listItems(tail, !explicit);
      if (!items) continue;
      found.push({ words: `${intro[0]}${tail}`.replace(/\s+/g, ' ').trim().replace(/[).,;]+$/, '').slice(0, 200), items });
      break;
    }
  }
  const listed = linedValues(text);
  if (listed) found.push(listed);
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
const MAX_WORDS = new RegExp(String.raw`\b(?:at most|up to|no more than|not more than|maximum(?: of| is| value(?: is)?)?|(?:the )?max(?:imum)? length(?: of (?:this|the) (?:field|value|string|parameter))? is|max(?:imum)?\.?:?|cannot exceed|must not exceed|less than or equal to|<=)\s*${NUMBER}(?:\s+([A-Za-z]+))?`, 'gi');
const MIN_WORDS = new RegExp(String.raw`\b(?:at least|no less than|not less than|minimum(?: of| is| value(?: is)?)?|min(?:imum)?\.?:?|greater than or equal to|>=)\s*${NUMBER}(?:\s+([A-Za-z]+))?`, 'gi');
const BETWEEN = new RegExp(String.raw`\bbetween\s+${NUMBER}\s+and\s+${NUMBER}(?:\s*\(inclusive\))?(?:\s+([A-Za-z]+))?`, 'gi');

/** Units after a number that make it no bound on the field's own value (a duration, a size, a rate). */
const FOREIGN_UNIT = /^(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?|years?|ms|milliseconds?|bytes?|kb|mb|gb|kib|mib|percent|times|requests?|calls?|levels?|digits?|decimal|words?|lines?|bytes)$/i;
const CHAR_UNIT = /^(characters?|chars?|letters?)$/i;
const ITEM_UNIT = /^(items?|elements?|entries|entry|values?|ids?|urls?|uris?|images?|tags?|labels?|strings?|objects?|keys?|users?|files?|emails?|addresses|names?)$/i;
/** A range in brackets after a number's description: "(1-10)", "(0–100)". */
const RANGE = /\((\d{1,9})\s*(?:-|\u2013|to)\s*(\d{1,9})\)/g;

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
    if (type === 'integer' || type === 'number') {
      for (const m of sentence.matchAll(RANGE)) {
        if (Number(m[1]) >= Number(m[2])) continue;
        add('min', m[1], undefined, m[0]);
        add('max', m[2], undefined, m[0]);
      }
    }
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

// ---- signs and counts ---------------------------------------------------------------------------------------

/**
 * A number's sign or count stated in words: "a positive integer", "non-negative", "1 or greater", "the first
 * N lines" (N is the field's value, a count from 1). Read on numbers only, from a sentence that hedges nothing
 * outside its brackets, in a description that names no zero, no negative sentinel and no other sign.
 */
const SIGN_READINGS: { words: RegExp; keywords(type: string, m: RegExpExecArray): { [k: string]: Json } | undefined }[] = [
  { words: /\bpositive (?:integer|whole number)\b/i, keywords: (t): { [k: string]: Json } => (t === 'integer' ? { minimum: 1 } : { type: 'integer', minimum: 1 }) },
  { words: /\bnon-?negative (?:integer|number|whole number|decimal|value)\b/i, keywords: () => ({ minimum: 0 }) },
  { words: /(?<!non-?)\bnegative (?:integer|whole number)\b/i, keywords: (t) => (t === 'integer' ? { maximum: -1 } : undefined) },
  { words: /\b(\d{1,9}) or (?:greater|more|higher|above)\b/i, keywords: (_t, m) => ({ minimum: Number(m[1]) }) },
  { words: /\b(?:the )?(?:first|last|top) N (?:lines|items|entries|rows|results|records|messages|characters|bytes)\b/, keywords: (t): { [k: string]: Json } => (t === 'integer' ? { minimum: 1 } : { type: 'integer', minimum: 1 }) },
];

function readSigns(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  const type = soleType(f.schema);
  if (type !== 'integer' && type !== 'number') return;
  if ('enum' in f.schema || out.some((r) => r.kind === 'bound' || r.kind === 'unit')) return;
  // A sentinel (-1 for no limit) or another sign named anywhere: the value takes more than the words say.
  if (/(?:^|[\s(])-\d|\bunlimited\b|\bno limit\b/i.test(text)) return;
  const found: { words: string; keywords: { [k: string]: Json } }[] = [];
  for (const sentence of sentences(text)) {
    for (const reading of SIGN_READINGS) {
      const m = reading.words.exec(sentence);
      if (!m) continue;
      // Brackets beside the words may hedge something else ("(or local equivalent)"); the words' own may not.
      const outside = sentence.replace(/\([^)]*\)/g, (b, i: number) => (i <= m.index && m.index < i + b.length ? b : ' '));
      if (HEDGED.test(outside.replace(m[0], ' ')) || NOT_A_BOUND_SIGN.test(sentence)) return;
      // An amount of money ("$100 or more") is a condition on a purchase, not the field's bound; a zero named is a value taken.
      if (/[$\u00a3\u20ac]\s*$/.test(sentence.slice(0, m.index)) || /\bzero\b|\b0\b/i.test(text)) return;
      const keywords = reading.keywords(type, m);
      if (keywords) found.push({ words: m[0], keywords });
    }
  }
  if (found.length !== 1) return;
  const { words, keywords } = found[0];
  // `type: integer` narrows the field's `number`; any other keyword of the rule the schema states already.
  if (Object.keys(keywords).some((k) => k !== 'type' && k in f.schema)) return;
  if (typeof keywords.minimum === 'number' && typeof f.schema.maximum === 'number' && f.schema.maximum < keywords.minimum) return;
  if (typeof keywords.maximum === 'number' && typeof f.schema.minimum === 'number' && f.schema.minimum > keywords.maximum) return;
  out.push({ field: f.field, path: f.path, kind: 'bound', keywords, source: 'description', words, wordsAt: at });
}

/** Words that make a sign no rule on the value: what is returned, a default. */
const NOT_A_BOUND_SIGN = /\b(returns a|default(?:s| is)?|response)\b/i;

// ---- letters and digits --------------------------------------------------------------------------------------

/**
 * A string of letters and digits with its length: "3–12 uppercase letters or numbers", "between 3 and 12
 * alphanumeric characters". The "or" between letters and digits names one class of characters, not two forms.
 */
const CHARSET_WORDS =
  /\b(?:between\s+(\d{1,4})\s+and\s+(\d{1,4})|(\d{1,4})\s*(?:-|\u2013|to)\s*(\d{1,4}))\s+(?:(uppercase|upper-case|capital|lowercase|lower-case)\s+)?(?:letters(?:,? or | and |\/)(?:numbers|digits)|alphanumeric(?: characters)?)\b/i;

function readCharset(f: FieldToRead, text: string, at: string, out: ReadRule[]): void {
  if (soleType(f.schema) !== 'string' || FORM_KEYWORDS.some((k) => k in f.schema)) return;
  const hits = sentences(text).flatMap((sentence) => {
    const m = CHARSET_WORDS.exec(sentence);
    return m ? [{ sentence, m }] : [];
  });
  if (hits.length !== 1) return;
  const { sentence, m } = hits[0];
  if (HEDGED.test(sentence.replace(m[0], ' ')) || OTHER_FORMS.test(text.replace(m[0], ' '))) return;
  const min = Number(m[1] ?? m[3]);
  const max = Number(m[2] ?? m[4]);
  if (!(min >= 1 && min <= max)) return;
  if (typeof f.schema.maxLength === 'number' && f.schema.maxLength < min) return;
  const letters = !m[5] ? 'A-Za-z' : /^(?:upper|capital)/i.test(m[5]) ? 'A-Z' : 'a-z';
  const which = !m[5] ? 'letters' : /^(?:upper|capital)/i.test(m[5]) ? 'capital letters' : 'lower-case letters';
  const example = letters === 'a-z' ? 'abc123' : 'ABC123';
  out.push({
    field: f.field,
    path: f.path,
    kind: 'format',
    keywords: { pattern: `^[${letters}0-9]{${min},${max}}$` },
    source: 'description',
    words: m[0],
    wordsAt: at,
    rule: `${min} to ${max} ${which} and digits`,
    example: example.slice(0, Math.max(min, Math.min(max, 6))),
  });
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
    const plain = plainText(text);
    readFormats(f, plain, at, out);
    readValueSet(f, plain, at, out);
    readBounds(f, plain, at, out);
    readSigns(f, plain, at, out);
    if (!out.some((r) => r.kind === 'format')) readCharset(f, plain, at, out);
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
