// Stage 3, validate: AJV over the wire schema with allErrors, plus the pack's conflicts, collecting every
// independent fault. One fault per field: when a value breaks several keywords, the one that says most
// about what to send wins (type before enum before format before bounds).
import { conflictFaults, explainAjvError, lengthText, whatToSend, type ExplainContext } from './explain';
import { regexInputLimit } from './input-cap';
import { formatPath, type Segment } from './paths';
import { cutReceived } from './received';
import type { AjvError, CompiledTool, FieldInfo, Fault, Json } from './types';

const PRIORITY = ['type', 'enum', 'const', 'format', 'pattern', 'required', 'additionalProperties', 'unevaluatedProperties'];

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i === -1 ? PRIORITY.length : i;
}

/** Drops the errors a combinator already speaks for: branch errors under a failed anyOf/oneOf, the `if` wrapper. */
function pruneNested(errors: AjvError[]): AjvError[] {
  const combinators = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'not' || e.keyword === 'contains' || e.keyword === 'propertyNames');
  return errors.filter((e) => {
    if (e.keyword === 'if') return false;
    return !combinators.some((c) => c !== e && e.schemaPath.startsWith(c.schemaPath + '/'));
  });
}

/** Per tool, the fields whose pattern or format must never see an over-long string, with their limits. */
const cappedFieldsOf = new WeakMap<CompiledTool, { field: FieldInfo; steps: string[]; limit: number }[]>();

function cappedFields(tool: CompiledTool) {
  let list = cappedFieldsOf.get(tool);
  if (!list) {
    list = [];
    for (const field of tool.fields.values()) {
      const limit = regexInputLimit(field);
      if (limit !== undefined) list.push({ field, steps: field.path.replace(/\[\]/g, '.[]').split('.').filter(Boolean), limit });
    }
    cappedFieldsOf.set(tool, list);
  }
  return list;
}

