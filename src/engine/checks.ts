// Stage 5, checks: runs only on a call that passed validation. Walks the tool's ordered checks against
// the state (existence, then permission, then rules) and stops at the first failure, whose body is one
// flat object: {error, field?, message, received?, next_call?, retryable, retry_after?}. A record the
// caller may not see is answered exactly as a missing one, so the body never discloses that it exists.
// An accepted call gets the effects it would have on the state, computed and never applied.
import { describeExpr, evaluate, deepEqual, type Scope } from './conditions';
import { PLACEHOLDER } from './checks-compile';
import { cutReceived, cutString } from './received';
import { valueAt } from './paths';
import type { Body, CheckStep, CompiledCheck, CompiledTool, Effect, ExistsCheckSource, Fault, Json, JsonObject, PermissionCheckSource, RuleCheckSource } from './types';

export interface ChecksOutcome {
  ok: boolean;
  steps: CheckStep[];
  /** The body handed to the model; null when every check passed. */
  body: Body | null;
  /** The failure as a fault, for the log. */
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

/** Whatever the state is (the playground passes what a user typed), the checks read only what is there. */
function readState(state: unknown) {
  return { now: own(state, 'now'), caller: own(state, 'caller'), records: own(state, 'records') };
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
 * The not_found body: the same bytes whether the record is missing or hidden from this caller. The call
 * that lists valid ids is `next_call`; the message does not say it twice.
 */
function notFoundBody(check: CompiledCheck, received: Json): Body {
  const body: Body = { error: 'not_found', field: (check.source as ExistsCheckSource).argument };
  body.message = `matches no ${check.noun}`;
  body.received = cutReceived(received);
  if (check.resolveWith) body.next_call = check.resolveWith;
  body.retryable = false;
  return body;
}

function fault(code: string, field: string, message: string, reason: string, received?: Json): Fault {
  return { field, code, message, received, hasReceived: received !== undefined, candidates: [], showCandidates: false, stage: 'checks', reason };
}

/** A pack's argument paths, split once: the checks run on every call, and the paths are few. */
const SEGMENTS = new Map<string, string[]>();
function argumentSegments(path: string): string[] {
  let segments = SEGMENTS.get(path);
  if (!segments) SEGMENTS.set(path, (segments = path.split('.')));
  return segments;
}

/** A rule's `let` bindings as entries, read once per rule rather than once per call. */
const LETS = new WeakMap<RuleCheckSource, [string, Json][]>();
function letsOf(src: RuleCheckSource): [string, Json][] {
  let lets = LETS.get(src);
  if (!lets) LETS.set(src, (lets = Object.entries(src.let ?? {}) as [string, Json][]));
  return lets;
}

export function runChecks(tool: CompiledTool, args: JsonObject, state: unknown): ChecksOutcome {
  const { now, caller, records } = readState(state);
  const scope: Scope = { args, caller, now, records, names: new Map() };
  const bound = new Map<string, { kind: string; id: string; record: JsonObject }>();
  const steps: CheckStep[] = [];
  const checks = tool.checks;

  const stop = (i: number, detail: string, body: Body, f: Fault): ChecksOutcome => {
    steps.push({ id: checks[i].id, kind: checks[i].kind, outcome: 'failed', detail });
    const rest = checks.slice(i + 1);
    for (const c of rest) steps.push({ id: c.id, kind: c.kind, outcome: 'not_run' });
    return { ok: false, steps, body, fault: f, stoppedBy: checks[i].id, notRun: rest.map((c) => c.id), effects: [] };
  };

  for (let i = 0; i < checks.length; i++) {
    const check = checks[i];
    if (check.kind === 'exists') {
      const src = check.source as ExistsCheckSource;
      const sent = valueAt(args, argumentSegments(src.argument));
      if (!sent.found || sent.value === undefined || sent.value === null) {
        steps.push({ id: check.id, kind: check.kind, outcome: 'skipped', detail: `${src.argument} was not sent` });
        // Two exists checks may bind one name (a charge or a payment intent, as `payment`): keep the one sent.
        if (!scope.names.has(check.binding!)) scope.names.set(check.binding!, undefined);
        continue;
      }
      const id = typeof sent.value === 'string' || typeof sent.value === 'number' ? String(sent.value) : null;
      const record = id === null ? undefined : own(own(records, src.record), id);
      const body = () => notFoundBody(check, sent.value as Json);
      // Only a failure's log reason needs the id as text; an accepted call should not pay for it.
      const idText = () => JSON.stringify(id ?? sent.value).slice(0, 80);
      if (!isObject(record)) {
        const reason = `no ${src.record} record ${idText()} in the state`;
        return stop(i, reason, body(), fault('not_found', src.argument, String(body().message), reason, cutReceived(sent.value as Json)));
      }
      scope.names.set(check.binding!, record);
      if (src.where !== undefined && evaluate(src.where, scope) !== true) {
        // Not the record this call names (an event on another calendar): the body of a miss, and the trace says why.
        const reason = `${src.record} record ${idText()} exists, but not where this call looks (where: ${describeExpr(src.where)}); answered as not_found`;
        return stop(i, reason, body(), fault('not_found', src.argument, String(body().message), reason, cutReceived(sent.value as Json)));
      }
      if (src.visible !== undefined && evaluate(src.visible, scope) !== true) {
        // The model gets the body of a miss; only the log and the trace say the record is there.
        const reason = `${src.record} record ${idText()} exists but is hidden from this caller (visible: ${describeExpr(src.visible)}); answered as not_found`;
        return stop(i, reason, body(), fault('not_found', src.argument, String(body().message), reason, cutReceived(sent.value as Json)));
      }
      bound.set(check.binding!, { kind: src.record, id: id!, record });
      steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
      continue;
    }
    if (check.kind === 'permission') {
      const src = check.source as PermissionCheckSource;
      if (evaluate(src.requires, scope) !== true) {
        const body: Body = { error: 'forbidden', message: src.message };
        if (src.next_call) body.next_call = src.next_call;
        body.retryable = false;
        const reason = `the caller does not meet: ${describeExpr(src.requires)}`;
        return stop(i, reason, body, fault('forbidden', '', src.message, reason));
      }
      steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
      continue;
    }
    const src = check.source as RuleCheckSource;
    const lets = letsOf(src);
    for (const [name, e] of lets) scope.names.set(name, evaluate(e, scope));
    const fires = evaluate(src.when, scope) === true;
    if (fires) {
      const body: Body = { error: src.code };
      if (src.field) body.field = src.field;
      body.message = render(src.message, scope);
      const sent = src.field ? valueAt(args, argumentSegments(src.field)) : { found: false };
      if (sent.found && sent.value !== undefined) body.received = cutReceived(sent.value);
      if (src.next_call) body.next_call = src.next_call;
      body.retryable = src.retryable;
      if (src.retryable && src.retry_after !== undefined) {
        const after = evaluate(src.retry_after, scope);
        if (typeof after === 'number' && Number.isFinite(after)) body.retry_after = Math.max(1, Math.ceil(after));
      }
      const reason = `${src.code}: ${describeExpr(src.when)}`;
      const result = stop(i, reason, body, fault(src.code, src.field ?? '', String(body.message), reason, body.received));
      for (const [name] of lets) scope.names.delete(name);
      return result;
    }
    for (const [name] of lets) scope.names.delete(name);
    steps.push({ id: check.id, kind: check.kind, outcome: 'passed' });
  }

  return { ok: true, steps, body: null, fault: null, stoppedBy: null, notRun: [], effects: effectsOf(tool, scope, bound) };
}

function effectsOf(tool: CompiledTool, scope: Scope, bound: Map<string, { kind: string; id: string; record: JsonObject }>): Effect[] {
  const out: Effect[] = [];
  for (const e of tool.effects) {
    if (e.update !== undefined) {
      const target = bound.get(e.update);
      if (!target) continue; // its argument was not sent, so the call touches no such record
      for (const [field, expr] of Object.entries(e.set)) {
        const to = evaluate(expr, scope);
        if (to === undefined) continue;
        const from = own(target.record, field) ?? null;
        if (deepEqual(from, to)) continue;
        out.push({ action: 'update', record: target.kind, id: target.id, field, from, to });
      }
    } else if (e.create !== undefined) {
      for (const [field, expr] of Object.entries(e.set)) {
        const to = evaluate(expr, scope);
        if (to === undefined) continue;
        out.push({ action: 'create', record: e.create, id: null, field, from: null, to });
      }
    }
  }
  return out;
}
