// The shape an id field's examples share, read as a rule: a literal prefix (`cus_`, `#`, `T-`) and a class
// for the rest, or a class alone (capitals and digits; 32 upper-case hex digits, whose length is kept). The examples
// come from the field's `examples`, `example` and `default`, and from "such as X", "e.g. X", "for example X"
// or "like X" in its description. Precision first: a prefix counts only when it is a sigil, when the field's
// name abbreviates it (`cus_` for customer_id) or when two different examples share it; a name-like
// example (`sara_doe_496`), a word, an empty value or examples that disagree make no rule.
import { examplesOf, isIdField } from '../../absorb/id-fields';
import { words as nameWords } from '../../shared/name-words';
import type { Json, ReadRule } from '../../types';
import { typesOf } from '../../schema';
import type { FieldToRead } from './read-rules';

/** One example and where it was found: the words that show it and the JSON pointer of the text that holds them. */
interface Shown {
  value: Json;
  words: string;
  at: string;
  /** The name the words say the example stands for (`California` of "'CA' for California"). */
  standsFor?: string;
}

const INTRO = /\b(?:such as|e\.g\.?,?|for example,?|for instance,?|like|in the (?:format|form)(?: of)?)\s+/gi;
/** A quoted or code-marked example, or a bare one that holds a digit. */
const TOKEN = /^(?:(["'`\u2018\u201c])([^"'`\u2018\u2019\u201c\u201d]{0,64})["'`\u2019\u201d]|([^\s,;()"'`]*\d[^\s,;()"'`]*?))(?=[\s,;)]|[.:](?:\s|$)|$)/;
const SEPARATOR = /^(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)/;
/** What an example stands for, after it: `'CA' for California`. Read as part of the example's words. */
const GLOSS = /^\s+for\s+(\p{Lu}\p{L}*(?:\s+\p{Lu}\p{L}*){0,3})(?=[\s,;.)]|$)/u;

/** The examples a description gives after "such as", "e.g." and the like, each with the words that give it. */
function examplesInWords(text: string, at: string): Shown[] {
  const out: Shown[] = [];
  for (const intro of text.matchAll(INTRO)) {
    let rest = text.slice(intro.index + intro[0].length);
    let said = intro[0];
    for (;;) {
      const m = TOKEN.exec(rest);
      if (!m || m[0] === '') break;
      const shown: Shown = { value: m[2] ?? m[3], words: '', at };
      out.push(shown);
      said += m[0];
      rest = rest.slice(m[0].length);
      const gloss = GLOSS.exec(rest);
      if (gloss) {
        shown.standsFor = gloss[1];
        said += gloss[0];
        rest = rest.slice(gloss[0].length);
      }
      const sep = SEPARATOR.exec(rest);
      if (!sep) break;
      said += sep[0];
      rest = rest.slice(sep[0].length);
    }
    const words = said.replace(/(?:\s*,\s*(?:or|and)?|\s+(?:or|and))\s*$/, '').trim();
    for (const s of out) if (s.words === '') s.words = words;
  }
  return out;
}

/** Every example the field shows: its schema's, then its description's. */
function examplesShown(f: FieldToRead, text: string | undefined): Shown[] {
  const s = f.schema;
  const out: Shown[] = [];
  if (Array.isArray(s.examples)) (s.examples as Json[]).forEach((v, i) => out.push({ value: v, words: JSON.stringify(v), at: `${f.path}/examples/${i}` }));
  for (const k of ['example', 'x-example', 'default']) if (k in s) out.push({ value: s[k] as Json, words: JSON.stringify(s[k]), at: `${f.path}/${k}` });
  if (text) out.push(...examplesInWords(text, `${f.path}/description`));
  return out;
}

// ---- the shape -------------------------------------------------------------------------------------------------

interface Shape {
  pattern: string;
  /** The shape in our words, completing "must be …" before the example. */
  words: string;
}

/** A sigil (`#`, `@`), or a short word and one separator (`cus_`, `T-`). */
function prefixOf(s: string): { prefix: string; letters: string } | undefined {
  if (/^[#@](?=[A-Za-z0-9])/.test(s)) return { prefix: s[0], letters: '' };
  const word = /^([A-Za-z]{1,8})[_-](?=[A-Za-z0-9]+$)/.exec(s);
  return word ? { prefix: word[0], letters: word[1] } : undefined;
}

/** Whether `letters` abbreviate the field's name: its first letter, then letters in order (`cus` of customer, `pi` of payment_intent). */
function abbreviates(letters: string, name: string): boolean {
  const full = nameWords(name).filter((w) => w !== 'id').join('');
  const l = letters.toLowerCase();
  if (!full || l[0] !== full[0]) return false;
  let i = 0;
  for (const c of full) if (c === l[i]) i++;
  return i === l.length;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The class the rests share, and their length where a class fixes it: digits, hex of one case, capitals and
 * digits, or letters and digits after a prefix. Ids grow (Slack's from 9 characters to 11, tau-bench's
 * orders from `#W` and 7 digits to `#` and 7), so only hex of 16 or more, a hash's length, keeps its length.
 */
function restShape(rests: string[], prefixed: boolean): { cls: string; quant: string; words: string } | undefined {
  if (!rests.every((r) => /[0-9]/.test(r))) return undefined;
  // Without a prefix a short run says too little: `42` or `A1` may be a number or a code as well as an id.
  if (!prefixed && !rests.every((r) => r.length >= 5)) return undefined;
  const n = new Set(rests.map((r) => r.length)).size === 1 ? rests[0].length : undefined;
  if (rests.every((r) => /^[0-9]+$/.test(r))) return { cls: '[0-9]', quant: '+', words: prefixed ? 'digits' : 'digits only' };
  if (n !== undefined && n >= 16) {
    if (rests.every((r) => /^[0-9a-f]+$/.test(r))) return { cls: '[0-9a-f]', quant: `{${n}}`, words: `${n} lower-case hex digits` };
    if (rests.every((r) => /^[0-9A-F]+$/.test(r))) return { cls: '[0-9A-F]', quant: `{${n}}`, words: `${n} upper-case hex digits` };
  }
  if (rests.every((r) => /^[A-Z0-9]+$/.test(r) && /[A-Z]/.test(r))) return { cls: '[A-Z0-9]', quant: '+', words: 'capital letters and digits' };
  if (prefixed && rests.every((r) => /^[A-Za-z0-9]+$/.test(r))) return { cls: '[A-Za-z0-9]', quant: '+', words: 'letters and digits' };
  return undefined;
}

/** Lower-case words joined by `_`, then `_` and a number: tau-bench's `sara_doe_496` and `credit_card_7815826`. */
const SNAKE = /^[a-z]+(?:_[a-z]+)*_[0-9]+$/;
/** The same shape as a rule, written so that no repeat nests in another: safe-pattern.ts runs it. */
const SNAKE_RULE = '^[a-z][a-z_]*_[0-9]+$';

function shapeOf(values: string[], name: string): Shape | undefined {
  // At least one example of two words or more: one word and a number (`john_1234`) may be a prefix and an id, or a name.
  if (values.every((v) => SNAKE.test(v)) && values.some((v) => /^[a-z]+_[a-z]+_/.test(v))) return { pattern: SNAKE_RULE, words: 'lower-case words joined by "_", then "_" and digits' };
  const prefixes = values.map(prefixOf);
  const first = prefixes[0];
  let prefix = '';
  if (first && prefixes.every((p) => p?.prefix === first.prefix)) {
    // A word before a separator is a prefix only when the name abbreviates it or two examples share it: `sara_` is a name.
    const distinct = new Set(values).size > 1;
    if (first.letters === '' || abbreviates(first.letters, name) || distinct) prefix = first.prefix;
  } else if (prefixes.some((p) => p && p.letters === '')) return undefined; // a sigil on some examples only: they disagree
  const rests = values.map((v) => v.slice(prefix.length));
  if (prefixes.some((p) => p) && prefix === '' && rests.some((r) => /[^A-Za-z0-9]/.test(r))) return undefined;
  const rest = restShape(rests, prefix !== '');
  if (!rest) return undefined;
  return { pattern: `^${escapeRegex(prefix)}${rest.cls}${rest.quant}$`, words: prefix ? `${JSON.stringify(prefix)} then ${rest.words}` : rest.words };
}

// ---- the rule --------------------------------------------------------------------------------------------------

/** Words that say the field takes more than one kind of value: no one shape holds then. */
const OTHER_KINDS = /\b(either|also|alias|instead|name|names|url|urls|link|e-?mail|handle|slug|username)\b/i;
/**
 * An "or" beside a word for what a value is ("the id or key", "or its number", "or 'me'"): another kind of
 * value. An "or" between other words ("to pay or receive a refund") says nothing of the value's kind.
 */
const KIND = String.raw`(?:id|ids|key|keys|number|code|identifier|me|self)`;
const OR_KIND = new RegExp(String.raw`\b${KIND}\b['"’]?(?:\W+\w+)?\W+or\b|\bor\W+(?:\w+\W+)?${KIND}\b`, 'i');

/** Whether the field holds an id: its name or description says so (isIdField), or its description calls it an ID. */
function idLike(f: FieldToRead, text: string | undefined): boolean {
  if (isIdField(f.name, f.schema)) return true;
  // "The reservation ID" on a field named `reservation`: read as if it were named so, which keeps isIdField's exclusions (a `name`, a `url`).
  return typeof text === 'string' && /\b(?:ID|identifier)\b/.test(text) && isIdField(`${f.name}_id`, f.schema);
}

// Where a rule was read from is the explain stage's to say (its bodies cite it); the lint and the docs ask it there.
export { readFromExamples } from '../../explain/read-rule-words';

/**
 * Fields whose name says they hold a place's or a country's code, when their examples are capitals of a
 * length such codes have (`state: 'CA'`): a state of three capitals is more likely a status (`NEW`), and an
 * origin is an airport only when the words say so (a request's origin may be `API`).
 */
const CODE_FIELDS: Record<string, { lengths: readonly number[]; cue?: RegExp }> = {
  state: { lengths: [2] },
  province: { lengths: [2] },
  country: { lengths: [2, 3] },
  airport: { lengths: [3] },
  origin: { lengths: [3], cue: /\b(?:airport|IATA)\b/i },
  destination: { lengths: [3], cue: /\b(?:airport|IATA)\b/i },
};
const LETTER_COUNT: Record<string, number> = { two: 2, three: 3, '2': 2, '3': 3 };

/**
 * Whether the field holds a code of capitals of one length (`CA`, `JFK`): every example is 2 or 3 capitals, one
 * length, and the field's name says a state, a country or an airport, or its description the count of letters
 * ("in three letters") or "abbreviation". A currency or a language is not read so: their APIs often take either case.
 */
function codeLength(f: FieldToRead, text: string | undefined, values: string[]): number | undefined {
  if (!values.length || !values.every((v) => /^[A-Z]{2,3}$/.test(v)) || new Set(values.map((v) => v.length)).size !== 1) return undefined;
  const n = values[0].length;
  const ws = nameWords(f.name);
  const named = ws.length && Object.prototype.hasOwnProperty.call(CODE_FIELDS, ws[ws.length - 1]) ? CODE_FIELDS[ws[ws.length - 1]] : undefined;
  if (named && named.lengths.includes(n) && (!named.cue || (typeof text === 'string' && named.cue.test(text)))) return n;
  if (typeof text !== 'string') return undefined;
  const counted = /\b(two|three|2|3)[- ]letters?\b/i.exec(text);
  if (counted) return LETTER_COUNT[counted[1].toLowerCase()] === n ? n : undefined;
  return /\babbreviation\b/i.test(text) ? n : undefined;
}

/** The shape rule of an id field whose examples share one shape, or of a code field, or undefined. */
export function readExampleShape(f: FieldToRead, text: string | undefined): ReadRule | undefined {
  const s = f.schema;
  const type = typesOf(s).filter((t) => t !== 'null');
  if (type.length !== 1 || type[0] !== 'string') return undefined;
  if (['pattern', 'format', 'enum', 'const', 'contentEncoding', 'contentMediaType'].some((k) => k in s)) return undefined;
  const isId = idLike(f, text);
  if (!isId && !(typeof text === 'string' && /['"`\u2018\u201c][A-Z]{2,3}['"`\u2019\u201d]/.test(text)) && !examplesOf(s).length) return undefined;
  const shown = examplesShown(f, text);
  if (shown.length === 0 || shown.length > 16) return undefined;
  const values: string[] = [];
  for (const e of shown) {
    if (typeof e.value !== 'string' || e.value === '' || e.value.length > 64 || /\s/.test(e.value)) return undefined;
    values.push(e.value);
  }
  if (typeof text === 'string') {
    const rest = shown.reduce((t, e) => (e.at.endsWith('/description') ? t.split(e.words).join(' ') : t), text);
    if (OTHER_KINDS.test(rest) || OR_KIND.test(rest)) return undefined;
  }
  // A default alone says what is used when nothing is sent, not what a code must look like.
  const n = shown.some((e) => !e.at.endsWith('/default')) ? codeLength(f, text, values) : undefined;
  const shape = n !== undefined ? { pattern: `^[A-Z]{${n}}$`, words: `${n === 2 ? 'two' : 'three'} capital letters` } : isId ? shapeOf(values, f.name) : undefined;
  if (!shape) return undefined;
  const example = values[0];
  // "'CA' for California": the names the description itself gives for its examples, for a refusal to offer.
  const glossed = shown.filter((e) => e.standsFor !== undefined);
  return {
    field: f.field,
    path: f.path,
    kind: 'shape',
    keywords: { pattern: shape.pattern },
    source: 'description',
    words: shown[0].words,
    wordsAt: shown[0].at,
    rule: `${shape.words}, like ${example}`,
    example,
    ...(glossed.length ? { standsFor: Object.fromEntries(glossed.map((e) => [e.standsFor!, e.value])) } : {}),
  };
}
