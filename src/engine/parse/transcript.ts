// Reads many tool calls at once: an agent's whole transcript in any vendor's shape, a call log, or the
// plain form transcripts are printed in. parseCall() (formats.ts) stays the reader of ONE call; this module
// only finds the calls, their turns and the results the agent got, and hands each call to check() as it
// was written, so a call here gets exactly the body it would get on its own.
import { looksLikePythonCall } from './python-call';
import { parseCall, spansOf, withoutBom } from './formats';
import type { Segment } from '../paths';
import type { Json, JsonObject } from '../types';

/**
 * What the input was, as a whole:
 * - `call`: one call on its own (parseCall's shapes); a transcript of one call.
 * - `text`: the plain printed form: `[turn 4] update_ticket(ticket_id="T-8841", status="OPEN")`, each
 *   call optionally followed by a `-> result` line.
 * - `openai-chat`, `anthropic`, `openai-responses`, `gemini`, `mcp`: a transcript in that vendor's
 *   messages (or items, contents, JSON-RPC messages), named after the first item that tells them apart.
 * - `calls`: a list of calls (a JSON array or JSON lines) in any mix of single-call shapes.
 */
export type TranscriptFormat = 'call' | 'text' | 'openai-chat' | 'anthropic' | 'openai-responses' | 'gemini' | 'mcp' | 'calls';

/** The result the agent got for a call, as the transcript records it. */
export interface TranscriptResult {
  /** The result as the model read it: a string content as written; text parts joined by "\n"; any other value as JSON. */
  text: string;
  /**
   * The transcript's own flag when it has one (Anthropic's `is_error`, MCP's `isError` or a JSON-RPC
   * `error`); otherwise whether the text is a JSON object with a top-level `error` key, or starts with
   * the word "error".
   */
  is_error: boolean;
}

export interface TranscriptCall {
  /** Position among the transcript's calls, from 0. */
  index: number;
  /** Position of the call's turn among the transcript's turns that made calls, from 0. */
  turn_index: number;
  /** The turn's number: the transcript's own (`[turn 4]`, a log record's `turn`) when every turn has a numeric one, else turn_index + 1. */
  turn: number;
  /** The transcript's id for the call (tool_call id, tool_use id, call_id, JSON-RPC id), if any. */
  id: string | null;
  /** 1-based line of the text where the call starts, for text and JSON-lines input; null for a JSON value. */
  line: number | null;
  /** Exactly what check() is handed: the call as the transcript wrote it (its envelope, or its text). */
  input: unknown;
  /** The tool name as written, before any correction; null when the call names none or cannot be read. */
  name: string | null;
  /** The arguments as sent (parsed, not absorbed); null when they cannot be read. */
  arguments: Json | null;
  result: TranscriptResult | null;
}

