// grade(): how far an error a server returns today is from a body a model can act on, point by point
// against the design essays' criteria, and what that distance costs in rounds. Pure: no DOM, no Node APIs;
// token counts come from a counter the caller hands in (the CLI and the site pass o200k from
// gpt-tokenizer), else from the engine's own upper estimate.
//
// The truth every point is measured against is the engine's check() of the same call on the same pack:
// its faults are the places the call is wrong, the tool's schema says what would pass. The engine's own
// body is graded by the same code, never assumed perfect.
//
// Rounds to recovery: the benchmarks' deterministic caller (caller.ts) reads one reply and makes its next
// call, until a call is accepted or it has nothing to act on (null = never), within MAX_ROUNDS.
// - Body side: the engine answers every call; a call it accepts (absorbed or valid) ends the run.
// - Reply side, the model of the server: the server accepts only a call valid as sent (check() accepts it
//   with no correction), and answers every other call with the same reply, templated: where the reply
//   quoted a value of the call, the new call's value stands in its place. Its facts never change.
// - The caller is handed the reply as the model would read it. A reply shaped like an engine body is read
//   as one; AJV's errorsText and the benchmarks' bare strings go to the caller's own readers; anything else
//   (AJV error objects, problem+json, JSON-RPC errors, prose) has the facts it states (a field, a listed
//   set, a suggestion) put in the engine body's words first. Nothing the reply does not say is added.
// - Neither side knows what the user meant beyond the call itself (`intent` defaults to the call's own
//   arguments), so a missing field whose value was never sent is "never" on both sides unless given.
import { boundedCount } from './token-pieces';
import { check } from './check';
import { parseCall } from './parse/formats';
import { factsFromText, nextCallFromFaults, nextNamedCall, type CallerFault } from './caller';
import { listsFaults, packTextTokens, serializeBody, BODY_TOKEN_BUDGET } from './body/body';
import { readWireForm } from './body/wire-forms';
import { codeInfo } from './faults/codes';
import { clipProse, leaksIn, proseList, proseSuggestion, wordsOf } from './grade-prose';
import { plainReply } from './grade-value';
import { parsePath, valueAt } from './paths';
import type { Body, CheckResult, CompiledPack, CompiledTool, Json } from './types';

export const GRADE_POINTS = ['code', 'field', 'received', 'permitted', 'next_call', 'retryable', 'faults', 'leaks', 'tokens', 'rounds'] as const;
export type GradePointId = (typeof GRADE_POINTS)[number];

export interface GradePoint {
  id: GradePointId;
  /** Met, or (for a point the call gives no occasion for) not needed; the note says which. */
  met: boolean;
  note: string;
}

export interface Grade {
  points: GradePoint[];
  /** Rounds until an accepted call; null: never (nothing to act on, or not within MAX_ROUNDS). */
  rounds: { reply: number | null; body: number | null };
  tokens: { reply: number; body: number };
  /** Set when the reply could not be read at all (too deep, too large, or not JSON data): why. Every point is then not met. */
  unreadable?: string;
}

export interface GradeOptions {
  /** o200k_base (or any) token counter; without it, the engine's upper estimate. */
  countTokens?: (text: string) => number;
  /** What the caller meant to send, for fields the reply says are missing. Default: the call's own arguments. */
  intent?: Record<string, Json>;
}

/** As many rounds as the recovery benchmark allows. */
export const MAX_GRADE_ROUNDS = 4;

type Call = { name: string; args: Record<string, Json> };

/** What one fault of the reply says, in whatever form it came. */
interface ReplyEntry {
  field?: string;
  code?: string;
  message: string;
  received?: { value: Json };
  allowed?: Json[];
  suggested?: Json[];
}

interface ReadReply {
  /** The reply as text, as a model is handed it. */
  text: string;
  /** The part of `text` the patterns read: its first GRADE_PROSE_LIMIT characters. */
  scan: string;
  /** The JSON it carries, unwrapped from MCP or JSON-RPC; undefined for prose. */
  json: Json | undefined;
  entries: ReplyEntry[];
  /** Stable codes found (error/code/type/keyword values that are identifiers, or a JSON-RPC number). */
  codes: string[];
  /** The prose of the reply: message-like strings, or the whole text. */
  prose: string[];
  /** Whether the reply carries a next call (a `next_call` key). */
  nextCall?: string;
  retryable?: boolean;
  /** Why the reply could not be read (then nothing else is read from it). */
  unreadable?: string;
}

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);
const CODE_LIKE = /^[A-Za-z][A-Za-z0-9]*(?:[_.:/-][A-Za-z0-9]+)*$/;
const FIELD_KEYS = ['field', 'path', 'param', 'parameter', 'name', 'argument', 'property', 'pointer', 'instancePath', 'dataPath', 'loc'];
const CODE_KEYS = ['error', 'code', 'error_code', 'type', 'keyword', 'kind'];
const MESSAGE_KEYS = ['message', 'msg', 'detail', 'reason', 'title', 'description', 'error_description'];
const RECEIVED_KEYS = ['received', 'value', 'input', 'got', 'actual'];
const ALLOWED_KEYS = ['allowed', 'allowed_values', 'allowedValues', 'enum', 'expected', 'permitted', 'one_of'];

