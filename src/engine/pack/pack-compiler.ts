// The pack compiler: one pack file in, and per tool the wire schema (vendor facts only), the model-facing
// schema (glosses appended), the field index the other stages read, and a validator per tool. The validators
// come from an injected ValidatorBackend, so this module never loads AJV itself: Node compiles with AJV
// (ajv-backend.ts), the playground with the code generated at build time (precompiled-backend.ts).
import { checkRuleCodes, compileToolChecks, packState, stateProblems, stateShape, type StateShape } from './checks-compile';
import { codeInfo, enumCodeFor, isGenericCode } from '../faults/codes';
import { dialectOf, type Dialect } from '../validate/dialect';
import { PACK_KEYWORDS } from './pack-schema';
import { FieldBudget, schemaBudgetProblem } from './compile-budgets';
import { deref, enumIsListable, resolveLocalRef, typesOf } from '../schema';
import type { AjvError, CompiledPack, CompiledTool, FieldInfo, Json, PackSource, RefusedTool, SchemaNode, ToolSource } from '../types';
import { parseUnit, unitProblems } from '../explain/units';
import { VALUE_SET_NAMES, valueSet } from '../shared/value-sets';
import { ruleReader } from './promises/rule-reader';
import { childPointer } from '../paths';

export interface PackProblem {
  /** JSON pointer into the pack file. */
  path: string;
  message: string;
}

/** One line per tool left out of a user's definitions (pack.refused), for a CLI or a log: the tool, where, and why. */
export function describeRefused(refused: readonly RefusedTool[], indent = ''): string {
  return refused.map((r) => `${indent}${r.tool} (${r.pointer || '/'}): ${r.reason}`).join('\n');
}

export class PackError extends Error {
  constructor(
    readonly origin: string,
    readonly problems: PackProblem[],
  ) {
    super(`${origin}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n` + problems.map((p) => `  ${p.path || '/'}: ${p.message}`).join('\n'));
    this.name = 'PackError';
  }
}

export interface CompileOptions {
  /** Take the schema exactly as written: no closing of objects, no pack checks. For conformance tests. */
  asIs?: boolean;
  /** `annotate` treats `format` as an annotation, as draft 2020-12 does by default. Packs assert it. */
  formats?: 'assert' | 'annotate';
  /** Skip the pack-author rules (x-rule with pattern, x-example with format…): for a user's own tool definitions. */
  packChecks?: boolean;
  /** Further schemas AJV may resolve `$ref`s into, by URI (the conformance suite's remotes). Never fetched. */
  schemas?: Record<string, unknown>;
  /** Compile every validator now, so a schema AJV cannot use is a problem of the pack, not of a call. */
  eager?: boolean;
  /**
   * With eager: a tool whose schema compile-later.ts can vouch for without compiling it is checked by that
   * walk now and compiled on its first call (the proxy, before a server's thousands of tools).
   */
  firstUse?: boolean;
  /** Read rules from the fields' descriptions and enforce them beside the schema (pack/promises/); on unless false. */
  readRules?: boolean;
}

/** An error as a validator reports it: where, and what it says. */
export interface SchemaProblem {
  instancePath: string;
  message?: string;
}

/**
 * Where a pack's validators come from. The optional checks hold a pack file to its format; a backend for
 * packs already checked at build time leaves them out, and compilePackWith then skips them.
 */
export interface ValidatorBackend {
  /** The pack file against the pack file format (pack-schema.ts): its problems, none when it conforms. */
  packFileProblems?(input: unknown): PackProblem[];
  /** One pack keyword's value against its own schema. */
  keywordProblems?(keyword: string, value: unknown): SchemaProblem[];
  /** The validators of one pack: one scope per compilePack call. */
  forPack(packId: string, options: CompileOptions): PackValidators;
}

export interface PackValidators {
  /** The wire schema against the JSON Schema meta-schema; null when it is a valid schema. */
  schemaProblems?(wire: SchemaNode): SchemaProblem[] | null;
  /** Registers a tool's wire schema and returns its validator; throws when the schema cannot be used. */
  addTool(name: string, wire: SchemaNode): (args: unknown) => AjvError[] | null;
  /** Whether an x-example satisfies its field (at `pointer` in the tool's schema): the errors, or null. Throws when it cannot tell. */
  exampleProblems?(name: string, pointer: string, value: unknown): SchemaProblem[] | null;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];

function isObjectSchema(node: SchemaNode): boolean {
  return typesOf(node, { inferred: 'shape' }).includes('object');
}


