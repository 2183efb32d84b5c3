// Stage 1, parse: reads whatever was pasted or received (JSON text, Python-style text, or a value) and
// finds the tool name and the arguments, whichever vendor's envelope they came in.
import { parse as parseTolerant, type ParseError } from 'jsonc-parser';
import { looksLikePythonCall, parsePythonCall, PythonSyntaxError } from './python-call';
import { locateJsonError, pathOf, scanJson, wholeDecimals, type WrittenNumber } from './json-scan';
import { formatPath } from './paths';
import { cutReceived, cutString } from './received';
import type { Fault, InputShape, Json, JsonObject } from './types';

export type ParseOutcome =
  // `faults`: a number in the arguments that JSON cannot hold exactly, a fault of one field that joins the
  // batch validation collects rather than hiding the call's other faults.
  // `decimals`: whole numbers the text wrote as decimals (`15.00`), by path in the arguments; a unit field
  // counted in cents reads them as written (units.ts), not as the integer JSON.parse makes of them.
  | { ok: true; shape: InputShape; name: string | null; args: Json; faults?: Fault[]; decimals?: WrittenNumber[] }
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

/** A short window of the text around the fault, so `received` shows what the parser saw there. */
function excerpt(text: string, offset: number): string {
  const start = Math.max(0, offset - 40);
  const end = Math.min(text.length, offset + 20);
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}

function syntaxFault(code: 'invalid_json' | 'invalid_call', field: string, what: string, text: string, offset: number, expected: string, reason: string): Fault {
  const { line, column } = lineColumn(text, offset);
  return {
    field,
    code,
    message: `${what} at line ${line}, column ${column}: expected ${expected}`,
    received: excerpt(text, offset),
    hasReceived: true,
    candidates: [],
    showCandidates: false,
    stage: 'parse',
    reason,
    extra: { line, column },
  };
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
      return { ok: false, fault: syntaxFault('invalid_json', field, 'is not valid JSON', text, at.offset, at.expected, reason) };
    }
    const expected = /^-?(NaN|Infinity)/.test(text.slice(first.offset, first.offset + 9))
      ? 'a JSON number or null; NaN and Infinity are not JSON'
      : first.error === PROPERTY_NAME_EXPECTED && /,\s*$/.test(text.slice(0, first.offset))
      ? 'a property name in double quotes; JSON allows no trailing comma'
      : EXPECTED[first.error] ?? 'valid JSON';
    return { ok: false, fault: syntaxFault('invalid_json', field, 'is not valid JSON', text, first.offset, expected, reason) };
  }
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function callFault(field: string, message: string, received: Json | undefined, reason: string): Fault {
  return {
    field,
    code: 'invalid_call',
    message,
    received: received === undefined ? undefined : cutReceived(received),
    hasReceived: received !== undefined,
    candidates: [],
    showCandidates: false,
    stage: 'parse',
    reason,
  };
}

