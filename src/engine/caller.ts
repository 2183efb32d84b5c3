// The deterministic caller of the recovery benchmark. It reads only the body it was handed (JSON, or
// text for the AJV and bare kinds), never the schema or the engine, and edits its call the way a careful
// model would: apply a did_you_mean, pick from a listed set, follow a stated type or rule with its
// example, rename or drop an argument the body names. For a field the body says is missing it sends
// the value it meant to send (what the user asked for), which is the ground truth; for anything else it
// knows only its own call. When nothing in the body tells it what to change, it gives up.
// It lives in the engine, pure, so the benchmarks (bench/recovery.ts) and grade() (grade.ts) run the same reader.
import { faultBehind } from './body/body';
import { safePatternTest } from './safe-pattern';
import { distance, normalise } from './shared/nearness';
import { parsePath, pointerToSegments, renameAt, setAt, valueAt, type Segment } from './paths';
import type { Fault, FaultFacts, Json } from './types';

type Directive =
  | { op: 'missing'; path: Segment[] }
  | { op: 'unknown'; path: Segment[] | null; candidates: Json[]; takes: string[] }
  | { op: 'duplicate'; path: Segment[]; keys: string[] }
  | { op: 'value'; path: Segment[]; candidates: Json[]; allowed: string[]; type?: string; example?: string; format?: string; pattern?: string; bound?: { side: 'max' | 'min'; limit: number } }
  | { op: 'opaque' };

/**
 * What follows the first `marker` on the text's last line: what `/marker(.*)$/` captures (`.` stops at a
 * line break), without running from every marker to the end of its line to find the break.
 */
function afterOnLastLine(text: string, marker: RegExp): string | undefined {
  const line = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'), text.lastIndexOf('\u2028'), text.lastIndexOf('\u2029')) + 1);
  const m = marker.exec(line);
  return m ? line.slice(m.index + m[0].length) : undefined;
}

/** One fault as the caller reads it: where, its code, what was received and offered, and what its message states. */
export interface CallerFault {
  field: string;
  code: string;
  received?: Json;
  did_you_mean: Json[];
  facts: FaultFacts;
}

/**
 * What the message of a body that came only as text states (a server's body in the engine's shape, read
 * back from JSON): the permitted set, the type, the example, a bound, the names a tool takes. A body the
 * engine wrote in this process is read from the fault behind it instead (factsOfFault), never its words.
 */
const TYPE_WORDS: [RegExp, string][] = [
  [/^must be an integer/, 'integer'],
  [/^must be a number/, 'number'],
  [/^must be true or false/, 'boolean'],
  [/^must be an object/, 'object'],
  [/^must be an array/, 'array'],
  [/^must be a string/, 'string'],
];

export function factsFromText(code: string, message: string): FaultFacts {
  const facts: FaultFacts = {};
  if (code === 'unknown_argument') {
    // All it takes, or (on a tool with many) the nearest few.
    const takes = afterOnLastLine(message, /; (?:it takes|the nearest it takes): /)?.split(', ');
    if (takes) facts.takes = takes;
    return facts;
  }
  if (code === 'unknown_tool') {
    const listed = afterOnLastLine(message, /(?:they are|those on the same thing are|the first \d+ of \d+ are): /)?.split(', ');
    if (listed) facts.takes = listed;
    return facts;
  }
  // The set only: "; or an integer" after it names another branch of the field, not a value.
  const allowed = /^must be one of: ([^;]*)/.exec(message)?.[1].split(', ');
  if (allowed) facts.allowed = allowed;
  const type = TYPE_WORDS.find(([re]) => re.test(message))?.[1];
  if (type) facts.type = type;
  // The example ends where a note begins ("; read from the description of due").
  const example = afterOnLastLine(message, /, e\.g\. /)?.split('; ')[0];
  if (example !== undefined) facts.example = example;
  // "must be at most 100": a bound alone.
  const stated = code === 'out_of_range' ? /^must be at (most|least) (-?\d+(?:\.\d+)?)(?:;|$)/.exec(message) : null;
  if (stated) facts.bound = { side: stated[1] === 'most' ? 'max' : 'min', limit: Number(stated[2]) };
  return facts;
}

/** The facts of a fault the engine made: its own data, and the names a `takes` note lists, whatever words its message has. */
function factsOfFault(fault: Fault): FaultFacts {
  const takes = fault.notes.find((n) => n.kind === 'takes')?.names;
  if (takes) return { ...fault.facts, takes };
  return fault.facts ?? {};
}

