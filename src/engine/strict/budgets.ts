// Size passes: measure the schema a walk built and decide what to leave out or send as JSON text so that it
// fits the target's limits, one step at a time; plan.ts walks again after each step.
import { ANTHROPIC_MAX_OPTIONAL, ANTHROPIC_MAX_UNIONS } from './anthropic';
import { isObj } from './nodes';
import { OPENAI_BIG_ENUM, OPENAI_BIG_ENUM_CHARS, OPENAI_MAX_CHARS, OPENAI_MAX_DEPTH, OPENAI_MAX_ENUM_VALUES, OPENAI_MAX_PROPERTIES } from './openai';
import type { Decisions } from './walk';
import type { Json, SchemaNode } from '../types';
import { childPointer } from '../paths';

interface PropSite {
  path: string;
  node: SchemaNode;
  depth: number;
  optional: boolean;
  union: boolean;
  /** Object or array: a candidate for being sent as JSON text. */
  nested: boolean;
  /** Optional properties, unions and properties inside it (not counting itself). */
  inner: { optional: number; unions: number; props: number; maxDepth: number };
}

export interface Measure {
  props: number;
  depth: number;
  optional: number;
  unions: number;
  enumValues: number;
  chars: number;
  enums: { path: string; values: Json[] }[];
  sites: PropSite[];
}

function isUnion(s: SchemaNode): boolean {
  return Array.isArray(s.anyOf) || (Array.isArray(s.type) && s.type.length > 1);
}

export function measure(schema: SchemaNode, sites: Map<SchemaNode, string>): Measure {
  const m: Measure = { props: 0, depth: 0, optional: 0, unions: 0, enumValues: 0, chars: 0, enums: [], sites: [] };
  const walk = (s: unknown, depth: number, acc: PropSite['inner'][]): void => {
    if (!isObj(s)) return;
    const level = s.type === 'object' || s.type === 'array' || (Array.isArray(s.type) && (s.type.includes('object') || s.type.includes('array'))) || isObj(s.properties) ? depth + 1 : depth;
    m.depth = Math.max(m.depth, level);
    for (const a of acc) a.maxDepth = Math.max(a.maxDepth, level);
    // Every anyOf and type array counts as a union, wherever it is (conservative: the docs count "parameters").
    if (isUnion(s)) {
      m.unions++;
      for (const a of acc) a.unions++;
    }
    if (Array.isArray(s.enum)) {
      m.enumValues += s.enum.length;
      m.chars += s.enum.reduce((n: number, v: unknown) => n + (typeof v === 'string' ? v.length : JSON.stringify(v).length), 0);
      const at = sites.get(s);
      if (at !== undefined) m.enums.push({ path: childPointer(at, 'enum'), values: s.enum });
    }
    if ('const' in s) m.chars += typeof s.const === 'string' ? s.const.length : JSON.stringify(s.const).length;
    if (isObj(s.properties)) {
      const required: string[] = Array.isArray(s.required) ? s.required : [];
      for (const [name, child] of Object.entries(s.properties)) {
        m.props++;
        m.chars += name.length;
        const optional = !required.includes(name);
        const union = isObj(child) && isUnion(child);
        if (optional) m.optional++;
        for (const a of acc) {
          a.props++;
          if (optional) a.optional++;
        }
        const c = child as SchemaNode;
        const core = Array.isArray(c.anyOf) ? c.anyOf.find((b: SchemaNode) => isObj(b) && b.type !== 'null') ?? c : c;
        const nested = isObj(core) && (core.type === 'object' || core.type === 'array' || (Array.isArray(core.type) && (core.type.includes('object') || core.type.includes('array'))));
        const inner = { optional: 0, unions: 0, props: 0, maxDepth: 0 };
        const at = sites.get(core) ?? sites.get(c);
        if (at !== undefined) m.sites.push({ path: at, node: c, depth: level, optional, union, nested, inner });
        walk(child, level, [...acc, inner]);
      }
    }
    if (isObj(s.items)) walk(s.items, level, acc);
    for (const k of ['anyOf', 'allOf']) if (Array.isArray(s[k])) for (const b of s[k]) walk(b, depth, acc);
    for (const k of ['$defs', 'definitions']) if (isObj(s[k])) for (const [name, d] of Object.entries(s[k])) {
      m.chars += name.length;
      walk(d, 0, acc);
    }
  };
  walk(schema, 0, []);
  return m;
}

export function openaiOver(m: Measure): string[] {
  const out: string[] = [];
  if (m.enumValues > OPENAI_MAX_ENUM_VALUES) out.push(`OpenAI allows ${OPENAI_MAX_ENUM_VALUES} enum values per schema and this one has ${m.enumValues}`);
  if (m.chars > OPENAI_MAX_CHARS) out.push(`OpenAI allows ${OPENAI_MAX_CHARS} characters of property names, enum and const values per schema and this one has ${m.chars}`);
  if (m.props > OPENAI_MAX_PROPERTIES) out.push(`OpenAI allows ${OPENAI_MAX_PROPERTIES} properties per schema and this one has ${m.props}`);
  if (m.depth > OPENAI_MAX_DEPTH) out.push(`OpenAI allows ${OPENAI_MAX_DEPTH} levels of nesting and this schema has ${m.depth}`);
  return out;
}