/** Sentences the model-facing schema adds to a field's description. */
export function modelNotes(node: SchemaNode): string[] {
  const notes: string[] = [];
  if (typeof node['x-gloss'] === 'string') notes.push(node['x-gloss']);
  const c = node['x-conflicts'];
  if (c && Array.isArray(c.with)) notes.push(`Cannot be combined with ${c.with.join(', ')}: ${c.reason}.`.replace(/\.\.$/, '.'));
  if (typeof node['x-resolve-with'] === 'string') notes.push(`Get valid values from ${node['x-resolve-with']}.`);
  return notes;
}

interface Transformed {
  wire: SchemaNode;
  model: SchemaNode;
}

/** Applicators whose subschemas apply to the same value as the schema that holds them. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE_SINGLES = ['if', 'then', 'else'];

/** The in-place subschemas of a node: its branches, its dependent schemas and what its local $ref reaches. */
function inPlaceSubschemas(root: SchemaNode, node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const k of IN_PLACE_LISTS) if (Array.isArray(node[k])) for (const s of node[k]) if (s && typeof s === 'object') out.push(s);
  for (const k of IN_PLACE_SINGLES) if (node[k] && typeof node[k] === 'object') out.push(node[k]);
  if (node.dependentSchemas && typeof node.dependentSchemas === 'object') for (const s of Object.values<SchemaNode>(node.dependentSchemas)) if (s && typeof s === 'object') out.push(s);
  const ref = resolveLocalRef(root, node);
  if (ref) out.push(ref.node);
  return out;
}

/** The nodes one closing walk has been through, counted with the self-closed entries it starts from. */
interface Seen {
  has(node: SchemaNode): boolean;
  add(node: SchemaNode): void;
  size(): number;
}

/**
 * `new Set([src, ...selfClosed])` without the copy: made once per place in the schema, the copy made a
 * chain of thousands of self-closed $defs quadratic. Same members, same count.
 */
function seenBeside(src: SchemaNode, selfClosed: ReadonlySet<SchemaNode>): Seen {
  const walked = new Set<SchemaNode>();
  const base = selfClosed.size + (selfClosed.has(src) ? 0 : 1);
  const has = (node: SchemaNode) => node === src || selfClosed.has(node) || walked.has(node);
  return {
    has,
    add: (node) => {
      if (!has(node)) walked.add(node);
    },
    size: () => base + walked.size,
  };
}

/** Whether a subschema applied in place declares or opens properties: then the place is composed. */
function declaresInPlace(root: SchemaNode, node: SchemaNode, seen: Seen): boolean {
  if (seen.has(node) || seen.size() > 256) return false;
  seen.add(node);
  if (node.properties !== undefined || node.patternProperties !== undefined || 'additionalProperties' in node || 'unevaluatedProperties' in node) return true;
  // A reference this walk cannot follow (another resource's $id, an anchor, a dynamic scope) may declare
  // properties: unevaluatedProperties, which AJV judges with the reference followed, is the safe closing.
  if (typeof node.$dynamicRef === 'string' || typeof node.$recursiveRef === 'string' || (typeof node.$ref === 'string' && !resolveLocalRef(root, node))) return true;
  return inPlaceSubschemas(root, node).some((s) => declaresInPlace(root, s, seen));
}

/**
 * How the place a schema applies at is closed, so an argument declared nowhere is refused (the engine's
 * policy: departures.ts). An object that declares its fields alone is closed with `additionalProperties:
 * false`; one whose fields come from its branches or a $ref is closed with `unevaluatedProperties: false`,
 * which sees every property any applicable branch declares, as JSON Schema judges them. A place that
 * declares no properties anywhere is a free-form map (metadata, a BFCL `dict`) and stays open, and so does
 * one that says itself what to do with other properties.
 */
function closingFor(root: SchemaNode, src: SchemaNode, selfClosed: ReadonlySet<SchemaNode>): 'additional' | 'unevaluated' | null {
  if ('additionalProperties' in src || 'unevaluatedProperties' in src) return null;
  const seen = seenBeside(src, selfClosed);
  const unfollowed = typeof src.$dynamicRef === 'string' || typeof src.$recursiveRef === 'string' || (typeof src.$ref === 'string' && !resolveLocalRef(root, src));
  if (unfollowed || inPlaceSubschemas(root, src).some((s) => declaresInPlace(root, s, seen))) return 'unevaluated';
  return isObjectSchema(src) && src.properties !== undefined ? 'additional' : null;
}

/** Whether a node holding a $ref adds nothing beside it that concerns properties: a plain reference. */
function plainRef(node: SchemaNode): boolean {
  if (node.properties !== undefined || node.patternProperties !== undefined || 'additionalProperties' in node || 'unevaluatedProperties' in node) return false;
  return !IN_PLACE_LISTS.some((k) => k in node) && !IN_PLACE_SINGLES.some((k) => k in node) && !('dependentSchemas' in node);
}

