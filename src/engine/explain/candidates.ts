// The last word on every suggestion, run after explain and before the body is assembled: a did_you_mean
// value is kept only if, put in place of what was sent, its field passes the tool's whole schema and the
// pack's conflicts. A candidate that fails is repaired from the field's own rules (its enum, its pattern
// and example, its date format) or dropped. A model follows a suggestion blindly, so no suggestion beats
// a wrong one.
import { conflictFaults } from '../validate/conflicts';
import { fieldIndex } from '../field-index';
import { suggestValues } from './suggest';
import { patternOf, pointerOf, valueAt, withValueAt, type Segment } from '../paths';
import { errorsWithValueAt } from './probe';
import type { AjvError, CompiledTool, ExplainContext, FieldInfo, Fault, Json, JsonObject } from '../types';

/** Whether the value at `path` of `args` breaks nothing: no validator error and no conflict at or under it. */
function fitsAt(tool: CompiledTool, args: Json, path: readonly Segment[]): boolean {
  return noErrorAt(tool.validate(args) ?? [], path) && noConflictAt(tool, args, path);
}

/** Whether none of the validator's `errors` is at or under `path`, nor an anyOf/oneOf above it. */
function noErrorAt(errors: readonly AjvError[], path: readonly Segment[]): boolean {
  const at = pointerOf(path);
  for (const e of errors) {
    const p = e.instancePath;
    if (p === at || p.startsWith(at + '/')) return false;
    // A required field missing inside the candidate (an object such as {} for start) is reported on the object.
    if (at.startsWith(p + '/') && (e.keyword === 'anyOf' || e.keyword === 'oneOf')) return false;
  }
  return true;
}

/** Whether no conflict of `args` (given when the tool declares any) is at or under `path`. */
function noConflictAt(tool: CompiledTool, args: Json | (() => Json), path: readonly Segment[]): boolean {
  // Most tools declare no conflicts: nothing to look for.
  if (fieldIndex(tool).conflicted.length === 0) return true;
  const prefix = path.length ? patternOf(path) : '';
  for (const c of conflictFaults({ tool, args: typeof args === 'function' ? args() : args })) {
    const where = patternOf(c.path ?? []);
    if (prefix === '' || where === prefix || where.startsWith(prefix + '.') || where.startsWith(prefix + '[')) return false;
  }
  return true;
}

/** Whether `candidate`, put in place of the value at `path`, passes the field's rules. */
export function candidateFits(tool: CompiledTool, args: Json, path: readonly Segment[], candidate: Json): boolean {
  return fitsAt(tool, withValueAt(args, path, candidate), path);
}

/** candidateFits, on the explained call's arguments: the validator's errors its probes have are not asked for again. */
function fitsExplained(probes: ExplainContext, tool: CompiledTool, args: Json, path: readonly Segment[], candidate: Json): boolean {
  // The changed arguments are made only for a tool with conflicts: the errors are known without them.
  return noErrorAt(errorsWithValueAt(probes, path, candidate), path) && noConflictAt(tool, () => withValueAt(args, path, candidate), path);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function wantsDateTime(field: FieldInfo): 'date-time' | 'date' | null {
  const s = field.schema;
  if (s.format === 'date-time') return 'date-time';
  if (s.format === 'date') return 'date';
  if (typeof s.pattern === 'string' && typeof field.example === 'string' && ISO_DATE_TIME.test(field.example)) return 'date-time';
  return null;
}

/** An epoch (seconds, or milliseconds when too large to be seconds) in the ISO form a date field wants. */
function epochToIso(v: Json, kind: 'date-time' | 'date'): string | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{9,13}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  // 1e9 seconds is 2001; smaller numbers are more likely counts than instants.
  if (!Number.isInteger(n) || n < 1e9 || n >= 1e14) return undefined;
  const ms = n < 1e11 ? n * 1000 : n;
  const iso = new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
  return kind === 'date' ? iso.slice(0, 10) : iso;
}

/** The literal prefix of an example id: `T-` of `T-8841`, `cus_` of `cus_NffrFeUfNV2Hib`. */
function idPrefix(example: Json | undefined): string | undefined {
  if (typeof example !== 'string') return undefined;
  const m = /^[A-Za-z]{1,8}[-_.]/.exec(example);
  return m ? m[0] : undefined;
}

/** A field named as an id or a number: issue_number, pull_number, id, userId, task_gid. */
const ID_NAMED = /(?:^|_|-|[a-z])(?:id|Id|ID|gid|number|Number|num|Num|no|No)$/;

