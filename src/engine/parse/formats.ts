// Every call format, read and written in one place: OpenAI Chat tool_calls (and the legacy function_call),
// OpenAI Responses function_call, Anthropic tool_use, Gemini functionCall parts, MCP tools/call, Python-style
// calls and bare arguments. Reading (parseCall) finds the tool name and the arguments, whichever envelope
// they came in, keeping numbers as written (json-scan.ts); readCalls splits a message holding several calls
// into each call's own text, with where it sits; writeCall writes a call back in any of the formats.
import { parse as parseTolerant, type ParseError } from 'jsonc-parser';
import { looksLikePythonCall, parsePythonCall, PythonSyntaxError } from './python-call';
import { locateJsonError, pathOf, scanJson, wholeDecimals, type WrittenNumber } from './json-scan';
import { repairJson } from './json-repair';
import { CALL_FORMATS, CALL_FORMAT_LABELS, shapeLabel, type CallFormat } from '../shared/format-labels';
import { makeFault } from '../faults/fault';
import { cutReceived, cutString } from '../faults/received';
import { formatPath, isNameShaped, valueAt, type Segment } from '../paths';
import type { Correction, Fault, InputShape, Json, JsonObject } from '../types';

export type ParseOutcome =
  // `faults`: a number in the arguments that JSON cannot hold exactly, a fault of one field that joins the
  // batch validation collects rather than hiding the call's other faults.
  // `decimals`: whole numbers the text wrote as decimals (`15.00`), by path in the arguments; a unit field
  // counted in cents reads them as written (units.ts), not as the integer JSON.parse makes of them.
  // `repairs`: JSON as models write it (a fence, single quotes, a trailing comma…), repaired where certain
  // (json-repair.ts), one correction per kind.
  | { ok: true; shape: InputShape; name: string | null; args: Json; faults?: Fault[]; decimals?: WrittenNumber[]; repairs?: Correction[] }
  | { ok: false; shape: InputShape; name: string | null; fault: Fault };