function tryJson(text: string): Json | undefined {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t) as Json;
  } catch {
    return undefined;
  }
}

/** `/attendees/0/email`, `attendees.0.email`, ["attendees", 0, "email"] -> `attendees[0].email`. */
function dotted(raw: Json | undefined): string | undefined {
  if (Array.isArray(raw)) {
    const segs = raw.filter((s) => s !== 'body' && s !== 'query' && s !== 'arguments' && s !== 'params');
    return segs.map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : asText(s))).join('') || undefined;
  }
  if (typeof raw !== 'string' || raw === '') return undefined;
  let s = raw.replace(/^(\{base\}|data|\$|#)/, '');
  if (s.startsWith('/')) s = s.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i ? `.${p}` : p)).join('');
  s = s.replace(/^\./, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  return s || undefined;
}

function listFrom(v: Json | undefined): Json[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

function entryFrom(o: Record<string, Json>): ReplyEntry {
  const message = clipProse(MESSAGE_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string') ?? '');
  let field = FIELD_KEYS.map((k) => dotted(o[k])).find((v) => v !== undefined);
  // AJV: the path is the object's; a missing or additional property is named in params.
  const params = isObject(o.params) ? o.params : undefined;
  if (params && typeof params.missingProperty === 'string') field = field ? `${field}.${params.missingProperty}` : params.missingProperty;
  if (params && typeof params.additionalProperty === 'string') field = field ? `${field}.${params.additionalProperty}` : params.additionalProperty;
  // better-ajv-errors: the path is the object's, the property named in the message.
  const named = !params ? /(?:required|additional) property '([^']+)'/.exec(message)?.[1] : undefined;
  if (named !== undefined) field = field ? `${field}.${named}` : named;
  const context = isObject(o.context) ? o.context : undefined;
  const code = CODE_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string' && CODE_LIKE.test(v));
  const receivedKey = RECEIVED_KEYS.find((k) => k in o);
  const allowed = ALLOWED_KEYS.map((k) => listFrom(o[k])).find((v) => v) ?? listFrom(params?.allowedValues) ?? listFrom(context?.allowedValues) ?? proseList(message);
  const suggested = listFrom(o.did_you_mean) ?? listFrom(o.suggestions) ?? proseSuggestion(message);
  return { field, code, message, received: receivedKey ? { value: o[receivedKey] } : undefined, allowed, suggested };
}

/** The errors a JSON value lists, in the shapes servers send: an array, `errors`, `detail`, `invalid-params`, JSON-RPC `data`. */
function entriesOf(v: Json): ReplyEntry[] {
  if (Array.isArray(v)) return v.filter(isObject).map(entryFrom);
  if (!isObject(v)) return [];
  for (const k of ['errors', 'invalid-params', 'invalid_params', 'issues', 'details', 'detail']) {
    const list = v[k];
    if (Array.isArray(list) && list.some(isObject)) return list.filter(isObject).map(entryFrom);
  }
  return [entryFrom(v)];
}

function collectProse(v: Json, out: string[], key = ''): void {
  if (typeof v === 'string') {
    // A value under a prose key, or any string with a space in it (a sentence), is prose.
    if (MESSAGE_KEYS.includes(key) || (/\s/.test(v) && !RECEIVED_KEYS.includes(key))) out.push(clipProse(v));
  } else if (Array.isArray(v)) v.forEach((x) => collectProse(x, out, key));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) collectProse(x, out, k);
}

function collectCodes(v: Json, out: string[]): void {
  if (Array.isArray(v)) v.forEach((x) => collectCodes(x, out));
  else if (isObject(v)) {
    for (const k of CODE_KEYS) {
      const c = v[k];
      if (typeof c === 'string' && CODE_LIKE.test(c) && c !== 'about:blank') out.push(c);
      // JSON-RPC's numeric codes are stable, if only a class of fault.
      if (typeof c === 'number' && k === 'code') out.push(String(c));
      // problem+json: the type URI is the code (about:blank says only "see the status").
      if (k === 'type' && typeof c === 'string' && /^https?:\/\/\S+$/.test(c)) out.push(c);
    }
    for (const x of Object.values(v)) if (x !== null && typeof x === 'object') collectCodes(x, out);
  }
}

