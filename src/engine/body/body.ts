// Stage 6, body: assembles exactly what the model is handed. One fault gives the flat body; several give
// `validation_failed` with at most ten entries and the count of the rest. `retryable` is always there.
import { codeRetryable } from '../faults/codes';
import { messageOf } from '../faults/fault';
import { printable } from '../faults/rule-words';
import type { Body, BodyError, Fault, FaultBody, Json, ValidationFailedBody } from '../types';

export const MAX_ERRORS = 10;

/** Whether a body lists several faults (`validation_failed`) rather than being one fault's. */
export function listsFaults(body: Body): body is ValidationFailedBody {
  return body.error === 'validation_failed' && 'errors' in body && Array.isArray(body.errors);
}

/**
 * No body may cost a model more than this many tokens (o200k_base). The engine cannot carry a tokenizer
 * into the browser, so it bounds an estimate instead: what the caller sent (`received`, and `field`, which
 * may hold an unknown key) at one token per UTF-8 byte, which no byte-level BPE exceeds, and the rest, the
 * pack's own words, by packTextTokens() below, which the bench checks against o200k_base on every body it
 * makes (bench/results.json, tokens.estimate).
 */
export const BODY_TOKEN_BUDGET = 400;
/** A field path longer than this is a caller's key, not a declared name; it is cut like a received string. */
const FIELD_MAX = 80;

/**
 * The fault each body (or each entry of a list) was written from, kept beside it and never in its bytes:
 * a reader in this process (the benchmarks' caller, grade()) takes the facts of a message from its fault
 * rather than from its words. A body parsed back from JSON has none. A member under a symbol, not
 * enumerable, so that no serializer, spread, clone or deep equality sees it; a WeakMap entry per body
 * cost every faulty call about 6% (bench/faulty.ts).
 */
const WRITTEN_FROM = Symbol('written from');

function keepFault(entry: FaultBody | BodyError, f: Fault): void {
  Object.defineProperty(entry, WRITTEN_FROM, { value: f });
}

/** The fault a body, or an entry of a `validation_failed` body, was written from here; undefined for any other object. */
export function faultBehind(entry: object): Fault | undefined {
  return (entry as { [WRITTEN_FROM]?: Fault })[WRITTEN_FROM];
}

/** Whether a retry of the same call can succeed: the fault's own word (a pack's rule), else its code's. */
function retryableOf(f: Fault): boolean {
  return f.retryable ?? codeRetryable(f.code);
}

function entry(f: Fault): BodyError {
  const e: BodyError = { field: f.field, code: f.code, message: printable(messageOf(f)) };
  if (f.hasReceived) e.received = f.received as Json;
  if (f.showCandidates && f.candidates.length) e.did_you_mean = f.candidates;
  keepFault(e, f);
  return e;
}

/** `unexplained`: further rejected fields that were counted but not explained (explain/call-faults.ts, MAX_EXPLAINED). */
export function assembleBody(faults: Fault[], unexplained = 0): Body {
  if (faults.length === 1 && unexplained === 0) {
    const f = faults[0];
    // Keys go in one by one, in the order the model reads them.
    const body = { error: f.code } as FaultBody;
    if (f.field !== '') body.field = f.field;
    // A newline or a bidi override from any word of a tool's definition that reached the message is written as its escape.
    body.message = printable(messageOf(f));
    for (const [k, v] of Object.entries(f.extra ?? {})) body[k] = v;
    if (f.hasReceived) body.received = f.received as Json;
    if (f.showCandidates && f.candidates.length) body.did_you_mean = f.candidates;
    // An ordered check's next call follows what was received; the time to wait follows `retryable`.
    if (f.nextCall !== undefined) body.next_call = f.nextCall;
    body.retryable = retryableOf(f);
    if (f.retryAfter !== undefined && body.retryable) body.retry_after = f.retryAfter;
    keepFault(body, f);
    return fitBudget(body);
  }
  const total = faults.length + unexplained;
  // An array's own fault (too many items) and its items' fault (each the wrong type) are two faults of one field.
  const fields = new Set(faults.map((f) => f.field.replace(/\[\]$/, ''))).size + unexplained;
  const shown = faults.slice(0, MAX_ERRORS);
  const body = { error: 'validation_failed', message: rejectedMessage(total, fields, shown.length), errors: shown.map(entry) } as ValidationFailedBody;
  if (total > shown.length) body.omitted = total - shown.length;
  body.retryable = shown.some(retryableOf);
  return fitBudget(body, total, fields);
}

