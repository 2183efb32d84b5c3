// Stage 5, checks: runs only on a call that passed validation. Walks the tool's ordered checks against
// the state (existence, then permission, then rules) and stops at the first failure, whose body is one
// flat object: {error, field?, message, received?, next_call?, retryable, retry_after?}. A record the
// caller may not see is answered exactly as a missing one, so the body never discloses that it exists.
// An accepted call gets the effects it would have on the state, computed and never applied.
import { PLACEHOLDER, compileExpr, describeExpr, evaluate, deepEqual, type Scope } from '../shared/conditions';
import { cutString } from '../faults/received';
import { valueAt } from '../paths';
import { makeFault } from '../faults/fault';
import type { CheckStep, CompiledCheck, CompiledTool, Effect, ExistsCheckSource, Fault, Json, JsonObject, PermissionCheckSource, RuleCheckSource } from '../types';

export interface ChecksOutcome {
  ok: boolean;
  steps: CheckStep[];
  /** The failure as a fault: body.ts writes the body handed to the model from it, and the log records it. */
  fault: Fault | null;
  /** The id of the check that stopped the call. */
  stoppedBy: string | null;
  notRun: string[];
  effects: Effect[];
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function own(value: unknown, key: string): Json | undefined {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}


/** The steps of a call that never reached the checks: every check not run. */
export function notRunSteps(tool: CompiledTool | undefined): CheckStep[] {
  return (tool?.checks ?? []).map((c) => ({ id: c.id, kind: c.kind, outcome: 'not_run' }));
}

function render(message: string, scope: Scope): string {
  return message.replace(PLACEHOLDER, (_m, path: string) => {
    const v = evaluate(path, scope);
    if (v === undefined || v === null) return 'unknown';
    if (typeof v === 'string') return cutString(v, 80);
    if (typeof v === 'number') return String(Math.round(v * 100) / 100);
    return cutString(JSON.stringify(v), 80);
  });
}

/**
 * The not_found fault: the same bytes whether the record is missing or hidden from this caller. The call
 * that lists valid ids is `next_call`; the message does not say it twice.
 */
function notFound(check: CompiledCheck, value: Json, reason: string): Fault {
  const argument = (check.source as ExistsCheckSource).argument;
  return makeFault({ code: 'not_found', stage: 'checks', field: argument, statement: `matches no ${check.noun}`, sent: value, nextCall: check.resolveWith, check: check.id, reason, detail: reason });
}

/** The value at an argument path, or undefined when none is there: valueAt's reading, with nothing allocated. */
function sentAt(args: Json, segments: readonly string[]): Json | undefined {
  let cur: Json | undefined = args;
  for (let i = 0; i < segments.length; i++) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, segments[i])) return undefined;
    cur = (cur as JsonObject)[segments[i]];
  }
  return cur;
}

/** A failure's log reason names the id as text; only a failure pays for it. */
function idTextOf(id: string | null, value: Json): string {
  return JSON.stringify(id ?? value).slice(0, 80);
}

/** A pack's argument paths, split once: the checks run on every call, and the paths are few. */
const SEGMENTS = new Map<string, string[]>();
function argumentSegments(path: string): string[] {
  let segments = SEGMENTS.get(path);
  if (!segments) SEGMENTS.set(path, (segments = path.split('.')));
  return segments;
}

type Evaluator = ReturnType<typeof compileExpr>;

/**
 * A tool's checks and effects with their expressions compiled and their paths split, once per tool: the
 * checks run on every accepted call, and a look-up per expression per call was most of their cost.
 * compileExpr gives the same evaluator evaluate() would use, so the outcome is the same.
 */
interface Prepared {
  checks: CompiledCheck[];
  effects: CompiledTool['effects'];
  steps: {
    segments?: string[];
    where?: Evaluator;
    visible?: Evaluator;
    requires?: Evaluator;
    when?: Evaluator;
    lets: [string, Evaluator][];
    field?: string[];
    retryAfter?: Evaluator;
  }[];
  effectSets: [string, Evaluator][][];
}