export function anthropicOver(m: Measure): string[] {
  const out: string[] = [];
  if (m.optional > ANTHROPIC_MAX_OPTIONAL) out.push(`Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional parameters per request and this tool alone has ${m.optional}`);
  if (m.unions > ANTHROPIC_MAX_UNIONS) out.push(`Anthropic allows ${ANTHROPIC_MAX_UNIONS} union-typed parameters per request and this tool alone has ${m.unions}`);
  return out;
}

/** One step towards OpenAI's size limits; false when nothing is left to change. */
export function openaiBudget(m: Measure, d: Decisions): boolean {
  const bigEnum = m.enums.find((e) => e.values.length > OPENAI_BIG_ENUM && e.values.every((v) => typeof v === 'string') && e.values.reduce((n, v) => n + String(v).length, 0) > OPENAI_BIG_ENUM_CHARS && !d.dropEnum.has(e.path));
  if (bigEnum) {
    d.dropEnum.set(bigEnum.path, `OpenAI allows ${OPENAI_BIG_ENUM_CHARS} characters for a string enum of more than ${OPENAI_BIG_ENUM} values, and this one has ${bigEnum.values.length} values; the strict export leaves them out and states the rule in words`);
    return true;
  }
  if (m.enumValues > OPENAI_MAX_ENUM_VALUES || m.chars > OPENAI_MAX_CHARS) {
    // Leave out the largest enums first, every copy of the same value set together, so start and end
    // (say) keep the same rule.
    const groups = new Map<string, { paths: string[]; size: number }>();
    for (const e of m.enums) {
      const key = JSON.stringify(e.values);
      const g = groups.get(key) ?? { paths: [], size: e.values.length };
      g.paths.push(e.path);
      groups.set(key, g);
    }
    const largest = [...groups.values()].sort((a, b) => b.size * b.paths.length - a.size * a.paths.length)[0];
    if (largest) {
      const limit = m.enumValues > OPENAI_MAX_ENUM_VALUES ? `OpenAI allows ${OPENAI_MAX_ENUM_VALUES} enum values per schema and this tool has ${m.enumValues}` : `OpenAI allows ${OPENAI_MAX_CHARS} characters of names and enum values per schema and this tool has ${m.chars}`;
      for (const p of largest.paths) d.dropEnum.set(p, `${limit}; the strict export leaves out this enum of ${largest.size} values and states the rule in words`);
      return true;
    }
  }
  if (m.depth > OPENAI_MAX_DEPTH) {
    const deep = m.sites.filter((s) => s.nested && s.depth <= OPENAI_MAX_DEPTH && s.inner.maxDepth > OPENAI_MAX_DEPTH && !d.collapse.has(s.path)).sort((a, b) => b.depth - a.depth)[0];
    if (deep) {
      d.collapse.set(deep.path, `nesting: OpenAI allows ${OPENAI_MAX_DEPTH} levels of nesting (levels counted conservatively: every object and array) and this schema goes deeper here`);
      return true;
    }
  }
  if (m.props > OPENAI_MAX_PROPERTIES) {
    const big = m.sites.filter((s) => s.nested && !d.collapse.has(s.path)).sort((a, b) => b.inner.props - a.inner.props)[0];
    if (big && big.inner.props > 0) {
      d.collapse.set(big.path, `properties: OpenAI allows ${OPENAI_MAX_PROPERTIES} properties per schema and this tool has ${m.props}`);
      return true;
    }
  }
  return false;
}

/** One step towards Anthropic's per-request limits, for this tool alone; false when nothing is left to change. */
export function anthropicBudget(m: Measure, d: Decisions): boolean {
  if (m.optional <= ANTHROPIC_MAX_OPTIONAL && m.unions <= ANTHROPIC_MAX_UNIONS) return false;
  // Send the nested object or array that holds the most optional and union parameters as JSON text: it
  // then counts once at most.
  const candidates = m.sites.filter((s) => s.nested && !d.collapse.has(s.path) && s.inner.optional + s.inner.unions > 0);
  // An optional subtree first (a call that needs it is rarer), then the one that saves the most.
  candidates.sort((a, b) => Number(b.optional) - Number(a.optional) || b.inner.optional + b.inner.unions - (a.inner.optional + a.inner.unions) || a.depth - b.depth);
  if (candidates[0]) {
    const c = candidates[0];
    d.collapse.set(c.path, `optional parameters: Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional and ${ANTHROPIC_MAX_UNIONS} union-typed parameters per request (nested properties counted, conservatively) and this tool has ${m.optional} and ${m.unions}`);
    return true;
  }
  if (m.optional > ANTHROPIC_MAX_OPTIONAL && m.unions < ANTHROPIC_MAX_UNIONS) {
    const top = m.sites.find((s) => s.optional && s.depth <= 1 && !d.nullableRequired.has(s.path));
    if (top) {
      d.nullableRequired.add(top.path);
      return true;
    }
  }
  return false;
}
