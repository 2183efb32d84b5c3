// The condition language of a pack's checks and effects: JSON, never code. An expression is a `$path`
// into the call and the state, a literal, a list, or one operator object such as {"eq": [a, b]}.
// Evaluation is total: it never throws and never reads outside the data it is given, and a value that
// is not there is `undefined` ("missing"), which every operator handles.
import { namesRealMoment } from './date-formats';
import type { Json, JsonObject } from '../types';
import { childPointer } from '../paths';

/** The operators, with what each takes; content/packs/README.md lists them in words. */
export const OPERATORS = {
  all: 'list',
  any: 'list',
  not: 'one',
  eq: 'pair',
  ne: 'pair',
  lt: 'pair',
  lte: 'pair',
  gt: 'pair',
  gte: 'pair',
  in: 'pair',
  missing: 'path',
  present: 'path',
  some: 'pair',
  add: 'list',
  sub: 'pair',
  coalesce: 'list',
  days_since: 'one',
  seconds_until: 'one',
  literal: 'any',
} as const;

export type Operator = keyof typeof OPERATORS;

/** Operators whose value is true or false: the only ones a `when`, `requires` or `visible` may be. */
const CONDITION_OPERATORS: readonly Operator[] = ['all', 'any', 'not', 'eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'missing', 'present', 'some'];

/** Roots every expression may start from; bindings (`$ticket`) and `let` names are added per check. */
export const BASE_ROOTS = ['args', 'caller', 'now', 'records'] as const;
/** Names a binding or a `let` may not take. */
export const RESERVED_NAMES = [...BASE_ROOTS, 'item'];
/** `{$path}` in a rule's message: filled from the state when the body is written. */
export const PLACEHOLDER = /\{(\$[^{}\s]+)\}/g;

export type PathSegment = { key: string } | { dynamic: ParsedPath };
export interface ParsedPath {
  root: string;
  segments: PathSegment[];
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;
const KEY = /^[A-Za-z0-9_-]+/;

/** Parses `$root.key[$other.path].key`; returns a message when the text is not a path. */
export function parsePath(text: string): ParsedPath | string {
  let pos = 0;
  const read = (): ParsedPath | string => {
    if (text[pos] !== '$') return `expected "$" at character ${pos + 1}`;
    pos++;
    const root = IDENT.exec(text.slice(pos));
    if (!root) return `expected a name after "$" at character ${pos + 1}`;
    pos += root[0].length;
    const segments: PathSegment[] = [];
    while (pos < text.length && text[pos] !== ']') {
      if (text[pos] === '.') {
        pos++;
        const key = KEY.exec(text.slice(pos));
        if (!key) return `expected a key after "." at character ${pos + 1}`;
        pos += key[0].length;
        segments.push({ key: key[0] });
      } else if (text[pos] === '[') {
        pos++;
        const inner = read();
        if (typeof inner === 'string') return inner;
        if (text[pos] !== ']') return `expected "]" at character ${pos + 1}`;
        pos++;
        segments.push({ dynamic: inner });
      } else {
        return `unexpected "${text[pos]}" at character ${pos + 1}; keys are letters, digits, _ and -, joined by "."`;
      }
    }
    return { root: root[0], segments };
  };
  const parsed = read();
  if (typeof parsed !== 'string' && pos !== text.length) return `unexpected "${text[pos]}" at character ${pos + 1}`;
  return parsed;
}

function isPathText(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('$');
}

/** The static keys of a path, or null when a segment is computed. */
function staticKeys(path: ParsedPath): string[] | null {
  const out: string[] = [];
  for (const s of path.segments) {
    if ('dynamic' in s) return null;
    out.push(s.key);
  }
  return out;
}

// ---- evaluation ------------------------------------------------------------------------------------

/** What an expression can read: the call's arguments, the state, and names bound by earlier checks. */
export interface Scope {
  args: Json;
  caller: Json | undefined;
  now: Json | undefined;
  records: Json | undefined;
  names: Map<string, Json | undefined>;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function own(value: Json | undefined, key: string): Json | undefined {
  if (isObject(value)) return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
  if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(key)) {
    const i = Number(key);
    return i < value.length ? value[i] : undefined;
  }
  return undefined;
}

function readPath(path: ParsedPath, scope: Scope): Json | undefined {
  let cur: Json | undefined;
  switch (path.root) {
    case 'args':
      cur = scope.args;
      break;
    case 'caller':
      cur = scope.caller;
      break;
    case 'now':
      cur = scope.now;
      break;
    case 'records':
      cur = scope.records;
      break;
    default:
      cur = scope.names.get(path.root);
  }
  for (const seg of path.segments) {
    if (cur === undefined) return undefined;
    let key: string;
    if ('key' in seg) key = seg.key;
    else {
      const k = readPath(seg.dynamic, scope);
      if (typeof k !== 'string' && typeof k !== 'number') return undefined;
      key = String(k);
    }
    cur = own(cur, key);
  }
  return cur;
}

const TIMESTAMP = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|z|[+-][0-9]{2}:[0-9]{2}))?$/;

