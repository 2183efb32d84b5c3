// The pipeline, in order: parse -> absorb -> validate (with explain) -> checks -> body. `check()` never
// throws: whatever it is handed, it returns a result with a body a model can read.
import { absorb } from './absorb/absorb';
import { mayHoldDecoratedId } from './absorb/decorated-ids';
import { listCallIn } from './absorb/list-calls';
import { assembleBody } from './body/body';
import { notRunSteps, runChecks } from './checks/checks';
import { cutReceived } from './faults/received';
import { makeFault } from './faults/fault';
import { parseCall } from './parse/formats';
import { dropsCallersWord, matchToolName, toolsToList, type ToolNameContext } from './parse/tool-names';
import { nameWords } from './parse/name-words';
import { vetCandidates } from './explain/candidates';
import { acceptedAsSent, validateCounted } from './validate/validate';
import { moveValue } from './explain/probe';
import { quoteWrittenDecimals, writtenDecimalFaults } from './explain/units';
import { valueAt, type Segment } from './paths';
import type { CheckOptions, CheckResult, CompiledPack, CompiledTool, Correction, Fault, InputShape, Json, JsonObject, LogRecord, ToolSource } from './types';

/** A fault as the log records it; keyword and schema_path only when the fault has them. */
function faultRecord(f: Fault): LogRecord['faults'][number] {
  const record: LogRecord['faults'][number] = { code: f.code, field: f.field, stage: f.stage, reason: f.reason, detail: f.detail ?? f.reason };
  if (f.keyword) record.keyword = f.keyword;
  if (f.schemaPath) record.schema_path = f.schemaPath;
  if (f.check) record.check = f.check;
  if (f.packKeyword) record.pack_keyword = f.packKeyword;
  return record;
}

function logFor(pack: CompiledPack, tool: string | null, shape: InputShape, stage: LogRecord['stage'], faults: readonly Fault[], corrections: Correction[], omitted: number): LogRecord {
  return {
    pack: pack.id,
    tool,
    shape,
    stage,
    outcome: faults.length ? 'rejected' : 'accepted',
    // An accepted call (most calls) has no faults: a new empty list, with no closure or map for it.
    faults: faults.length ? faults.map(faultRecord) : [],
    omitted,
    corrections: corrections.length,
    not_run: [],
  };
}

function rejected(pack: CompiledPack, tool: string | null, shape: InputShape, args: Json | null, corrections: Correction[], faults: Fault[], stage: LogRecord['stage'], unexplained = 0, state?: unknown): CheckResult {
  const body = assembleBody(faults, unexplained);
  // The call stopped before the ordered checks: every one of them is "not checked", never "passed".
  const steps = notRunSteps(tool === null ? undefined : pack.tool(tool));
  const log = logFor(pack, tool, shape, stage, faults, corrections, Math.max(0, faults.length + unexplained - 10));
  log.not_run = steps.map((s) => s.id);
  // Key order as the type declares it; the lazy member sits between did_you_mean and log.
  const result = { ok: false, tool, shape, arguments: args, corrections, body, did_you_mean: faults.filter((f) => f.candidates.length).map((f) => ({ field: f.field, candidates: f.candidates })) } as CheckResult & { [LAZY]?: LazyContext };
  Object.defineProperty(result, 'suggested_call', SUGGESTED_CALL);
  result.log = log;
  result.checks = steps;
  result.effects = [];
  Object.defineProperty(result, LAZY, { value: { pack, tool, args, faults, state } });
  return result;
}

/** What a result's lazy members are worked out from, kept on it under a symbol no serializer reads. */
const LAZY = Symbol('lazy members');
interface LazyContext {
  pack: CompiledPack;
  tool: string | null;
  args: Json | null;
  faults: Fault[];
  state: unknown;
}

/** Replaces a lazy accessor of a result by an ordinary data property holding `value`, in the same place. */
function settle<K extends keyof CheckResult>(target: CheckResult, key: K, value: CheckResult[K]): CheckResult[K] {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return value;
}

