// Examples and phrases read from a schema alone, for tools that carry no x-example (a user's own, an
// imported one): the smallest value a schema takes, and a few words for what one branch of an
// anyOf/oneOf wants. explain.ts and shapes.ts offer an example only after the validator has taken it in
// place, so a guess here can cost a sentence but never a wrong suggestion.
import { deref, typesOf } from '../schema';
import type { SchemaWords } from '../faults/rule-words';
import type { Json, SchemaNode } from '../types';

/**
 * The smallest value `schema` takes, as far as its own keywords tell: a const or first enum value, a
 * format's example, the lower bound of a number, an object of its required properties, an array of its
 * minimum items. Undefined when the schema says too little (a pattern, a composition it cannot follow).
 */
export function minimalExample(root: SchemaNode, schema: unknown, words: SchemaWords, depth = 0): Json | undefined {
  if (schema === true || (schema && typeof schema === 'object' && Object.keys(schema).length === 0)) return undefined;
  if (!schema || typeof schema !== 'object' || depth > 4) return undefined;
  const s = deref(root, schema as SchemaNode);
  if ('x-example' in s) return s['x-example'] as Json;
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0] as Json;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0] as Json;
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && !s.type) return minimalExample(root, s.allOf[0], words, depth + 1);
  for (const k of ['oneOf', 'anyOf']) if (Array.isArray(s[k]) && s[k].length && !s.type) return minimalExample(root, s[k][0], words, depth + 1);
  const types = typesOf(s);
  const t = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (t) {
    case 'string':
      if (typeof s.format === 'string') return words.format(s.format)?.example;
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
      const item = minimalExample(root, Array.isArray(s.prefixItems) ? s.prefixItems[0] : s.items, words, depth + 1);
      return item === undefined || n > 3 ? undefined : Array.from({ length: n }, () => item);
    }
    case 'object': {
      const props: Record<string, unknown> = s.properties && typeof s.properties === 'object' ? s.properties : {};
      const required: string[] = Array.isArray(s.required) ? s.required.filter((r: unknown): r is string => typeof r === 'string') : [];
      // No required property: the first declared one shows the shape better than {}.
      const names = required.length ? required : Object.keys(props).slice(0, 1);
      const out: Record<string, Json> = {};
      for (const n of names) {
        const v = minimalExample(root, props[n], words, depth + 1);
        if (v === undefined) return undefined;
        Object.defineProperty(out, n, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      return undefined;
  }
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