/**
 * Milliseconds since the epoch for an RFC 3339 timestamp with an offset, or a bare date (read as UTC).
 * A date-time without an offset is not an instant, so it is not read as one.
 */
export function instant(value: Json | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  // The state's times ($now, a record's closed_at) come back on every call: each is read once.
  if (INSTANTS.has(value)) return INSTANTS.get(value);
  // Date.parse reads 2026-02-30 as 2 March; a day that does not exist is not an instant.
  const ms = TIMESTAMP.test(value) && namesRealMoment(value) ? Date.parse(value) : NaN;
  const read = Number.isFinite(ms) ? ms : undefined;
  if (value.length <= 40) {
    if (INSTANTS.size >= 1024) INSTANTS.clear();
    INSTANTS.set(value, read);
  }
  return read;
}
const INSTANTS = new Map<string, number | undefined>();

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Orders two numbers, or two instants; anything else cannot be ordered. */
function order(a: Json | undefined, b: Json | undefined): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = instant(a);
  const y = instant(b);
  return x !== undefined && y !== undefined ? x - y : undefined;
}

function number(v: Json | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function items(v: Json | undefined): Json[] {
  if (Array.isArray(v)) return v;
  if (isObject(v)) return Object.values(v);
  return [];
}

type Evaluator = (scope: Scope) => Json | undefined;

// Expressions come from pack data and are evaluated on every call, so each is turned into closures once
// and kept: by identity for objects (the pack source), by text for paths.
const compiledObjects = new WeakMap<object, Evaluator>();
const compiledPaths = new Map<string, Evaluator>();
const MISSING: Evaluator = () => undefined;

function compilePath(text: string): Evaluator {
  let f = compiledPaths.get(text);
  if (f) return f;
  const p = parsePath(text);
  if (typeof p === 'string') f = MISSING;
  else {
    const path = p;
    const keys = staticKeys(path);
    // A path of fixed keys (most are) reads its root once and then its keys, as readPath does, with no
    // segment to inspect per call.
    if (keys) {
      const root = path.root;
      const start: Evaluator =
        root === 'args' ? (scope) => scope.args : root === 'caller' ? (scope) => scope.caller : root === 'now' ? (scope) => scope.now : root === 'records' ? (scope) => scope.records : (scope) => scope.names.get(root);
      if (keys.length === 0) f = start;
      else if (keys.length === 1) {
        const key = keys[0];
        f = (scope) => {
          const cur = start(scope);
          return cur === undefined ? undefined : own(cur, key);
        };
      } else {
        f = (scope) => {
          let cur = start(scope);
          for (let i = 0; i < keys.length; i++) {
            if (cur === undefined) return undefined;
            cur = own(cur, keys[i]);
          }
          return cur;
        };
      }
    } else f = (scope) => readPath(path, scope);
  }
  if (compiledPaths.size < 5000) compiledPaths.set(text, f);
  return f;
}

function ordered(test: (o: number) => boolean, a: Evaluator, b: Evaluator): Evaluator {
  return (scope) => {
    const o = order(a(scope), b(scope));
    return o !== undefined && test(o);
  };
}

/** Turns an expression into a function of the scope. Total: a malformed expression evaluates to missing. */
export function compileExpr(expr: Json): Evaluator {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$')) return () => expr;
    return compilePath(expr);
  }
  if (expr === null || typeof expr !== 'object') return () => expr;
  const cached = compiledObjects.get(expr);
  if (cached) return cached;
  const f = build(expr);
  compiledObjects.set(expr, f);
  return f;
}