/**
 * The $defs entries that can be closed where they are declared, as a plain object is: every $ref to them is
 * a plain reference at a place of its own (a property's value, an item). An entry also reached from a branch
 * (allOf: [{$ref}], or a $ref beside properties) is left open, and the place that composes it is closed
 * with unevaluatedProperties instead. Closing the entry keeps the common case (a shared type referred to
 * from several fields) a plain closed object, for the validator and for the strict exports.
 */
function selfClosedDefs(root: SchemaNode): Set<SchemaNode> {
  const reached = new Set<SchemaNode>();
  const composed = new Set<SchemaNode>();
  const defs = new Set<SchemaNode>();
  for (const key of ['$defs', 'definitions']) {
    const map = root[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) for (const d of Object.values<SchemaNode>(map)) if (d && typeof d === 'object') defs.add(d);
  }
  if (defs.size === 0) return defs;
  const seen = new Set<SchemaNode>();
  const walk = (node: unknown, location: boolean, depth: number) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || seen.has(node as SchemaNode) || depth > 64) return;
    const n = node as SchemaNode;
    seen.add(n);
    if (typeof n.$ref === 'string') {
      const target = resolveLocalRef(root, n)?.node;
      if (target) (location && plainRef(n) ? reached : composed).add(target);
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || !value || typeof value !== 'object') continue;
      const at = LOCATION_KEYS.has(key);
      const children = SUBSCHEMA_MAPS.includes(key) && !Array.isArray(value) ? Object.values(value) : Array.isArray(value) ? value : SUBSCHEMA_SINGLE.includes(key) ? [value] : [];
      // A $defs entry is walked as a place of its own: whether it is one is what this pass decides.
      for (const child of children) walk(child, at || key === '$defs' || key === 'definitions', depth + 1);
    }
  };
  walk(root, true, 0);
  return new Set([...defs].filter((d) => reached.has(d) && !composed.has(d)));
}

/** Keys of a draft-07 node with a $ref that are not ignored beside it: where the ref resolves, and annotations. */
const KEPT_BESIDE_REF = ['$schema', '$id', 'definitions', '$defs', 'title', 'description', '$comment'];

/** A draft-07 node with a $ref, closed: `{allOf: [{$ref}], unevaluatedProperties: false}`, its resolution context kept. */
function aroundRef(node: SchemaNode): SchemaNode {
  const outer: SchemaNode = {};
  for (const k of KEPT_BESIDE_REF) if (k in node) define(outer, k, node[k]);
  outer.allOf = [{ $ref: node.$ref }];
  outer.unevaluatedProperties = false;
  return outer;
}

/** What every node of one tool's schema is transformed against. */
interface TransformContext {
  problems: PackProblem[];
  asIs: boolean;
  backend: ValidatorBackend;
  /** The tool's whole argument schema, for the local `$ref`s that closing follows. */
  root: SchemaNode;
  dialect: Dialect;
  /** A user's own tool definitions (packChecks: false): keywords that are no pack keyword are left alone. */
  userTools: boolean;
  /** The $defs entries closed where they are declared, because every $ref to them is a plain one (selfClosedDefs). */
  selfClosed: ReadonlySet<SchemaNode>;
}