// jsonc-parser's ParseErrorCode numbers (a const enum in its typings, so not importable as a value here).
const EXPECTED: Record<number, string> = {
  1: 'a JSON value; this character cannot start one', // InvalidSymbol
  2: 'a number in JSON form', // InvalidNumberFormat
  3: 'a property name in double quotes', // PropertyNameExpected
  4: 'a value', // ValueExpected
  5: "':' after the property name", // ColonExpected
  6: "',' or a closing bracket", // CommaExpected
  7: "'}' to close the object", // CloseBraceExpected
  8: "']' to close the array", // CloseBracketExpected
  9: 'the end of the input after the value', // EndOfFileExpected
  10: 'no comments; JSON has none', // InvalidCommentToken
  11: 'no comments; JSON has none', // UnexpectedEndOfComment
  12: 'a closing double quote to end the string', // UnexpectedEndOfString
  13: 'more digits to end the number', // UnexpectedEndOfNumber
  14: 'four hex digits after \\u', // InvalidUnicode
  15: 'a valid escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u', // InvalidEscapeCharacter
  16: 'no raw control characters inside a string; escape them', // InvalidCharacter
};
const PROPERTY_NAME_EXPECTED = 3;

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * A line and column in repaired JSON told in the text as sent, which had `before` ahead of the JSON (a
 * sentence, a fence's first line). jsonrepair keeps the JSON's line breaks.
 */
function afterText(before: string, at: { line: number; column: number }): { line: number; column: number } {
  if (!before) return at;
  const breaks = before.split('\n');
  const extra = breaks.length - 1;
  return at.line === 1 ? { line: 1 + extra, column: breaks[extra].length + at.column } : { line: at.line + extra, column: at.column };
}

/** A short window of the text around the fault, so `received` shows what the parser saw there. */
function excerpt(text: string, offset: number): string {
  const start = Math.max(0, offset - 40);
  const end = Math.min(text.length, offset + 20);
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}

function syntaxFault(code: 'invalid_json' | 'invalid_call', field: string, what: string, text: string, offset: number, expected: string, reason: string): Fault {
  const { line, column } = lineColumn(text, offset);
  return makeFault({
    code,
    stage: 'parse',
    field,
    statement: `${what} at line ${line}, column ${column}: expected ${expected}`,
    received: excerpt(text, offset),
    reason,
    extra: { line, column },
  });
}

/** JSON.parse for the value (it keeps `__proto__` as a plain key); jsonc-parser only to locate a fault. */
export function parseJsonText(text: string, field: string): { ok: true; value: Json } | { ok: false; fault: Fault } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (err) {
    const reason = `JSON.parse: ${(err as Error).message}`;
    let first: ParseError | undefined;
    try {
      const errors: ParseError[] = [];
      parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
      first = errors[0];
    } catch {
      // A locator that fails (say, on extreme nesting) still leaves a clear body below.
    }
    if (text.trim() === '') return { ok: false, fault: syntaxFault('invalid_json', field, 'is empty', text, 0, 'a JSON object', reason) };
    if (!first) {
      // jsonc-parser recurses and gave up (10,000 levels of nesting, say); json-scan.ts's locator does not.
      const at = locateJsonError(text) ?? { offset: 0, expected: 'a JSON value' };
      if (cutShort(text, at.offset)) return { ok: false, fault: syntaxFault('invalid_json', field, CUT_SHORT, text, at.offset, at.expected.replace(NO_TRAILING_COMMA, ''), reason) };
      return { ok: false, fault: syntaxFault('invalid_json', field, 'is not valid JSON', text, at.offset, at.expected, reason) };
    }
    const expected = /^-?(NaN|Infinity)/.test(text.slice(first.offset, first.offset + 9))
      ? 'a JSON number or null; NaN and Infinity are not JSON'
      : EXPECTED[first.error] ?? 'valid JSON';
    // Text that ends where more JSON was due was cut short: a comma last is where the cut fell, not a trailing comma.
    if (cutShort(text, first.offset)) return { ok: false, fault: syntaxFault('invalid_json', field, CUT_SHORT, text, first.offset, expected, reason) };
    const blamed = first.error === PROPERTY_NAME_EXPECTED && /,\s*$/.test(text.slice(0, first.offset)) ? `${expected}${NO_TRAILING_COMMA}` : expected;
    return { ok: false, fault: syntaxFault('invalid_json', field, 'is not valid JSON', text, first.offset, blamed, reason) };
  }
}

const CUT_SHORT = 'ends before the JSON is complete';
const NO_TRAILING_COMMA = '; JSON allows no trailing comma';

