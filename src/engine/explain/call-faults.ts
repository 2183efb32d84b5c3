// The faults of a call the validator refused: AJV's errors (allErrors) and the pack's conflicts, each
// explained by explain.ts, one fault per field: when a value breaks several keywords, the one that says
// most about what to send wins (type before enum before format before bounds).
import { explainAjvError } from './explain';
import { conflictFaults } from '../validate/conflicts';
import { capOversized, hasConflicts, refusedBeforeValidation } from '../validate/validate';
import { dropCollidingMoves, groupItemFaults, itemRuleKey } from './item-groups';
import { pointerToSegments } from '../paths';
import { hasNote, messageOf } from '../faults/fault';
import type { AjvError, CompiledTool, ExplainContext, Fault, Json, SchemaNode } from '../types';
import { deref } from '../schema';
import { fieldFor, schemaAt } from './context';

const NO_CONFLICTS: readonly Fault[] = Object.freeze([]);

const PRIORITY = ['type', 'enum', 'const', 'format', 'pattern', 'required', 'additionalProperties', 'unevaluatedProperties'];

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i === -1 ? PRIORITY.length : i;
}

/**
 * Drops the errors a combinator already speaks for: the `if` wrapper, and what failed under a `not`, a
 * `contains` or a `propertyNames`. Under a failed anyOf/oneOf, the branch the value plainly meant speaks
 * when there is one (branchMeant), and the combinator stays silent: `"toolong"` for a string of at most
 * 5 characters or null hears about the 5 characters, not "a string or null". Otherwise the combinator
 * speaks alone ("must be either …") and no branch does. Either way, a key some branch declares is not
 * refused as undeclared by the closing the engine adds beside the branches (`unevaluatedProperties`, which
 * a failed branch leaves unevaluated).
 */
function pruneNested(ctx: ExplainContext, errors: AjvError[]): AjvError[] {
  const dropped = new Set<AjvError>();
  const within = errorsWithin(errors);
  for (const c of errors) {
    if (dropped.has(c)) continue;
    const isChoice = c.keyword === 'anyOf' || c.keyword === 'oneOf';
    if (!isChoice && c.keyword !== 'not' && c.keyword !== 'contains' && c.keyword !== 'propertyNames') continue;
    // What failed at the combinator's value or inside it: a list of union items holds one combinator per item.
    const local = within(c.instancePath).filter((e) => e !== c);
    for (const e of local) if (e.schemaPath.startsWith(c.schemaPath + '/')) dropped.add(e);
    if (!isChoice) continue;
    const node = combinatorNode(ctx, c);
    const branches: SchemaNode[] = Array.isArray(node?.[c.keyword]) ? node[c.keyword] : [];
    // A branch's errors: by the combinator's path, or, for a branch behind a $ref, by its target's.
    const members = branches.map((b, i) => {
      const ref = b && typeof b === 'object' && typeof b.$ref === 'string' && b.$ref.startsWith('#') ? `${b.$ref}/` : undefined;
      const own = `${c.schemaPath}/${i}/`;
      return local.filter((e) => e.schemaPath.startsWith(own) || (ref !== undefined && e.schemaPath.startsWith(ref)));
    });
    const meant = Array.isArray(c.params?.passingSchemas) ? -1 : branchMeant(c, members);
    for (let i = 0; i < members.length; i++) for (const e of members[i]) if (i !== meant) dropped.add(e);
    if (meant !== -1) {
      dropped.add(c);
      for (const e of members[meant]) dropped.delete(e);
    }
    // The closing's refusals of keys a branch declares.
    const closing = c.schemaPath.slice(0, -c.keyword.length) + 'unevaluatedProperties';
    const declared = new Set<string>();
    for (const b of branches) {
      const r = b && typeof b === 'object' ? deref(ctx.tool.wireSchema, b) : undefined;
      if (r && typeof r.properties === 'object' && r.properties !== null) for (const k of Object.keys(r.properties)) declared.add(k);
    }
    for (const e of local) {
      if (e.keyword === 'unevaluatedProperties' && e.instancePath === c.instancePath && e.schemaPath === closing && declared.has(String(e.params?.unevaluatedProperty))) dropped.add(e);
    }
  }
  return errors.filter((e) => e.keyword !== 'if' && !dropped.has(e));
}

/** Lists of fewer errors are read as they are (distinctErrors). */
const DISTINCT_FROM = 64;

/** An error's params as a key: the one name most keywords carry, else the whole object as JSON. */
function paramsKey(params: AjvError['params']): string {
  if (params === undefined) return '';
  const p = params as Record<string, unknown>;
  if (typeof p.additionalProperty === 'string') return p.additionalProperty;
  if (typeof p.missingProperty === 'string') return p.missingProperty;
  return JSON.stringify(params);
}