function build(expr: Json[] | JsonObject): Evaluator {
  if (Array.isArray(expr)) {
    const items = expr.map(compileExpr);
    return (scope) => items.map((e) => e(scope) ?? null);
  }
  const keys = Object.keys(expr);
  if (keys.length !== 1) return MISSING;
  const op = keys[0];
  const arg = expr[op];
  if (op === 'literal') return () => arg;
  const list = (Array.isArray(arg) ? arg : [arg]).map(compileExpr);
  // Operators of two operands read `a` and `b`; the pack compiler has checked the count.
  const a = list[0] as Evaluator | undefined;
  const b = list[1] as Evaluator | undefined;
  const pair = list.length === 2;
  const one = compileExpr(arg);
  switch (op as Operator) {
    // Plain loops: no closure is made per evaluation (the checks run on every accepted call).
    case 'all':
      return (scope) => {
        for (let i = 0; i < list.length; i++) if (list[i](scope) !== true) return false;
        return true;
      };
    case 'any':
      return (scope) => {
        for (let i = 0; i < list.length; i++) if (list[i](scope) === true) return true;
        return false;
      };
    case 'not':
      return (scope) => one(scope) !== true;
    case 'eq':
      return (scope) => deepEqual(a?.(scope), b?.(scope));
    case 'ne':
      return (scope) => !deepEqual(a?.(scope), b?.(scope));
    case 'lt':
      return pair ? ordered((o) => o < 0, a!, b!) : MISSING;
    case 'lte':
      return pair ? ordered((o) => o <= 0, a!, b!) : MISSING;
    case 'gt':
      return pair ? ordered((o) => o > 0, a!, b!) : MISSING;
    case 'gte':
      return pair ? ordered((o) => o >= 0, a!, b!) : MISSING;
    case 'in':
      return (scope) => {
        const needle = a?.(scope);
        const hay = b?.(scope);
        if (needle === undefined || !Array.isArray(hay)) return false;
        for (let i = 0; i < hay.length; i++) if (deepEqual(needle, hay[i])) return true;
        return false;
      };
    case 'missing':
      return (scope) => {
        const v = one(scope);
        return v === undefined || v === null;
      };
    case 'present':
      return (scope) => {
        const v = one(scope);
        return v !== undefined && v !== null;
      };
    case 'some':
      if (!a || !b) return MISSING;
      return (scope) => {
        const had = scope.names.has('item');
        const previous = scope.names.get('item');
        try {
          return items(a(scope)).some((item) => {
            scope.names.set('item', item);
            return b(scope) === true;
          });
        } finally {
          if (had) scope.names.set('item', previous);
          else scope.names.delete('item');
        }
      };
    case 'add':
      return (scope) => {
        let sum = 0;
        for (const e of list) {
          const n = number(e(scope));
          if (n === undefined) return undefined;
          sum += n;
        }
        return sum;
      };
    case 'sub':
      return (scope) => {
        const x = number(a?.(scope));
        const y = number(b?.(scope));
        return x === undefined || y === undefined ? undefined : x - y;
      };
    case 'coalesce':
      return (scope) => {
        for (const e of list) {
          const v = e(scope);
          if (v !== undefined && v !== null) return v;
        }
        return undefined;
      };
    case 'days_since':
      return (scope) => {
        const t = instant(one(scope));
        const now = instant(scope.now);
        return t === undefined || now === undefined ? undefined : (now - t) / 86_400_000;
      };
    case 'seconds_until':
      return (scope) => {
        const t = instant(one(scope));
        const now = instant(scope.now);
        return t === undefined || now === undefined ? undefined : (t - now) / 1000;
      };
    default:
      return MISSING;
  }
}