/** Subschemas that apply at a new place in the value (a property's value, an item): each such place is closed on its own. */
const LOCATION_KEYS = new Set(['properties', 'patternProperties', 'items', 'prefixItems', 'additionalProperties', 'additionalItems', 'contains', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames']);

const define = (target: SchemaNode, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * Copies a schema twice, without x- keywords: once as the wire schema, once with the notes for the model.
 * `location` is true for a schema that applies at its own place in the value (the arguments, a property's
 * value, an item), false for one that applies in place of another (a branch of allOf/anyOf/oneOf,
 * if/then/else, dependentSchemas, or a $defs entry reached by $ref): only locations are closed.
 */
function transform(node: unknown, path: string, ctx: TransformContext, location: boolean, conditionBranch = false): Transformed {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { wire: node as SchemaNode, model: node as SchemaNode };
  const { problems, asIs, backend } = ctx;
  const src = node as SchemaNode;
  let wire: SchemaNode = {};
  const model: SchemaNode = {};
  let emptyEnum = false;
  for (const [key, value] of Object.entries(src)) {
    if (key.startsWith('x-') && !asIs && ctx.userTools && !(PACK_KEYWORDS as readonly string[]).includes(key)) {
      // A user's own definitions may carry their vendor's extensions (OpenAPI's x-…): JSON Schema ignores
      // unknown keywords, and so does the wire schema; they are no pack's business.
      continue;
    }
    if (key.startsWith('x-') && !asIs) {
      if (!(PACK_KEYWORDS as readonly string[]).includes(key)) {
        problems.push({ path: childPointer(path, key), message: `unknown pack keyword; the pack keywords are ${PACK_KEYWORDS.join(', ')}` });
      } else if (backend.keywordProblems) {
        for (const e of backend.keywordProblems(key, value)) problems.push({ path: childPointer(path, key) + e.instancePath, message: e.message ?? 'is invalid' });
      }
      continue;
    }
    const at = LOCATION_KEYS.has(key);
    if (SUBSCHEMA_MAPS.includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      const w: [string, unknown][] = [];
      const m: [string, unknown][] = [];
      const defs = key === '$defs' || key === 'definitions';
      for (const [k, sub] of Object.entries(value)) {
        const t = transform(sub, childPointer(childPointer(path, key), k), ctx, at || (defs && ctx.selfClosed.has(sub as SchemaNode)));
        w.push([k, t.wire]);
        m.push([k, t.model]);
      }
      // fromEntries, not assignment: a property named __proto__ must stay a property.
      wire[key] = Object.fromEntries(w);
      model[key] = Object.fromEntries(m);
    } else if ((SUBSCHEMA_ARRAYS.includes(key) || key === 'items') && Array.isArray(value)) {
      // Draft-07's array form of `items` holds one schema per position, like 2020-12's prefixItems.
      const t = value.map((sub, i) => transform(sub, childPointer(childPointer(path, key), i), ctx, at));
      define(wire, key, t.map((x) => x.wire));
      define(model, key, t.map((x) => x.model));
    } else if (SUBSCHEMA_SINGLE.includes(key) && value && typeof value === 'object') {
      const t = transform(value, childPointer(path, key), ctx, at, IN_PLACE_SINGLES.includes(key));
      define(wire, key, t.wire);
      define(model, key, t.model);
    } else if (key === 'enum' && Array.isArray(value) && value.length === 0) {
      emptyEnum = true;
    } else {
      define(wire, key, value);
      define(model, key, value);
    }
  }
  if (ctx.dialect === 'draft-07' && typeof src.$ref === 'string') {
    // Draft-07 ignores every keyword beside a $ref; AJV still checks a `type` there, so the copies leave them out.
    for (const target of [wire, model]) for (const k of Object.keys(target)) if (k !== '$ref' && !KEPT_BESIDE_REF.includes(k)) delete target[k];
  }
  if (emptyEnum) {
    // An empty enum permits nothing (JSON Schema allows one), but AJV refuses to compile it: `not: {}` says the same.
    for (const target of [wire, model]) {
      if ('not' in target) define(target, 'allOf', [...(Array.isArray(target.allOf) ? target.allOf : []), { not: {} }]);
      else define(target, 'not', {});
    }
  }
  if (asIs) return { wire, model };
  let modelSetNote: string | undefined;
  const setName = src['x-value-set'];
  if (typeof setName === 'string') {
    const set = valueSet(setName);
    if (set) {
      // The validator checks the whole set; the exports carry the rule instead of hundreds of values
      // (528 zone names cost thousands of tokens in every prompt and are no fact of the vendor's schema).
      wire.enum = [...set.values];
      REGISTRY_ENUMS.add(wire);
      if (enumIsListable(set.values)) model.enum = [...set.values];
      else modelSetNote = `Must be ${typeof src['x-rule'] === 'string' ? src['x-rule'] : set.rule}, e.g. ${set.example}.`;
    } else if ((VALUE_SET_NAMES as readonly string[]).includes(setName)) {
      // Registries load on demand (src/engine/registries/): a pack compiled before its registry is loaded
      // would get no enum at all, so it fails here instead.
      problems.push({ path: childPointer(path, 'x-value-set'), message: `names the value set "${setName}", which is not loaded: load it before compiling the pack (loadValueSets() in src/engine/registries/index.ts, or import src/engine/registries/all.ts)` });
    } else if (!backend.keywordProblems) {
      problems.push({ path: childPointer(path, 'x-value-set'), message: `names no value set; the value sets are ${VALUE_SET_NAMES.join(', ')}` });
    }
  }
  // The wire schema, which calls are validated against, is closed where JSON Schema would judge a property
  // unevaluated (closingFor). The model-facing schema states it the way tool-calling vendors read it:
  // additionalProperties: false on every object that lists its fields, which their strict modes require.
  const closing = location ? closingFor(ctx.root, src, ctx.selfClosed) : null;
  if (closing === 'additional') wire.additionalProperties = false;
  else if (closing === 'unevaluated') {
    // Draft-07 ignores a $ref's siblings, so there the closing goes around the $ref instead of beside it.
    if (ctx.dialect === 'draft-07' && typeof src.$ref === 'string') wire = aroundRef(wire);
    else wire.unevaluatedProperties = false;
  }
  // Not on an if/then/else branch: it names only the fields its condition is about (Calendar's `else` holds
  // dateTime to the strict format when timeZone is absent), and closed it would refuse every other field.
  if (!conditionBranch && isObjectSchema(src) && src.properties !== undefined && !('additionalProperties' in src) && !('unevaluatedProperties' in src)) model.additionalProperties = false;
  const notes = modelNotes(src);
  if (modelSetNote) notes.unshift(modelSetNote);
  if (notes.length) model.description = [src.description, ...notes].filter((s) => typeof s === 'string' && s).join(' ');
  return { wire, model };
}

/** Wire schema nodes whose `enum` a registry filled: validated against, left out of every export. */
export const REGISTRY_ENUMS = new WeakSet<SchemaNode>();

/**
 * The tool's fields, one per path pattern: a shared schema is a field at every path that reaches it, which
 * the other stages look fields up by. The walk counts every entry against `budget` and stops once it is spent.
 */
function collectFields(root: SchemaNode, tool: ToolSource, problems: PackProblem[], basePath: string, budget: FieldBudget): Map<string, FieldInfo & { pointer: string }> {
  const fields = new Map<string, FieldInfo & { pointer: string }>();
  const walk = (node: SchemaNode, fieldPath: string, pointer: string, depth: number, seen: Set<SchemaNode>) => {
    if (budget.problem || depth > 32 || !node || typeof node !== 'object' || seen.has(node) || !budget.step(pointer)) return;
    const ref = resolveLocalRef(root, node);
    if (ref) {
      walk(ref.node, fieldPath, ref.pointer, depth + 1, new Set([...seen, node]));
      return;
    }
    const next = new Set([...seen, node]);
    const props = node.properties;
    if (props && typeof props === 'object') {
      const required: string[] = Array.isArray(node.required) ? node.required : [];
      const names = Object.keys(props);
      const claimed = new Map<string, string>();
      for (const name of names) claimed.set(name, name);
      for (const [name, sub] of Object.entries<SchemaNode>(props)) {
        const path = fieldPath ? `${fieldPath}.${name}` : name;
        const p = childPointer(childPointer(pointer, 'properties'), name);
        if (!budget.take(p)) return;
        const info = fieldInfo(root, name, path, sub, required.includes(name));
        fields.set(path, withPointer(info, p));
        for (const alias of info.aliases) {
          const owner = claimed.get(alias);
          if (owner && owner !== name) problems.push({ path: basePath + childPointer(p, 'x-aliases'), message: `alias "${alias}" already names the field "${owner}"` });
          claimed.set(alias, name);
        }
        if (info.conflicts) {
          for (const other of info.conflicts.with) {
            if (!names.includes(other)) problems.push({ path: basePath + childPointer(p, 'x-conflicts'), message: `conflicts with "${other}", which is not a sibling field (declared: ${names.join(', ')})` });
            if (other === name) problems.push({ path: basePath + childPointer(p, 'x-conflicts'), message: 'a field cannot conflict with itself' });
          }
        }
        walk(sub, path, p, depth + 1, next);
      }
    }
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      // Array items get their own entry (`tags[]`), so an enum or pattern on items is explained like a field.
      const itemPath = `${fieldPath}[]`;
      if (!fields.has(itemPath)) {
        if (!budget.take(childPointer(pointer, 'items'))) return;
        const name = fieldPath.replace(/\[\]/g, '').split('.').pop() || 'items';
        fields.set(itemPath, withPointer(fieldInfo(root, name, itemPath, node.items, false), childPointer(pointer, 'items')));
      }
      walk(node.items, itemPath, childPointer(pointer, 'items'), depth + 1, next);
    }
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(node[k])) node[k].forEach((sub: SchemaNode, i: number) => walk(sub, fieldPath, childPointer(childPointer(pointer, k), i), depth + 1, next));
    }
  };
  walk(tool.arguments, '', '', 0, new Set());
  return fields;
}