/** Arguments that arrive as a JSON string (OpenAI's envelopes) are parsed here; a fault points inside them. */
function argumentsFrom(value: unknown, shape: InputShape, name: string | null): ParseOutcome {
  if (typeof value === 'string') {
    const parsed = parseJsonText(value, 'arguments');
    if (!parsed.ok) return { ok: false, shape, name, fault: parsed.fault };
    const hidden = hiddenFault(value, parsed.value, parsed.value);
    if (hidden && !isFieldFault(hidden)) return { ok: false, shape, name, fault: hidden };
    const decimals = wholeDecimals(value);
    return { ok: true, shape, name, args: parsed.value, ...(hidden ? { faults: [hidden] } : {}), ...(decimals.length ? { decimals } : {}) };
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

/** Recognises the envelope of an already-parsed call. */
export function readEnvelope(value: Json, depth = 0): ParseOutcome {
  if (Array.isArray(value)) {
    if (value.length === 1 && depth < 3) return readEnvelope(value[0], depth + 1);
    return { ok: false, shape: 'unknown', name: null, fault: callFault('', value.length === 0 ? 'is an empty list: send one tool call' : `holds ${value.length} calls: check one call at a time`, value.length ? undefined : value, 'input is an array') };
  }
  if (!isObject(value)) {
    return { ok: false, shape: 'unknown', name: null, fault: callFault('', 'must be a tool call object with a name and arguments', value, 'input is not an object') };
  }
  const v = value;
  // An assistant message carrying tool_calls (OpenAI) or content blocks (Anthropic): unwrap a single call.
  if (Array.isArray(v.tool_calls) && depth < 3) return readEnvelope(v.tool_calls as Json, depth + 1);
  if (v.role === 'assistant' && Array.isArray(v.content) && depth < 3) {
    const uses = (v.content as Json[]).filter((b) => isObject(b) && b.type === 'tool_use');
    return readEnvelope(uses, depth + 1);
  }
  // The legacy Chat message with one function_call (before tool_calls): its arguments are JSON text.
  if (v.role === 'assistant' && isObject(v.function_call)) return argumentsFrom(v.function_call.arguments, 'openai-function-call', nameOf(v.function_call.name));
  // Gemini: a response's first candidate, a content's parts, or one part with its functionCall {name, args}.
  // Each is known by a functionCall part, so arguments that merely have a key named parts stay arguments.
  const content = Array.isArray(v.candidates) && isObject(v.candidates[0]) && isObject(v.candidates[0].content) ? v.candidates[0].content : v;
  const calls = Array.isArray(content.parts) ? (content.parts as Json[]).filter((p) => isGeminiPart(p)) : [];
  if (calls.length && depth < 3) return readEnvelope(calls, depth + 1);
  if (isGeminiPart(v)) {
    const fc = v.functionCall as JsonObject;
    return argumentsFrom(fc.args, 'gemini', nameOf(fc.name));
  }
  if (v.type === 'function' && isObject(v.function)) {
    const fn = v.function;
    return argumentsFrom(fn.arguments, 'openai-chat', nameOf(fn.name));
  }
  if (v.type === 'function_call' && 'name' in v) return argumentsFrom(v.arguments, 'openai-responses', nameOf(v.name));
  if (v.type === 'tool_use' && 'name' in v) return argumentsFrom(v.input, 'anthropic', nameOf(v.name));
  if (typeof v.jsonrpc === 'string' || v.method === 'tools/call') {
    if (v.method !== 'tools/call') return { ok: false, shape: 'mcp', name: null, fault: callFault('method', 'must be "tools/call" for a tool call', v.method ?? null, 'JSON-RPC method is not tools/call') };
    const params = isObject(v.params) ? v.params : {};
    return argumentsFrom(params.arguments, 'mcp', nameOf(params.name));
  }
  // Gemini's FunctionCall on its own, out of its part.
  if (typeof v.name === 'string' && 'args' in v && Object.keys(v).every((k) => k === 'name' || k === 'args' || k === 'id')) return argumentsFrom(v.args, 'gemini', v.name);
  if (typeof v.name === 'string' && ('arguments' in v || 'input' in v) && onlyPlainKeys(v)) {
    return argumentsFrom('arguments' in v ? v.arguments : v.input, 'plain', v.name);
  }
  return { ok: true, shape: 'bare-arguments', name: null, args: v };
}

export interface ParseOptions {
  /** One keyword argument of the named tool, as Python would write it (`ticket_id="T-8841"`), for hints. */
  keywordExample?: (tool: string) => string | undefined;
}

export function parseCall(input: unknown, options?: ParseOptions): ParseOutcome {
  if (typeof input !== 'string') return readEnvelope(input as Json);
  const text = input;
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
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) return { ok: false, shape: 'unknown', name: null, fault: parsed.fault };
  let outcome = readEnvelope(parsed.value);
  if (!outcome.ok) return outcome;
  const hidden = hiddenFault(text, parsed.value, outcome.args);
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
function hiddenFault(text: string, root: Json, args: Json): Fault | null {
  const found = scanJson(text, root);
  if (!found) return null;
  const base = pathOf(root, args);
  const inArgs = base !== null && base.length <= found.path.length && base.every((s, i) => found.path[i] === s);
  const field = formatPath(inArgs ? found.path.slice(base!.length) : found.path);
  const where = lineColumn(text, found.offset);
  const at = `at line ${where.line}, column ${where.column}`;
  const fault = (code: string, message: string, received: Json | undefined, reason: string): Fault => ({
    field,
    ...(inArgs ? { path: found.path.slice(base!.length) } : {}),
    code,
    message,
    received,
    hasReceived: received !== undefined,
    candidates: [],
    showCandidates: false,
    stage: 'parse',
    reason,
    extra: { line: where.line, column: where.column },
  });
  if (found.kind === 'duplicate_key') {
    const message = `is sent twice in the same object (again ${at}); send it once, with the value you mean`;
    return inArgs
      ? fault('duplicate_argument', message, undefined, 'duplicate key in the arguments; JSON.parse would keep the last silently')
      : fault('invalid_call', message, undefined, 'duplicate key in the call envelope');
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
  return fault('out_of_range', `must be a finite number (${at}); no JSON number is this large`, received, `number ${found.literal!.slice(0, 40)} overflows a double`);
}

export { cutString };