/**
 * The id inside a well-known decoration: `#412` (an issue number as trackers write it), `<#123…>`,
 * `<@123…>`, `<@!123…>` and `<@&123…>` (Discord's channel, user and role mentions). The digits as text
 * and as a number; the field's schema keeps whichever it takes. `#announcements` holds no id: nothing.
 */
function decoratedId(field: FieldInfo, v: Json): Json[] {
  if (typeof v !== 'string') return [];
  const m = /^\s*(?:#(\d{1,30})|<(?:#|@!?|@&)(\d{1,30})>)\s*$/.exec(v);
  if (!m) return [];
  // `#336699` is a colour: a bare # is read as an id's only on a field named as an id or a number.
  if (m[1] !== undefined && !ID_NAMED.test(field.name)) return [];
  const digits = m[1] ?? m[2];
  const n = Number(digits);
  return Number.isSafeInteger(n) ? [digits, n] : [digits];
}

/**
 * Values a field's own rules make of what was sent: `8841` -> `T-8841` (the pattern and its example),
 * `1` -> `p1` (the one enum value that ends in it), `true` -> `all` (a declared value alias), an epoch ->
 * the ISO form. Each is only a proposal: the caller keeps those that fit.
 */
function repairsOf(field: FieldInfo, v: Json): Json[] {
  const out: Json[] = decoratedId(field, v);
  if (field.enumValues) {
    const key = typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    if (key !== undefined) {
      if (Object.prototype.hasOwnProperty.call(field.valueAliases, key)) out.push(field.valueAliases[key]);
      // A word where the set holds numbers (`text` for GUILD_TEXT's 0): the same reading an enum fault gets.
      else if (typeof v === 'string' && field.enumValues.every((e) => typeof e !== 'string')) out.push(...suggestValues(v, field.enumValues, field.valueAliases));
      const asString = typeof v === 'string' ? v.trim() : String(v);
      const same = field.enumValues.filter((e) => String(e) === asString);
      if (same.length === 1) out.push(same[0]);
      // `1` for `p1`: the one permitted value that is the sent digits behind a prefix of letters.
      if (/^\d+$/.test(asString)) {
        const ending = field.enumValues.filter((e) => typeof e === 'string' && e.endsWith(asString) && /^[A-Za-z_-]+$/.test(e.slice(0, -asString.length)));
        if (ending.length === 1) out.push(ending[0]);
      }
    }
    return out;
  }
  const kind = wantsDateTime(field);
  if (kind) {
    const iso = epochToIso(v, kind);
    if (iso) out.push(iso);
    return out;
  }
  if ((typeof field.schema.pattern === 'string' || field.schema.type === 'string') && (typeof v === 'string' || typeof v === 'number')) {
    const s = String(v).trim();
    const example = typeof field.example === 'string' ? field.example : undefined;
    const tries = [s];
    // A whole-value change of case only where the example is in one case (T-8841, billing): in a
    // mixed-case id (cus_NffrFeUfNV2Hib) case is part of the id, and changing it names another record.
    if (example !== undefined && example === example.toUpperCase()) tries.push(s.toUpperCase());
    if (example !== undefined && example === example.toLowerCase()) tries.push(s.toLowerCase());
    const prefix = idPrefix(example);
    if (prefix && example) {
      const tail = example.slice(prefix.length);
      if (s.toLowerCase().startsWith(prefix.toLowerCase())) tries.push(prefix + s.slice(prefix.length));
      else if (sameIdShape(s, tail)) tries.push(prefix + s);
    }
    out.push(...tries.filter((t) => t !== v));
  }
  return out;
}

/**
 * Whether `s` looks like the part of an id after its prefix, as `tail` is: digits for digits, or a long
 * mixed-case token for one. `8841` is a ticket number missing its T-; `acme` is a name, and cus_acme
 * would be an id made up.
 */
function sameIdShape(s: string, tail: string): boolean {
  if (/^\d+$/.test(tail)) return /^\d+$/.test(s);
  // A field path under a fixed head (`data.` of data.customer): a path is a path.
  const path = /^[a-z_]+(\.[a-z_]+)*$/;
  if (path.test(tail)) return path.test(s);
  const mixed = (x: string) => /[a-z]/.test(x) && /[A-Z]/.test(x);
  return mixed(tail) && mixed(s) && /^[A-Za-z0-9]+$/.test(s) && s.length >= Math.min(8, tail.length);
}

// The keywords whose faults a repair of the value can answer.
const REPAIRABLE = new Set(['type', 'enum', 'const', 'pattern', 'format']);

/**
 * Holds every fault's candidates to the field's rules, in place: keeps those that fit, repairs or drops
 * the rest, and proposes a repair where explain found none. A fault left with no single candidate keeps
 * no fix, so it cannot reach a suggested call. `explained`: the call validateCounted explained, with
 * `args` its checked arguments (both from one CountedFaults), whose probes already hold the validator's
 * errors for most candidates; without it, each candidate is validated.
 */
export function vetCandidates(tool: CompiledTool, args: Json | null, faults: Fault[], explained?: ExplainContext): void {
  // `args` are the arguments as the validator saw them (validate.ts empties over-long strings, so no
  // pattern here sees one); null when there are none to validate against. Each candidate costs one
  // validation of the whole call; past MAX_VETTED_VALUES that is no longer cheap, and an unchecked
  // candidate is worse than none.
  const affordable = args !== null && !largerThan(args, MAX_VETTED_VALUES);
  const fits = (path: readonly Segment[], c: Json) => (explained ? fitsExplained(explained, tool, args!, path, c) : candidateFits(tool, args!, path, c));
  for (const f of faults) {
    if (!f.path) continue;
    // Names, not values: a rename is held to the names beside it; nested-names.ts and sibling-fit.ts validated their own moves.
    if (f.code === 'unknown_argument' || f.fix?.kind === 'rename' || f.fix?.kind === 'move') {
      if (f.fix?.kind === 'rename' && args !== null) vetRename(args, f);
      continue;
    }
    if (!affordable) {
      f.candidates = [];
      if (f.fix?.kind === 'replace') delete f.fix;
      continue;
    }
    // A parse fault with a candidate (a long integer's digits as a string) is held to the schema like the rest.
    const vetted = f.stage === 'validate' || (f.stage === 'parse' && f.candidates.length > 0);
    if (!vetted || !f.hasReceived || args === null) continue;
    const field = tool.fields.get(patternOf(f.path));
    const proposed: Json[] = [...f.candidates];
    if (field && f.keyword && REPAIRABLE.has(f.keyword)) {
      for (const c of f.candidates) proposed.push(...repairsOf(field, c));
      if (f.received !== undefined) proposed.push(...repairsOf(field, valueAt(args, f.path).value as Json));
    }
    if (proposed.length === 0) continue;
    const kept: Json[] = [];
    const keptKeys: string[] = [];
    const seen = new Set<string>();
    for (const c of proposed) {
      if (kept.length >= 3) break;
      const k = JSON.stringify(c);
      if (seen.has(k)) continue;
      seen.add(k);
      if (fits(f.path, c)) {
        kept.push(c);
        keptKeys.push(k);
      }
    }
    // Repairs come after explain's own candidates: they fill in only where explain's found nothing that fits.
    let own: Json[] = kept;
    if (kept.length) {
      const ownKeys = new Set(f.candidates.map((c) => JSON.stringify(c)));
      own = kept.filter((_, i) => ownKeys.has(keptKeys[i]));
    }
    f.candidates = own.length ? own : kept;
    if (f.candidates.length === 1) f.fix ??= { kind: 'replace', path: f.path };
    else if (f.fix?.kind === 'replace') delete f.fix;
  }
}

/** Calls with more values than this (counting every array item and object member) get no candidates. */
export const MAX_VETTED_VALUES = 10_000;

/** Whether a value holds more than `limit` values, counted without recursion and stopping at the limit. */
function largerThan(root: Json, limit: number): boolean {
  let count = 0;
  const stack: Json[] = [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (++count > limit) return true;
    if (Array.isArray(v)) {
      if (count + v.length > limit) return true;
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
      count += v.length;
    } else if (v !== null && typeof v === 'object') {
      // Member by member, not Object.values: an object of 100,000 members is over the limit at its 10,000th.
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        if (++count > limit) return true;
        const x = v[k];
        if (x !== null && typeof x === 'object') stack.push(x);
      }
    }
  }
  return false;
}

/** A rename candidate is a declared name not already sent beside it (that would send the field twice). */
function vetRename(args: Json, f: Fault): void {
  const parent = valueAt(args, f.fix!.parentPath ?? f.path!.slice(0, -1));
  if (!parent.found || parent.value === null || typeof parent.value !== 'object' || Array.isArray(parent.value)) return;
  const taken = parent.value as JsonObject;
  f.candidates = f.candidates.filter((c) => typeof c !== 'string' || !Object.prototype.hasOwnProperty.call(taken, c));
  if (f.candidates.length !== 1) delete f.fix;
}