/** The message of a body that lists faults: how many, in how many fields, and how many are listed. */
function rejectedMessage(total: number, fields: number, listed: number): string {
  const what = total === fields ? `${total} fields were rejected` : `${total} faults were found in ${fields === 1 ? '1 field' : `${fields} fields`}`;
  return total > listed
    ? `${what}; ${listed === 1 ? 'the first is listed' : `the first ${listed} are listed`}. Correct them and call again to see the rest.`
    : `${what}. Correct all of them and call again.`;
}

function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

// The pieces o200k_base splits text into before merging: words (a capital run, then lower case), groups
// of up to three digits, runs of punctuation, runs of white space. packTextTokens() reads them with a
// scanner that matches exactly as this expression does (tests/engine/body-tokens.test.ts holds the two
// together); the scanner is several times faster on the long bodies it is called for.
const PRE_TOKEN = /[A-Z]*[a-z]+|[A-Z]+|[0-9]{1,3}| ?[^\sA-Za-z0-9]+|\s+/g;

// Each character's class, by table for ASCII: the scanner reads every character of every long body.
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const SPACE = 4;
const MARK = 5;
const ASCII_CLASS = new Uint8Array(128).map((_, c) =>
  c >= 65 && c <= 90 ? UPPER : c >= 97 && c <= 122 ? LOWER : c >= 48 && c <= 57 ? DIGIT : c === 32 || (c >= 9 && c <= 13) ? SPACE : MARK,
);
/** The class of the character code c; beyond ASCII, JavaScript's \s or else a mark. */
function classOf(c: number): number {
  if (c < 128) return ASCII_CLASS[c];
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff ? SPACE : MARK;
}

/** The tokens of one run of marks (text[from, to)): a token per three ASCII marks, a token per byte of the others. */
function markTokens(text: string, from: number, to: number): number {
  let ascii = 0;
  let other = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) ascii++;
    else if (c < 0x800) other += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one code point of four bytes; a lone surrogate counts three, as for-of reads it.
      other += 4;
      i++;
    } else other += 3;
  }
  return Math.ceil(ascii / 3) + other;
}

/**
 * Tokens of pack-written text, from above: a token per five letters of a word, per digit group and per
 * three ASCII marks, a token per byte of other marks; a lone space joins the word after it.
 */
export function packTextTokens(text: string): number {
  let n = 0;
  const len = text.length;
  let i = 0;
  while (i < len) {
    const cls = classOf(text.charCodeAt(i));
    let j = i;
    while (j < len && classOf(text.charCodeAt(j)) === UPPER) j++;
    let k = j;
    while (k < len && classOf(text.charCodeAt(k)) === LOWER) k++;
    if (k > i) {
      // [A-Z]*[a-z]+, or else [A-Z]+: a word.
      const end = k > j ? k : j;
      n += Math.ceil((end - i) / 5);
      i = end;
    } else if (cls === DIGIT) {
      let end = i + 1;
      while (end < len && end < i + 3 && classOf(text.charCodeAt(end)) === DIGIT) end++;
      n += 1;
      i = end;
    } else if (cls === MARK || (text.charCodeAt(i) === 32 && i + 1 < len && classOf(text.charCodeAt(i + 1)) === MARK)) {
      // ` ?[^\sA-Za-z0-9]+`: a space just before marks is one of them.
      let end = i + 1;
      while (end < len && classOf(text.charCodeAt(end)) === MARK) end++;
      n += markTokens(text, i, end);
      i = end;
    } else {
      let end = i + 1;
      while (end < len && classOf(text.charCodeAt(end)) === SPACE) end++;
      n += end - i > 1 || end === len || classOf(text.charCodeAt(end)) === DIGIT ? 1 : 0;
      i = end;
    }
  }
  return n;
}

