// Examples and phrases read from a schema alone: one maker of a value a schema takes, for the bodies (a
// tool that carries no x-example: a user's own, an imported one), the audit's wrong calls and the
// importer's example calls, and a few words for what one branch of an anyOf/oneOf wants. explain.ts and
// the shape modules offer an example only after the validator has taken it in place, so a guess here can
// cost a sentence but never a wrong suggestion; the importer checks its calls with the engine.
import { deref, mainType, typesOf } from '../schema';
import type { SchemaWords } from '../faults/rule-words';
import type { Json, JsonObject, SchemaNode } from '../types';
import { valueSet } from '../shared/value-sets';

/** How a value is made; the bodies and the importer differ in what they need. */
export interface ExampleOptions {
  /** Local $refs resolve against it (a tool's arguments); without it a $ref is not followed. */
  root?: SchemaNode;
  /** How many objects, arrays and branches deep the maker goes. */
  maxDepth: number;
  /**
   * false: the smallest value the schema's own keywords make sure of (a const, the first enum value, the
   * first of `examples`, a format's example, the lower bound), or undefined when they say too little (a
   * pattern, a composition it cannot follow). true: a value for every field, the importer's, which checks
   * the call with the engine after: an enum's default first, a value set's example, a `default`, a string
   * "example" fitted to its length, a list of its minimum items, and null or "example" where the schema
   * says nothing.
   */
  fill: boolean;
  /** A format's example ("2024-05-26"); a string with a format has no example without it (fill false). */
  formatExample?: (format: string) => string | undefined;
  /** A value from rules the schema carries beside its keywords (an imported pack's x-read-rules); undefined to go on. */
  ruled?: (s: SchemaNode, depth: number) => Json | undefined;
  /** Another string the item schema takes, for a list that takes no repeats (fill true). */
  otherString?: (items: SchemaNode, first: string, i: number) => string;
}

/** A value `schema` takes, made as `o` says (see ExampleOptions). */
export function exampleValue(schema: unknown, o: ExampleOptions, depth = 0): Json | undefined {
  if (!o.fill && (schema === true || (schema && typeof schema === 'object' && Object.keys(schema).length === 0))) return undefined;
  if (!schema || typeof schema !== 'object' || depth > o.maxDepth) return o.fill ? null : undefined;
  const s = o.root ? deref(o.root, schema as SchemaNode) : (schema as SchemaNode);
  if (o.ruled && Array.isArray(s['x-read-rules'])) {
    const v = o.ruled(s, depth);
    if (v !== undefined) return v;
  }
  if ('x-example' in s) return s['x-example'] as Json;
  if ('const' in s) return s.const as Json;
  return o.fill ? filled(s, o, depth) : smallest(s, o, depth);
}

function smallest(s: SchemaNode, o: ExampleOptions, depth: number): Json | undefined {
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0] as Json;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0] as Json;
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && !s.type) return exampleValue(s.allOf[0], o, depth + 1);
  for (const k of ['oneOf', 'anyOf']) if (Array.isArray(s[k]) && s[k].length && !s.type) return exampleValue(s[k][0], o, depth + 1);
  const types = typesOf(s);
  const t = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (t) {
    case 'string':
      if (typeof s.format === 'string') return o.formatExample?.(s.format);
      if (typeof s.pattern === 'string') return undefined;
      // "…" reads as "any text" in a message; a longer minimum gets that many letters.
      return typeof s.minLength === 'number' && s.minLength > 1 ? 'x'.repeat(s.minLength) : '…';
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined;
      const max = typeof s.maximum === 'number' ? s.maximum : undefined;
      const v = min ?? (max !== undefined ? Math.min(1, max) : 1);
      return t === 'integer' ? Math.ceil(v) : v;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      if (n === 0) return [];
      const item = exampleValue(Array.isArray(s.prefixItems) ? s.prefixItems[0] : s.items, o, depth + 1);
      return item === undefined || n > 3 ? undefined : Array.from({ length: n }, () => item);
    }
    case 'object': {
      const props: Record<string, unknown> = s.properties && typeof s.properties === 'object' ? s.properties : {};
      const required: string[] = Array.isArray(s.required) ? s.required.filter((r: unknown): r is string => typeof r === 'string') : [];
      // No required property: the first declared one shows the shape better than {}.
      const names = required.length ? required : Object.keys(props).slice(0, 1);
      const out: Record<string, Json> = {};
      for (const n of names) {
        const v = exampleValue(props[n], o, depth + 1);
        if (v === undefined) return undefined;
        Object.defineProperty(out, n, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** A number the field accepts: its default, else the smallest in range, else 1. */
export function numberExample(node: SchemaNode): number {
  const integer = node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));
  if (typeof node.default === 'number') return node.default;
  let v = 1;
  if (typeof node.minimum === 'number') v = node.minimum;
  else if (typeof node.exclusiveMinimum === 'number') v = integer ? Math.floor(node.exclusiveMinimum) + 1 : node.exclusiveMinimum + 1;
  else if (typeof node.maximum === 'number' && node.maximum < 1) v = node.maximum;
  else if (typeof node.exclusiveMaximum === 'number' && node.exclusiveMaximum <= 1) v = integer ? Math.ceil(node.exclusiveMaximum) - 1 : node.exclusiveMaximum - 1;
  if (typeof node.multipleOf === 'number' && node.multipleOf > 0) v = Math.ceil(v / node.multipleOf) * node.multipleOf;
  return integer ? Math.ceil(v) : v;
}


function fittedString(s: SchemaNode): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  let v = 'example';
  if (v.length > max) v = 'x'.repeat(Math.max(min, Math.min(max, 1)));
  if (v.length < min) v = v + 'x'.repeat(min - v.length);
  return v;
}