/**
 * The errors with each repeat dropped. A schema reached through several `$ref` branches is checked once per
 * way in, and AJV paths each error from the `$ref`'s target, so the repeats are indistinguishable: anyOf
 * branches that fan out 8 ways over 4 levels repeat one error 512 times, about 10,000 in all, and every
 * combinator would read every repeat beneath it. One of each says all they say, in linear time.
 */
function distinctErrors(errors: AjvError[]): AjvError[] {
  // A short list costs nothing to read twice: only a fan-out makes repeats worth finding, so an ordinary
  // faulty call skips the keys.
  if (errors.length < DISTINCT_FROM) return errors;
  const seen = new Set<string>();
  const out: AjvError[] = [];
  for (const e of errors) {
    const key = `${e.instancePath}\u0000${e.schemaPath}\u0000${e.keyword}\u0000${paramsKey(e.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out.length === errors.length ? errors : out;
}

/**
 * The errors at an instance path or inside it, found without reading the others: paths sorted, the ones
 * under `p/` are one run of them. A thousand union items failing make a thousand combinators to read.
 */
function errorsWithin(errors: AjvError[]): (path: string) => AjvError[] {
  const byPath = new Map<string, AjvError[]>();
  for (const e of errors) {
    const list = byPath.get(e.instancePath);
    if (list) list.push(e);
    else byPath.set(e.instancePath, [e]);
  }
  const paths = [...byPath.keys()].sort();
  return (path) => {
    const out = [...(byPath.get(path) ?? [])];
    const prefix = path + '/';
    let lo = 0;
    let hi = paths.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (paths[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < paths.length && paths[i].startsWith(prefix); i++) out.push(...byPath.get(paths[i])!);
    return out;
  };
}

/**
 * The node holding an anyOf/oneOf: the field's own schema at the value's place when it holds one (AJV paths
 * the errors of a schema behind a $ref from that schema, `#/oneOf`, so the path alone can name the wrong
 * node), else the node the schema path names.
 */
function combinatorNode(ctx: ExplainContext, c: AjvError): SchemaNode | undefined {
  const field = fieldFor(ctx, pointerToSegments(c.instancePath, ctx.args));
  if (field && Array.isArray(field.schema?.[c.keyword])) return field.schema;
  return schemaAt(ctx, c.schemaPath);
}

/**
 * The one branch a value plainly meant, or -1: among the branches whose type the value has and whose
 * constants it matches (a discriminator such as `kind: "circle"`), the one with fewest errors, when no
 * other ties it. A branch none of whose errors could be tied to it says nothing, so no branch is chosen.
 */
function branchMeant(c: AjvError, members: AjvError[][]): number {
  if (members.length < 2 || members.some((m) => m.length === 0)) return -1;
  const child = c.instancePath + '/';
  const fits = members.map((m) => !m.some((e) => (e.keyword === 'type' && e.instancePath === c.instancePath) || ((e.keyword === 'const' || e.keyword === 'enum') && e.instancePath.startsWith(child) && !e.instancePath.slice(child.length).includes('/'))));
  let best = -1;
  let tie = false;
  for (let i = 0; i < members.length; i++) {
    if (!fits[i]) continue;
    if (best === -1 || members[i].length < members[best].length) [best, tie] = [i, false];
    else if (members[i].length === members[best].length) tie = true;
  }
  return tie ? -1 : best;
}

/** At most this many violations are explained; the rest of a flood (a million bad items, say) are only counted. */
export const MAX_EXPLAINED = 200;

export function validateArguments(tool: CompiledTool, args: Json): Fault[] {
  return validateCounted(tool, args).faults;
}

/** The faults, and how many more distinct fields were rejected beyond MAX_EXPLAINED violations. */
/** `known`: the validator's errors on these very arguments, when the fast path already has them. */
/** `state`: the state the call is checked against, for a unit whose currency comes from a record. */
/**
 * An unevaluatedProperties error on a key that the same schema object declares in its own `properties`:
 * that key is evaluated wherever the object applies, so the error is AJV's, which loses the annotation
 * behind a $ref into a resource with a relative $id (the JSON Schema Test Suite's ref.json). Not for
 * __proto__, whose schema AJV skips (with ownProperties): that key stays refused.
 */
const isLostAnnotation = (ctx: ExplainContext) => (e: AjvError): boolean => {
  if (e.keyword !== 'unevaluatedProperties') return false;
  const key = e.params?.unevaluatedProperty;
  if (typeof key !== 'string' || key === '__proto__') return false;
  const node = schemaAt(ctx, e.schemaPath);
  const props = node && typeof node === 'object' ? node.properties : undefined;
  return props !== null && typeof props === 'object' && Object.prototype.hasOwnProperty.call(props, key);
};

/** What validateCounted found: the faults, the count past MAX_EXPLAINED, and what the vetting of their candidates reads. */
export interface CountedFaults {
  faults: Fault[];
  unexplained: number;
  /** The arguments as the validator saw them, over-long strings emptied; candidates are validated on these. */
  checked?: Json;
  /** The explained call, whose probes' errors the vetting of its candidates reads instead of validating again (candidates.ts). */
  explained?: ExplainContext;
}

export function validateCounted(tool: CompiledTool, args: Json, known?: AjvError[], state?: unknown): CountedFaults {
  const refused = refusedBeforeValidation(tool, args);
  if (refused) return { faults: [refused], unexplained: 0 };
  const ctx: ExplainContext = { tool, args, state };
  const capped = capOversized(tool, args);
  ctx.checked = capped.args;
  const errors = distinctErrors((known && capped.args === args ? known : tool.validate(capped.args)) ?? []);
  ctx.checkedErrors = errors;
  const byField = new Map<string, { fault: Fault; rank: number }>();
  const faults: Fault[] = capped.faults;
  const pruned = pruneNested(ctx, errors.some(isLostAnnotation(ctx)) ? errors.filter((e) => !isLostAnnotation(ctx)(e)) : errors);
  // Past MAX_EXPLAINED, violations are counted, not explained: one more of an item rule an explained item
  // breaks is one more item of that entry; the rest count once per field (all items of one rule are one).
  const overflow = pruned.length > MAX_EXPLAINED ? countOverflow(pruned, args) : undefined;
  if (overflow) pruned.length = MAX_EXPLAINED;
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
  let unexplained = 0;
  if (overflow) {
    const explainedRules = new Set(faults.map((f) => (f.path ? itemRuleKey(f.path, f.schemaPath) : undefined)));
    ctx.moreItems = new Map();
    for (const [key, indices] of overflow.items) {
      if (explainedRules.has(key)) ctx.moreItems.set(key, indices);
      else unexplained++;
    }
    unexplained += overflow.fields;
  }
  const conflicts = hasConflicts(tool) ? conflictFaults(ctx) : NO_CONFLICTS;
  const explained = shortenRepeatedLists(groupItemFaults(ctx, dropImpliedByRename(dropCollidingMoves(faults))));
  return { faults: conflicts.length ? [...explained, ...conflicts] : explained.slice(), unexplained, checked: capped.args, explained: ctx };
}

/** The violations past MAX_EXPLAINED: item indices by item rule (itemRuleKey), and how many other fields. */
function countOverflow(pruned: AjvError[], args: Json): { items: Map<string, number[]>; fields: number } {
  const explained = new Set<string>();
  for (let i = 0; i < MAX_EXPLAINED; i++) explained.add(whereOf(pruned[i]));
  const items = new Map<string, number[]>();
  const fields = new Set<string>();
  for (let i = MAX_EXPLAINED; i < pruned.length; i++) {
    const e = pruned[i];
    const at = pointerToSegments(e.instancePath, args);
    const named = e.params?.missingProperty ?? e.params?.additionalProperty;
    if (named !== undefined) at.push(String(named));
    const key = itemRuleKey(at, e.schemaPath);
    if (key === undefined) {
      const where = whereOf(e);
      if (!explained.has(where)) fields.add(where);
      continue;
    }
    const j = at.findLastIndex((s) => typeof s === 'number');
    const list = items.get(key);
    if (list) list.push(at[j] as number);
    else items.set(key, [at[j] as number]);
  }
  return { items, fields: fields.size };
}

function whereOf(e: AjvError): string {
  return `${e.instancePath}\u0000${e.params?.missingProperty ?? e.params?.additionalProperty ?? ''}`;
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
    // A move into start.dateTime also makes start: "start is missing" is implied too.
    if (f.fix?.kind === 'move' && f.fix.to) for (let i = (f.fix.parentPath?.length ?? 0) + 1; i <= f.fix.to.length; i++) renamedTo.add(JSON.stringify(f.fix.to.slice(0, i)));
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
  if (faults.length < 2) return faults;
  const seen = new Set<string>();
  return faults.map((f) => {
    if (f.code !== 'unknown_argument' || !hasNote(f, 'takes')) return f;
    const message = messageOf(f);
    if (!seen.has(message)) {
      seen.add(message);
      return f;
    }
    return { ...f, notes: f.notes.filter((n) => n.kind !== 'takes') };
  });
}