/**
 * suggested_call: the body does not need it, and it costs a second validation, so it is worked out when
 * first read (JSON.stringify, a spread and structuredClone read it like any property), then held as an
 * ordinary data property. The accessor is shared by every result: a closure per result made each one a
 * slow dictionary object, which cost a faulty call more than the rest of its result did.
 */
const SUGGESTED_CALL: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: CheckResult & { [LAZY]: LazyContext }) {
    const { pack, tool, args, faults, state } = this[LAZY];
    return settle(this, 'suggested_call', tool && args !== null ? suggestCall(pack.tool(tool), args, faults, state) : null);
  },
  set(this: CheckResult, value: CheckResult['suggested_call']) {
    settle(this, 'suggested_call', value);
  },
};

/** At most this many rounds of fixes: a rename can reveal a value that needs its own fix (`staus: "OPEN"`). */
const SUGGEST_ROUNDS = 3;

/**
 * The corrected call, when every fault has exactly one fix and the fixed call passes validation (the
 * whole schema and the conflicts); otherwise null. A fix that reveals another fault takes another round.
 */
function suggestCall(tool: CompiledTool | undefined, args: Json, faults: Fault[], state: unknown): CheckResult['suggested_call'] {
  if (!tool) return null;
  let next = applyFixes(args, faults);
  for (let round = 0; next !== null && round < SUGGEST_ROUNDS; round++) {
    const fast = acceptedAsSent(tool, next);
    if (fast.accepted) return { name: tool.name, arguments: next };
    // The validator's errors on `next`, when the fast path has them, are not asked for twice.
    const left = validateCounted(tool, next, fast.errors, state);
    if (left.faults.length === 0 && left.unexplained === 0) return { name: tool.name, arguments: next };
    if (left.unexplained) return null;
    vetCandidates(tool, left.checked ?? null, left.faults);
    next = applyFixes(next, left.faults);
  }
  return null;
}

function applyFixes(args: Json, faults: Fault[]): Json | null {
  // A move carries its own destination; every other fix applies its one candidate.
  if (!faults.every((f) => f.fix && (f.fix.kind === 'move' || f.candidates.length === 1))) return null;
  let next: Json;
  try {
    next = cloneArgs(args);
  } catch {
    // Too deep to copy (structuredClone recurses): the body still says everything; only the suggestion goes.
    return null;
  }
  for (const f of faults) {
    const fix = f.fix!;
    if (fix.kind === 'replace') next = setAt(next, fix.path, f.candidates[0]);
    else if (fix.kind === 'rename') next = renameAt(next, fix.path, String(f.candidates[0]));
    else if (fix.kind === 'move' && fix.to) next = moveValue(next, fix.path, fix.to);
    else return null;
  }
  return next;
}

/** Past this depth, or on anything but plain JSON data, the copy is left to structuredClone. */
const PLAIN_CLONE_DEPTH = 64;
const NOT_PLAIN = Symbol('not plain JSON');

/** A deep copy of plain JSON data (no structuredClone round trip); else throws NOT_PLAIN. */
function clonePlain(value: Json, depth: number): Json {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || depth > PLAIN_CLONE_DEPTH) throw NOT_PLAIN;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    // A plain array: no holes and no other own keys, so the copy below is the whole of it.
    if (proto !== Array.prototype || Object.keys(value).length !== value.length) throw NOT_PLAIN;
    const out = new Array<Json>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i], depth + 1);
    return out;
  }
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(value)) {
    const v = clonePlain((value as Record<string, Json>)[k], depth + 1);
    // A key named __proto__ stays data, as structuredClone keeps it.
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out;
}

/** The same copy structuredClone makes, made directly for plain JSON data (the suggested call copies every faulty call). */
function cloneArgs(args: Json): Json {
  try {
    return clonePlain(args, 0);
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return structuredClone(args);
  }
}

function setAt(root: Json, path: readonly Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const parent = valueAt(root, path.slice(0, -1));
  if (parent.found && parent.value && typeof parent.value === 'object') {
    const key = path[path.length - 1];
    if (Array.isArray(parent.value)) parent.value[key as number] = value;
    // An own data property either way; only __proto__ needs defining (assignment would set the prototype),
    // and redefining every key was slow.
    else if (key === '__proto__') Object.defineProperty(parent.value, key, { value, enumerable: true, writable: true, configurable: true });
    else (parent.value as JsonObject)[key as string] = value;
  }
  return root;
}