/** The same count with the expression, as it was written first; the tests hold the scanner to it. */
export function packTextTokensByRegExp(text: string): number {
  let n = 0;
  for (const m of text.matchAll(PRE_TOKEN)) {
    const t = m[0];
    const c = t.charCodeAt(t.length - 1);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n += Math.ceil(t.length / 5);
    else if (c >= 48 && c <= 57) n += 1;
    else if (t.trim() === '') {
      const next = text.charCodeAt(m.index! + t.length);
      n += t.length > 1 || Number.isNaN(next) || (next >= 48 && next <= 57) ? 1 : 0;
    } else {
      let ascii = 0;
      let other = 0;
      for (const ch of t) {
        if (ch.charCodeAt(0) < 0x80) ascii++;
        else other += utf8Bytes(ch);
      }
      n += Math.ceil(ascii / 3) + other;
    }
  }
  return n;
}

/** The token estimate BODY_TOKEN_BUDGET bounds (see there). */
export function estimateBodyTokens(body: Body): number {
  let callerBytes = 0;
  const skeleton = JSON.stringify(body, (key, value) => {
    if (key === 'received' || key === 'field') {
      callerBytes += utf8Bytes(JSON.stringify(value) ?? '');
      return undefined;
    }
    return value;
  });
  return callerBytes + packTextTokens(skeleton);
}

const CUT_STRING = /…\[cut: (\d+) characters in all\]$/;
const CUT_ITEMS = /^…\[cut: (\d+) items in all\]$/;
const CUT_KEYS = /^\[cut: (\d+) keys in all\]$/;

/** Cuts a received value (already cut once, by received.ts) further, keeping the true totals in its marks. */
function shrink(value: Json, chars: number, items: number, depth: number, level = 0): Json {
  if (typeof value === 'string') {
    const m = CUT_STRING.exec(value);
    const text = m ? value.slice(0, m.index) : value;
    const total = m ? Number(m[1]) : value.length;
    if (text.length <= chars && !m) return value;
    let end = Math.min(chars, text.length);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    return `${text.slice(0, end)}…[cut: ${total} characters in all]`;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const last = value[value.length - 1];
    const m = typeof last === 'string' ? CUT_ITEMS.exec(last) : null;
    const list = m ? value.slice(0, -1) : value;
    const total = m ? Number(m[1]) : value.length;
    if (level >= depth) return `[…${total} items]`;
    const head = list.slice(0, items).map((v) => shrink(v, chars, items, depth, level + 1));
    if (total > head.length) head.push(`…[cut: ${total} items in all]`);
    return head;
  }
  const entries = Object.entries(value);
  const mark = entries.length && entries[entries.length - 1][0] === '…' && typeof entries[entries.length - 1][1] === 'string' ? CUT_KEYS.exec(entries[entries.length - 1][1] as string) : null;
  const own = mark ? entries.slice(0, -1) : entries;
  const total = mark ? Number(mark[1]) : entries.length;
  if (level >= depth) return '{…}';
  const kept: [string, Json][] = own.slice(0, items).map(([k, v]) => [shrink(k, chars, items, depth) as string, shrink(v, chars, items, depth, level + 1)]);
  if (total > kept.length) kept.push(['…', `[cut: ${total} keys in all]`]);
  // fromEntries: a received key named __proto__ stays data.
  return Object.fromEntries(kept);
}

/** The order of retreat when a body is over budget: tighter `received`, then none, then fewer entries listed. */
const RECEIVED_STEPS: [chars: number, items: number, depth: number][] = [
  [40, 3, 2],
  [16, 1, 1],
];

const NON_ASCII = /[^\x00-\x7f]/; // eslint-disable-line no-control-regex -- the whole ASCII range, NUL included, is the point