export type TranscriptOutcome =
  | { ok: true; format: TranscriptFormat; calls: TranscriptCall[]; turns: number }
  | { ok: false; message: string };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function idOf(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

/** Text of a result as the model read it. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((p) => isObject(p) && typeof p.text === 'string')) {
    return content.map((p) => (p as JsonObject).text as string).join('\n');
  }
  return JSON.stringify(content ?? null);
}

function looksLikeError(text: string): boolean {
  const t = text.trimStart();
  if (t.startsWith('{')) {
    try {
      const v = JSON.parse(t) as unknown;
      return isObject(v) && Object.prototype.hasOwnProperty.call(v, 'error');
    } catch {
      // Not JSON (a shortened result, say): read as text below.
    }
  }
  return /^error\b/i.test(t);
}

function result(content: unknown, flag?: unknown): TranscriptResult {
  const text = resultText(content);
  return { text, is_error: typeof flag === 'boolean' ? flag : looksLikeError(text) };
}

/** A call as collected, before its turn gets its number. */
type Pending = Omit<TranscriptCall, 'turn' | 'turn_index'> & { turnKey: number };

/** Collects calls and results in transcript order, groups calls into turns and pairs results with calls. */
class Collector {
  calls: Pending[] = [];
  private labels: (string | null)[] = [];
  private lastWasFunctionCall = false;
  /** Calls with an id whose result has not come yet, by id, oldest first. */
  private waitingById = new Map<string, Waiting>();
  /** Calls by name, oldest first, for results paired by name: a search of every call per result was quadratic. */
  private waitingByName = new Map<string, Waiting>();
  vendor: TranscriptFormat | null = null;

  see(format: TranscriptFormat): void {
    this.vendor ??= format;
  }

  /** Opens a new turn; a label equal to the open turn's label keeps that turn (`[turn 4]` written twice). */
  turn(label: string | null = null): void {
    if (label !== null && this.labels.length && this.labels[this.labels.length - 1] === label) return;
    this.labels.push(label);
  }

  other(): void {
    this.lastWasFunctionCall = false;
  }

  call(input: unknown, line: number | null, id: string | null, override?: { name: string | null; arguments: Json | null }): void {
    if (!this.labels.length) this.turn();
    let name: string | null = null;
    let args: Json | null = null;
    if (override) ({ name, arguments: args } = override);
    else {
      const parsed = parseCall(input);
      name = parsed.name;
      args = parsed.ok ? parsed.args : null;
    }
    const call: Pending = { index: this.calls.length, turnKey: this.labels.length - 1, id, line, input, name, arguments: args, result: null };
    this.calls.push(call);
    if (id !== null) queue(this.waitingById, id, call);
    if (name !== null) queue(this.waitingByName, name, call);
    this.lastWasFunctionCall = false;
  }

  /** A Responses function_call: consecutive ones are one response's parallel calls, so one turn. */
  functionCall(input: unknown, line: number | null, id: string | null): void {
    if (!this.lastWasFunctionCall) this.turn();
    this.call(input, line, id);
    this.lastWasFunctionCall = true;
  }

  /** Pairs a result with its call: by id, else by name (Gemini, legacy functions), else the last call without one. */
  result(r: TranscriptResult, id: string | null, name: string | null = null): void {
    this.lastWasFunctionCall = false;
    const last = this.calls[this.calls.length - 1];
    let target: Pending | undefined;
    // The first call with that id (or name) still waiting for its result (ids are reused across some logs).
    if (id !== null) target = firstWaiting(this.waitingById, id);
    else if (name !== null) target = firstWaiting(this.waitingByName, name);
    else if (last?.result === null) target = last;
    if (target) target.result = r;
  }

  finish(format: TranscriptFormat): TranscriptOutcome {
    if (!this.calls.length) return { ok: false, message: 'holds no tool calls' };
    const used = [...new Set(this.calls.map((c) => c.turnKey))];
    const order = new Map(used.map((k, i) => [k, i]));
    const numeric = used.every((k) => this.labels[k] !== null && /^\d+$/.test(this.labels[k]!));
    const calls = this.calls.map(({ turnKey, ...c }) => {
      const turn_index = order.get(turnKey)!;
      return { ...c, turn_index, turn: numeric ? Number(this.labels[turnKey]) : turn_index + 1 };
    });
    // Key order as the interface reads.
    const ordered: TranscriptCall[] = calls.map((c) => ({ index: c.index, turn_index: c.turn_index, turn: c.turn, id: c.id, line: c.line, input: c.input, name: c.name, arguments: c.arguments, result: c.result }));
    return { ok: true, format, calls: ordered, turns: used.length };
  }
}

/** Calls waiting for their result under one id or name, oldest first from `head` on. */
interface Waiting {
  calls: Pending[];
  head: number;
}

function queue(waiting: Map<string, Waiting>, key: string, call: Pending): void {
  const w = waiting.get(key);
  if (w) w.calls.push(call);
  else waiting.set(key, { calls: [call], head: 0 });
}

/**
 * The oldest call under `key` with no result yet, taken off its queue; calls answered another way are
 * passed over. A head index, not shift(): shifting a long queue once per result is quadratic too.
 */
function firstWaiting(waiting: Map<string, Waiting>, key: string): Pending | undefined {
  const w = waiting.get(key);
  if (!w) return undefined;
  while (w.head < w.calls.length && w.calls[w.head].result !== null) w.head++;
  const found = w.calls[w.head++];
  if (w.head >= w.calls.length) waiting.delete(key);
  return found;
}

const LOG_KEYS = new Set(['name', 'arguments', 'input', 'args', 'id', 'call_id', 'type', 'result', 'output', 'turn']);

/**
 * One item of a transcript: a message, a Responses item, a Gemini content or part, a JSON-RPC message,
 * a call log record, or a call in any single-call shape. `text` is the line it came from, for JSON lines,
 * so a call there is checked from its own text exactly as `--jsonl` checks it.
 */
function readItem(c: Collector, item: Json, line: number | null, text?: string): void {
  if (Array.isArray(item)) {
    for (const inner of item) readItem(c, inner, line);
    return;
  }
  if (!isObject(item)) {
    c.turn();
    c.call(text ?? item, line, null);
    return;
  }
  const v = item;
  // Gemini: a content ({role, parts}), a part, or a response's first candidate.
  if (Array.isArray(v.candidates) && isObject(v.candidates[0]) && isObject(v.candidates[0].content)) return readItem(c, v.candidates[0].content, line);
  if (Array.isArray(v.parts)) {
    c.see('gemini');
    const calls = v.parts.filter((p) => isObject(p) && isObject(p.functionCall)) as JsonObject[];
    if (calls.length) {
      c.turn();
      for (const p of calls) c.call(p, line, idOf((p.functionCall as JsonObject).id));
    }
    for (const p of v.parts) if (isObject(p) && isObject(p.functionResponse)) readItem(c, p, line);
    if (!calls.length) c.other();
    return;
  }
  if (isObject(v.functionCall)) {
    c.see('gemini');
    c.turn();
    c.call(v, line, idOf(v.functionCall.id));
    return;
  }
  if (isObject(v.functionResponse)) {
    c.see('gemini');
    const fr = v.functionResponse;
    c.result(result(fr.response ?? null), idOf(fr.id), typeof fr.name === 'string' ? fr.name : null);
    return;
  }
  if (typeof v.role === 'string') return readMessage(c, v, line);
  // OpenAI Responses items.
  if (v.type === 'function_call' && 'name' in v) {
    c.see('openai-responses');
    c.functionCall(text ?? v, line, idOf(v.call_id));
    return;
  }
  if (v.type === 'function_call_output') {
    c.see('openai-responses');
    c.result(result(v.output), idOf(v.call_id));
    return;
  }
  if (v.type === 'tool_result') {
    c.see('anthropic');
    c.result(result(v.content, v.is_error), idOf(v.tool_use_id));
    return;
  }
  if (typeof v.type === 'string' && v.type !== 'function' && v.type !== 'tool_use' && !('name' in v)) {
    // A Responses message, reasoning or other item: no call, but it ends a run of parallel calls.
    c.other();
    return;
  }
  // MCP: a tools/call request, or the response to one.
  if (typeof v.jsonrpc === 'string' && v.method === undefined && ('result' in v || 'error' in v)) {
    c.see('mcp');
    if ('error' in v) c.result(result(v.error, true), idOf(v.id));
    else {
      const r = isObject(v.result) ? v.result : {};
      c.result(result('content' in r ? r.content : v.result, r.isError), idOf(v.id));
    }
    return;
  }
  if (typeof v.jsonrpc === 'string') {
    c.see('mcp');
    if (v.method !== 'tools/call') {
      c.other();
      return;
    }
    c.turn();
    c.call(text ?? v, line, idOf(v.id));
    return;
  }
  // Gemini's FunctionCall on its own.
  if (typeof v.name === 'string' && 'args' in v && Object.keys(v).every((k) => k === 'name' || k === 'args' || k === 'id')) {
    c.see('gemini');
    c.turn();
    c.call(v, line, idOf(v.id));
    return;
  }
  // A call log record: a call with the result it got, and perhaps its turn.
  if (typeof v.name === 'string' && ('result' in v || 'output' in v || 'turn' in v) && Object.keys(v).every((k) => LOG_KEYS.has(k))) {
    c.turn(v.turn === undefined ? null : String(v.turn));
    const call: JsonObject = { name: v.name, arguments: v.arguments ?? v.input ?? v.args ?? {} };
    c.call(call, line, idOf(v.id ?? v.call_id));
    if ('result' in v || 'output' in v) c.result(result('result' in v ? v.result : v.output), null);
    return;
  }
  if (v.type === 'tool_use') c.see('anthropic');
  else if (v.type === 'function') c.see('openai-chat');
  c.turn();
  c.call(text ?? v, line, idOf(v.id ?? v.call_id));
}

function readMessage(c: Collector, v: JsonObject, line: number | null): void {
  const content = v.content;
  if (v.role === 'assistant') {
    const chatCalls = Array.isArray(v.tool_calls) ? v.tool_calls : [];
    const blocks = Array.isArray(content) ? content.filter((b) => isObject(b) && b.type === 'tool_use') : [];
    if (chatCalls.length || isObject(v.function_call)) c.see('openai-chat');
    else if (blocks.length || Array.isArray(content)) c.see('anthropic');
    else if (v.type === 'message') c.see('openai-responses');
    if (!chatCalls.length && !blocks.length && !isObject(v.function_call)) {
      c.other();
      return;
    }
    c.turn();
    for (const tc of chatCalls) c.call(tc, line, isObject(tc) ? idOf(tc.id) : null);
    for (const b of blocks) c.call(b, line, idOf((b as JsonObject).id));
    // The legacy single function_call of the Chat API: no id; its result comes as role "function".
    if (isObject(v.function_call)) c.call({ type: 'function', function: v.function_call }, line, null);
    return;
  }
  if (v.role === 'tool') {
    c.see('openai-chat');
    c.result(result(content), idOf(v.tool_call_id));
    return;
  }
  if (v.role === 'function') {
    c.see('openai-chat');
    c.result(result(content), null, typeof v.name === 'string' ? v.name : null);
    return;
  }
  if (v.role === 'user' && Array.isArray(content)) {
    let any = false;
    for (const b of content) {
      if (isObject(b) && b.type === 'tool_result') {
        any = true;
        readItem(c, b, line);
      }
    }
    if (!any) c.other();
    return;
  }
  c.other();
}

/** A value: a transcript container, a list of items, or one item. */
function readValue(c: Collector, value: Json): void {
  if (Array.isArray(value)) {
    for (const item of value) readItem(c, item, null);
    return;
  }
  if (isObject(value)) {
    const list = Array.isArray(value.messages) ? value.messages : Array.isArray(value.contents) ? value.contents : Array.isArray(value.output) && !('name' in value) ? value.output : Array.isArray(value.input) && !('name' in value) ? value.input : null;
    if (list) {
      if (Array.isArray(value.output) || Array.isArray(value.input)) c.see('openai-responses');
      for (const item of list) readItem(c, item, null);
      return;
    }
  }
  readItem(c, value, null);
}

const TURN_LINE = /^\s*\[turn\s+([^\]]*)\]\s*/i;
const RESULT_LINE = /^\s*(?:->|→)\s?/;

