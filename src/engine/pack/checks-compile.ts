// Compiles a tool's ordered checks and effects, and a pack's state. Every mistake is reported with the
// JSON pointer into the pack file and what is wrong, so a broken rule fails where it is written: an
// unknown argument, a record kind the state lacks, a message that would echo the call, a check out of order.
import { CODES } from '../faults/codes';
import { BASE_ROOTS, PLACEHOLDER, RESERVED_NAMES, checkExpr, instant, rootsOf, type ExprContext } from '../shared/conditions';
import { CHECK_KEYS, EFFECT_KEYS } from './pack-schema';
import type { CheckSource, CompiledCheck, EffectSource, FieldInfo, Json, JsonObject, PackState, ToolSource } from '../types';
import { childPointer } from '../paths';

export interface Problem {
  path: string;
  message: string;
}

const KIND_ORDER = ['exists', 'permission', 'rule'] as const;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CODE = /^[a-z][a-z0-9_]*$/;
const CALL = /^([A-Za-z0-9_-]{1,64})\(.*\)$/;


function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `tickets` -> `ticket`, `payment_intents` -> `payment_intent`, `entries` -> `entry`. */
export function singular(kind: string): string {
  if (/ies$/.test(kind)) return kind.slice(0, -3) + 'y';
  if (/[^s]s$/.test(kind)) return kind.slice(0, -1);
  return kind;
}

/** What the pack state holds, for checking the paths rules read. */
export interface StateShape {
  hasState: boolean;
  hasNow: boolean;
  callerKeys: string[];
  recordKeys: Map<string, Set<string>>;
}

export function stateShape(state: PackState | undefined | null): StateShape {
  const recordKeys = new Map<string, Set<string>>();
  for (const [kind, byId] of Object.entries(state?.records ?? {})) {
    const keys = new Set<string>();
    for (const rec of Object.values(byId ?? {})) if (isObject(rec)) for (const k of Object.keys(rec)) keys.add(k);
    recordKeys.set(kind, keys);
  }
  return {
    hasState: !!state,
    hasNow: typeof state?.now === 'string',
    callerKeys: isObject(state?.caller) ? Object.keys(state!.caller!) : [],
    recordKeys,
  };
}

/**
 * Problems with a state, as JSON pointers into it. The pack compiler runs it on a pack's own state; the
 * playground runs it on an edited one to say what is wrong next to the editor (check() still runs: a
 * record it cannot read is simply not there).
 */
export function stateProblems(state: unknown): Problem[] {
  const problems: Problem[] = [];
  if (!isObject(state)) return [{ path: '', message: 'must be a JSON object with now, caller and records' }];
  for (const key of Object.keys(state)) {
    if (!['now', 'caller', 'records'].includes(key)) problems.push({ path: childPointer('', key), message: `unexpected key "${key}"; a state has now, caller and records` });
  }
  if ('now' in state && (typeof state.now !== 'string' || instant(state.now) === undefined)) {
    problems.push({ path: '/now', message: 'must be an RFC 3339 timestamp with an offset, such as 2026-03-11T12:00:00Z' });
  }
  if ('caller' in state && !isObject(state.caller)) problems.push({ path: '/caller', message: 'must be an object, such as {"id": "eng-3", "role": "agent", "scopes": ["tickets:write"]}' });
  if ('records' in state) {
    const records = state.records;
    if (!isObject(records)) problems.push({ path: '/records', message: 'must be an object of record kinds, each an object of records by id' });
    else {
      for (const [kind, byId] of Object.entries(records)) {
        const at = childPointer('/records', kind);
        if (!isObject(byId)) {
          problems.push({ path: at, message: `must be an object of ${kind} records by id` });
          continue;
        }
        for (const [id, rec] of Object.entries(byId)) if (!isObject(rec)) problems.push({ path: childPointer(at, id), message: 'must be a record object' });
      }
    }
  }
  return problems;
}

/** The JSON pointer of a field's schema inside a tool's arguments: `start.dateTime` -> /properties/start/properties/dateTime. */
function schemaPointer(fieldPath: string): string {
  return fieldPath
    .replace(/\[\]/g, '.[]')
    .split('.')
    .filter(Boolean)
    .map((k) => (k === '[]' ? '/items' : childPointer('/properties', k)))
    .join('');
}

function usesNow(expr: unknown): boolean {
  if (typeof expr === 'string') return expr.startsWith('$now');
  if (Array.isArray(expr)) return expr.some(usesNow);
  if (isObject(expr)) return Object.entries(expr).some(([k, v]) => k === 'days_since' || k === 'seconds_until' || (k !== 'literal' && usesNow(v)));
  return false;
}