/**
 * The field's pointer into the pack file, for the compiler's own messages, kept off the FieldInfo the other
 * stages read (not enumerable), and attached without copying: a copy would build the lazy alias table.
 */
function withPointer(info: FieldInfo, pointer: string): FieldInfo & { pointer: string } {
  return Object.defineProperty(info, 'pointer', { value: pointer, enumerable: false }) as FieldInfo & { pointer: string };
}

/** A field's example in JSON Schema's own words (`examples`, or OpenAPI's `example`), for a user's tools that carry no x-example. */
function schemaExample(node: SchemaNode): Json | undefined {
  if (Array.isArray(node.examples) && node.examples.length) return node.examples[0] as Json;
  return 'example' in node ? (node.example as Json) : undefined;
}

function fieldInfo(root: SchemaNode, name: string, path: string, raw: SchemaNode, required: boolean): FieldInfo {
  // Boolean schemas (`true` / `false`) declare a field with no keywords of their own.
  const resolved = raw && typeof raw === 'object' ? deref(root, raw) : undefined;
  const node: SchemaNode = resolved && typeof resolved === 'object' ? resolved : {};
  const set = typeof node['x-value-set'] === 'string' ? valueSet(node['x-value-set']) : undefined;
  const enumValues: Json[] | undefined = set ? set.values : Array.isArray(node.enum) ? node.enum : undefined;
  const declared = node['x-value-aliases'];
  // Built on first read: a registry's table indexes thousands of names, which compiling a pack (the CLI
  // starting, say) should not pay for unless a call needs it.
  let valueAliases: Record<string, string> | undefined;
  const aliasTable = () => {
    const table: Record<string, string> = Object.create(null);
    if (set) Object.assign(table, set.aliases);
    if (declared && typeof declared === 'object') for (const [k, v] of Object.entries(declared)) table[k.toLowerCase()] = v as string;
    return table;
  };
  const info: FieldInfo = {
    path,
    name,
    schema: node,
    required,
    gloss: typeof node['x-gloss'] === 'string' ? node['x-gloss'] : undefined,
    aliases: Array.isArray(node['x-aliases']) ? node['x-aliases'] : [],
    get valueAliases() {
      return (valueAliases ??= aliasTable());
    },
    conflicts: node['x-conflicts'] && Array.isArray(node['x-conflicts'].with) ? node['x-conflicts'] : undefined,
    rule: typeof node['x-rule'] === 'string' ? node['x-rule'] : set?.rule,
    example: 'x-example' in node ? node['x-example'] : set?.example ?? schemaExample(node),
    resolveWith: typeof node['x-resolve-with'] === 'string' ? node['x-resolve-with'] : undefined,
    enumCode: enumValues ? (typeof node['x-code'] === 'string' ? node['x-code'] : set ? set.code : enumCodeFor(name)) : undefined,
    enumValues,
    valueSet: set?.name,
    unit: parseUnit(node['x-unit']),
  };
  if (node['x-comma-list'] === true) info.commaList = true;
  if (!('x-example' in node) && set?.example === undefined && info.example !== undefined) examplesToCheck.add(info);
  return info;
}