/** A character that JSON.stringify escapes, or one beyond ASCII: a string holding one is not measured by its length. */
const NOT_VERBATIM = /[^\x20-\x7e]|["\\]/;
/** plainJsonLength's answers besides a length. */
const NOT_PLAIN = -1;
const TOO_LONG = -2;

/**
 * The length of JSON.stringify(value) when every string in it is written as it is (printable ASCII, no
 * quote or backslash), as the lengths of its parts add up; TOO_LONG once past `limit`, NOT_PLAIN for
 * anything else (such a string, an object that is not plain data), which is left to
 * JSON.stringify. A body's own strings are nearly always plain: its size is then known without writing it.
 */
function plainJsonLength(value: Json | undefined, limit: number, depth: number): number {
  if (typeof value === 'string') return NOT_VERBATIM.test(value) ? NOT_PLAIN : value.length + 2;
  // A finite number is written as String writes it; any other as null.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (value === null) return 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value !== 'object' || depth > 16) return NOT_PLAIN;
  let n = 0;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype || 'toJSON' in value) return NOT_PLAIN;
    n = value.length > 1 ? value.length + 1 : 2;
    for (let i = 0; i < value.length; i++) {
      const part = plainJsonLength(value[i], limit, depth + 1);
      if (part < 0) return part;
      n += part;
      if (n > limit) return TOO_LONG;
    }
    return n;
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) return NOT_PLAIN;
  let members = 0;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, Json | undefined>)[key];
    if (v === undefined) continue;
    const part = plainJsonLength(v, limit, depth + 1);
    if (part < 0) return part;
    if (NOT_VERBATIM.test(key)) return NOT_PLAIN;
    members++;
    n += key.length + 3 + part;
    if (n > limit) return TOO_LONG;
  }
  return n + (members > 1 ? members + 1 : 2);
}

function fitBudget(body: Body, faultCount = 1, fieldCount = faultCount): Body {
  const entries: (BodyError | FaultBody)[] = listsFaults(body) ? body.errors : [body];
  for (const e of entries) if (typeof e.field === 'string' && e.field.length > FIELD_MAX) e.field = shrink(e.field, FIELD_MAX - 20, 0, 0) as string;
  // No token is shorter than a byte, and the estimate never counts more tokens than the body has UTF-8
  // bytes: a body of at most 400 bytes fits, and most do, unestimated.
  // Most bodies are measured without being serialized (plainJsonLength); the rest are serialized here.
  const plain = plainJsonLength(body as unknown as Json, BODY_TOKEN_BUDGET, 0);
  if (plain >= 0 && plain <= BODY_TOKEN_BUDGET) return body;
  if (plain === NOT_PLAIN) {
    const bytes = JSON.stringify(body);
    if (bytes.length <= BODY_TOKEN_BUDGET && (!NON_ASCII.test(bytes) || utf8Bytes(bytes) <= BODY_TOKEN_BUDGET)) return body;
  }
  if (estimateBodyTokens(body) <= BODY_TOKEN_BUDGET) return body;
  for (const [chars, items, depth] of RECEIVED_STEPS) {
    for (const e of entries) if ('received' in e) e.received = shrink(e.received as Json, chars, items, depth);
    if (estimateBodyTokens(body) <= BODY_TOKEN_BUDGET) return body;
  }
  for (const e of entries) delete e.received;
  if (!listsFaults(body)) return body;
  // Still over: list fewer faults; the rest are counted under `omitted`, as past the tenth.
  const listed = body.errors;
  while (listed.length > 1 && estimateBodyTokens(body) > BODY_TOKEN_BUDGET) {
    listed.pop();
    body.message = rejectedMessage(faultCount, fieldCount, listed.length);
    // Taken out and put back, so that it stays the last key.
    Reflect.deleteProperty(body, 'retryable');
    body.omitted = faultCount - listed.length;
    body.retryable = listed.some((e) => retryableOf(faultBehind(e)!));
  }
  return body;
}

/**
 * The exact bytes handed to the model: the body itself. The package's serializeBody (wire-forms.ts) also
 * writes the same facts in a wire form; it lives there so the playground's first body carries no form writer.
 */
export function serializeBody(body: Body): string {
  return JSON.stringify(body);
}