/** Parentheses still open at the end of `s`, outside quoted strings (a call written over several lines). */
function openParens(s: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
  }
  return depth;
}

/**
 * The printed form: `[turn N] name(args)` lines (the label is optional), each followed by `-> result`
 * (the result may go on over the following lines until a blank line or the next call). A line holding a
 * JSON call is read as a call too; any other line (prose around a pasted transcript) is skipped.
 */
function readText(c: Collector, text: string): void {
  const lines = text.split(/\r?\n/);
  let i = 0;
  let pendingResult: { text: string[] } | null = null;
  const flush = () => {
    if (pendingResult) c.result(result(pendingResult.text.join('\n').trim()), null);
    pendingResult = null;
  };
  while (i < lines.length) {
    const raw = lines[i];
    const turn = TURN_LINE.exec(raw);
    const rest = turn ? raw.slice(turn[0].length) : raw;
    if (RESULT_LINE.test(raw)) {
      flush();
      pendingResult = { text: [raw.replace(RESULT_LINE, '')] };
      i++;
      continue;
    }
    const isCall = looksLikePythonCall(rest) || (turn !== null && rest.trim() !== '') || /^\s*[{[]/.test(rest);
    if (!isCall) {
      if (pendingResult && raw.trim() !== '') pendingResult.text.push(raw);
      else flush();
      i++;
      continue;
    }
    if (pendingResult && !turn && !looksLikePythonCall(rest)) {
      // A JSON line inside a result that goes on over several lines belongs to the result.
      pendingResult.text.push(raw);
      i++;
      continue;
    }
    flush();
    const start = i;
    let callText = rest.trim();
    while (openParens(callText) > 0 && i + 1 < lines.length && !TURN_LINE.test(lines[i + 1]) && !RESULT_LINE.test(lines[i + 1])) {
      i++;
      callText += '\n' + lines[i];
    }
    i++;
    c.turn(turn ? turn[1].trim() : null);
    if (/^[{[]/.test(callText)) {
      let value: Json | undefined;
      try {
        value = JSON.parse(callText) as Json;
      } catch {
        // Handed to check() as text below, which says what is wrong with it.
      }
      if (value !== undefined && !Array.isArray(value)) {
        const from = c.calls.length;
        readItem(c, value, start + 1, callText);
        asWritten(c, from, value, callText);
        continue;
      }
    }
    c.call(callText, start + 1, null);
  }
  flush();
}

/** Where each object and array of a parsed value sits in it, by identity; a few levels down is enough for any transcript. */
function pathsByIdentity(value: Json, maxDepth = 8): Map<object, Segment[]> {
  const out = new Map<object, Segment[]>();
  const stack: [Json, Segment[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    out.set(v, path);
    if (path.length >= maxDepth) continue;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...path, i]]));
    else for (const k of Object.keys(v)) stack.push([v[k], [...path, k]]);
  }
  return out;
}

/**
 * The calls collected from `value` (parsed from `text`) from index `from` on are handed to check() as
 * their own text cut from `text` (formats.ts spansOf), not as values, so a number keeps how it was
 * written: `15.00` in a tool_use block inside a transcript is read as the decimal it is.
 */
function asWritten(c: Collector, from: number, value: Json, text: string): void {
  const own = c.calls.slice(from).filter((call) => call.input !== null && typeof call.input === 'object');
  if (!own.length) return;
  const where = pathsByIdentity(value);
  const placed = own.filter((call) => where.has(call.input as object));
  const spans = spansOf(text, placed.map((call) => where.get(call.input as object)!));
  placed.forEach((call, i) => {
    const span = spans[i];
    if (span) call.input = text.slice(span.start, span.end);
  });
}

/**
 * Reads every tool call in `input` (text, or an already-parsed value), in order, with its turn and the
 * result the agent got. Never throws; a call it cannot read is still a call, which check() then explains.
 * It fails only when the input holds no call at all.
 */
export function readTranscript(input: unknown): TranscriptOutcome {
  const c = new Collector();
  if (typeof input !== 'string') {
    readValue(c, input as Json);
    return c.finish(formatOf(c, input));
  }
  const text = withoutBom(input);
  if (text.trim() === '') return { ok: false, message: 'is empty: paste a tool call or a transcript' };
  if (/^\s*\[turn\s[^\]]*\]/im.test(text) || /^\s*(?:->|→)/m.test(text)) {
    readText(c, text);
    return c.finish('text');
  }
  let value: Json | undefined;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    // Not one JSON value: JSON lines, lines of calls, or a single call check() will explain; read below.
  }
  if (value !== undefined) {
    readValue(c, value);
    asWritten(c, 0, value, text);
    return c.finish(formatOf(c, value));
  }
  const lines = text.split('\n');
  const nonBlank = lines.filter((l) => l.trim() !== '');
  if (nonBlank.length <= 1) {
    // A line with neither a bracket nor a parenthesis is prose: no call in any shape this reads.
    if (!/[({[]/.test(text)) return { ok: false, message: 'holds no tool call: paste one (update_ticket(ticket_id="T-8841") or JSON) or a transcript' };
    c.call(text, 1, null);
    return c.finish('call');
  }
  lines.forEach((raw, n) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let item: Json | undefined;
    try {
      item = JSON.parse(line) as Json;
    } catch {
      // Handled below.
    }
    if (item !== undefined) {
      const from = c.calls.length;
      readItem(c, item, n + 1, line);
      asWritten(c, from, item, line);
    } else {
      // A line that is not JSON (a printed call, or garbage) is a call of its own, as in --jsonl.
      c.turn();
      c.call(line, n + 1, null);
    }
  });
  return c.finish(c.vendor ?? 'calls');
}

const CONTAINER_KEYS = ['role', 'messages', 'contents', 'parts', 'candidates'];

/** `call` for one call on its own (not in a list, message or container); else the vendor seen first, else `calls`. */
function formatOf(c: Collector, value: unknown): TranscriptFormat {
  const container = Array.isArray(value) || (isObject(value) && (CONTAINER_KEYS.some((k) => k in value) || (!('name' in value) && (Array.isArray(value.input) || Array.isArray(value.output)))));
  if (!container && c.calls.length === 1 && c.calls[0].result === null) return 'call';
  return c.vendor ?? 'calls';
}