/** The fields whose example came from JSON Schema's `examples`, which the compiler checks against the field. */
const examplesToCheck = new WeakSet<FieldInfo>();

function checkFieldKeywords(fields: Map<string, FieldInfo & { pointer: string }>, basePath: string, problems: PackProblem[]) {
  for (const f of fields.values()) {
    const at = basePath + f.pointer;
    const s = f.schema;
    if (s.pattern !== undefined && !f.rule) problems.push({ path: at, message: 'has a pattern but no x-rule: say the rule in words, completing "must be …"' });
    if ((s.pattern !== undefined || s.format !== undefined) && !('x-example' in s)) problems.push({ path: at, message: 'has a pattern or format but no x-example: give one value that satisfies it' });
    if (f.enumValues && !enumIsListable(f.enumValues) && !f.rule) problems.push({ path: at, message: `has ${f.enumValues.length} permitted values, too many to list in a message: add x-rule` });
    if (s['x-value-aliases'] && !f.enumValues) problems.push({ path: at + '/x-value-aliases', message: 'value aliases need an enum to point into' });
    if (s['x-value-aliases'] && f.enumValues) {
      for (const [from, to] of Object.entries<Json>(s['x-value-aliases'])) {
        if (!f.enumValues.includes(to)) problems.push({ path: at + childPointer('/x-value-aliases', from), message: `points at ${JSON.stringify(to)}, which is not one of the permitted values` });
      }
    }
    if (typeof s['x-code'] === 'string' && isGenericCode(s['x-code'])) problems.push({ path: at + '/x-code', message: `${s['x-code']} is a generic code with a meaning of its own (${codeInfo(s['x-code']).meaning.split('.')[0].toLowerCase()}): name this field's code for its values` });
    if (s['x-code'] !== undefined && !f.enumValues) problems.push({ path: at + '/x-code', message: 'x-code names the code for a value outside an enum, and this field has no enum' });
    if (s['x-comma-list'] !== undefined && !declaresString(s)) problems.push({ path: at + '/x-comma-list', message: 'x-comma-list says a string holds a list, and this field takes no string' });
    if (s['x-fold-case'] !== undefined && !f.enumValues) problems.push({ path: at + '/x-fold-case', message: 'x-fold-case folds a value into the case of an enum value, and this field has no enum' });
  }
}

/** A schema whose `type` says it takes a string (or says nothing of its type). */
function declaresString(s: SchemaNode): boolean {
  return s.type === undefined || s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
}