// Kept on the tool under a symbol (a WeakMap for a tool that cannot take one): this is read on every call.
const PREPARED = Symbol('prepared checks');
const PREPARED_ELSEWHERE = new WeakMap<CompiledTool, Prepared>();
const NO_LETS: [string, Evaluator][] = [];

function prepared(tool: CompiledTool): Prepared {
  let p = (tool as CompiledTool & { [PREPARED]?: Prepared })[PREPARED] ?? PREPARED_ELSEWHERE.get(tool);
  if (p && p.checks === tool.checks && p.effects === tool.effects) return p;
  p = {
    checks: tool.checks,
    effects: tool.effects,
    steps: tool.checks.map((check) => {
      if (check.kind === 'exists') {
        const src = check.source as ExistsCheckSource;
        return {
          segments: argumentSegments(src.argument),
          where: src.where !== undefined ? compileExpr(src.where) : undefined,
          visible: src.visible !== undefined ? compileExpr(src.visible) : undefined,
          lets: NO_LETS,
        };
      }
      if (check.kind === 'permission') return { requires: compileExpr((check.source as PermissionCheckSource).requires), lets: NO_LETS };
      const src = check.source as RuleCheckSource;
      const lets = Object.entries(src.let ?? {}) as [string, Json][];
      return {
        when: compileExpr(src.when),
        lets: lets.length ? lets.map(([name, e]) => [name, compileExpr(e)] as [string, Evaluator]) : NO_LETS,
        field: src.field ? argumentSegments(src.field) : undefined,
        retryAfter: src.retry_after !== undefined ? compileExpr(src.retry_after) : undefined,
      };
    }),
    effectSets: tool.effects.map((e) => Object.entries(e.set).map(([field, expr]) => [field, compileExpr(expr)] as [string, Evaluator])),
  };
  if (Object.isExtensible(tool)) Object.defineProperty(tool, PREPARED, { value: p, writable: true, configurable: true });
  else PREPARED_ELSEWHERE.set(tool, p);
  return p;
}

/** The outcome of a check that failed: it, and every check after it not run; body.ts writes its body (a later stage). */
function stopAt(checks: CompiledCheck[], steps: CheckStep[], i: number, f: Fault): ChecksOutcome {
  steps.push({ id: checks[i].id, kind: checks[i].kind, outcome: 'failed', detail: f.reason });
  const rest = checks.slice(i + 1);
  for (const c of rest) steps.push({ id: c.id, kind: c.kind, outcome: 'not_run' });
  return { ok: false, steps, fault: f, stoppedBy: checks[i].id, notRun: rest.map((c) => c.id), effects: [] };
}