function filled(s: SchemaNode, o: ExampleOptions, depth: number): Json {
  if (typeof s['x-value-set'] === 'string') return valueSet(s['x-value-set'])?.example ?? 'example';
  if (Array.isArray(s.enum) && s.enum.length) {
    return 'default' in s && s.enum.some((v: Json) => JSON.stringify(v) === JSON.stringify(s.default)) ? s.default : (s.enum.find((v: Json) => v !== null) ?? s.enum[0]);
  }
  if ('default' in s) return s.default;
  const t = mainType(s);
  if (!t) {
    const branch = (s.anyOf ?? s.oneOf)?.[0];
    return branch ? (exampleValue(branch, o, depth + 1) as Json) : 'example';
  }
  switch (t) {
    case 'string':
      return fittedString(s);
    case 'integer':
    case 'number':
      return numberExample(s);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      const item = exampleValue(s.items, o, depth + 1) as Json;
      const out: Json[] = [];
      // Distinct items where the list takes no repeats: numbers count up, plain strings get another.
      for (let i = 0; i < n; i++) {
        if (s.uniqueItems && i > 0 && typeof item === 'number') out.push(item + i);
        else if (s.uniqueItems && i > 0 && typeof item === 'string' && !s.items?.enum) out.push(o.otherString ? o.otherString(s.items, item, i) : `${item}${i + 1}`);
        else out.push(item);
      }
      return out;
    }
    case 'object':
      return exampleObject(s, o, depth);
  }
  return null;
}

/** An object of the schema's required properties, and of the first of its required sets (fill true). */
export function exampleObject(s: SchemaNode, o: ExampleOptions, depth: number, extraRequired: string[] = []): JsonObject {
  const out: JsonObject = {};
  const props: Record<string, SchemaNode> = s.properties ?? {};
  const required = new Set<string>([...(Array.isArray(s.required) ? s.required : []), ...extraRequired]);
  // A nested combination of required sets: the first set's fields.
  const sets = (s.anyOf ?? s.oneOf) as SchemaNode[] | undefined;
  if (Array.isArray(sets) && sets.every((b) => Array.isArray(b.required) && !b.properties)) for (const r of sets[0].required) required.add(r);
  for (const name of required) if (name in props) out[name] = exampleValue(props[name], o, depth + 1) as Json;
  return out;
}

/**
 * The smallest value `schema` takes, as far as its own keywords tell (ExampleOptions.fill false), with
 * `root` for its $refs and the bodies' words for formats.
 */
export function minimalExample(root: SchemaNode, schema: unknown, words: SchemaWords, depth = 0): Json | undefined {
  return exampleValue(schema, { root, maxDepth: 4, fill: false, formatExample: (f) => words.format(f)?.example }, depth);
}

/** A few words for what one branch of an anyOf/oneOf wants: "an object with user_id", "a date in YYYY-MM-DD form". */
export function branchPhrase(root: SchemaNode, branch: unknown, words: SchemaWords): string | undefined {
  if (!branch || typeof branch !== 'object') return undefined;
  const s = deref(root, branch as SchemaNode);
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum) && s.enum.length && s.enum.length <= 6) return `one of ${s.enum.map((v: Json) => JSON.stringify(v)).join(', ')}`;
  const types = typesOf(s);
  const t = types.length === 1 ? types[0] : s.properties ? 'object' : undefined;
  if (t === 'object' || s.properties) {
    const required: string[] = Array.isArray(s.required) ? s.required.map(String) : [];
    const names = required.length ? required : Object.keys(s.properties ?? {});
    if (names.length === 0) return 'an object';
    const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
    return `an object with ${required.length ? '' : 'any of '}${shown}`;
  }
  if (t === 'string' && typeof s.format === 'string') return words.format(s.format)?.rule ?? `a string in ${s.format} format`;
  if (t === 'array') {
    const item = s.items && typeof s.items === 'object' ? branchPhrase(root, s.items, words) : undefined;
    return item ? `an array of ${item.replace(/^(a|an) /, '').replace(/^object with/, 'objects with')}` : 'an array';
  }
  const word = t ? words.type(t) : undefined;
  if (word) {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    return min !== undefined && (t === 'integer' || t === 'number') ? `${word} of at least ${min}` : word;
  }
  return undefined;
}