/** The faults of a body in the engine's shape: each entry's own fault when this process wrote it (body.ts), else read from its text. */
export function callerFaultsOf(body: Record<string, any>): CallerFault[] {
  const listed: Record<string, any>[] = Array.isArray(body.errors) ? body.errors.filter((e: unknown) => e !== null && typeof e === 'object') : [body];
  return listed.map((e) => {
    // A body shaped like the engine's may come from a server: its words need not be strings.
    const field = typeof e.field === 'string' ? e.field : '';
    const code = typeof e.code === 'string' ? e.code : typeof e.error === 'string' ? e.error : '';
    const written = faultBehind(e);
    const facts = written ? factsOfFault(written) : factsFromText(code, typeof e.message === 'string' ? e.message : '');
    return { field, code, received: e.received, did_you_mean: Array.isArray(e.did_you_mean) ? e.did_you_mean : [], facts };
  });
}

/** A listed value as the caller matches a sent string against it. */
function asWord(v: Json): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function directivesOf(faults: CallerFault[]): Directive[] {
  return faults.map((e): Directive => {
    const path = parsePath(e.field);
    // A field it cannot read names no place to change.
    if (!path) return { op: 'opaque' };
    const candidates = e.did_you_mean;
    switch (e.code) {
      case 'missing_required':
        return { op: 'missing', path };
      case 'unknown_argument':
        return { op: 'unknown', path, candidates, takes: e.facts.takes ?? [] };
      case 'duplicate_argument':
        return { op: 'duplicate', path, keys: e.received && typeof e.received === 'object' ? Object.keys(e.received) : [] };
      case 'invalid_json':
      case 'invalid_call':
      case 'unknown_tool':
      case 'conflicting_arguments':
      case 'internal_error':
        return { op: 'opaque' };
      default: {
        const { allowed, type, example, bound } = e.facts;
        // "must be at most 100": a number past a stated bound is sent at the bound, as a model asked for too many sends the most it may.
        return { op: 'value', path, candidates, allowed: (allowed ?? []).map(asWord), type, example: example === undefined ? undefined : asWord(example), ...(bound && e.code === 'out_of_range' ? { bound } : {}) };
      }
    }
  });
}

function fromAjvText(text: string, call: Json): Directive[] {
  return text.split(', data').map((part, i) => (i ? `data${part}` : part)).map((part): Directive => {
    const m = /^data(\S*) (.*)$/.exec(part);
    if (!m) return { op: 'opaque' };
    const path = pointerToSegments(m[1], call);
    const message = m[2];
    let r: RegExpExecArray | null;
    if ((r = /^must have required property '(.*)'$/.exec(message))) return { op: 'missing', path: [...path, r[1]] };
    // "must NOT have additional properties" does not say which one: nothing to act on.
    if (/^must NOT have additional properties$/.test(message)) return { op: 'unknown', path: null, candidates: [], takes: [] };
    if ((r = /^must be (integer|number|string|boolean|object|array)$/.exec(message))) return { op: 'value', path, candidates: [], allowed: [], type: r[1] };
    if ((r = /^must match format "(.*)"$/.exec(message))) return { op: 'value', path, candidates: [], allowed: [], format: r[1] };
    if ((r = /^must match pattern "(.*)"$/.exec(message))) return { op: 'value', path, candidates: [], allowed: [], pattern: r[1] };
    return { op: 'value', path, candidates: [], allowed: [] };
  });
}

function fromBare(text: string): Directive[] {
  let r: RegExpExecArray | null;
  let path: Segment[] | null = null;
  if ((r = /^Error: missing required argument '(.*)'$/.exec(text)) && (path = parsePath(r[1]))) return [{ op: 'missing', path }];
  if ((r = /^Error: unexpected argument '(.*)'$/.exec(text)) && (path = parsePath(r[1]))) return [{ op: 'unknown', path, candidates: [], takes: [] }];
  if ((r = /^Error: invalid value for argument '(.*)'$/.exec(text)) && (path = parsePath(r[1]))) return [{ op: 'value', path, candidates: [], allowed: [] }];
  return [{ op: 'opaque' }];
}

/**
 * The one option a careful reader would take for `s`: the same word, or the single nearest spelling within
 * `limit` edits (a third of its length unless given).
 */