/** Whether a syntax error sits where the text ends (nothing but spaces after it): the JSON was cut short. */
function cutShort(text: string, offset: number): boolean {
  return text.slice(offset).trim() === '';
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function callFault(field: string, message: string, received: Json | undefined, reason: string): Fault {
  return makeFault({ code: 'invalid_call', stage: 'parse', field, statement: message, ...(received === undefined ? {} : { sent: received }), reason });
}

/** Arguments that arrive as a JSON string (OpenAI's envelopes) are parsed here; a fault points inside them. */
function argumentsFrom(value: unknown, shape: InputShape, name: string | null, where?: CallWhere): ParseOutcome & { where?: CallWhere } {
  const outcome = argumentsOf(value, shape, name);
  return where ? { ...outcome, where } : outcome;
}

function argumentsOf(value: unknown, shape: InputShape, name: string | null): ParseOutcome {
  if (typeof value === 'string') {
    let text = value;
    let parsed = parseJsonText(value, 'arguments');
    let repairs: Correction[] | undefined;
    let before = '';
    if (!parsed.ok) {
      const repaired = repairJson(value, 'arguments');
      if (!repaired) return { ok: false, shape, name, fault: parsed.fault };
      ({ text, corrections: repairs, before } = repaired);
      parsed = { ok: true, value: repaired.value };
    }
    const hidden = hiddenFault(text, parsed.value, parsed.value, before);
    if (hidden && !isFieldFault(hidden)) return { ok: false, shape, name, fault: hidden };
    const decimals = wholeDecimals(text);
    return { ok: true, shape, name, args: parsed.value, ...(hidden ? { faults: [hidden] } : {}), ...(decimals.length ? { decimals } : {}), ...(repairs ? { repairs } : {}) };
  }
  if (value === undefined) return { ok: true, shape, name, args: {} };
  return { ok: true, shape, name, args: value as Json };
}

function nameOf(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/**
 * Every own key is one a plain {name, arguments} call may carry: name, arguments, input, id, call_id, type.
 * A loop over the own keys with no array made and no set looked up: this runs on every call.
 */
function onlyPlainKeys(v: JsonObject): boolean {
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if (k !== 'name' && k !== 'arguments' && k !== 'input' && k !== 'id' && k !== 'call_id' && k !== 'type') return false;
  }
  return true;
}

/** A Gemini part holding a call: {"functionCall": {"name": …, "args": {…}}}. */
function isGeminiPart(v: Json): boolean {
  return isObject(v) && isObject(v.functionCall) && typeof v.functionCall.name === 'string';
}

/**
 * The most calls read from one message as several (checkCalls, the CLI's one line per call). A model sends
 * a handful at a time; a message past this is refused whole, so 50,000 parts cost one body, not 50,000.
 */
export const MAX_CALLS_PER_MESSAGE = 1000;

/** The refusal of a list of calls given where one call goes, or of a message over MAX_CALLS_PER_MESSAGE. */
function severalCallsText(n: number): string {
  if (n === 0) return 'is an empty list: send one tool call';
  return n > MAX_CALLS_PER_MESSAGE ? `holds ${n} calls, more than the ${MAX_CALLS_PER_MESSAGE} checked from one message: send fewer at a time` : `holds ${n} calls: check one call at a time`;
}

/**
 * Where a call's parts sit in the value it was read from, as paths: the tool name, the arguments (for
 * OpenAI's, the JSON string holding them), an MCP envelope's method. positions.ts turns them into offsets.
 */
export interface CallWhere {
  name?: Segment[];
  arguments?: Segment[];
  method?: Segment[];
}

/** The parts of a call at `at`, each under its key; nothing when no path is asked for. */
function whereAt(at: Segment[] | undefined, name: Segment[], args: Segment[]): CallWhere | undefined {
  return at && { name: [...at, ...name], arguments: [...at, ...args] };
}

/**
 * Recognises the envelope of an already-parsed call. Given `at` (the value's path, [] for the whole
 * input), the outcome also says where the name and the arguments sit (`where`); `items` are the paths of
 * an array's items when the array is a selection of another one's (an assistant message's tool_use blocks).
 */
export function readEnvelope(value: Json, depth = 0, at?: Segment[], items?: Segment[][]): ParseOutcome & { where?: CallWhere } {
  if (Array.isArray(value)) {
    if (value.length === 1 && depth < 3) return readEnvelope(value[0], depth + 1, at && (items?.[0] ?? [...at, 0]));
    return { ok: false, shape: 'unknown', name: null, fault: callFault('', severalCallsText(value.length), value.length ? undefined : value, 'input is an array') };
  }
  if (!isObject(value)) {
    return { ok: false, shape: 'unknown', name: null, fault: callFault('', 'must be a tool call object with a name and arguments', value, 'input is not an object') };
  }
  const v = value;
  // An assistant message carrying tool_calls (OpenAI) or content blocks (Anthropic): unwrap a single call.
  if (Array.isArray(v.tool_calls) && depth < 3) return readEnvelope(v.tool_calls as Json, depth + 1, at && [...at, 'tool_calls']);
  if (v.role === 'assistant' && Array.isArray(v.content) && depth < 3) {
    const uses: Json[] = [];
    const paths: Segment[][] = [];
    (v.content as Json[]).forEach((b, i) => {
      if (!isObject(b) || b.type !== 'tool_use') return;
      uses.push(b);
      if (at) paths.push([...at, 'content', i]);
    });
    return readEnvelope(uses, depth + 1, at, paths);
  }
  // The legacy Chat message with one function_call (before tool_calls): its arguments are JSON text.
  if (v.role === 'assistant' && isObject(v.function_call)) return argumentsFrom(v.function_call.arguments, 'openai-function-call', nameOf(v.function_call.name), whereAt(at, ['function_call', 'name'], ['function_call', 'arguments']));
  // Gemini: a response's first candidate, a content's parts, or one part with its functionCall {name, args}.
  // Each is known by a functionCall part, so arguments that merely have a key named parts stay arguments.
  const inCandidate = Array.isArray(v.candidates) && isObject(v.candidates[0]) && isObject(v.candidates[0].content);
  const content = inCandidate ? ((v.candidates as Json[])[0] as JsonObject).content as JsonObject : v;
  const calls: Json[] = [];
  const callAt: Segment[][] = [];
  if (Array.isArray(content.parts)) {
    (content.parts as Json[]).forEach((p, i) => {
      if (!isGeminiPart(p)) return;
      calls.push(p);
      if (at) callAt.push([...at, ...(inCandidate ? ['candidates', 0, 'content'] : []), 'parts', i]);
    });
  }
  if (calls.length && depth < 3) return readEnvelope(calls, depth + 1, at, callAt);
  if (isGeminiPart(v)) {
    const fc = v.functionCall as JsonObject;
    return argumentsFrom(fc.args, 'gemini', nameOf(fc.name), whereAt(at, ['functionCall', 'name'], ['functionCall', 'args']));
  }
  if (v.type === 'function' && isObject(v.function)) {
    const fn = v.function;
    return argumentsFrom(fn.arguments, 'openai-chat', nameOf(fn.name), whereAt(at, ['function', 'name'], ['function', 'arguments']));
  }
  if (v.type === 'function_call' && 'name' in v) return argumentsFrom(v.arguments, 'openai-responses', nameOf(v.name), whereAt(at, ['name'], ['arguments']));
  if (v.type === 'tool_use' && 'name' in v) return argumentsFrom(v.input, 'anthropic', nameOf(v.name), whereAt(at, ['name'], ['input']));
  if (typeof v.jsonrpc === 'string' || v.method === 'tools/call') {
    const method = at && [...at, 'method'];
    if (v.method !== 'tools/call') return { ok: false, shape: 'mcp', name: null, fault: callFault('method', 'must be "tools/call" for a tool call', v.method ?? null, 'JSON-RPC method is not tools/call'), ...(method ? { where: { method } } : {}) };
    const params = isObject(v.params) ? v.params : {};
    const where = whereAt(at, ['params', 'name'], ['params', 'arguments']);
    return argumentsFrom(params.arguments, 'mcp', nameOf(params.name), where && { ...where, method });
  }
  // Gemini's FunctionCall on its own, out of its part.
  if (typeof v.name === 'string' && 'args' in v && Object.keys(v).every((k) => k === 'name' || k === 'args' || k === 'id')) return argumentsFrom(v.args, 'gemini', v.name, whereAt(at, ['name'], ['args']));
  if (typeof v.name === 'string' && ('arguments' in v || 'input' in v) && onlyPlainKeys(v)) {
    const key = 'arguments' in v ? 'arguments' : 'input';
    return argumentsFrom(v[key], 'plain', v.name, whereAt(at, ['name'], [key]));
  }
  return { ok: true, shape: 'bare-arguments', name: null, args: v, ...(at ? { where: { arguments: at } } : {}) };
}

export interface ParseOptions {
  /** One keyword argument of the named tool, as Python would write it (`ticket_id="T-8841"`), for hints. */
  keywordExample?: (tool: string) => string | undefined;
  /** The text's JSON value, when the caller has parsed it already (readCalls, looking for several calls): not parsed twice. */
  value?: Json;
}

/**
 * The text without a leading UTF-8 byte order mark, which some editors and Windows tools write first.
 * JSON.parse refuses it (column 1) and nothing else reads it: it goes without a word, as leading white
 * space does.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseCall(input: unknown, options?: ParseOptions): ParseOutcome {
  if (typeof input !== 'string') return readEnvelope(input as Json);
  let text = withoutBom(input);
  if (looksLikePythonCall(text)) {
    try {
      const call = parsePythonCall(text);
      return { ok: true, shape: 'python', name: call.name, args: call.arguments, ...(call.decimals.length ? { decimals: call.decimals } : {}) };
    } catch (err) {
      if (err instanceof PythonSyntaxError) {
        const example = err.positionalIn !== undefined ? options?.keywordExample?.(err.positionalIn) : undefined;
        const expected = example ? err.expected.replace('name="value"', example) : err.expected;
        return { ok: false, shape: 'python', name: null, fault: syntaxFault('invalid_call', '', 'is not a call the checker can read', text, err.offset, expected, 'python-style parse failed') };
      }
      throw err;
    }
  }
  let parsed = options?.value !== undefined ? { ok: true as const, value: options.value } : parseJsonText(text, '');
  let repairs: Correction[] | undefined;
  let before = '';
  if (!parsed.ok) {
    // Only after JSON.parse has refused the text: a valid call pays nothing for this.
    const repaired = repairJson(text, '');
    if (!repaired) return { ok: false, shape: 'unknown', name: null, fault: parsed.fault };
    ({ text, corrections: repairs, before } = repaired);
    parsed = { ok: true, value: repaired.value };
  }
  let outcome = readEnvelope(parsed.value);
  if (!outcome.ok) return outcome;
  if (repairs) outcome = { ...outcome, repairs: [...repairs, ...(outcome.repairs ?? [])] };
  const hidden = hiddenFault(text, parsed.value, outcome.args, before);
  if (hidden && !isFieldFault(hidden)) return { ok: false, shape: outcome.shape, name: outcome.name, fault: hidden };
  if (hidden) outcome = { ...outcome, faults: [hidden] };
  // Arguments sent as JSON text (OpenAI) had their decimals read from that text; any others are in this one.
  if (!outcome.decimals) {
    const decimals = decimalsIn(text, parsed.value, outcome.args);
    if (decimals.length) outcome = { ...outcome, decimals };
  }
  return outcome;
}

/** The whole numbers written as decimals inside the arguments, by path from the arguments. */
function decimalsIn(text: string, root: Json, args: Json): WrittenNumber[] {
  const found = wholeDecimals(text);
  if (!found.length) return found;
  const base = pathOf(root, args);
  if (base === null) return [];
  return found.filter((d) => base.length <= d.path.length && base.every((s, i) => d.path[i] === s)).map((d) => ({ ...d, path: d.path.slice(base.length) }));
}

/** A number out of JSON's exact range inside the arguments: one field's fault, not an unreadable call. */
function isFieldFault(f: Fault): boolean {
  return f.code === 'out_of_range' && f.path !== undefined && f.path.length > 0;
}

/**
 * A key sent twice, or a number JSON.parse could not keep exactly (json-scan.ts), as a fault. Paths inside
 * the arguments are given as the body gives every field; a number outside them (an envelope id) is no fault.
 */
function hiddenFault(text: string, root: Json, args: Json, before = ''): Fault | null {
  const found = scanJson(text, root);
  if (!found) return null;
  const base = pathOf(root, args);
  const inArgs = base !== null && base.length <= found.path.length && base.every((s, i) => found.path[i] === s);
  const field = formatPath(inArgs ? found.path.slice(base!.length) : found.path);
  const where = afterText(before, lineColumn(text, found.offset));
  const at = `at line ${where.line}, column ${where.column}`;
  const fault = (code: string, message: string, received: Json | undefined, reason: string): Fault =>
    makeFault({
      code,
      stage: 'parse',
      field,
      ...(inArgs ? { path: found.path.slice(base!.length) } : {}),
      statement: message,
      received,
      reason,
      extra: { line: where.line, column: where.column },
    });
  if (found.kind === 'duplicate_key') {
    const message = `is sent twice in the same object (again ${at}); send it once, with the value you mean`;
    if (!inArgs) return fault('invalid_call', message, undefined, 'duplicate key in the call envelope');
    const reason = 'duplicate key in the arguments; JSON.parse would keep the last silently';
    const own = found.path.slice(base!.length);
    const key = own[own.length - 1];
    if (typeof key !== 'string' || isNameShaped(key)) return fault('duplicate_argument', message, undefined, reason);
    // A key that is no name does not stand as the field (explain/arguments.ts does the same for an unknown
    // one): the field is the object holding it, and the key goes under received with the value kept.
    const f = fault('duplicate_argument', `holds ${own.length === 1 ? 'an argument' : 'a field'} sent twice in the same object (again ${at}); send it once, with the value you mean`, cutReceived({ [key]: (valueAt(root, found.path).value ?? null) as Json }), reason);
    f.field = formatPath(own.slice(0, -1)) || 'arguments';
    f.path = own.slice(0, -1);
    return f;
  }
  if (!inArgs) return null;
  const received = cutString(found.literal!);
  if (found.kind === 'unsafe_integer') {
    const f = fault('out_of_range', `must be from -9007199254740991 to 9007199254740991 (${at}): a longer integer loses digits in JSON; send it as a string if it is an id`, received, `integer ${found.literal!.slice(0, 40)} is beyond 2^53`);
    // The digits as written, as a string: an id (a Discord snowflake) that candidates.ts keeps only where
    // the field's schema takes that string.
    if (/^-?\d{1,40}$/.test(found.literal!)) {
      f.candidates = [found.literal!];
      f.showCandidates = true;
      f.fix = { kind: 'replace', path: f.path ?? [] };
    }
    return f;
  }
  if (found.kind === 'vanishing_number') return fault('out_of_range', `must be 0 or a number a double can hold (${at}); this one is so close to 0 that it reads as 0`, received, `number ${found.literal!.slice(0, 40)} underflows a double to 0`);
  return fault('out_of_range', `must be a finite number (${at}); no JSON number is this large`, received, `number ${found.literal!.slice(0, 40)} overflows a double`);
}

export { cutString };

// ---- several calls in one message ----------------------------------------------------------------------

/** One call of a message, as check() should read it. */
export interface CallRead {
  /** The call's own text cut out of the input (so its numbers stay as written), or its value for a value input. */
  input: unknown;
  /** Where the call sits in the input text, as offsets [start, end); null for a value, or when the call is the whole input. */
  span: { start: number; end: number } | null;
  /** Where the call sits in the parsed input: ['tool_calls', 1], ['content', 2], [0]. */
  path: Segment[];
  /** The JSON value of `input` when it is text that readCalls parsed whole (one call), for check() to reuse. */
  value?: Json;
}

/** Each call of a Gemini content ({parts}) or response ({candidates}), by path. */
function geminiCallPaths(v: JsonObject): Segment[][] {
  const inCandidate = Array.isArray(v.candidates) && isObject(v.candidates[0]) && isObject(v.candidates[0].content);
  const content = inCandidate ? ((v.candidates as Json[])[0] as JsonObject).content as JsonObject : v;
  if (!Array.isArray(content.parts)) return [];
  const prefix: Segment[] = inCandidate ? ['candidates', 0, 'content', 'parts'] : ['parts'];
  const out: Segment[][] = [];
  (content.parts as Json[]).forEach((p, i) => {
    if (isGeminiPart(p)) out.push([...prefix, i]);
  });
  return out;
}

/**
 * The paths of the calls in a message that holds more than one: a list of calls, an assistant message's
 * tool_calls (OpenAI) or tool_use blocks (Anthropic), a Gemini content's functionCall parts. Null for
 * anything else, which parseCall reads as one call (or explains).
 */
export function callPaths(value: Json): Segment[][] | null {
  let paths: Segment[][] = [];
  if (Array.isArray(value)) paths = value.map((_, i) => [i]);
  else if (isObject(value)) {
    if (Array.isArray(value.tool_calls)) paths = value.tool_calls.map((_, i) => ['tool_calls', i]);
    else if (value.role === 'assistant' && Array.isArray(value.content)) {
      (value.content as Json[]).forEach((b, i) => {
        if (isObject(b) && b.type === 'tool_use') paths.push(['content', i]);
      });
    } else paths = geminiCallPaths(value);
  }
  // Past the limit the message is one call to parseCall, which refuses it (severalCallsText).
  return paths.length > 1 && paths.length <= MAX_CALLS_PER_MESSAGE ? paths : null;
}

/** A path as one string, equal for two paths exactly when their segments are (a key "0" is not the index 0). */
function pathKey(path: readonly Segment[]): string {
  return JSON.stringify(path);
}

interface SpanLevel {
  object: boolean;
  key?: string;
  index: number;
  expectKey: boolean;
  /** The target this container is, and where it starts. */
  target: number;
  start: number;
}

/**
 * Where each value at `targets` sits in JSON text, as offsets; null for a path the text does not hold.
 * `text` must be JSON that JSON.parse accepts. One pass, iterative.
 */
export function spansOf(text: string, targets: readonly Segment[][]): ({ start: number; end: number } | null)[] {
  const out: ({ start: number; end: number } | null)[] = targets.map(() => null);
  const depths = new Set(targets.map((t) => t.length));
  // Each target by its path, the first of equal ones: a search of the targets per value was quadratic
  // in a message of 50,000 calls.
  const byPath = new Map<string, number>();
  targets.forEach((t, i) => {
    const key = pathKey(t);
    if (!byPath.has(key)) byPath.set(key, i);
  });
  const stack: SpanLevel[] = [];
  const n = text.length;
  const stringEnd = (from: number): number => {
    let j = from + 1;
    while (j < n && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    return j + 1;
  };
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '}' || c === ']') {
      const done = stack.pop()!;
      if (done.target >= 0) out[done.target] = { start: done.start, end: i + 1 };
      i++;
      continue;
    }
    if (c === ',') {
      if (top.object) top.expectKey = true;
      else top.index++;
      i++;
      continue;
    }
    if (c === ':') {
      top.expectKey = false;
      i++;
      continue;
    }
    if (top?.object && top.expectKey) {
      const end = stringEnd(i);
      top.key = JSON.parse(text.slice(i, end)) as string;
      i = end;
      continue;
    }
    // A value starts here.
    const target = depths.has(stack.length) ? byPath.get(pathKey(stack.map((l) => (l.object ? (l.key as string) : l.index)))) ?? -1 : -1;
    if (c === '{' || c === '[') {
      stack.push({ object: c === '{', index: 0, expectKey: c === '{', target, start: i });
      i++;
      continue;
    }
    let j = c === '"' ? stringEnd(i) : i + 1;
    if (c !== '"') while (j < n && !',}] \n\r\t'.includes(text[j])) j++;
    if (target >= 0) out[target] = { start: i, end: j };
    i = j;
  }
  return out;
}