/** Reads a reply in any of the forms servers send, unwrapping an MCP result and a JSON-RPC error. Never throws: a reply it cannot read says why. */
export function readReply(reply: unknown): ReadReply {
  const plain = plainReply(reply);
  return plain.ok ? readPlain(plain.value) : unreadableRead(plain.why, typeof reply === 'string' ? reply : '');
}

function unreadableRead(why: string, text: string): ReadReply {
  return { text, scan: clipProse(text), json: undefined, entries: [], codes: [], prose: [], unreadable: why };
}

/** JSON inside the reply's text, itself copied plain (a string can hold JSON nested too deep to read). */
function jsonIn(text: string): { value: unknown } | { why: string } | undefined {
  const parsed = tryJson(text);
  if (parsed === undefined) return undefined;
  const plain = plainReply(parsed);
  return plain.ok ? { value: plain.value } : { why: plain.why };
}

/** readReply() of a reply already copied plain by plainReply(). */
function readPlain(reply: unknown): ReadReply {
  let value: unknown = reply;
  let text = typeof reply === 'string' ? reply : reply === undefined ? '' : JSON.stringify(reply);
  if (typeof value === 'string') {
    const inner = jsonIn(value);
    if (inner && 'why' in inner) return unreadableRead(inner.why, text);
    if (inner) value = inner.value;
  }
  // MCP: {content: [{type: 'text', text}], isError: true}: the model reads the text parts.
  if (isObject(value) && Array.isArray(value.content)) {
    text = value.content.filter(isObject).map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n');
    const inner = jsonIn(text);
    if (inner && 'why' in inner) return unreadableRead(inner.why, text);
    value = inner ? inner.value : text;
  }
  const scan = clipProse(text);
  if (typeof value === 'string' || value === undefined || value === null || typeof value !== 'object') {
    const t = clipProse(typeof value === 'string' ? value : text);
    const entry: ReplyEntry = { message: t, allowed: proseList(t), suggested: proseSuggestion(t) };
    return { text: typeof value === 'string' ? value : text, scan: t, json: undefined, entries: t.trim() ? [entry] : [], codes: [], prose: t.trim() ? [t] : [] };
  }
  // A body in a wire form of its own (problem+json, AIP-193: wire-forms.ts) is read as the body it carries.
  const json = (readWireForm(value as Json) ?? value) as Json;
  // JSON-RPC: the error object is what matters; its data may hold a structured body.
  const rpc = isObject(json) && isObject(json.error) && typeof json.error.code === 'number' ? json.error : undefined;
  const inner: Json = rpc ? (rpc.data !== undefined && rpc.data !== null && typeof rpc.data === 'object' ? rpc.data : rpc) : json;
  const entries = entriesOf(inner);
  if (rpc && inner !== rpc && typeof rpc.message === 'string') for (const e of entries) if (!e.message) e.message = clipProse(rpc.message);
  const codes: string[] = [];
  collectCodes(json, codes);
  const prose: string[] = [];
  collectProse(json, prose);
  const top = isObject(inner) ? inner : {};
  const retry = ['retryable', 'retriable', 'retry'].map((k) => top[k]).find((v) => typeof v === 'boolean') as boolean | undefined;
  return { text, scan, json, entries, codes, prose, nextCall: typeof top.next_call === 'string' ? top.next_call : undefined, retryable: retry };
}

// ---- what the engine says about the same call ----

interface Truth {
  result: CheckResult;
  tool: CompiledTool | undefined;
  faults: { field: string; code: string; received?: Json; hasReceived: boolean }[];
  /** Faults listed plus those counted past the cap. */
  count: number;
  state: boolean;
}

function truthOf(pack: CompiledPack, call: Call): Truth {
  const result = check(pack, { name: call.name, arguments: call.args });
  const body = result.body;
  const list: Record<string, Json>[] = !body ? [] : listsFaults(body) ? (body.errors as unknown as Json[]).filter(isObject) : [body as Record<string, Json>];
  const faults = list.map((e) => ({ field: typeof e.field === 'string' ? e.field : '', code: String(e.error ?? e.code ?? ''), received: e.received, hasReceived: 'received' in e }));
  const count = faults.length + (typeof body?.omitted === 'number' ? body.omitted : 0);
  const state = result.checks.some((s) => s.outcome === 'failed');
  return { result, tool: pack.tool(result.tool ?? call.name), faults, count, state };
}