export function runChecks(tool: CompiledTool, args: JsonObject, state: unknown): ChecksOutcome {
  // Whatever the state is (the playground passes what a user typed), the checks read only what is there.
  const scope: Scope = { args, caller: own(state, 'caller'), now: own(state, 'now'), records: own(state, 'records'), names: new Map() };
  const records = scope.records;
  const prep = prepared(tool);
  // The records found, for effects that update one: kept only when the tool has effects.
  const bound = prep.effects.length ? new Map<string, { kind: string; id: string; record: JsonObject }>() : undefined;
  const steps: CheckStep[] = [];
  const checks = prep.checks;

  for (let i = 0; i < checks.length; i++) {
    const check = checks[i];
    const step = prep.steps[i];
    if (check.kind === 'exists') {
      const src = check.source as ExistsCheckSource;
      // The value sent, read without an allocation (undefined when not sent).
      const value = sentAt(args, step.segments!);
      if (value === undefined || value === null) {
        steps.push({ id: check.id, kind: check.kind, outcome: 'skipped', detail: `${src.argument} was not sent` });
        // Two exists checks may bind one name (a charge or a payment intent, as `payment`): keep the one sent.
        if (!scope.names.has(check.binding!)) scope.names.set(check.binding!, undefined);
        continue;
      }
      const id = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
      const record = id === null ? undefined : own(own(records, src.record), id);
      if (!isObject(record)) {
        const reason = `no ${src.record} record ${idTextOf(id, value)} in the state`;
        return stopAt(checks, steps, i, notFound(check, value, reason));
      }
      scope.names.set(check.binding!, record);
      if (step.where !== undefined && step.where(scope) !== true) {
        // Not the record this call names (an event on another calendar): the body of a miss, and the trace says why.
        const reason = `${src.record} record ${idTextOf(id, value)} exists, but not where this call looks (where: ${describeExpr(src.where)}); answered as not_found`;
        return stopAt(checks, steps, i, notFound(check, value, reason));
      }
      if (step.visible !== undefined && step.visible(scope) !== true) {
        // The model gets the body of a miss; only the log and the trace say the record is there.
        const reason = `${src.record} record ${idTextOf(id, value)} exists but is hidden from this caller (visible: ${describeExpr(src.visible)}); answered as not_found`;
        return stopAt(checks, steps, i, notFound(check, value, reason));
      }
      bound?.set(check.binding!, { kind: src.record, id: id!, record });
      steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
      continue;
    }
    if (check.kind === 'permission') {
      const src = check.source as PermissionCheckSource;
      if (step.requires!(scope) !== true) {
        const reason = `the caller does not meet: ${describeExpr(src.requires)}`;
        return stopAt(checks, steps, i, makeFault({ code: 'forbidden', stage: 'checks', field: '', statement: src.message, nextCall: src.next_call || undefined, check: check.id, reason, detail: reason }));
      }
      steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
      continue;
    }
    const src = check.source as RuleCheckSource;
    const lets = step.lets;
    for (let j = 0; j < lets.length; j++) scope.names.set(lets[j][0], lets[j][1](scope));
    const fires = step.when!(scope) === true;
    if (fires) {
      const sent = step.field ? valueAt(args, step.field) : { found: false as const };
      let retryAfter: number | undefined;
      if (src.retryable && src.retry_after !== undefined) {
        const after = step.retryAfter!(scope);
        if (typeof after === 'number' && Number.isFinite(after)) retryAfter = Math.max(1, Math.ceil(after));
      }
      const when = describeExpr(src.when);
      const f = makeFault({
        code: src.code,
        stage: 'checks',
        field: src.field || '',
        statement: render(src.message, scope),
        ...(sent.found && sent.value !== undefined ? { sent: sent.value } : {}),
        nextCall: src.next_call || undefined,
        retryable: src.retryable,
        retryAfter,
        check: check.id,
        reason: `${src.code}: ${when}`,
        detail: when,
      });
      const result = stopAt(checks, steps, i, f);
      for (let j = 0; j < lets.length; j++) scope.names.delete(lets[j][0]);
      return result;
    }
    for (let j = 0; j < lets.length; j++) scope.names.delete(lets[j][0]);
    steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
  }

  return { ok: true, steps, fault: null, stoppedBy: null, notRun: [], effects: bound ? effectsOf(prep, scope, bound) : [] };
}

function effectsOf(prep: Prepared, scope: Scope, bound: Map<string, { kind: string; id: string; record: JsonObject }>): Effect[] {
  const out: Effect[] = [];
  for (let i = 0; i < prep.effects.length; i++) {
    const e = prep.effects[i];
    if (e.update !== undefined) {
      const target = bound.get(e.update);
      if (!target) continue; // its argument was not sent, so the call touches no such record
      for (const [field, expr] of prep.effectSets[i]) {
        const to = expr(scope);
        if (to === undefined) continue;
        const from = own(target.record, field) ?? null;
        if (deepEqual(from, to)) continue;
        out.push({ action: 'update', record: target.kind, id: target.id, field, from, to });
      }
    } else if (e.create !== undefined) {
      for (const [field, expr] of prep.effectSets[i]) {
        const to = expr(scope);
        if (to === undefined) continue;
        out.push({ action: 'create', record: e.create, id: null, field, from: null, to });
      }
    }
  }
  return out;
}