export interface ToolCompileInput {
  tool: ToolSource;
  /** JSON pointer of the tool in the pack file (`/tools/3`). */
  base: string;
  fields: Map<string, FieldInfo>;
  state: StateShape;
  toolNames: string[];
  /** Enum codes of the pack, so a rule does not reuse one. */
  enumCodes: Map<string, string>;
}

function checkCall(value: unknown, at: string, toolNames: string[], problems: Problem[]) {
  const m = typeof value === 'string' ? CALL.exec(value) : null;
  if (!m) problems.push({ path: at, message: 'must name a call as tool(arguments), such as "assign_ticket(ticket_id, assignee)"' });
  else if (!toolNames.includes(m[1])) problems.push({ path: at, message: `names the tool "${m[1]}", which this pack does not have; its tools are: ${toolNames.join(', ')}` });
}

function checkMessage(message: unknown, at: string, allowPlaceholders: boolean, ctx: ExprContext, tainted: Set<string>, problems: Problem[]) {
  if (typeof message !== 'string' || !message.trim()) {
    problems.push({ path: at, message: 'must be a non-empty string' });
    return;
  }
  for (const m of message.matchAll(PLACEHOLDER)) {
    if (!allowPlaceholders) {
      problems.push({ path: at, message: `"{${m[1]}}": a permission message says what the caller needs and nothing about the record, so it has no placeholders` });
      continue;
    }
    const sub: Problem[] = [];
    checkExpr(m[1], at, ctx, sub);
    problems.push(...sub);
    const roots = rootsOf(m[1]);
    if (roots.has('args') || [...roots].some((r) => tainted.has(r))) {
      problems.push({ path: at, message: `"{${m[1]}}" would copy what the caller sent into the message; what the caller sent goes only under received (set "field")` });
    }
  }
}