export function evaluate(expr: Json, scope: Scope): Json | undefined {
  return compileExpr(expr)(scope);
}

// ---- checking an expression as a pack writes it ------------------------------------------------

export interface ExprProblem {
  /** JSON pointer relative to the expression. */
  path: string;
  message: string;
}

/** What a pack's expression may refer to where it stands. */
export interface ExprContext {
  /** Names bound by earlier checks (`ticket` -> record kind `tickets`) and `let` names (kind null). */
  names: Map<string, string | null>;
  /** Declared argument paths without array items (`ticket_id`, `start.dateTime`). */
  argumentPaths: string[];
  /** Keys the state's caller has. */
  callerKeys: string[] | null;
  /** Record kinds in the pack state, with the keys their records use. */
  recordKeys: Map<string, Set<string>>;
  /** True where `$item` is bound (inside `some`). */
  inSome?: boolean;
}


function listOf(values: Iterable<string>, max = 12): string {
  const all = [...values];
  return all.length > max ? `${all.slice(0, max).join(', ')}, …` : all.join(', ');
}

function checkPath(text: string, at: string, ctx: ExprContext, problems: ExprProblem[]): ParsedPath | undefined {
  const parsed = parsePath(text);
  if (typeof parsed === 'string') {
    problems.push({ path: at, message: `"${text}" is not a path: ${parsed}` });
    return undefined;
  }
  checkParsedPath(text, parsed, at, ctx, problems);
  return parsed;
}

function checkParsedPath(text: string, path: ParsedPath, at: string, ctx: ExprContext, problems: ExprProblem[]) {
  for (const s of path.segments) if ('dynamic' in s) checkParsedPath(text, s.dynamic, at, ctx, problems);
  const keys = staticKeys(path);
  const first = path.segments[0];
  const firstKey = first && 'key' in first ? first.key : undefined;
  switch (path.root) {
    case 'args': {
      if (!keys) {
        problems.push({ path: at, message: `"${text}": an argument path cannot have a computed [$…] segment` });
        return;
      }
      const name = keys.join('.');
      if (!name) problems.push({ path: at, message: `"${text}" names no argument; write $args.<argument>` });
      else if (!ctx.argumentPaths.includes(name)) {
        problems.push({ path: at, message: `"${text}" refers to the argument "${name}", which the tool does not declare; its arguments are: ${listOf(ctx.argumentPaths)}` });
      }
      return;
    }
    case 'now':
      if (path.segments.length) problems.push({ path: at, message: `"${text}": $now is a timestamp and has no keys` });
      return;
    case 'caller':
      if (firstKey !== undefined && ctx.callerKeys && !ctx.callerKeys.includes(firstKey)) {
        problems.push({ path: at, message: `"${text}" refers to the caller's "${firstKey}", which state.caller does not have; it has: ${listOf(ctx.callerKeys) || 'nothing'}` });
      }
      return;
    case 'records': {
      if (!first) return;
      if (!firstKey) {
        problems.push({ path: at, message: `"${text}": the record kind after $records must be written out, not computed` });
        return;
      }
      const fields = ctx.recordKeys.get(firstKey);
      if (!fields) {
        problems.push({ path: at, message: `"${text}" refers to the record kind "${firstKey}", which state.records does not have; its kinds are: ${listOf(ctx.recordKeys.keys()) || 'none'}` });
        return;
      }
      const third = path.segments[2];
      if (third && 'key' in third && fields.size && !fields.has(third.key)) {
        problems.push({ path: at, message: `"${text}" reads "${third.key}", which no record of kind ${firstKey} has; they have: ${listOf(fields)}` });
      }
      return;
    }
    case 'item':
      if (!ctx.inSome) problems.push({ path: at, message: `"${text}": $item exists only inside "some"` });
      return;
    default: {
      if (!ctx.names.has(path.root)) {
        const known = [...BASE_ROOTS, ...ctx.names.keys(), ...(ctx.inSome ? ['item'] : [])].map((n) => `$${n}`);
        problems.push({ path: at, message: `"${text}" starts from $${path.root}, which is not bound here; paths start from ${listOf(known, 20)}` });
        return;
      }
      const kind = ctx.names.get(path.root);
      const fields = kind ? ctx.recordKeys.get(kind) : undefined;
      if (firstKey !== undefined && fields && fields.size && !fields.has(firstKey)) {
        problems.push({ path: at, message: `"${text}" reads "${firstKey}", which no record of kind ${kind} has; they have: ${listOf(fields)}` });
      }
    }
  }
}