/**
 * The calls in `input`, each as check() should read it. A message holding several calls gives one entry
 * per call, in order, each cut from the text as written; anything else is one entry, the input itself.
 */
export function readCalls(input: unknown): CallRead[] {
  const whole: CallRead[] = [{ input, span: null, path: [] }];
  if (typeof input !== 'string') {
    const paths = callPaths(input as Json);
    return paths ? paths.map((path) => ({ input: valueAt(input as Json, path).value, span: null, path })) : whole;
  }
  const text = withoutBom(input);
  // Only JSON holds several calls; a Python-style call or unreadable text is one call check() explains.
  if (!/^\s*[[{]/.test(text)) return whole;
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return whole;
  }
  const paths = callPaths(value);
  if (!paths) return [{ input, span: null, path: [], value }];
  const spans = spansOf(text, paths);
  // Spans count from the input as given, byte order mark and all.
  const skipped = input.length - text.length;
  return paths.map((path, i) => {
    const span = spans[i];
    return span ? { input: text.slice(span.start, span.end), span: { start: span.start + skipped, end: span.end + skipped }, path } : { input: valueAt(value, path).value, span: null, path };
  });
}

// ---- writing a call ------------------------------------------------------------------------------------

// The formats, with their labels: format-labels.ts, the one table to extend with a new format.
export { CALL_FORMATS, CALL_FORMAT_LABELS, shapeLabel, type CallFormat };

/** The id the original call carried in its envelope, if any: a corrected call answers under a new id, but in the same form. */
function idIn(original: unknown, format: CallFormat): Json | undefined {
  if (!isObject(original)) return undefined;
  if (format === 'openai-chat' || format === 'anthropic' || format === 'mcp') return original.id;
  if (format === 'openai-responses') return original.call_id;
  return undefined;
}

/** A value as a Python literal: True/False/None, lists and dicts. */
export function pythonLiteral(v: Json): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (Array.isArray(v)) return `[${v.map(pythonLiteral).join(', ')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${pythonLiteral(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/**
 * The call in a format, as text. `original` is the parsed JSON of the call being corrected (for its id),
 * or undefined. Arguments that are not an object (a bare value) are written as they are.
 */
export function writeCall(call: { name: string; arguments: Json }, format: CallFormat, original?: unknown): string {
  const args = call.arguments;
  const id = idIn(original, format);
  const pretty = (v: unknown) => JSON.stringify(v, null, 2);
  switch (format) {
    case 'openai-chat':
      return pretty({ id: id ?? 'call_1', type: 'function', function: { name: call.name, arguments: JSON.stringify(args) } });
    case 'openai-responses':
      return pretty({ type: 'function_call', call_id: id ?? 'call_1', name: call.name, arguments: JSON.stringify(args) });
    case 'openai-function-call':
      return pretty({ role: 'assistant', content: null, function_call: { name: call.name, arguments: JSON.stringify(args) } });
    case 'anthropic':
      return pretty({ type: 'tool_use', id: id ?? 'toolu_1', name: call.name, input: args });
    case 'mcp':
      return pretty({ jsonrpc: '2.0', id: id ?? 1, method: 'tools/call', params: { name: call.name, arguments: args } });
    case 'gemini':
      return pretty({ functionCall: { name: call.name, args } });
    case 'bare-arguments':
      return pretty(args);
    case 'python': {
      if (!isObject(args)) return `${call.name}(${pythonLiteral(args)})`;
      // Keyword arguments need names Python accepts; a key that is not one is not a Python-style call.
      const keys = Object.keys(args);
      if (keys.some((k) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(k))) return pretty({ name: call.name, arguments: args });
      return `${call.name}(${keys.map((k) => `${k}=${pythonLiteral(args[k])}`).join(', ')})`;
    }
    default:
      return pretty({ name: call.name, arguments: args });
  }
}

/**
 * A JSON Schema of a call in a format, with `name` and `args` the schemas of its tool name and its
 * arguments: an editor completes a call with it. Arguments OpenAI sends as a JSON string are a string here.
 */
export function callSchema(format: CallFormat, name: Record<string, unknown>, args: Record<string, unknown>): Record<string, unknown> {
  const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const asText = { type: 'string', description: 'The arguments as a JSON string (OpenAI sends them this way).' };
  switch (format) {
    case 'anthropic':
      return object({ type: { const: 'tool_use' }, id: { type: 'string' }, name, input: args });
    case 'mcp':
      return object({ jsonrpc: { const: '2.0' }, id: {}, method: { const: 'tools/call' }, params: object({ name, arguments: args }) });
    case 'openai-chat':
      return object({ id: { type: 'string' }, type: { const: 'function' }, function: object({ name, arguments: asText }) });
    case 'openai-responses':
      return object({ type: { const: 'function_call' }, call_id: { type: 'string' }, name, arguments: asText });
    case 'openai-function-call':
      return object({ role: { const: 'assistant' }, content: {}, function_call: object({ name, arguments: asText }) });
    case 'gemini':
      return object({ functionCall: object({ name, args }) });
    case 'bare-arguments':
      return args;
    default:
      return object({ name, arguments: args });
  }
}

/**
 * Several calls as one assistant message in the format that can carry them (OpenAI Chat tool_calls,
 * Anthropic tool_use blocks, Gemini parts); any other format as a JSON list of its single calls
 * (Python-style calls and bare arguments as plain ones).
 */
export function writeCalls(calls: readonly { name: string; arguments: Json }[], format: CallFormat): string {
  // Python-style text and bare arguments have no list form of their own: a list of plain calls.
  const each: CallFormat = format === 'python' || format === 'bare-arguments' ? 'plain' : format;
  const one = (c: { name: string; arguments: Json }, i: number) => JSON.parse(writeCall(c, each, format === 'openai-responses' ? { call_id: `call_${i + 1}` } : { id: format === 'mcp' ? i + 1 : format === 'anthropic' ? `toolu_${i + 1}` : `call_${i + 1}` })) as Json;
  switch (format) {
    case 'openai-chat':
      return JSON.stringify({ role: 'assistant', content: null, tool_calls: calls.map(one) }, null, 2);
    case 'anthropic':
      return JSON.stringify({ role: 'assistant', content: calls.map(one) }, null, 2);
    case 'gemini':
      return JSON.stringify({ role: 'model', parts: calls.map(one) }, null, 2);
    default:
      return JSON.stringify(calls.map(one), null, 2);
  }
}
