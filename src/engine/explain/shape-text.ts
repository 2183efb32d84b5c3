// The shape a fault message shows for an object or array field: "an object such as {"email": …}", made
// from the pack's own examples (or the smallest value the schema takes) and validated in place first.
import { minimalExample } from './schema-example';
import { FORMAT_RULES, SCHEMA_WORDS } from '../faults/rule-words';
import { childFieldsOf } from '../field-index';
import { patternOf, type Segment } from '../paths';
import { fitsAt, shapeFits } from './probe';
import { typesOf } from '../schema';
import type { CompiledTool, ExplainContext, Json, JsonObject, SchemaNode } from '../types';

/** A shape example longer than this, as text, is not worth its tokens. */
const MAX_SHAPE_CHARS = 100;

/** The field names of an anyOf/oneOf whose branches each require one field: the first branch's name. */
function firstRequiredChoice(s: SchemaNode): string | undefined {
  for (const k of ['anyOf', 'oneOf']) {
    const branches = s[k];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const b = branches[0];
    if (b && typeof b === 'object' && Array.isArray(b.required) && b.required.length === 1) return String(b.required[0]);
  }
  return undefined;
}

/** A value for a field from the pack's own words: its example, its first permitted value, its format's example. */
function exampleOf(tool: CompiledTool, pattern: string, depth: number): Json | undefined {
  const f = tool.fields.get(pattern);
  if (!f) return undefined;
  if (f.example !== undefined) return f.example;
  if (f.enumValues?.length) return f.enumValues[0];
  const t = typesOf(f.schema);
  if (t.includes('object') || (t.length === 0 && f.schema.properties)) return depth < 2 ? objectExample(tool, pattern, depth + 1) : undefined;
  if (t.includes('array')) {
    const item = depth < 2 ? exampleOf(tool, `${pattern}[]`, depth + 1) : undefined;
    return item === undefined ? undefined : [item];
  }
  if (typeof f.schema.format === 'string' && FORMAT_RULES[f.schema.format]) return FORMAT_RULES[f.schema.format].example;
  return undefined;
}

/**
 * The smallest object that shows a field's shape: its required fields, else the first field of a required
 * choice (dateTime of dateTime|date), else the first field with an example; each with its example value.
 */
function objectExample(tool: CompiledTool, pattern: string, depth: number): JsonObject | undefined {
  const f = tool.fields.get(pattern);
  if (!f) return undefined;
  if (f.example !== null && typeof f.example === 'object' && !Array.isArray(f.example)) return f.example;
  const children = childFieldsOf(tool, pattern);
  const declared = new Set(children.map((c) => c.name));
  let names: string[] = Array.isArray(f.schema.required) ? f.schema.required.filter((n: unknown) => typeof n === 'string' && declared.has(n)) : [];
  if (names.length === 0) {
    const choice = firstRequiredChoice(f.schema);
    if (choice && declared.has(choice)) names = [choice];
  }
  if (names.length === 0) {
    const first = children.find((c) => c.example !== undefined);
    if (first) names = [first.name];
  }
  if (names.length === 0) return undefined;
  const entries: [string, Json][] = [];
  for (const n of names) {
    const v = exampleOf(tool, `${pattern}.${n}`, depth);
    if (v === undefined) return undefined;
    entries.push([n, v]);
  }
  return Object.fromEntries(entries);
}

const shapeCache = new WeakMap<CompiledTool, Map<string, Json | null>>();

/** The example a fault message shows for an object or array field: {"email": …} or [{"email": …}]. */
function shapeExample(tool: CompiledTool, pattern: string, kind: 'object' | 'array'): Json | undefined {
  let cache = shapeCache.get(tool);
  if (!cache) shapeCache.set(tool, (cache = new Map()));
  const key = `${kind}\u0000${pattern}`;
  if (!cache.has(key)) {
    let v: Json | undefined;
    if (kind === 'object') v = objectExample(tool, pattern, 0);
    else {
      const item = exampleOf(tool, `${pattern}[]`, 1);
      v = item === undefined ? undefined : [item];
    }
    cache.set(key, v === undefined || compact(v).length > MAX_SHAPE_CHARS ? null : v);
  }
  return cache.get(key) ?? undefined;
}

/** JSON as a person writes it in prose: `{"dateTime": "2026-03-11T09:00:00+01:00"}`. */
export function compact(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(compact).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${compact(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/** The smallest value of the field's schema, when it shows a shape (an object with a field, an array with an item). */
function builtExample(tool: CompiledTool, schema: SchemaNode, kind: 'object' | 'array'): Json | undefined {
  const built = minimalExample(tool.source.arguments, schema, SCHEMA_WORDS);
  const fits = kind === 'object' ? built !== null && typeof built === 'object' && !Array.isArray(built) && Object.keys(built).length > 0 : Array.isArray(built) && built.length > 0;
  return built === undefined || !fits || compact(built).length > MAX_SHAPE_CHARS ? undefined : built;
}

/**
 * "an object such as {…}" / "an array such as […]" for the field at `path`, when the pack's examples make
 * one that validates in place; else undefined.
 */
export function shapeText(ctx: ExplainContext, path: readonly Segment[], want: string): string | undefined {
  const field = ctx.tool.fields.get(patternOf(path));
  if (!field) return undefined;
  const t = typesOf(field.schema);
  const kind = want.includes('object') || (want === '' && t.includes('object')) ? 'object' : want.includes('array') || (want === '' && t.includes('array')) ? 'array' : undefined;
  if (!kind) return undefined;
  // The pack's own examples first; a tool with none (a user's own, an imported one) gets the smallest
  // value its schema takes, checked in place below like any other.
  const example = shapeExample(ctx.tool, field.path, kind) ?? builtExample(ctx.tool, field.schema, kind);
  if (example === undefined) return undefined;
  if (!shapeFits(ctx, `${kind}\u0000${field.path}`, () => fitsAt(ctx, path, example))) return undefined;
  return `${kind === 'object' ? 'an object' : 'an array'} such as ${compact(example)}`;
}
