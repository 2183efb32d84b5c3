// What the site shows of the ordered checks, computed by the engine: each check in words with a body
// check() produced for the pack's own example, the rule codes for the dictionary, the short trace the
// playground prints (validated ✓, exists ✓, permitted ✗) and whether an edited state differs from the pack's.
import { check } from './check';
import { serializeBody } from './body/body';
import { describeExpr, deepEqual } from './shared/conditions';
import type { CheckExample, CheckOptions, CheckResult, CheckStep, CompiledCheck, CompiledPack, CompiledTool, ExistsCheckSource, Json, PermissionCheckSource, RuleCheckSource } from './types';

/** The options a check example runs with: the pack's state, with the example's caller when it names one. */
export function checkExampleOptions(pack: CompiledPack, ex: CheckExample): CheckOptions {
  return ex.caller ? { state: { ...(pack.state ?? {}), caller: ex.caller } as Json } : {};
}

export interface CheckExampleRun extends CheckExample {
  result: CheckResult;
  /** The exact bytes handed to the model ('' when accepted). */
  bytes: string;
}

export interface CheckDoc {
  id: string;
  kind: CompiledCheck['kind'];
  /** The code a failure gives. */
  code: string;
  retryable: boolean;
  /** The check in one or two sentences. */
  words: string;
  /** The condition in words (`status is "closed" and ticket.assignee is absent`), when the check has one. */
  condition?: string;
  next_call?: string;
  /** The pack's first example that this check stops (from examples.checks, else examples.invalid), run through check(). */
  example?: CheckExampleRun;
}

function wordsFor(c: CompiledCheck): { words: string; condition?: string; next_call?: string } {
  if (c.kind === 'exists') {
    const s = c.source as ExistsCheckSource;
    const visible = s.visible === undefined ? undefined : describeExpr(s.visible);
    const where = s.where === undefined ? undefined : describeExpr(s.where);
    let words = `${s.argument} must name an existing ${c.noun}`;
    if (where) words += ` for which ${where}`;
    if (visible) words += `${where ? ',' : ''} that the caller may see`;
    if (where && !visible) words += `; any other ${c.noun} gets exactly the body of a missing one`;
    if (visible) words += `; any other ${c.noun} gets exactly the body of a missing one, so a hidden one's existence is not disclosed`;
    words += `. Otherwise not_found${c.resolveWith ? `, pointing to ${c.resolveWith}` : ''}.`;
    const condition = where && visible ? `(${where}) and (${visible})` : where ?? visible;
    return { words, condition, next_call: c.resolveWith };
  }
  if (c.kind === 'permission') {
    const s = c.source as PermissionCheckSource;
    const condition = describeExpr(s.requires);
    return { words: `The caller must meet: ${condition}. Otherwise forbidden: ${s.message}`, condition, next_call: s.next_call };
  }
  const s = c.source as RuleCheckSource;
  const condition = describeExpr(s.when);
  const retry = s.retryable ? 'Retrying the same call can succeed; the body says after how many seconds.' : 'Retrying the same call is futile.';
  return { words: `Refused with ${s.code} when ${condition}. ${retry}`, condition, next_call: s.next_call };
}

/** Runs one of a tool's check examples (with its caller, when it names one). */
export function runCheckExample(pack: CompiledPack, tool: CompiledTool, ex: CheckExample): CheckExampleRun {
  const result = check(pack, { name: tool.name, arguments: ex.arguments }, checkExampleOptions(pack, ex));
  return { ...ex, result, bytes: result.body ? serializeBody(result.body) : '' };
}

/** The tool's ordered checks, in order, each in words with the body the engine gives its example. */
export function checkDocs(pack: CompiledPack, tool: CompiledTool): CheckDoc[] {
  // The check examples first, then the faulty examples that reach the checks (a not_found or forbidden kept there).
  const examples = [...(tool.source.examples?.checks ?? []), ...(tool.source.examples?.invalid ?? [])];
  const runs = examples.map((ex) => runCheckExample(pack, tool, ex));
  return tool.checks.map((c) => {
    const example = runs.find((r) => r.result.log.check === c.id);
    return { id: c.id, kind: c.kind, code: c.code, retryable: c.retryable, ...wordsFor(c), ...(example ? { example } : {}) };
  });
}

export interface RuleCodeEntry {
  code: string;
  tool: string;
  check: string;
  retryable: boolean;
  /** The message as declared, with its {$…} placeholders. */
  message: string;
  next_call?: string;
}

/** Every business-rule code a pack can give, for the error dictionary. */
export function ruleCodes(pack: CompiledPack): RuleCodeEntry[] {
  const out: RuleCodeEntry[] = [];
  for (const t of pack.tools) {
    for (const c of t.checks) {
      if (c.kind !== 'rule') continue;
      const s = c.source as RuleCheckSource;
      out.push({ code: c.code, tool: t.name, check: c.id, retryable: c.retryable, message: s.message, ...(s.next_call ? { next_call: s.next_call } : {}) });
    }
  }
  return out;
}

export interface TraceStep {
  /** `validated`, `exists ticket_id`, `permitted`, or a rule's code. */
  label: string;
  outcome: CheckStep['outcome'];
  detail?: string;
}

function labelOf(step: CheckStep): string {
  if (step.kind === 'exists') return `exists ${step.id.slice('exists:'.length)}`;
  if (step.kind === 'permission') return step.id === 'permission' ? 'permitted' : `permitted (${step.id.slice('permission:'.length)})`;
  return step.id.slice('rule:'.length);
}

/** Why validation stopped the call, in words: the call could not be read, or how many faults it has. */
function validationDetail(result: CheckResult): string {
  if (result.log.stage === 'parse') return 'the call could not be read as a call to a tool of this pack';
  const n = result.log.faults.length;
  return `${n} fault${n === 1 ? '' : 's'} in the arguments; the ordered checks run only on a well-formed call`;
}

/** The short trace of a result: validation first, then each ordered check. */
export function traceSteps(result: CheckResult): TraceStep[] {
  const stage = result.log.stage;
  const validated: TraceStep = stage === 'parse' || stage === 'absorb' || stage === 'validate' ? { label: 'validated', outcome: 'failed', detail: validationDetail(result) } : { label: 'validated', outcome: 'passed' };
  return [validated, ...result.checks.map((s) => ({ label: labelOf(s), outcome: s.outcome, ...(s.detail ? { detail: s.detail } : {}) }))];
}

/** True when an edited state is not the pack's own: a share link carries `state` only then. */
export function stateDiffers(pack: CompiledPack, state: Json | undefined): boolean {
  if (state === undefined) return false;
  return !deepEqual((pack.state ?? null) as Json, state);
}