/** Renames a key in place, keeping its position, so the suggested call reads like the original. */
function renameAt(root: Json, path: readonly Segment[], to: string): Json {
  const parentPath = path.slice(0, -1);
  const parent = valueAt(root, parentPath);
  if (!parent.found || !parent.value || typeof parent.value !== 'object' || Array.isArray(parent.value)) return root;
  const from = String(path[path.length - 1]);
  const renamed = Object.fromEntries(Object.entries(parent.value).map(([k, v]) => [k === from ? to : k, v] as [string, Json]));
  return parentPath.length === 0 ? renamed : setAt(root, parentPath, renamed);
}

/** Orders faults as the caller wrote the fields; fields that were never sent come after their siblings. */
function orderFaults(faults: Fault[], args: Json): Fault[] {
  if (faults.length < 2) return faults;
  // Each object's key positions, read once: a search of its keys per fault was quadratic in a call of 50,000 arguments.
  const positions = new Map<object, Map<string, number>>();
  const positionIn = (obj: object, k: string): number => {
    let at = positions.get(obj);
    if (!at) {
      at = new Map(Object.keys(obj).map((key, i) => [key, i] as [string, number]));
      positions.set(obj, at);
    }
    return at.get(k) ?? -1;
  };
  const key = (f: Fault): number[] => {
    const out: number[] = [];
    let cur: Json | undefined = args;
    for (const seg of f.path ?? []) {
      if (Array.isArray(cur) && typeof seg === 'number') {
        out.push(seg);
        cur = cur[seg];
      } else if (cur && typeof cur === 'object' && !Array.isArray(cur)) {
        const i = positionIn(cur, String(seg));
        out.push(i === -1 ? 1e9 : i);
        cur = i === -1 ? undefined : (cur as Record<string, Json>)[String(seg)];
      } else out.push(1e9);
    }
    return out;
  };
  const keyed = faults.map((f, i) => ({ f, k: key(f), i }));
  keyed.sort((a, b) => {
    for (let j = 0; j < Math.max(a.k.length, b.k.length); j++) {
      const x = a.k[j] ?? -1;
      const y = b.k[j] ?? -1;
      if (x !== y) return x - y;
    }
    return a.i - b.i;
  });
  return keyed.map((x) => x.f);
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

/** One keyword argument of a tool in Python's form, from its first field: `ticket_id="T-8841"`. */
function keywordExample(pack: CompiledPack, name: string): string | undefined {
  const tool = pack.tool(name);
  if (!tool) return undefined;
  const required: string[] = Array.isArray(tool.source.arguments.required) ? tool.source.arguments.required : [];
  const first = required[0] ?? Object.keys(tool.source.arguments.properties ?? {})[0];
  const field = first === undefined ? undefined : tool.fields.get(first);
  if (!field || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field.name)) return undefined;
  const v = field.example ?? field.enumValues?.[0];
  const shown = typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' || typeof v === 'number' ? JSON.stringify(v) : field.schema.type === 'string' ? '"…"' : '…';
  return `${field.name}=${shown}`;
}

/** A pack's tool names, read once per pack: the unknown-name path ranks them by words it keeps per list. */
const TOOL_NAMES = new WeakMap<CompiledPack, { tools: readonly CompiledTool[]; length: number; names: string[] }>();

function toolNamesOf(pack: CompiledPack): string[] {
  const kept = TOOL_NAMES.get(pack);
  // A pack whose tools grow (a lazy pack opening its parts) gets a new list.
  if (kept && kept.tools === pack.tools && kept.length === pack.tools.length) return kept.names;
  const names = pack.tools.map((t) => t.name);
  TOOL_NAMES.set(pack, { tools: pack.tools, length: pack.tools.length, names });
  return names;
}

/** Per pack, its tools' sources by name, read once (a lazy pack's list grows: a longer list is read again). */
const SOURCES = new WeakMap<CompiledPack, { length: number; byName: Map<string, ToolSource> }>();