/** Compiles one tool's checks and effects, pushing every problem found. */
export function compileToolChecks(input: ToolCompileInput, problems: Problem[]): { checks: CompiledCheck[]; effects: EffectSource[] } {
  const { tool, base, fields, state, toolNames } = input;
  const checks: CompiledCheck[] = [];
  const sources = tool.checks ?? [];
  const effects = tool.effects ?? [];
  if ((sources.length || effects.length) && !state.hasState) {
    problems.push({ path: `${base}/${sources.length ? 'checks' : 'effects'}`, message: 'reads the pack state, and this pack has none: add "state" with the records these checks read' });
    return { checks: [], effects: [] };
  }
  const argumentPaths = [...fields.keys()].filter((k) => !k.includes('[]'));
  const names = new Map<string, string | null>();
  const ctxFor = (extra?: Map<string, string | null>): ExprContext => ({
    names: extra ? new Map([...names, ...extra]) : names,
    argumentPaths,
    callerKeys: state.callerKeys,
    recordKeys: state.recordKeys,
  });
  const expr = (e: unknown, at: string, ctx: ExprContext, condition: boolean) => {
    checkExpr(e, at, ctx, problems, condition);
    if (!state.hasNow && usesNow(e)) problems.push({ path: at, message: 'reads the time ($now, days_since or seconds_until), so the state needs "now": a fixed timestamp keeps the result the same on every run' });
  };
  const checkField = (value: unknown, at: string) => {
    if (typeof value !== 'string' || !argumentPaths.includes(value)) {
      problems.push({ path: at, message: `${JSON.stringify(value)} is not an argument of ${tool.name}; its arguments are: ${argumentPaths.join(', ')}` });
      return false;
    }
    return true;
  };
  for (const f of fields.values()) {
    const kind = f.schema['x-record'];
    if (kind === undefined) continue;
    const at = `${base}/arguments${schemaPointer(f.path)}/x-record`;
    if (typeof kind !== 'string' || !state.recordKeys.has(kind)) {
      problems.push({ path: at, message: `${JSON.stringify(kind)} is not a record kind in state.records; its kinds are: ${[...state.recordKeys.keys()].join(', ') || 'none'}` });
    }
    if (!f.resolveWith) problems.push({ path: at, message: 'an id of a record kind needs x-resolve-with: the call that lists or searches those records, which a not_found body names' });
  }
  let highest = 0;
  const seenArguments = new Set<string>();
  const seenIds = new Map<string, number>();
  let permissions = 0;

  sources.forEach((raw, index) => {
    const at = childPointer(`${base}/checks`, index);
    const src = raw as CheckSource & Record<string, unknown>;
    const kind = src.kind;
    const keys = CHECK_KEYS[kind];
    if (!keys) return; // the file schema has already said so
    for (const k of Object.keys(src)) {
      if (!(keys.required as readonly string[]).includes(k) && !(keys.optional as readonly string[]).includes(k)) {
        problems.push({ path: childPointer(at, k), message: `unexpected key "${k}" on a ${kind} check; it takes ${[...keys.required, ...keys.optional].join(', ')}` });
      }
    }
    const missing = keys.required.filter((k) => !(k in src));
    for (const k of missing) problems.push({ path: at, message: `a ${kind} check needs "${k}"` });
    if (missing.length) return;
    const rank = KIND_ORDER.indexOf(kind);
    if (rank < highest) {
      problems.push({ path: childPointer(at, 'kind'), message: `a ${kind} check comes after a ${KIND_ORDER[highest]} check; checks run existence, then permission, then rules, so move it up` });
    }
    highest = Math.max(highest, rank);

    if (kind === 'exists') {
      const s = src as import('../types').ExistsCheckSource;
      const argOk = checkField(s.argument, childPointer(at, 'argument'));
      if (argOk && seenArguments.has(s.argument)) problems.push({ path: childPointer(at, 'argument'), message: `"${s.argument}" is checked for existence twice` });
      seenArguments.add(s.argument);
      const kindOk = typeof s.record === 'string' && state.recordKeys.has(s.record);
      if (!kindOk) problems.push({ path: childPointer(at, 'record'), message: `${JSON.stringify(s.record)} is not a record kind in state.records; its kinds are: ${[...state.recordKeys.keys()].join(', ') || 'none'}` });
      const binding = s.as ?? (typeof s.record === 'string' ? singular(s.record) : '');
      if (!IDENT.test(binding) || RESERVED_NAMES.includes(binding)) {
        problems.push({ path: childPointer(at, s.as === undefined ? 'record' : 'as'), message: `the record is bound as "$${binding}", which is not a usable name: write "as" with a name of letters, digits and _ other than ${RESERVED_NAMES.join(', ')}` });
      }
      if (s.where !== undefined) expr(s.where, childPointer(at, 'where'), ctxFor(new Map([[binding, s.record]])), true);
      if (s.visible !== undefined) expr(s.visible, childPointer(at, 'visible'), ctxFor(new Map([[binding, s.record]])), true);
      names.set(binding, kindOk ? s.record : null);
      const field = argOk ? fields.get(s.argument) : undefined;
      const declared = field?.schema['x-record'];
      if (field && declared !== undefined && declared !== s.record) {
        problems.push({ path: childPointer(at, 'record'), message: `is ${JSON.stringify(s.record)}, but the argument "${s.argument}" declares x-record ${JSON.stringify(declared)}; an id names records of one kind` });
      }
      const t = field?.schema.type;
      if (field && t !== undefined && !['string', 'integer'].some((x) => t === x || (Array.isArray(t) && t.includes(x)))) {
        problems.push({ path: childPointer(at, 'argument'), message: `"${s.argument}" is of type ${JSON.stringify(t)}; an id to look up is a string or an integer` });
      }
      checks.push({
        id: `exists:${s.argument}`,
        kind,
        index,
        code: 'not_found',
        retryable: false,
        source: s,
        binding,
        noun: typeof s.record === 'string' ? singular(s.record).replace(/_/g, ' ') : 'record',
        resolveWith: field?.resolveWith,
      });
      return;
    }

    if (kind === 'permission') {
      const s = src as import('../types').PermissionCheckSource;
      expr(s.requires, childPointer(at, 'requires'), ctxFor(), true);
      checkMessage(s.message, childPointer(at, 'message'), false, ctxFor(), new Set(), problems);
      if (s.next_call !== undefined) checkCall(s.next_call, childPointer(at, 'next_call'), toolNames, problems);
      permissions++;
      checks.push({ id: permissions === 1 ? 'permission' : `permission:${permissions}`, kind, index, code: 'forbidden', retryable: false, source: s });
      return;
    }

    const s = src as import('../types').RuleCheckSource;
    if (typeof s.code !== 'string' || !CODE.test(s.code)) problems.push({ path: childPointer(at, 'code'), message: 'must be a lower-case code of letters, digits and _, such as "ticket_unassigned"' });
    else if (s.code in CODES || s.code === 'not_found' || s.code === 'forbidden') problems.push({ path: childPointer(at, 'code'), message: `"${s.code}" is a generic code with its own meaning; a rule needs a code of its own` });
    else if (input.enumCodes.has(s.code)) problems.push({ path: childPointer(at, 'code'), message: `"${s.code}" is already the code for a value outside the enum of ${input.enumCodes.get(s.code)}` });
    const lets = new Map<string, string | null>();
    const tainted = new Set<string>();
    if (s.let !== undefined) {
      if (!isObject(s.let)) problems.push({ path: childPointer(at, 'let'), message: 'must be an object of names and expressions' });
      else {
        for (const [name, e] of Object.entries(s.let)) {
          const lat = childPointer(childPointer(at, 'let'), name);
          if (!IDENT.test(name) || RESERVED_NAMES.includes(name) || names.has(name)) {
            problems.push({ path: lat, message: `"${name}" cannot be a let name: use letters, digits and _, and not ${[...BASE_ROOTS, 'item', ...names.keys()].join(', ')}` });
            continue;
          }
          expr(e, lat, ctxFor(lets), false);
          const roots = rootsOf(e);
          if (roots.has('args') || [...roots].some((r) => tainted.has(r))) tainted.add(name);
          lets.set(name, null);
        }
      }
    }
    const ctx = ctxFor(lets);
    expr(s.when, childPointer(at, 'when'), ctx, true);
    if (s.field !== undefined) checkField(s.field, childPointer(at, 'field'));
    checkMessage(s.message, childPointer(at, 'message'), true, ctx, tainted, problems);
    if (s.next_call !== undefined) checkCall(s.next_call, childPointer(at, 'next_call'), toolNames, problems);
    if (typeof s.retryable !== 'boolean') problems.push({ path: childPointer(at, 'retryable'), message: 'must be true or false: whether the same call can succeed later' });
    else if (s.retryable && s.retry_after === undefined) problems.push({ path: at, message: 'a retryable rule must say when to retry: add "retry_after" (seconds, or an expression such as {"seconds_until": "$calendar.rate_limited_until"})' });
    else if (!s.retryable && s.retry_after !== undefined) problems.push({ path: childPointer(at, 'retry_after'), message: 'goes only with "retryable": true; a call that cannot succeed later has no time to retry' });
    if (s.retry_after !== undefined) expr(s.retry_after, childPointer(at, 'retry_after'), ctx, false);
    const base_id = `rule:${s.code}`;
    const n = (seenIds.get(base_id) ?? 0) + 1;
    seenIds.set(base_id, n);
    checks.push({ id: n === 1 ? base_id : `${base_id}#${n}`, kind, index, code: String(s.code), retryable: s.retryable === true, source: s });
  });

  effects.forEach((raw, index) => {
    const at = childPointer(`${base}/effects`, index);
    const e = raw as EffectSource & Record<string, unknown>;
    for (const k of Object.keys(e)) if (!(EFFECT_KEYS as readonly string[]).includes(k)) problems.push({ path: childPointer(at, k), message: `unexpected key "${k}"; an effect takes update or create, and set` });
    const hasUpdate = 'update' in e;
    if (hasUpdate === ('create' in e)) {
      problems.push({ path: at, message: 'must have exactly one of "update" (a record bound by an exists check) or "create" (a record kind)' });
      return;
    }
    if (hasUpdate && (typeof e.update !== 'string' || !names.has(e.update))) {
      problems.push({ path: childPointer(at, 'update'), message: `${JSON.stringify(e.update)} is not a record bound by an exists check of ${tool.name}; bound: ${[...names.keys()].join(', ') || 'none'}` });
    }
    if (!hasUpdate && (typeof e.create !== 'string' || !state.recordKeys.has(e.create))) {
      problems.push({ path: childPointer(at, 'create'), message: `${JSON.stringify(e.create)} is not a record kind in state.records; its kinds are: ${[...state.recordKeys.keys()].join(', ') || 'none'}` });
    }
    if (!isObject(e.set) || !Object.keys(e.set).length) {
      problems.push({ path: childPointer(at, 'set'), message: 'must be an object of record fields and the expressions that give their new values' });
      return;
    }
    for (const [field, value] of Object.entries(e.set)) expr(value, childPointer(childPointer(at, 'set'), field), ctxFor(), false);
  });

  return { checks, effects };
}

/** A rule code means one thing in a pack: the same code cannot be retryable in one rule and not in another. */
export function checkRuleCodes(tools: { name: string; base: string; checks: CompiledCheck[] }[], problems: Problem[]) {
  const seen = new Map<string, { retryable: boolean; where: string }>();
  for (const t of tools) {
    for (const c of t.checks) {
      if (c.kind !== 'rule') continue;
      const prev = seen.get(c.code);
      if (prev && prev.retryable !== c.retryable) {
        problems.push({ path: `${t.base}/checks/${c.index}/retryable`, message: `rule code "${c.code}" is ${prev.retryable ? '' : 'not '}retryable at ${prev.where}; one code has one meaning` });
      } else if (!prev) seen.set(c.code, { retryable: c.retryable, where: `${t.base}/checks/${c.index}` });
    }
  }
}

/** The pack's state as the engine keeps it, after the file schema has accepted it. */
export function packState(value: Json | undefined): PackState | null {
  return isObject(value) ? (value as PackState) : null;
}
