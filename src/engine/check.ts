// The pipeline, in the order of stages.ts: parse (the call, then the tool it names) -> absorb -> validate
// -> explain (and the suggested call) -> checks -> body. `check()` never throws: whatever it is handed, it
// returns a result with a body a model can read.
import { absorb } from './absorb/absorb';
import { mayHoldDecoratedId } from './absorb/decorated-ids';
import { listCallIn } from './absorb/list-calls';
import { assembleBody } from './body/body';
import { orderFaults } from './body/fault-order';
import { logFor } from './body/log';
import { notRunSteps, runChecks } from './checks/checks';
import { makeFault } from './faults/fault';
import { parseCall } from './parse/formats';
import { keywordExample, readTool, type TakesAsSent } from './parse/read-tool';
import { vetCandidates } from './explain/candidates';
import { acceptedAsSent } from './validate/validate';
import { validateCounted } from './explain/call-faults';
import { addSuggestedCall } from './explain/suggested-call';
import { quoteWrittenDecimals, writtenDecimalFaults } from './explain/units';
import type { CheckOptions, CheckResult, CompiledPack, Correction, Fault, FaultBody, InputShape, Json, JsonObject, LogRecord } from './types';

function rejected(pack: CompiledPack, tool: string | null, shape: InputShape, args: Json | null, corrections: Correction[], faults: Fault[], stage: LogRecord['stage'], unexplained = 0, state?: unknown): CheckResult {
  const body = assembleBody(faults, unexplained);
  // The call stopped before the ordered checks: every one of them is "not checked", never "passed".
  const steps = notRunSteps(tool === null ? undefined : pack.tool(tool));
  const log = logFor(pack, tool, shape, stage, faults, corrections, Math.max(0, faults.length + unexplained - 10));
  log.not_run = steps.map((s) => s.id);
  // Key order as the type declares it; the lazy member sits between did_you_mean and log.
  const result = { ok: false, tool, shape, arguments: args, corrections, body, did_you_mean: faults.filter((f) => f.candidates.length).map((f) => ({ field: f.field, candidates: f.candidates })) } as CheckResult;
  return addSuggestedCall(result, { pack, tool, args, faults, state }, { log, checks: steps, effects: [] });
}

function internalFault(err: unknown): Fault {
  return makeFault({
    code: 'internal_error',
    stage: 'parse',
    field: '',
    statement: 'the checker failed on this input; the call itself may be fine',
    reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
  });
}

/** The validator's answer to the tool-name step's one question: does a tool take these arguments as sent? */
const takesAsSent: TakesAsSent = (tool, args) => acceptedAsSent(tool, args).accepted;

/** Shared, never written: a call without options or faults allocates none (the valid path is a few hundred ns). */
const NO_OPTIONS: CheckOptions = Object.freeze({});
const NO_FAULTS: readonly Fault[] = Object.freeze([]);
/** Corrections that rename or move a key: on an open schema they would change a call valid as sent. */
const NO_FIELDS: readonly string[] = [];
const DECORATED_RULES: ReadonlySet<string> = new Set(['id_from_url', 'id_from_mention', 'id_sigil', 'id_case']);
const KEY_RULES: ReadonlySet<string> = new Set(['case_variant', 'declared_alias', 'field_moved']);

export function check(pack: CompiledPack, input: unknown, options: CheckOptions = NO_OPTIONS): CheckResult {
  return checkRead(pack, input, undefined, options);
}

/**
 * check() of `input`, given its JSON value when it is text already parsed (checkCalls, which parses a line
 * to look for several calls): the same result, one JSON.parse fewer.
 */
export function checkRead(pack: CompiledPack, input: unknown, value: Json | undefined, options: CheckOptions = NO_OPTIONS): CheckResult {
  try {
    return runCheck(pack, input, value, options);
  } catch (err) {
    return rejected(pack, null, 'unknown', null, [], [internalFault(err)], 'parse');
  }
}