function sourcesOf(pack: CompiledPack): Map<string, ToolSource> {
  const kept = SOURCES.get(pack);
  if (kept && kept.length === pack.source.tools.length) return kept.byName;
  const byName = new Map(pack.source.tools.map((t) => [t.name, t] as [string, ToolSource]));
  SOURCES.set(pack, { length: pack.source.tools.length, byName });
  return byName;
}

/**
 * What the unknown-name path knows beside the names: each tool's operation, the pack's own name, and how
 * the call's arguments fit each tool (a tool not loaded yet, in a lazy pack, is read by its name alone).
 */
function toolNameContext(pack: CompiledPack, args: unknown): ToolNameContext {
  const sent = args !== null && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : [];
  const safely = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return {
    operationOf: (name) => safely(() => sourcesOf(pack).get(name)?.operation?.id),
    packWords: nameWords(pack.id).filter((w) => !/^v?\d+$/.test(w)),
    argumentFit: (name) => {
      if (sent.length === 0) return 0;
      return (
        safely(() => {
          // The tool's source first (no validator compiled for a tool the keys rule out), then the tool.
          const source = sourcesOf(pack).get(name);
          if (!source) return 0;
          const props = source.arguments.properties ?? {};
          if (!sent.every((k) => Object.prototype.hasOwnProperty.call(props, k))) return 0;
          const required: unknown[] = Array.isArray(source.arguments.required) ? source.arguments.required : [];
          if (!required.every((k) => sent.includes(String(k)))) return 1;
          const tool = pack.tool(name);
          return tool && acceptedAsSent(tool, args as Json).accepted ? 2 : 1;
        }) ?? 0
      );
    },
  };
}

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
  const name = parsed.name ?? options.tool ?? null;
  if (name === null) {
    return rejected(pack, null, shape, null, parsed.repairs ?? [], [makeFault({
      code: 'invalid_call',
      stage: 'parse',
      field: 'name',
      statement: 'is missing: the call names no tool; send {"name": …, "arguments": {…}}',
      reason: 'no tool name in the input and none chosen',
    })], 'parse');
  }
  // JSON repaired as it was read (a fence, single quotes…) comes first, as the first thing done to the call.
  const toolCorrections: Correction[] = parsed.repairs ? [...parsed.repairs] : [];
  let tool = pack.tool(name);
  if (!tool) {
    const names = toolNamesOf(pack);
    const match = matchToolName(name, names, toolNameContext(pack, parsed.args));
    if (match.kind === 'variant') {
      // `updateTicket` for update_ticket has one reading: absorbed and reported, as a field name would be.
      tool = pack.tool(match.to)!;
      toolCorrections.push({ field: 'name', rule: 'tool_name_variant', from: cutReceived(name), to: match.to });
    } else {
      const candidates = match.candidates;
      // One tool that leaves out a word of the name sent may not be the action meant: the tools on the
      // same thing are listed beside it, so it is not offered alone as if it were.
      const alone = candidates.length === 1 && dropsCallersWord(name, candidates[0]);
      const listed = candidates.length && !alone ? [] : toolsToList(name, names).filter((n) => !candidates.includes(n) || alone);
      return rejected(pack, null, shape, null, toolCorrections, [makeFault({
        code: 'unknown_tool',
        stage: 'parse',
        field: 'name',
        statement: 'is not a tool you can call',
        notes: listed.length ? [{ kind: 'takes', text: `${listed.length === names.length ? 'they are' : 'those on the same thing are'}: ${listed.join(', ')}` }] : [],
        sent: name,
        candidates,
        showCandidates: true,
        reason: `no tool named ${JSON.stringify(name).slice(0, 80)} in pack ${pack.id}`,
      })], 'parse');
    }
  }
  const raw = parsed.args;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return rejected(pack, tool.name, shape, null, toolCorrections, [makeFault({
      code: 'invalid_call',
      stage: 'parse',
      field: 'arguments',
      statement: 'must be a JSON object of named arguments',
      sent: raw,
      reason: `arguments are ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : typeof raw}`,
    })], 'parse');
  }
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
    vetCandidates(tool, validated.checked ?? null, faults);
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
      // A refusal by the checks always carries its body.
      body: checked.body!,
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