function nearest(s: string, options: string[], maxEdits?: number): string | undefined {
  const same = options.filter((o) => normalise(o) === normalise(s));
  if (same.length === 1) return same[0];
  if (same.length > 1) return undefined;
  const limit = maxEdits ?? Math.floor(normalise(s).length / 3);
  if (limit === 0) return undefined;
  const scored = options.map((o) => ({ o, d: distance(normalise(s), normalise(o)) })).filter((x) => x.d <= limit).sort((a, b) => a.d - b.d);
  return scored.length && (scored.length === 1 || scored[0].d < scored[1].d) ? scored[0].o : undefined;
}

/** The object or array at `path` in the call being edited, or undefined. */
function containerAt(root: Json, path: Segment[]): any {
  const at = valueAt(root, path).value;
  return at !== null && typeof at === 'object' ? at : undefined;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A loose date read back: "May 20, 2024" and "March 13, 2026 17:00:00 UTC" (or an offset). */
function readLooseDate(s: string): { date: string; time?: string; offset?: string } | null {
  const m = /^([A-Za-z]+) (\d{1,2}), (\d{4})(?: (\d{2}):(\d{2}):(\d{2}(?:\.\d+)?) (UTC|[+-]\d{2}:\d{2}))?$/.exec(s.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[1].toLowerCase());
  if (month < 0) return null;
  const date = `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return m[4] ? { date, time: `${m[4]}:${m[5]}:${m[6]}`, offset: m[7] === 'UTC' ? 'Z' : m[7] } : { date };
}

/** Rewrites a value the way the body's rule, example, format name or pattern asks. */
function followRule(value: Json | undefined, d: Extract<Directive, { op: 'value' }>): Json | undefined {
  if (d.type) {
    if ((d.type === 'integer' || d.type === 'number') && typeof value === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) {
      const n = Number(value);
      return d.type === 'integer' && !Number.isInteger(n) ? undefined : n;
    }
    if (d.type === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if ((d.type === 'object' || d.type === 'array') && typeof value === 'string') {
      try {
        const parsed = JSON.parse(value) as Json;
        if (d.type === 'array' ? Array.isArray(parsed) : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
      } catch {
        return undefined;
      }
    }
    if (d.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
    return undefined;
  }
  if (d.bound && typeof value === 'number') return d.bound.side === 'max' ? Math.min(value, d.bound.limit) : Math.max(value, d.bound.limit);
  if (typeof value !== 'string') return undefined;
  // A date alone where the example is a date-time: the start of that day in UTC, as a model that meant the day sends it.
  if (d.example && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(d.example) && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return `${value.trim()}T00:00:00Z`;
  const loose = readLooseDate(value);
  if (!loose) return undefined;
  const forms = [loose.date, ...(loose.time ? [`${loose.date}T${loose.time}${loose.offset}`] : [])];
  if (d.example) {
    const shape = (s: string) => s.replace(/\d/g, '9').replace(/(\.9+)/, '').replace(/[+-]99:99$|Z$/, 'Z');
    return forms.find((f) => shape(f) === shape(d.example!));
  }
  if (d.format === 'date') return loose.date;
  if (d.format === 'date-time') return forms[1];
  // A pattern from the body is run only when it cannot backtrack without end (a reply can state any).
  const test = d.pattern ? safePatternTest(d.pattern) : undefined;
  return test ? forms.find(test) : undefined;
}

export type BodyKindForCaller = 'actionable' | 'ajv' | 'bare';

/**
 * The tool name to send instead of `name`, read from an unknown_tool body: its one did_you_mean, or among
 * the tools its message lists, the one nearest in spelling, or the one the sent name ends with behind a
 * namespace (`functions.math_factorial`). Several candidates and nothing to choose by: undefined.
 */
function toolNameFrom(body: Record<string, any>, name: string): string | undefined {
  const dym: Json[] = Array.isArray(body.did_you_mean) ? body.did_you_mean : [];
  if (dym.length === 1 && typeof dym[0] === 'string') return dym[0];
  // Several: the one spelt nearest to what I sent, when one is clearly nearest; else I cannot tell.
  if (dym.length > 1) return nearest(name, dym.filter((d): d is string => typeof d === 'string'));
  const listed = callerFaultsOf(body)[0]?.facts.takes ?? [];
  const behind = listed.filter((t) => name.length > t.length && name.endsWith(t) && /[^A-Za-z0-9]$/.test(name.slice(0, -t.length)));
  if (behind.length === 1) return behind[0];
  return nearest(name, listed);
}

/**
 * The next call, name and arguments, given the last one and the body it earned; null when the body gives
 * nothing to act on. A body that refuses the tool's name is answered by changing the name alone.
 */
export function nextNamedCall(kind: BodyKindForCaller, body: Json, name: string, call: Record<string, Json>, intent: Record<string, Json>): { name: string; args: Record<string, Json> } | null {
  if (kind === 'actionable' && body !== null && typeof body === 'object' && !Array.isArray(body) && body.error === 'unknown_tool') {
    const to = toolNameFrom(body as Record<string, any>, name);
    return to === undefined || to === name ? null : { name: to, args: call };
  }
  const args = nextCall(kind, body, call, intent);
  return args === null ? null : { name, args };
}

/**
 * The next call, given the last one and the body it earned; null when the body gives nothing to act on.
 * `intent` is what the caller meant to send, used only for a field the body says is missing.
 */
export function nextCall(kind: BodyKindForCaller, body: Json, call: Record<string, Json>, intent: Record<string, Json>): Record<string, Json> | null {
  const directives = kind === 'actionable' ? directivesOf(callerFaultsOf(body as Record<string, any>)) : kind === 'ajv' ? fromAjvText(String(body), call) : fromBare(String(body));
  return applyDirectives(directives, call, intent);
}

/** The next call given faults already read (grade() reads a server's reply into them); null when they give nothing to act on. */
export function nextCallFromFaults(faults: CallerFault[], call: Record<string, Json>, intent: Record<string, Json>): Record<string, Json> | null {
  return applyDirectives(directivesOf(faults), call, intent);
}

function applyDirectives(directives: Directive[], call: Record<string, Json>, intent: Record<string, Json>): Record<string, Json> | null {
  let next = structuredClone(call);
  let acted = false;
  // Names first (a rename can settle a "missing" fault too), then missing fields, then values.
  const order = { duplicate: 0, unknown: 1, missing: 2, value: 3, opaque: 4 };
  for (const d of [...directives].sort((a, b) => order[a.op] - order[b.op])) {
    if (d.op === 'duplicate') {
      const parent = containerAt(next, d.path.slice(0, -1));
      const keep = d.path[d.path.length - 1];
      for (const k of d.keys) if (k !== keep && parent && typeof parent === 'object') {
        delete parent[k];
        acted = true;
      }
    } else if (d.op === 'unknown') {
      if (!d.path) continue;
      const parent = containerAt(next, d.path.slice(0, -1));
      const key = String(d.path[d.path.length - 1]);
      if (!parent || typeof parent !== 'object' || !(key in parent)) continue;
      const target = (d.candidates.length === 1 && typeof d.candidates[0] === 'string' ? d.candidates[0] : undefined) ?? (d.takes.length ? nearest(key, d.takes.filter((t) => !(t in parent))) : undefined);
      if (target !== undefined && !(target in parent)) next = renameAt(next, d.path, target) as Record<string, Json>;
      else delete parent[key];
      acted = true;
    } else if (d.op === 'missing') {
      const parent = containerAt(next, d.path.slice(0, -1));
      const name = String(d.path[d.path.length - 1]);
      if (!parent || typeof parent !== 'object' || Array.isArray(parent) || name in parent) continue;
      // A key of mine that is this field spelt another way (case, or one letter dropped or added): rename
      // it. Otherwise send what I meant. Not a changed letter: num1 is not a misspelt num2.
      const slips = Object.keys(parent).filter((k) => normalise(k) === normalise(name) || (Math.abs(normalise(k).length - normalise(name).length) === 1 && distance(normalise(k), normalise(name)) === 1));
      const mine = slips.length === 1 ? slips[0] : undefined;
      if (mine !== undefined) {
        next = renameAt(next, [...d.path.slice(0, -1), mine], name) as Record<string, Json>;
        acted = true;
        continue;
      }
      const meant = valueAt(intent, d.path);
      if (meant.found) {
        setAt(next, d.path, meant.value as Json);
        acted = true;
      }
    } else if (d.op === 'value') {
      const parent = containerAt(next, d.path.slice(0, -1));
      const key = d.path[d.path.length - 1];
      if (d.path.length === 0 || !parent || typeof parent !== 'object') continue;
      const current = parent[key] as Json | undefined;
      let fixed: Json | undefined;
      if (d.candidates.length) fixed = d.candidates[0];
      else if (d.allowed.length && typeof current === 'string') fixed = nearest(current, d.allowed);
      else fixed = followRule(current, d);
      if (fixed !== undefined && JSON.stringify(fixed) !== JSON.stringify(current)) {
        setAt(next, d.path, fixed);
        acted = true;
      }
    }
  }
  return acted && JSON.stringify(next) !== JSON.stringify(call) ? next : null;
}