/** Checks an expression; `condition` asks for one whose value is true or false. */
export function checkExpr(expr: unknown, at: string, ctx: ExprContext, problems: ExprProblem[], condition = false, depth = 0): void {
  if (depth > 24) {
    problems.push({ path: at, message: 'nests more than 24 levels deep' });
    return;
  }
  if (condition && !(expr && typeof expr === 'object' && !Array.isArray(expr))) {
    problems.push({ path: at, message: `must be a condition: one operator object whose value is true or false (${CONDITION_OPERATORS.join(', ')})` });
    return;
  }
  if (typeof expr === 'string') {
    if (expr.startsWith('$')) checkPath(expr, at, ctx, problems);
    return;
  }
  if (expr === null || typeof expr !== 'object') {
    if (typeof expr === 'number' && !Number.isFinite(expr)) problems.push({ path: at, message: 'is not a finite number' });
    return;
  }
  if (Array.isArray(expr)) {
    expr.forEach((e, i) => checkExpr(e, childPointer(at, i), ctx, problems, false, depth + 1));
    return;
  }
  const keys = Object.keys(expr);
  if (keys.length !== 1 || !(keys[0] in OPERATORS)) {
    const what = keys.length === 1 ? `"${keys[0]}" is not an operator` : `an operator object has exactly one key, and this one has ${keys.length}`;
    problems.push({ path: at, message: `${what}; the operators are ${Object.keys(OPERATORS).join(', ')} (wrap a JSON value in {"literal": …})` });
    return;
  }
  const op = keys[0] as Operator;
  const arg = (expr as Record<string, unknown>)[op];
  const here = childPointer(at, op);
  if (condition && !CONDITION_OPERATORS.includes(op)) {
    problems.push({ path: at, message: `"${op}" gives a value, not true or false; a condition is one of ${CONDITION_OPERATORS.join(', ')}` });
    return;
  }
  const shape = OPERATORS[op];
  const sub = (e: unknown, p: string, cond: boolean, c: ExprContext = ctx) => checkExpr(e, p, c, problems, cond, depth + 1);
  switch (shape) {
    case 'any':
      return;
    case 'path':
      if (!isPathText(arg)) problems.push({ path: here, message: `"${op}" takes one $path, such as "$ticket.assignee"` });
      else checkPath(arg, here, ctx, problems);
      return;
    case 'one':
      if (Array.isArray(arg)) problems.push({ path: here, message: `"${op}" takes one expression, not a list` });
      else sub(arg, here, op === 'not');
      return;
    case 'pair':
      if (!Array.isArray(arg) || arg.length !== 2) {
        problems.push({ path: here, message: `"${op}" takes a list of exactly two expressions` });
        return;
      }
      if (op === 'some') {
        sub(arg[0], childPointer(here, 0), false);
        sub(arg[1], childPointer(here, 1), true, { ...ctx, inSome: true });
        return;
      }
      arg.forEach((e, i) => sub(e, childPointer(here, i), false));
      return;
    case 'list': {
      const min = op === 'add' ? 2 : 1;
      if (!Array.isArray(arg) || arg.length < min) {
        problems.push({ path: here, message: `"${op}" takes a list of at least ${min === 1 ? 'one expression' : 'two expressions'}` });
        return;
      }
      arg.forEach((e, i) => sub(e, childPointer(here, i), op === 'all' || op === 'any'));
    }
  }
}

