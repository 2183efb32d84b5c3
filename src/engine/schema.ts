// Reading a schema, for every stage: following a local `$ref` to the node it names, the types a node
// declares, and whether a permitted set is short enough to list in a message. Kept apart from the pack compiler, which builds on
// it, so a stage that only reads a schema depends on nothing that compiles one.
import type { Json, SchemaNode } from './types';

/** An enum is listed in the message when it has at most this many values and this many characters. */
const ENUM_LIST_MAX_VALUES = 12;
const ENUM_LIST_MAX_CHARS = 160;

/**
 * What a node's types are inferred from when it declares none: `shape`, its properties or items (an object,
 * an array); `all`, also additionalProperties, patternProperties, prefixItems, and the kinds of its enum's or
 * const's values (strict mode's walk, which must know every node's type to export it).
 */
export interface TypesOptions {
  inferred?: 'shape' | 'all';
}

/**
 * The JSON types a schema node declares (`type`, a name or a list), in order; [] when it declares none,
 * unless `inferred` says what to read them from then.
 */
export function typesOf(schema: SchemaNode, options: TypesOptions = {}): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  const inferred = options.inferred;
  if (!inferred) return [];
  const all = inferred === 'all';
  if (schema.properties !== undefined || (all && (schema.additionalProperties !== undefined || schema.patternProperties !== undefined))) return ['object'];
  if (schema.items !== undefined || (all && schema.prefixItems !== undefined)) return ['array'];
  const values: unknown[] | undefined = !all ? undefined : Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values?.length) {
    const kinds = new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v)));
    if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
    return [...kinds];
  }
  return [];
}

/** The type a node is mainly: a lone `type` (null too), else the first in its list that is not null, else what its properties or items make it. */
export function mainType(schema: SchemaNode): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  return typesOf(schema, { inferred: 'shape' }).find((t) => t !== 'null');
}

/** Resolves a local `$ref` ("#/$defs/x") against the tool's argument schema. */
export function resolveLocalRef(root: SchemaNode, node: SchemaNode): { node: SchemaNode; pointer: string } | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let cur: any = root;
  const pointer = ref.slice(1);
  // "#foo" names an anchor, not a place: it is no JSON pointer to walk.
  if (pointer !== '' && !pointer.startsWith('/')) return undefined;
  for (const raw of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !(key in cur)) return undefined;
    cur = cur[key];
  }
  return cur && typeof cur === 'object' ? { node: cur, pointer } : undefined;
}

/** Follows local `$ref`s, so the caller sees the node that declares properties. */
export function deref(root: SchemaNode, node: SchemaNode, seen?: Set<SchemaNode>): SchemaNode {
  let cur = node;
  // The set of nodes followed is made only for a $ref: most nodes have none, and this runs on every node read.
  while (cur && typeof cur === 'object' && typeof cur.$ref === 'string' && !(seen ??= new Set()).has(cur)) {
    seen.add(cur);
    const r = resolveLocalRef(root, cur);
    if (!r) break;
    cur = r.node;
  }
  return cur;
}

/** Per enum list (the pack's, which compiled packs never change): whether it is listable, read on every enum fault. */
const LISTABLE = new WeakMap<readonly Json[], boolean>();

/** True when the permitted set is small enough to be worth its tokens in every message. */
export function enumIsListable(values: readonly Json[]): boolean {
  let listable = LISTABLE.get(values);
  if (listable === undefined) {
    listable = values.length <= ENUM_LIST_MAX_VALUES && values.map((v) => String(v)).join(', ').length <= ENUM_LIST_MAX_CHARS;
    LISTABLE.set(values, listable);
  }
  return listable;
}