/** x-unit: on a numeric field, with a currency read from a declared argument or a record the caller may see. */
function checkUnits(tool: ToolSource, fields: Map<string, FieldInfo & { pointer: string }>, basePath: string, state: StateShape, problems: PackProblem[]) {
  const hiddenKinds = new Set((tool.checks ?? []).flatMap((c) => (c.kind === 'exists' && c.visible !== undefined ? [c.record] : [])));
  const argumentPaths = [...fields.keys()].filter((k) => !k.includes('[]'));
  for (const f of fields.values()) {
    if (!('x-unit' in f.schema)) continue;
    for (const p of unitProblems(f.schema['x-unit'], f.schema, { argumentPaths, recordKeys: state.recordKeys, hiddenKinds })) {
      problems.push({ path: `${basePath}${f.pointer}/x-unit${p.path}`, message: p.message });
    }
  }
}

/** Where a reference sits in a schema: the pointer of the first `$ref` (or `$dynamicRef`) whose value is `ref`. */
function pointerOfRef(node: unknown, ref: string, at = ''): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node)) {
    if ((k === '$ref' || k === '$dynamicRef') && v === ref) return childPointer(at, k);
    const found = typeof v === 'object' ? pointerOfRef(v, ref, childPointer(at, k)) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The problem of a schema AJV would not compile, said where it is when AJV names a reference it cannot follow. */
function compileProblem(schema: unknown, at: string, err: Error): PackProblem {
  const missing = /can't resolve reference (\S+) from id/.exec(err.message);
  if (missing) {
    const where = pointerOfRef(schema, missing[1]);
    return { path: at + (where ?? ''), message: `refers to ${missing[1]}, which this schema does not hold; nothing outside the tool definitions is ever fetched` };
  }
  return { path: at, message: `AJV cannot use it: ${err.message}` };
}

/** Compiles a pack with the validators of `backend` (ajv-backend.ts has `compilePack`, the AJV one). */
export function compilePackWith(backend: ValidatorBackend, input: unknown, origin: string, options: CompileOptions = {}): CompiledPack {
  const asIs = options.asIs === true;
  if (!asIs && backend.packFileProblems) {
    const fileProblems = backend.packFileProblems(input);
    if (fileProblems.length) throw new PackError(origin, fileProblems);
  }
  const source = input as PackSource;
  const problems: PackProblem[] = [];
  const validators = backend.forPack(source.id, options);
  const seenNames = new Set<string>();
  const tools: CompiledTool[] = [];
  // What the tools compiled so far cost, against the pack's budgets (compile-budgets.ts).
  let packNodes = 0;
  let packFields = 0;
  let packSteps = 0;

  const compileTool = (tool: ToolSource, index: number) => {
    const base = `/tools/${index}`;
    if (seenNames.has(tool.name)) problems.push({ path: `${base}/name`, message: `tool name "${tool.name}" is used twice` });
    seenNames.add(tool.name);
    const dialect = dialectOf(tool.arguments);
    if ('problem' in dialect) {
      problems.push({ path: `${base}/arguments/$schema`, message: dialect.problem });
      return;
    }
    // Measured before any walk that recurses per level or per path: past a budget the tool is refused here.
    if (tool.arguments && typeof tool.arguments === 'object') {
      const measured = schemaBudgetProblem(tool.arguments, packNodes);
      if (measured.problem) {
        problems.push({ path: `${base}/arguments${measured.problem.pointer}`, message: measured.problem.message });
        return;
      }
      packNodes += measured.nodes;
    }
    const { wire, model } = transform(tool.arguments, `${base}/arguments`, { problems, asIs, backend, root: tool.arguments, dialect: dialect.dialect, userTools: options.packChecks === false, selfClosed: asIs ? new Set() : selfClosedDefs(tool.arguments) }, true);
    const schemaProblems = validators.schemaProblems?.(wire);
    if (schemaProblems) {
      for (const e of schemaProblems) problems.push({ path: `${base}/arguments${e.instancePath}`, message: `not a valid JSON Schema: ${e.message}` });
      return;
    }
    const budget = new FieldBudget(packFields, packSteps);
    const fields = collectFields(tool.arguments, tool, problems, `${base}/arguments`, budget);
    if (budget.problem) {
      problems.push({ path: `${base}/arguments${budget.problem.pointer}`, message: budget.problem.message });
      return;
    }
    packFields += budget.entries;
    packSteps += budget.steps;
    const packChecks = !asIs && options.packChecks !== false;
    if (packChecks) checkFieldKeywords(fields, `${base}/arguments`, problems);
    if (packChecks) checkUnits(tool, fields, `${base}/arguments`, stateShape(source.state), problems);
    let validate: (args: unknown) => AjvError[] | null;
    try {
      validate = validators.addTool(tool.name, wire);
    } catch (err) {
      problems.push(compileProblem(tool.arguments, `${base}/arguments`, err as Error));
      return;
    }
    if (packChecks && validators.exampleProblems) {
      for (const f of fields.values()) {
        if (!('x-example' in f.schema)) continue;
        try {
          const errors = validators.exampleProblems(tool.name, f.pointer, f.schema['x-example']);
          if (errors) {
            problems.push({ path: `${base}/arguments${f.pointer}/x-example`, message: `does not satisfy its own field: ${errors.map((e) => `${e.instancePath || 'value'} ${e.message}`).join('; ')}` });
          }
        } catch (err) {
          problems.push({ path: `${base}/arguments${f.pointer}`, message: `cannot check x-example: ${(err as Error).message}` });
        }
      }
    }
    // An example from JSON Schema's `examples` is the author's, unchecked: a body may show it only if the field takes it.
    for (const f of fields.values()) {
      if (!examplesToCheck.has(f)) continue;
      try {
        if (!validators.exampleProblems || validators.exampleProblems(tool.name, f.pointer, f.example)) f.example = undefined;
      } catch {
        f.example = undefined;
      }
    }
    // Rules the descriptions state and the schema does not, held to the tool's own examples; never in the wire schema.
    const reader = ruleReader();
    const read = reader && !asIs && options.readRules !== false && options.formats !== 'annotate' ? reader.read(tool, fields.values()) : undefined;
    if (read?.kept.length) validate = reader!.enforce(validate, read.kept);
    const fieldMap = new Map<string, FieldInfo>();
    for (const [k, v] of fields) fieldMap.set(k, v);
    tools.push({
      name: tool.name,
      summary: tool.summary,
      resource: tool.resource ?? 'Tools',
      operation: tool.operation,
      source: tool,
      wireSchema: wire,
      modelSchema: model,
      fields: fieldMap,
      validate,
      checks: [],
      effects: [],
      ...(read?.kept.length ? { readRules: read.kept } : {}),
      ...(read?.dropped.length ? { readRulesDropped: read.dropped } : {}),
    });
  };
  source.tools.forEach((tool, index) => {
    try {
      compileTool(tool, index);
    } catch (err) {
      // A schema inside the depth budget may still exhaust a small stack (a worker's, a browser's) in a walk
      // that recurses per level: that tool is refused with the reason, never the whole pack with a bare RangeError.
      if (!(err instanceof RangeError)) throw err;
      problems.push({ path: `/tools/${index}/arguments`, message: 'nests too deeply for the compiler\u2019s stack (Maximum call stack size exceeded): flatten it, or shorten its chain of references' });
    }
  });

  if (!asIs) compileChecks(source, tools, problems);
  if (problems.length) throw new PackError(origin, problems);
  const byName = new Map(tools.map((t) => [t.name, t]));
  return {
    id: source.id,
    title: source.title,
    vendor: source.vendor,
    reference: source.reference,
    summary: source.summary,
    origin,
    tools,
    tool: (name) => byName.get(name),
    source,
    state: asIs ? null : packState(source.state as Json | undefined),
  };
}

/** The state and each tool's ordered checks and effects (checks-compile.ts), once every tool's fields are known. */
function compileChecks(source: PackSource, tools: CompiledTool[], problems: PackProblem[]) {
  if (source.state !== undefined) for (const p of stateProblems(source.state)) problems.push({ path: `/state${p.path}`, message: p.message });
  const shape = stateShape(source.state);
  const enumCodeOwners = new Map<string, string>();
  for (const t of tools) for (const f of t.fields.values()) if (f.enumCode && !enumCodeOwners.has(f.enumCode)) enumCodeOwners.set(f.enumCode, `${t.name}.${f.path}`);
  const toolNames = source.tools.map((t) => t.name);
  const compiled = tools.map((t) => {
    const base = `/tools/${source.tools.indexOf(t.source)}`;
    const r = compileToolChecks({ tool: t.source, base, fields: t.fields, state: shape, toolNames, enumCodes: enumCodeOwners }, problems);
    t.checks = r.checks;
    t.effects = r.effects;
    return { name: t.name, base, checks: r.checks };
  });
  checkRuleCodes(compiled, problems);
}

/** Every enum code a pack can produce, for the error dictionary. */
export function enumCodes(pack: CompiledPack): { code: string; tool: string; field: string }[] {
  const out: { code: string; tool: string; field: string }[] = [];
  for (const t of pack.tools) for (const f of t.fields.values()) if (f.enumCode) out.push({ code: f.enumCode, tool: t.name, field: f.path });
  return out;
}