/** `attendees[0].email` -> the declared pattern `attendees[].email`. */
function fieldInfo(tool: CompiledTool | undefined, field: string) {
  return tool?.fields.get(field.replace(/\[\d+\]/g, '[]').replace(/\["([^"]*)"\]/g, '.$1'));
}

/** The value the call holds at a field a reply names; not found when the field is not one paths.ts reads. */
function valueAtField(args: Json, field: string): { found: boolean; value?: Json } {
  const path = parsePath(field);
  return path ? valueAt(args, path) : { found: false };
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** String(v), for a value from a reply: an object whose own `toString` is not a function has no String(). */
function asText(v: unknown): string {
  try {
    return String(v);
  } catch {
    return JSON.stringify(v) ?? '';
  }
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The fields a reply names: its structured ones, and in its text a name quoted or as a pointer. */
function namedFields(read: ReadReply, candidates: string[]): Set<string> {
  const out = new Set<string>();
  for (const e of read.entries) if (e.field) out.add(e.field);
  for (const c of candidates) {
    if (!c) continue;
    const q = esc(c);
    const pointer = esc(`/${c.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}`);
    // Quoted, a JSON pointer, after a word that says it is a field, or at the end of zod's "… at <path>".
    const re = new RegExp(`['"\`‘“]${q}['"\`’”]|(?:^|[\\s(])(?:data)?${pointer}(?![\\w/])|\\b(?:argument|field|parameter|param|property)\\s+${q}\\b|\\bat ${q}$`, 'm');
    if (read.prose.some((p) => re.test(p)) || re.test(read.scan)) out.add(c);
  }
  return out;
}

/** Where a string value sits in the prose: quoted, spliced into the sentence, or absent. */
function placeIn(prose: string[], value: string): 'quoted' | 'spliced' | 'absent' {
  let found: 'quoted' | 'spliced' | 'absent' = 'absent';
  for (const p of prose) {
    // Each occurrence, left to right, the next looked for past the end of the last.
    for (let i = p.indexOf(value); i !== -1; i = p.indexOf(value, i + value.length)) {
      const before = p[i - 1] ?? '';
      const after = p[i + value.length] ?? '';
      const word = /\w/.test(before) || /\w/.test(after);
      if (word) continue;
      if (/['"`‘“]/.test(before) && /['"`’”]/.test(after)) found = found === 'absent' ? 'quoted' : found;
      else return 'spliced';
    }
  }
  return found;
}

// ---- rounds ----

/**
 * The reply as the caller reads it: an engine-shaped body as is (its words read as the caller reads any
 * server's), AJV and bare text to their readers, else the faults it states, as data (a listed set, a
 * suggestion), with the words of its message read as the caller reads an engine-shaped body's.
 */
function forCaller(read: ReadReply, call: Call, tool: CompiledTool | undefined): { kind: 'actionable' | 'ajv' | 'bare'; body: Json } | { kind: 'faults'; faults: CallerFault[] } {
  const j = read.json;
  const inner = isObject(j) && isObject(j.error) && typeof j.error.code === 'number' ? j.error.data : j;
  if (isObject(inner) && typeof inner.error === 'string' && CODE_LIKE.test(inner.error) && (typeof inner.field === 'string' || Array.isArray(inner.errors))) return { kind: 'actionable', body: inner };
  if (read.json === undefined && /^data\S* must /.test(read.scan.trim())) return { kind: 'ajv', body: read.scan.trim() };
  const faults: CallerFault[] = [];
  for (const e of read.entries) {
    const field = e.field ?? (read.entries.length === 1 ? soleField(read, call, tool) : undefined);
    if (!field) continue;
    const text = `${e.code ?? ''} ${e.message}`;
    const here = valueAtField(call.args, field);
    const code = /required|missing/i.test(text) && !here.found ? 'missing_required' : /additional|unknown|unexpected|not allowed|unrecognized|not permitted/i.test(text) && here.found ? 'unknown_argument' : 'invalid_value';
    faults.push({ field, code, did_you_mean: e.suggested ?? [], facts: e.allowed ? { allowed: e.allowed } : factsFromText(code, e.message) });
  }
  if (faults.length) return { kind: 'faults', faults };
  return { kind: 'bare', body: read.scan.trim() };
}

/** The one field a one-fault reply names in its text, among the call's keys and the tool's declared names. */
function soleField(read: ReadReply, call: Call, tool: CompiledTool | undefined): string | undefined {
  const names = [...new Set([...Object.keys(call.args), ...(tool ? [...tool.fields.keys()].filter((k) => !/[.[]/.test(k)) : [])])];
  const named = [...namedFields(read, names)];
  return named.length === 1 ? named[0] : undefined;
}

/** The templated reply for a later call: each quoted value of the first call replaced by the new call's. */
function templated(reply: unknown, first: Call, now: Call): unknown {
  let text = typeof reply === 'string' ? reply : JSON.stringify(reply);
  // A short value quoted many times, replaced by a long one, would multiply the reply: past this, the
  // value stays as the reply had it.
  const most = 2 * text.length + 65536;
  const walk = (a: Json, b: Json | undefined) => {
    if (typeof a === 'string' && typeof b === 'string' && a.length >= 2 && a !== b) {
      const parts = text.split(a);
      if (text.length + (parts.length - 1) * (b.length - a.length) <= most) text = parts.join(b);
    }
    else if (typeof a === 'number' && typeof b === 'number' && a !== b) text = text.replace(new RegExp(`(?<![\\w.])${esc(String(a))}(?![\\w.])`, 'g'), String(b));
    else if (isObject(a) && isObject(b)) for (const k of Object.keys(a)) walk(a[k], b[k]);
  };
  walk(first.args, now.args);
  return typeof reply === 'string' ? text : tryJson(text) ?? reply;
}

function bodyRounds(pack: CompiledPack, call: Call, intent: Record<string, Json>): number | null {
  let now = call;
  for (let round = 0; round <= MAX_GRADE_ROUNDS; round++) {
    const r = check(pack, { name: now.name, arguments: now.args });
    if (r.ok) return round;
    const next = nextNamedCall('actionable', r.body as Json, now.name, now.args, intent);
    if (!next) return null;
    now = next;
  }
  return null;
}

function namedNext(name: string, args: Record<string, Json> | null): Call | null {
  return args === null ? null : { name, args };
}

function replyRounds(pack: CompiledPack, call: Call, reply: unknown, intent: Record<string, Json>): number | null {
  let now = call;
  let said = reply;
  for (let round = 1; round <= MAX_GRADE_ROUNDS; round++) {
    const read = readReply(said);
    if (read.unreadable) return null;
    const heard = forCaller(read, now, pack.tool(now.name));
    const next = heard.kind === 'faults' ? namedNext(now.name, nextCallFromFaults(heard.faults, now.args, intent)) : nextNamedCall(heard.kind, heard.body, now.name, now.args, intent);
    if (!next) return null;
    now = next;
    const r = check(pack, { name: now.name, arguments: now.args });
    if (r.ok && r.corrections.length === 0) return round;
    said = templated(reply, call, now);
  }
  return null;
}

// ---- the grade ----

/** The call in any shape check() reads (OpenAI, Anthropic, MCP, {name, arguments}, Python-style text). */
function asCall(call: unknown): Call {
  const parsed = parseCall(call);
  if (!parsed.ok || parsed.name === null || !isObject(parsed.args)) throw new Error('grade(): the call must name a tool and carry its arguments, e.g. {"name": …, "arguments": {…}}');
  return { name: parsed.name, args: parsed.args };
}

const show = (v: Json | undefined) => JSON.stringify(v);

/**
 * The grade of `serverReply` as the answer to `call`. Throws only for a call that names no tool; a reply of
 * any JS value is graded, and one it cannot read (too deep, too large, a value JSON cannot carry, a getter
 * that throws) is graded unreadable: every point not met, the reason in each note and in `unreadable`.
 */
export function grade(pack: CompiledPack, call: unknown, serverReply: unknown, options: GradeOptions = {}): Grade {
  const c = asCall(call);
  const intent = options.intent ?? c.args;
  // Bounded: a reply is hostile input, and a tokenizer is quadratic in a long run of one kind (token-pieces.ts).
  const count = boundedCount(options.countTokens ?? ((text: string) => packTextTokens(text)));
  const unreadable = (why: string) => unreadableGrade(pack, c, intent, count, why, typeof serverReply === 'string' ? serverReply : undefined);
  const plain = plainReply(serverReply);
  if (!plain.ok) return unreadable(plain.why);
  const read = readPlain(plain.value);
  if (read.unreadable) return unreadable(read.unreadable);
  try {
    return gradeRead(pack, c, plain.value, read, intent, count, options);
  } catch {
    // Every way a reply could throw is read above; this keeps grade() total should one be missed.
    return unreadable('reply could not be read');
  }
}

function unreadableGrade(pack: CompiledPack, c: Call, intent: Record<string, Json>, count: (text: string) => number, why: string, text: string | undefined): Grade {
  const body = truthOf(pack, c).result.body;
  return {
    points: GRADE_POINTS.map((id) => ({ id, met: false, note: `unreadable: ${why}` })),
    rounds: { reply: null, body: bodyRounds(pack, c, intent) },
    tokens: { reply: text === undefined ? 0 : count(text), body: body ? count(serializeBody(body)) : 0 },
    unreadable: why,
  };
}

/** The grade of a reply read: `reply` is its plain copy, `read` what readPlain() found in it. */
function gradeRead(pack: CompiledPack, c: Call, reply: unknown, read: ReadReply, intent: Record<string, Json>, count: (text: string) => number, options: GradeOptions): Grade {
  const truth = truthOf(pack, c);
  const body = truth.result.body;
  const points: GradePoint[] = [];
  const point = (id: GradePointId, met: boolean, note: string) => points.push({ id, met, note });
  const accepted = truth.result.ok;
  const acceptedNote = accepted ? `the engine accepts this call${truth.result.corrections.length ? ', absorbing the mistake' : ''}, so there is nothing to refuse` : '';

  // Code
  if (read.codes.length) {
    const generic = read.codes.every((k) => /^-?\d+$/.test(k));
    point('code', true, generic ? `only a numeric code (${read.codes[0]}): stable, but a class of fault, not this one` : `stable code ${show(read.codes[0])}`);
  } else point('code', false, `no machine-readable code: add one that stays the same whatever the wording, e.g. "error": ${show(typeof body?.error === 'string' ? body.error : 'invalid_value')}`);

  // Field
  const faultFields = truth.faults.map((f) => f.field).filter(Boolean);
  const named = namedFields(read, [...new Set([...faultFields, ...Object.keys(c.args)])]);
  if (accepted) point('field', true, `not needed: ${acceptedNote}`);
  else if (!faultFields.length) point('field', true, 'not needed: the fault is with the call as a whole');
  else {
    const stray = [...named].filter((f) => !faultFields.includes(f) && !valueAtField(c.args, f).found);
    const hit = faultFields.filter((f) => named.has(f));
    if (stray.length) point('field', false, `names ${stray.map((s) => show(s)).join(', ')}, which the call does not have; the fault is at ${faultFields.map((s) => show(s)).join(', ')}`);
    else if (hit.length) point('field', true, `names ${hit.map((s) => show(s)).join(', ')}`);
    else {
      const bare = faultFields.find((f) => read.prose.some((p) => new RegExp(`\\b${esc(f)}\\b`, 'i').test(p)));
      point('field', false, bare ? `mentions ${bare} as a word of prose, not as a field; name it: "field": ${show(bare)}` : `names no field; the fault is at ${faultFields.map((s) => show(s)).join(', ')}`);
    }
  }

  // Received
  const withValue = truth.faults.filter((f) => f.hasReceived);
  const spliced: string[] = [];
  for (const v of Object.values(flatStrings(c.args))) if (v.length >= 2 && placeIn(read.prose, v) === 'spliced') spliced.push(v);
  if (accepted) point('received', !spliced.length, spliced.length ? `caller text spliced into a sentence (${spliced.map((s) => show(s)).join(', ')}): an injection risk; quote it in a "received" field` : `not needed: ${acceptedNote}`);
  else if (!withValue.length) point('received', !spliced.length, spliced.length ? `caller text spliced into a sentence (${spliced.map((s) => show(s)).join(', ')}): an injection risk; quote it in a "received" field` : 'not needed: nothing was received where the fault is');
  else {
    const structured = withValue.filter((f) => read.entries.some((e) => e.received && same(e.received.value, valueAtField(c.args, f.field).found ? valueAtField(c.args, f.field).value : f.received)));
    const quoted = withValue.filter((f) => !structured.includes(f) && typeof f.received === 'string' && placeIn(read.prose, f.received) === 'quoted');
    if (spliced.length) point('received', false, `caller text spliced into a sentence (${spliced.map((s) => show(s)).join(', ')}): an injection risk; quote it apart from the prose, in a "received" field`);
    else if (structured.length) point('received', true, `quotes ${structured.map((f) => show(f.received)).join(', ')} apart from the prose`);
    else if (quoted.length) point('received', true, `quotes ${quoted.map((f) => show(f.received)).join(', ')} inside the message; a "received" field would keep it apart from the prose`);
    else point('received', false, `does not say what it received; add "received": ${show(withValue[0].received)}`);
  }

  // What would pass
  point(...permittedPoint(truth, read, c, accepted, acceptedNote, pack));

  // Next call
  if (!truth.state) point('next_call', true, 'not needed: no state fault (not found, forbidden, conflict) in this call');
  else {
    const toolNames = pack.tools.map((t) => t.name);
    const mentioned = read.nextCall ?? toolNames.find((t) => t !== c.name && read.prose.concat(read.scan).some((p) => new RegExp(`\\b${esc(t)}\\b`).test(p)));
    const want = body && !listsFaults(body) && typeof body.next_call === 'string' ? body.next_call : undefined;
    if (mentioned) point('next_call', true, `names the next call, ${show(mentioned)}`);
    else point('next_call', false, want ? `a state fault with no next call; say which call comes next, e.g. "next_call": ${show(want)}` : 'a state fault with no next call or way out');
  }

  // Retryable
  const engineRetry = body && typeof body.retryable === 'boolean' ? body.retryable : undefined;
  const saysRetry = read.retryable ?? (/\b(?:not retryable|do not retry|don't retry|retrying will not)\b/i.test(read.scan) ? false : /\b(?:retry(?:able)?|try again)\b/i.test(read.scan) ? true : undefined);
  if (saysRetry === undefined) point('retryable', false, `does not say whether retrying can help${engineRetry !== undefined ? `; add "retryable": ${engineRetry}` : ''}`);
  else if (engineRetry !== undefined && saysRetry !== engineRetry) point('retryable', false, `says retrying ${saysRetry ? 'can' : 'cannot'} help, but the same call ${engineRetry ? 'can succeed later' : 'will fail again'}`);
  else point('retryable', true, `says retrying ${saysRetry ? 'can' : 'cannot'} help`);

  // Faults
  if (truth.count <= 1) point('faults', true, accepted ? `not needed: ${acceptedNote}` : 'not needed: the call has one fault, so one at a time costs no extra round');
  else {
    const hit = faultFields.filter((f) => named.has(f)).length;
    const listed = Math.max(hit, read.entries.filter((e) => e.field).length);
    if (listed >= truth.count) point('faults', true, `all ${truth.count} faults in one reply`);
    else point('faults', false, `the call has ${truth.count} independent faults and the reply names ${Math.min(listed, truth.count)}; one at a time, that is at least ${truth.count} rounds where one would do`);
  }

  // Leaks
  const leaks = leaksIn(read.scan);
  const longProse = read.prose.filter((p) => wordsOf(p) > 60);
  if (leaks.length) point('leaks', false, `carries ${leaks.join(', ')}: of no use to the model, and for your logs only`);
  else if (longProse.length) point('leaks', false, `carries ${wordsOf(longProse[0])} words of prose in one string; keep the rule and the set, put the rest in docs`);
  else point('leaks', true, 'no stack trace, internal path, SQL or long prose');

  // Tokens
  const tokens = { reply: count(read.text), body: body ? count(serializeBody(body)) : 0 };
  const counter = options.countTokens ? 'tokens' : 'tokens (estimated, an upper bound)';
  if (tokens.reply > BODY_TOKEN_BUDGET) point('tokens', false, `${tokens.reply} ${counter}, over the ${BODY_TOKEN_BUDGET} a body may cost; the engine's body is ${tokens.body}`);
  else point('tokens', true, `${tokens.reply} ${counter} against the engine body's ${tokens.body}`);

  // Rounds
  const rounds = { reply: replyRounds(pack, c, reply, intent), body: bodyRounds(pack, c, intent) };
  const r = (n: number | null) => (n === null ? 'never' : `${n} round${n === 1 ? '' : 's'}`);
  const took = (n: number | null) => (n === null ? 'never recovers' : n === 0 ? 'needs no round (accepted as sent)' : `recovers in ${r(n)}`);
  const met = rounds.reply !== null && (rounds.body === null || rounds.reply <= rounds.body);
  point('rounds', met, `the benchmarks' caller ${took(rounds.reply)} with this reply and ${took(rounds.body)} with the engine's body`);

  return { points, rounds, tokens };
}

function flatStrings(v: Json, out: Record<string, string> = {}, at = ''): Record<string, string> {
  if (typeof v === 'string') out[at] = v;
  else if (Array.isArray(v)) v.forEach((x, i) => flatStrings(x, out, `${at}[${i}]`));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) flatStrings(x, out, at ? `${at}.${k}` : k);
  return out;
}

function permittedPoint(truth: Truth, read: ReadReply, c: Call, accepted: boolean, acceptedNote: string, pack: CompiledPack): [GradePointId, boolean, string] {
  if (accepted) return ['permitted', true, `not needed: ${acceptedNote}`];
  const notes: string[] = [];
  let met = true;
  let any = false;
  const allowedFor = (field: string): Json[] | undefined => {
    const own = read.entries.find((e) => e.field === field && e.allowed)?.allowed;
    if (own) return own;
    const loose = read.entries.filter((e) => e.allowed && !e.field);
    return loose.length === 1 || (read.entries.length === 1 && read.entries[0].allowed) ? (loose[0] ?? read.entries[0]).allowed : undefined;
  };
  for (const f of truth.faults) {
    if (codeInfo(f.code).stage === 'checks' || f.code === 'not_found' || f.code === 'forbidden' || truth.state) continue;
    const info = fieldInfo(truth.tool, f.field);
    if (f.code === 'missing_required') {
      any = true;
      continue;
    }
    if (f.code === 'unknown_tool') {
      // The rule of a tool name is the tools the caller can call: met by naming some, every one named a
      // tool of the pack (did_you_mean, or a list), as an unknown argument's is by naming arguments.
      any = true;
      const named = toolsNamed(pack, read, c.name);
      if (named.listed.length && named.wrong.length === 0) notes.push(`${show(f.field)}: names ${named.listed.length === 1 ? 'a tool' : 'tools'} it can call (${named.listed.slice(0, 3).join(', ')}${named.listed.length > 3 ? ', …' : ''})`);
      else {
        met = false;
        notes.push(named.wrong.length ? `${show(f.field)}: names ${named.wrong.join(', ')}, which the pack does not have` : `${show(f.field)} is not a tool of the pack, and the reply does not say which are`);
      }
      continue;
    }
    if (f.code === 'unknown_argument') {
      any = true;
      const e = read.entries.find((x) => x.field === f.field);
      if (!(e?.suggested?.length || e?.allowed?.length || /takes|allowed|expected|valid (?:arguments|parameters|properties)/i.test(read.scan))) {
        met = false;
        notes.push(`${show(f.field)} is not an argument of the tool, and the reply does not say which are`);
      }
      continue;
    }
    any = true;
    if (info?.enumValues && info.enumValues.length) {
      const allowed = allowedFor(f.field);
      const schema = info.enumValues.map((v) => String(v));
      if (!allowed) {
        const suggested = read.entries.find((e) => e.field === f.field || read.entries.length === 1)?.suggested;
        if (suggested?.length && suggested.every((s) => schema.includes(asText(s)))) notes.push(`${show(f.field)}: suggests ${suggested.map(show).join(', ')}, which the schema accepts`);
        else {
          met = false;
          notes.push(`${show(f.field)}: names no permitted set; the schema permits ${schema.length <= 12 ? schema.join(', ') : `${schema.length} values`}`);
        }
        continue;
      }
      const said = allowed.map(asText);
      const refused = said.filter((v) => !schema.includes(v));
      const omitted = schema.filter((v) => !said.includes(v));
      if (refused.length || omitted.length) {
        met = false;
        notes.push(`${show(f.field)}: the listed set is wrong${refused.length ? `: it names ${refused.join(', ')}, which the schema refuses` : ''}${omitted.length ? `${refused.length ? ';' : ':'} it omits ${omitted.join(', ')}, which the schema accepts` : ''}`);
      } else notes.push(`${show(f.field)}: lists the permitted set, as the schema has it`);
      continue;
    }
    // A rule plus one example (a type alone is a whole rule).
    const e = read.entries.find((x) => x.field === f.field) ?? (read.entries.length === 1 ? read.entries[0] : undefined);
    const text = e ? `${e.message} ${e.code ?? ''}` : read.scan;
    const rule = /\b(?:must|should|expected|expects|requires?)\b/i.test(text);
    const typeRule = f.code === 'invalid_type' && /\b(?:integer|number|string|boolean|object|array)\b/i.test(text);
    const example = /\be\.g\.|\b(?:for example|example|such as)\b/i.test(text) || (e?.suggested?.length ?? 0) > 0;
    if (rule && (example || typeRule)) notes.push(`${show(f.field)}: states the rule${example ? ' and an example' : ''}`);
    else {
      met = false;
      const rule2 = info?.rule ?? info?.schema?.pattern ?? info?.schema?.format;
      notes.push(`${show(f.field)}: ${rule ? 'states a rule but no example' : 'states no rule'}${rule2 ? `; say the rule (${String(rule2)}) and one value that passes${info?.example !== undefined ? `, e.g. ${show(info.example)}` : ''}` : ''}`);
    }
  }
  if (!any) return ['permitted', true, truth.state ? 'not needed: a state fault (see next_call)' : 'not needed: no value fault in this call'];
  return ['permitted', met, notes.join('; ') || (met ? 'names what would pass' : 'does not say what would pass')];
}

/**
 * The tool names a reply offers for an unknown tool: its suggestions (did_you_mean, allowed), each one a
 * tool of the pack or `wrong`; with none, the pack's tools its text names as words, the name sent aside.
 */
function toolsNamed(pack: CompiledPack, read: ReadReply, sent: string): { listed: string[]; wrong: string[] } {
  const names = new Set(pack.tools.map((t) => t.name));
  const offered = read.entries.flatMap((e) => [...(e.suggested ?? []), ...(e.allowed ?? [])]).map(asText);
  if (offered.length) return { listed: offered.filter((n) => names.has(n)), wrong: offered.filter((n) => !names.has(n)) };
  // Words of the text as a tool name is spelt (dots, hyphens, slashes inside it), a full stop after it aside.
  const said = new Set((read.scan.match(/[\w.\-/]+/g) ?? []).map((w) => w.replace(/\.+$/, '')));
  return { listed: [...names].filter((n) => n !== sent && said.has(n)), wrong: [] };
}

/** For the engine's own body, graded as any reply. */
export function engineBodyFor(pack: CompiledPack, call: unknown): Body | null {
  const c = asCall(call);
  return check(pack, { name: c.name, arguments: c.args }).body;
}