function runCheck(pack: CompiledPack, input: unknown, value: Json | undefined, options: CheckOptions): CheckResult {
  // Only text can hold a Python-style call whose fault wants a keyword example; a value needs no hint.
  const parsed = parseCall(input, typeof input === 'string' ? { keywordExample: (name) => keywordExample(pack, name), value } : undefined);
  // A call refused as written (a key sent twice) still names its tool when the name is readable and declared.
  if (!parsed.ok) return rejected(pack, parsed.name !== null && pack.tool(parsed.name) ? parsed.name : null, parsed.shape, null, [], [parsed.fault], 'parse');
  const { shape } = parsed;
  const reading = readTool(pack, parsed.name ?? options.tool ?? null, parsed.args, parsed.repairs, takesAsSent);
  if (!reading.ok) return rejected(pack, reading.tool?.name ?? null, shape, null, reading.corrections, [reading.fault], 'parse');
  // JSON repaired as it was read (a fence, single quotes…) comes first, as the first thing done to the call.
  const { tool, args: raw, corrections: toolCorrections } = reading;
  let absorbed: { args: Json; corrections: Correction[]; faults: readonly Fault[] } = { args: raw, corrections: toolCorrections, faults: NO_FAULTS };
  // Whole numbers written as decimals (15.00) on a field counted in cents: faults JSON.parse's reading hides.
  const parseFaults = parsed.decimals ? [...(parsed.faults ?? NO_FAULTS), ...writtenDecimalFaults(tool, raw, parsed.decimals, options.state !== undefined ? options.state : pack.state)] : parsed.faults ?? NO_FAULTS;
  // The fast path (validate.ts): a call valid as sent pays for the validator and nothing of the error path.
  const fast = parseFaults.length ? { accepted: false as const } : acceptedAsSent(tool, raw);
  // A schema that allows more keys than it declares (additionalProperties: true or a schema) takes a call
  // valid as sent as it means it: `userId` there is a key of its own, not user_id misspelt.
  let asSent = false;
  // An id sent as a URL, a mention or a name can satisfy a plain string schema: such a call is absorbed
  // all the same, when it holds a value that starts like one.
  const decorated = fast.accepted && options.absorb !== false && mayHoldDecoratedId(raw);
  let absorbedValues = false;
  if ((!fast.accepted || decorated) && options.absorb !== false && !('crowded' in fast)) {
    absorbed = absorb(tool, raw, (nouns) => listCallIn(pack.tools, nouns));
    if (toolCorrections.length) absorbed.corrections.unshift(...toolCorrections);
    absorbedValues = absorbed.corrections.length > toolCorrections.length || absorbed.faults.length > 0;
    // A call valid as sent is read again for decorated ids and nothing else: any other absorption there
    // (a key moved, say) would change a call the schema takes as it is, so the call is taken as sent.
    if (fast.accepted && absorbedValues && !(absorbed.faults.every((f) => f.code === 'id_expected') && absorbed.corrections.every((c, i) => i < toolCorrections.length || DECORATED_RULES.has(c.rule)))) {
      absorbed = { args: raw, corrections: toolCorrections, faults: NO_FAULTS };
      absorbedValues = false;
    }
    if (!fast.accepted && (absorbed.faults.some((f) => f.code === 'duplicate_argument') || absorbed.corrections.some((c) => KEY_RULES.has(c.rule))) && !('errors' in fast) && !parseFaults.length && acceptedAsSent(tool, raw, true).accepted) {
      asSent = true;
      absorbed = { args: raw, corrections: toolCorrections, faults: NO_FAULTS };
    }
  }
  if ((!fast.accepted || absorbedValues) && !asSent) {
    // Absorption that changed nothing leaves the validator's errors on the call as sent standing.
    const known = absorbed.corrections.length === toolCorrections.length && absorbed.faults.length === 0 && !fast.accepted ? fast.errors : undefined;
    const state = options.state !== undefined ? options.state : pack.state;
    const validated = validateCounted(tool, absorbed.args, known, state);
    // A number JSON could not hold exactly was read rounded; its own fault speaks for that field.
    const parseFields = parseFaults.length ? new Set(parseFaults.map((f) => f.field)) : null;
    // A name where an id goes is refused once, for what it is, not again for the pattern it breaks.
    const named = absorbed.faults.length ? absorbed.faults.filter((f) => f.code === 'id_expected').map((f) => f.field) : NO_FIELDS;
    const skipped = parseFields || named.length ? new Set([...(parseFields ?? []), ...named]) : null;
    const validFaults = skipped ? validated.faults.filter((f) => !skipped.has(f.field)) : validated.faults;
    // validateCounted hands back a list of its own: with nothing before it, it is the list (no copy).
    const faults = orderFaults(parseFaults.length || absorbed.faults.length ? [...parseFaults, ...absorbed.faults, ...validFaults] : validFaults, absorbed.args);
    if (parseFaults.length) quoteWrittenDecimals(faults, parseFaults);
    // A nesting too deep to validate (no `checked`) leaves nothing to vet candidates against.
    vetCandidates(tool, validated.checked ?? null, faults, validated.explained);
    if (faults.length) return rejected(pack, tool.name, shape, absorbed.args, absorbed.corrections, faults, absorbed.faults.length ? 'absorb' : 'validate', validated.unexplained, state);
  }
  // A tool with no ordered checks and no effects skips the stage outright, as does a caller that runs them itself.
  const checked = options.checks !== false && (tool.checks.length || tool.effects.length) ? runChecks(tool, absorbed.args as JsonObject, options.state !== undefined ? options.state : pack.state) : null;
  if (checked && !checked.ok) {
    const log = logFor(pack, tool.name, shape, 'checks', [checked.fault!], absorbed.corrections, 0);
    log.check = checked.stoppedBy!;
    log.not_run = checked.notRun;
    return {
      ok: false,
      tool: tool.name,
      shape,
      arguments: absorbed.args,
      corrections: absorbed.corrections,
      // A refusal by the checks always carries its fault, whose body body.ts writes.
      body: assembleBody([checked.fault!]) as FaultBody,
      // No candidates: offering ids near a missing one would disclose records.
      did_you_mean: [],
      suggested_call: null,
      log,
      checks: checked.steps,
      effects: [],
    };
  }
  return {
    ok: true,
    tool: tool.name,
    shape,
    arguments: absorbed.args,
    corrections: absorbed.corrections,
    body: null,
    did_you_mean: [],
    suggested_call: null,
    log: logFor(pack, tool.name, shape, 'accepted', NO_FAULTS, absorbed.corrections, 0),
    checks: checked ? checked.steps : [],
    effects: checked ? checked.effects : [],
  };
}