/**
 * The roots whose values an expression passes on (`args`, `ticket`…), for the rule that messages never echo
 * the call. A computed key (`$records.charge_minimums[$args.currency]`) only chooses which value of the
 * state is read, so the roots inside it are left out.
 */
export function rootsOf(expr: unknown, out = new Set<string>()): Set<string> {
  if (typeof expr === 'string') {
    if (expr.startsWith('$')) {
      const p = parsePath(expr);
      if (typeof p !== 'string') out.add(p.root);
    }
  } else if (Array.isArray(expr)) for (const e of expr) rootsOf(e, out);
  else if (expr && typeof expr === 'object') {
    for (const [k, v] of Object.entries(expr)) if (k !== 'literal') rootsOf(v, out);
  }
  return out;
}

// ---- words ------------------------------------------------------------------------------------------

/** A path as a reader sees it: `$args.status` is the argument `status`; `$ticket.assignee` stays a path. */
function pathWords(text: string): string {
  const p = parsePath(text);
  if (typeof p === 'string') return text;
  const show = (q: ParsedPath): string => {
    const segs = q.segments.map((s) => ('key' in s ? `.${s.key}` : `[${show(s.dynamic)}]`)).join('');
    return q.root === 'args' ? segs.slice(1) : `${q.root}${segs}`;
  };
  return show(p);
}

const SYMBOLS: Partial<Record<Operator, string>> = { eq: 'is', ne: 'is not', lt: '<', lte: '≤', gt: '>', gte: '≥' };

/** The expression in words, for the docs: `status is "closed" and ticket.assignee is absent`. */
export function describeExpr(expr: unknown, nested = false): string {
  if (typeof expr === 'string') return expr.startsWith('$') ? pathWords(expr) : JSON.stringify(expr);
  if (expr === null || typeof expr !== 'object') return JSON.stringify(expr);
  if (Array.isArray(expr)) return `[${expr.map((e) => describeExpr(e)).join(', ')}]`;
  const [op] = Object.keys(expr);
  const arg = (expr as Record<string, unknown>)[op];
  const list = Array.isArray(arg) ? arg : [arg];
  const wrap = (s: string) => (nested ? `(${s})` : s);
  switch (op as Operator) {
    case 'literal':
      return JSON.stringify(arg);
    case 'all':
      return list.length === 1 ? describeExpr(list[0], nested) : wrap(list.map((e) => describeExpr(e, true)).join(' and '));
    case 'any':
      return list.length === 1 ? describeExpr(list[0], nested) : wrap(list.map((e) => describeExpr(e, true)).join(' or '));
    case 'not':
      return `not ${describeExpr(arg, true)}`;
    case 'eq':
    case 'ne':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return `${describeExpr(list[0], true)} ${SYMBOLS[op as Operator]} ${describeExpr(list[1], true)}`;
    case 'in':
      return `${describeExpr(list[0], true)} is one of ${describeExpr(list[1], true)}`;
    case 'missing':
      return `${describeExpr(arg, true)} is absent`;
    case 'present':
      return `${describeExpr(arg, true)} is present`;
    case 'some':
      return `some item of ${describeExpr(list[0], true)} has ${describeExpr(list[1], true)}`;
    case 'add':
      return wrap(list.map((e) => describeExpr(e, true)).join(' + '));
    case 'sub':
      return wrap(`${describeExpr(list[0], true)} − ${describeExpr(list[1], true)}`);
    case 'coalesce':
      return wrap(list.map((e) => describeExpr(e, true)).join(', or else '));
    case 'days_since':
      return `days since ${describeExpr(arg, true)}`;
    case 'seconds_until':
      return `seconds until ${describeExpr(arg, true)}`;
    default:
      return JSON.stringify(expr);
  }
}