/** A copy of `root` with the value at `path` replaced, sharing everything off the path. */
function replaceAt(root: Json, path: Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[head as number] = replaceAt(root[head as number], rest, value);
    return copy;
  }
  const copy: { [k: string]: Json } = {};
  for (const k of Object.keys(root as object)) Object.defineProperty(copy, k, { value: (root as Record<string, Json>)[k], enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, head as string, { value: replaceAt((root as Record<string, Json>)[head as string], rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * Refuses over-long strings on pattern and format fields before AJV runs, so no regular expression ever
 * sees them (input-cap.ts says why). AJV then checks a copy with those strings emptied.
 */
function capOversized(tool: CompiledTool, args: Json): { faults: Fault[]; args: Json; fields: Set<string> } {
  const faults: Fault[] = [];
  const fields = new Set<string>();
  let checked = args;
  for (const { field, steps, limit } of cappedFields(tool)) {
    let level: { path: Segment[]; value: Json }[] = [{ path: [], value: args }];
    for (const step of steps) {
      const next: { path: Segment[]; value: Json }[] = [];
      for (const { path, value } of level) {
        if (step === '[]') {
          if (Array.isArray(value)) value.forEach((v, i) => next.push({ path: [...path, i], value: v }));
        } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, step)) {
          next.push({ path: [...path, step], value: (value as Record<string, Json>)[step] });
        }
      }
      level = next;
    }
    for (const { path, value } of level) {
      if (typeof value !== 'string' || value.length <= limit) continue;
      const declared = typeof field.schema.maxLength === 'number';
      const at = formatPath(path);
      fields.add(at);
      faults.push({
        field: at,
        path,
        code: 'invalid_length',
        message: declared
          ? `must be ${lengthText(field.schema, 'minLength', 'maxLength', 'characters long')}`
          : `must be at most ${limit} characters long, and ${whatToSend(field, field.schema)}`,
        received: cutReceived(value),
        hasReceived: true,
        candidates: [],
        showCandidates: false,
        stage: 'validate',
        keyword: 'maxLength',
        reason: `${value.length} characters on a ${typeof field.schema.pattern === 'string' ? 'pattern' : 'format'} field; refused before any regular expression ran`,
      });
      checked = replaceAt(checked, path, '');
    }
  }
  return { faults, args: checked, fields };
}

/** At most this many violations are explained; the rest of a flood (a million bad items, say) are only counted. */
export const MAX_EXPLAINED = 200;

export function validateArguments(tool: CompiledTool, args: Json): Fault[] {
  return validateCounted(tool, args).faults;
}

/** The faults, and how many more distinct fields were rejected beyond MAX_EXPLAINED violations. */
export function validateCounted(tool: CompiledTool, args: Json): { faults: Fault[]; unexplained: number } {
  const ctx: ExplainContext = { tool, args };
  const capped = capOversized(tool, args);
  const errors = tool.validate(capped.args) ?? [];
  const byField = new Map<string, { fault: Fault; rank: number }>();
  const faults: Fault[] = capped.faults;
  const pruned = pruneNested(errors);
  let unexplained = 0;
  if (pruned.length > MAX_EXPLAINED) {
    const where = (e: AjvError) => `${e.instancePath}\u0000${e.params?.missingProperty ?? e.params?.additionalProperty ?? ''}`;
    const seen = new Set(pruned.slice(0, MAX_EXPLAINED).map(where));
    for (let i = MAX_EXPLAINED; i < pruned.length; i++) {
      const k = where(pruned[i]);
      if (!seen.has(k)) {
        seen.add(k);
        unexplained++;
      }
    }
    pruned.length = MAX_EXPLAINED;
  }
  for (const e of pruned) {
    const fault = explainAjvError(ctx, e);
    // The emptied stand-in's own faults (too short, no match) say nothing about what was sent.
    if (capped.fields.has(fault.field)) continue;
    const key = `${fault.field}\u0000${fault.code === 'missing_required' || fault.code === 'unknown_argument' ? fault.code : ''}`;
    const r = rank(e.keyword);
    const prev = byField.get(key);
    if (!prev) {
      byField.set(key, { fault, rank: r });
      faults.push(fault);
    } else if (r < prev.rank) {
      faults[faults.indexOf(prev.fault)] = fault;
      byField.set(key, { fault, rank: r });
    }
  }
  return { faults: [...shortenRepeatedLists(dropImpliedByRename(faults)), ...conflictFaults(ctx)], unexplained };
}

/**
 * `staus: "open"` gives an unknown argument whose one candidate is `status`; the "status is missing"
 * fault it causes says nothing new, and would block the suggested call. Drop such implied faults.
 */
function dropImpliedByRename(faults: Fault[]): Fault[] {
  const renamedTo = new Set<string>();
  for (const f of faults) {
    if (f.code === 'unknown_argument' && f.candidates.length === 1 && f.fix?.parentPath) {
      renamedTo.add(JSON.stringify([...f.fix.parentPath, String(f.candidates[0])]));
    }
  }
  if (renamedTo.size === 0) return faults;
  return faults.filter((f) => {
    if (f.code === 'missing_required' && f.path) return !renamedTo.has(JSON.stringify(f.path));
    if (f.requiresOneOf && f.path) return !f.requiresOneOf.some((name) => renamedTo.has(JSON.stringify([...f.path!, name])));
    return true;
  });
}

/** Several unknown arguments at one level would each repeat "it takes: …"; the list is worth its tokens once. */
function shortenRepeatedLists(faults: Fault[]): Fault[] {
  const seen = new Set<string>();
  return faults.map((f) => {
    if (f.code !== 'unknown_argument' || !f.message.includes('; it takes: ')) return f;
    if (!seen.has(f.message)) {
      seen.add(f.message);
      return f;
    }
    return { ...f, message: f.message.slice(0, f.message.indexOf('; it takes: ')) };
  });
}
