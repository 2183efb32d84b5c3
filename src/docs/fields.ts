// The fields table of a tool page, in words. Everything comes from the compiled pack (FieldInfo) and the
// engine's own phrasing helpers, so the table says what the error bodies say.
import { FORMAT_RULES, enumIsListable, listValues } from '../engine';
import { modelNotes } from '../engine/pack/pack-compiler';
import { readFromExamples } from '../engine/pack/promises/example-shapes';
import { keywordsText } from '../engine/pack/promises/promise-lint';
import { deref } from '../engine/schema';
import { lengthText, rangeText } from '../engine/faults/rule-words';
import type { CompiledPack, CompiledTool, FieldInfo, Json, SchemaNode } from '../engine';
import { fieldAnchor } from './urls';

/** A run of text; `code` parts render as <code>. */
export type Inline = string | { code: string };

export interface Constraint {
  kind: 'enum' | 'const' | 'range' | 'multiple' | 'length' | 'pattern' | 'format' | 'list' | 'unique' | 'keys' | 'values' | 'choice' | 'exclusion' | 'dependency' | 'conflict' | 'read';
  parts: Inline[];
  /** A technical detail shown small under the words (the raw pattern, say). */
  detail?: Inline[];
}

export interface FieldRow {
  path: string;
  anchor: string;
  /** How deep the field sits: 0 for a top-level argument. */
  depth: number;
  /** The part of the path above the field (`attendees[].`), shown dimmed. */
  parent: string;
  /** The field's own name, or `[]` for the items of an array. */
  label: string;
  isItems: boolean;
  type: string;
  required: boolean;
  defaultValue?: Json;
  hasDefault: boolean;
  description?: string;
  gloss?: string;
  /** Every sentence the model-facing schema appends for this field (gloss, conflict, resolve hint). */
  modelNotes: string[];
  resolveWith?: string;
  aliases: string[];
  /** Declared value aliases (received -> permitted): the mistakes this field answers with did_you_mean. */
  valueAliases: [string, string][];
  conflicts?: { with: string[]; reason: string };
  constraints: Constraint[];
  example?: Json;
}

function show(v: Json): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function joinCodes(values: readonly Json[], sep = ', '): Inline[] {
  const out: Inline[] = [];
  values.forEach((v, i) => {
    if (i) out.push(sep);
    out.push({ code: show(v) });
  });
  return out;
}

const TYPE_WORDS: Record<string, string> = { string: 'string', integer: 'integer', number: 'number', boolean: 'boolean', object: 'object', array: 'array', null: 'null' };

/** The type column: `string`, `integer`, `array of string`, `map of string`, `string or null`. */
export function typeText(root: SchemaNode, raw: SchemaNode | undefined, depth = 0): string {
  if (!raw || typeof raw !== 'object') return 'any';
  const s = deref(root, raw);
  if (depth > 4) return 'value';
  const t = s.type;
  const one = (name: string): string => {
    if (name === 'array') {
      const items = s.items && typeof s.items === 'object' && !Array.isArray(s.items) ? typeText(root, s.items, depth + 1) : undefined;
      return items && items !== 'any' ? `array of ${items}` : 'array';
    }
    if (name === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
      return `map of ${typeText(root, s.additionalProperties, depth + 1)}`;
    }
    return TYPE_WORDS[name] ?? name;
  };
  if (Array.isArray(t)) return t.map(one).join(' or ');
  if (typeof t === 'string') return one(t);
  for (const k of ['anyOf', 'oneOf']) {
    if (Array.isArray(s[k]) && s[k].every((b: SchemaNode) => b && typeof b === 'object' && typeof deref(root, b).type === 'string')) {
      return [...new Set(s[k].map((b: SchemaNode) => typeText(root, b, depth + 1)))].join(' or ');
    }
  }
  if (s.const !== undefined) return typeof s.const;
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map((v: Json) => (v === null ? 'null' : typeof v)))].join(' or ');
  if (s.properties) return 'object';
  return 'any';
}

/**
 * A number's bounds in the phrasebook's words (src/engine/faults/rule-words.ts), the ones a body uses: "from 1 to 2500",
 * "greater than 0". Undefined when the schema sets none.
 */
export function boundsText(s: SchemaNode): string | undefined {
  return hasAny(s, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) ? rangeText(s) : undefined;
}

function hasAny(s: SchemaNode, keys: string[]): boolean {
  return keys.some((k) => typeof s[k] === 'number');
}

/** anyOf / oneOf branches that each only require one property: "send one of a, b". */
function requiredChoice(s: SchemaNode, key: 'anyOf' | 'oneOf'): string[] | undefined {
  const branches = s[key];
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const names = branches.map((b: SchemaNode) => (b && typeof b === 'object' && Object.keys(b).length === 1 && Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null));
  return names.every((n): n is string => n !== null) ? names : undefined;
}

/** `not: {required: [a, b], properties: {a: {const: true}}}` in words. */
function exclusionParts(not: SchemaNode): Inline[] | undefined {
  if (!not || typeof not !== 'object' || !Array.isArray(not.required) || not.required.length < 2) return undefined;
  const props: SchemaNode = not.properties ?? {};
  const conditions: Inline[][] = not.required.map((name: string) => {
    const p = props[name];
    if (p && p.const !== undefined) return [{ code: `${name}: ${JSON.stringify(p.const)}` }];
    if (p && typeof p.minItems === 'number') return [{ code: name }, ` with at least ${p.minItems} item${p.minItems === 1 ? '' : 's'}`];
    return [{ code: name }];
  });
  const out: Inline[] = ['must not combine '];
  conditions.forEach((c, i) => {
    if (i) out.push(i === conditions.length - 1 ? ' with ' : ', ');
    out.push(...c);
  });
  return out;
}

/** The rules that apply to one schema node, in words, in the order a reader checks them. */
export function constraintsOf(root: SchemaNode, f: Pick<FieldInfo, 'schema' | 'enumValues' | 'rule' | 'example' | 'conflicts'>): Constraint[] {
  const s = f.schema;
  const out: Constraint[] = [];
  if (f.enumValues) {
    if (enumIsListable(f.enumValues)) out.push({ kind: 'enum', parts: ['one of: ', ...joinCodes(f.enumValues)] });
    else {
      const parts: Inline[] = [`one of ${f.enumValues.length} values: `, f.rule ?? 'see the schema'];
      const ex = f.example ?? f.enumValues[0];
      parts.push(', e.g. ', { code: show(ex) });
      out.push({ kind: 'enum', parts });
    }
  }
  if (s.const !== undefined) out.push({ kind: 'const', parts: ['must be ', { code: JSON.stringify(s.const) }] });
  if (typeof s.pattern === 'string') {
    const parts: Inline[] = ['must be ', f.rule ?? 'a string matching its pattern'];
    if (f.example !== undefined) parts.push(', e.g. ', { code: show(f.example) });
    out.push({ kind: 'pattern', parts, detail: ['pattern ', { code: s.pattern }] });
  }
  if (typeof s.format === 'string') {
    const known = FORMAT_RULES[s.format];
    const parts: Inline[] = ['format ', { code: s.format }, ': ', f.rule ?? known?.rule ?? `a valid ${s.format}`];
    const ex = f.example ?? known?.example;
    if (ex !== undefined) parts.push(', e.g. ', { code: show(ex) });
    out.push({ kind: 'format', parts });
  }
  if (s['x-comma-list'] === true) {
    const parts: Inline[] = ['a list in one string, its items separated by commas'];
    if (typeof f.example === 'string' && f.example.includes(',') && typeof s.pattern !== 'string' && typeof s.format !== 'string') parts.push(', e.g. ', { code: f.example });
    out.push({ kind: 'list', parts });
  }
  const bounds = boundsText(s);
  if (bounds) out.push({ kind: 'range', parts: [bounds] });
  if (typeof s.multipleOf === 'number') out.push({ kind: 'multiple', parts: [`a multiple of ${s.multipleOf}`] });
  if (hasAny(s, ['minLength', 'maxLength'])) out.push({ kind: 'length', parts: [lengthText(s, 'minLength', 'maxLength', 'characters')] });
  if (hasAny(s, ['minItems', 'maxItems'])) out.push({ kind: 'length', parts: [`holds ${lengthText(s, 'minItems', 'maxItems', 'items')}`] });
  if (hasAny(s, ['minProperties', 'maxProperties'])) out.push({ kind: 'length', parts: [`has ${lengthText(s, 'minProperties', 'maxProperties', 'keys')}`] });
  if (s.uniqueItems === true) out.push({ kind: 'unique', parts: ['items must be distinct'] });
  const names = s.propertyNames;
  if (names && typeof names === 'object' && hasAny(names, ['minLength', 'maxLength'])) {
    out.push({ kind: 'keys', parts: [`keys of ${lengthText(names, 'minLength', 'maxLength', 'characters')}`] });
  }
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object' && !s.properties) {
    const v = deref(root, extra);
    const parts: Inline[] = [`values: ${typeText(root, v)}`];
    if (hasAny(v, ['minLength', 'maxLength'])) parts.push(` of ${lengthText(v, 'minLength', 'maxLength', 'characters')}`);
    out.push({ kind: 'values', parts });
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const choice = requiredChoice(s, key);
    if (choice) out.push({ kind: 'choice', parts: [key === 'oneOf' ? 'send exactly one of: ' : 'send at least one of: ', ...joinCodes(choice)] });
  }
  if (s.not) {
    const parts = exclusionParts(s.not);
    if (parts) out.push({ kind: 'exclusion', parts });
  }
  const dep = s.dependentRequired;
  if (dep && typeof dep === 'object') {
    for (const [k, v] of Object.entries<string[]>(dep)) out.push({ kind: 'dependency', parts: ['with ', { code: k }, ', also send ', ...joinCodes(v)] });
  }
  if (f.conflicts) {
    out.push({ kind: 'conflict', parts: ['cannot be combined with ', ...joinCodes(f.conflicts.with), `: ${f.conflicts.reason.replace(/\.$/, '')}`] });
  }
  return out;
}

function declaredValueAliases(s: SchemaNode): [string, string][] {
  const v = s['x-value-aliases'];
  return v && typeof v === 'object' ? Object.entries<string>(v).map(([from, to]) => [from, String(to)]) : [];
}

function depthOf(path: string): number {
  return (path.match(/\.|\[\]/g) ?? []).length;
}

/** Splits `attendees[].email` into the dimmed parent (`attendees[].`) and the label (`email`). */
function splitPath(path: string): { parent: string; label: string; isItems: boolean } {
  if (path.endsWith('[]')) return { parent: path.slice(0, -2), label: '[]', isItems: true };
  const i = path.lastIndexOf('.');
  return i === -1 ? { parent: '', label: path, isItems: false } : { parent: path.slice(0, i + 1), label: path.slice(i + 1), isItems: false };
}

/** The rules read from the field's description or examples (or the tool's description), which check() enforces and the schema does not say. */
function readConstraints(tool: CompiledTool, path: string): Constraint[] {
  return (tool.readRules ?? [])
    .filter((r) => r.field === path)
    .map((r) => ({ kind: 'read' as const, parts: [r.inToolDescription ? "read from the tool's description: " : r.source === 'spec' ? (r.convention ? "read from the vendor's description of this field in other operations: " : "read from the vendor's description: ") : readFromExamples(r) ? 'read from the examples: ' : 'read from the description: ', { code: keywordsText(r.keywords) }] }));
}

/** One row per declared field, in declaration order (children right after their parent). */
export function fieldRows(tool: CompiledTool): FieldRow[] {
  const root = tool.source.arguments;
  const seen = new Set<string>();
  return [...tool.fields.values()].map((f) => {
    let anchor = fieldAnchor(f.path);
    for (let n = 2; seen.has(anchor); n++) anchor = `${fieldAnchor(f.path)}-${n}`;
    seen.add(anchor);
    const { parent, label, isItems } = splitPath(f.path);
    const s = f.schema;
    return {
      path: f.path,
      anchor,
      depth: depthOf(f.path),
      parent,
      label,
      isItems,
      type: typeText(root, s),
      required: f.required,
      hasDefault: 'default' in s,
      defaultValue: s.default,
      description: typeof s.description === 'string' ? s.description : undefined,
      gloss: f.gloss,
      modelNotes: modelNotes(s),
      resolveWith: f.resolveWith,
      aliases: f.aliases,
      valueAliases: declaredValueAliases(s),
      conflicts: f.conflicts,
      constraints: [...constraintsOf(root, f), ...readConstraints(tool, f.path)],
      example: f.example,
    };
  });
}

/** Where an object repeats one listed above it: that first listing, and how many fields it holds. */
export interface SameAs {
  path: string;
  anchor: string;
  fields: number;
}

/** A fields table whose repeated objects are listed once. */
export interface FieldTable {
  /** The rows shown, in declaration order; a repeat has `sameAs` and none of its descendants. */
  rows: (FieldRow & { sameAs?: SameAs })[];
  /** Every declared field (items rows aside), shown or inside a repeat. */
  fields: number;
  /** The anchor of the row that shows a field: its own, or the one it has inside the first listing of its object. */
  anchorOf(path: string): string | undefined;
}

/** Descendants an object must have before a repeat of it is a link: below that the link is no shorter than the rows. */
const REPEAT_MIN_ROWS = 3;

/** The row a field's row sits under, by path (`a.b` under `a`, `a[]` under `a`, `a[].b` under `a[]`). */
function parentPathOf(r: FieldRow): string | undefined {
  if (!r.parent) return undefined;
  return r.isItems ? r.parent : r.parent.slice(0, -1);
}

/**
 * The fields table with each repeated object listed once. A vendor's spec names an object type once and uses it in
 * many places (Sheets' CellFormat, Color, GridRange); the importer inlines it at each, so Sheets'
 * spreadsheets_batchUpdate declared tens of thousands of rows, most of them the same few types again, and its page
 * was 4 MB. Here an object whose rows below it are, word for word and relative to it, the rows below an object
 * listed earlier keeps its own row (its name, type, rules and description) and links to that first listing for
 * its fields. Nothing a reader could see is lost: the rows it leaves out are the same words as the rows it links to.
 */
export function fieldTable(tool: CompiledTool): FieldTable {
  const all = fieldRows(tool);
  const byPath = new Map(all.map((r) => [r.path, r]));
  const children = new Map<string, FieldRow[]>();
  for (const r of all) {
    const up = parentPathOf(r);
    if (up === undefined || !byPath.has(up)) continue;
    const list = children.get(up);
    if (list) list.push(r);
    else children.set(up, [r]);
  }
  // Subtrees compared by value, bottom up: each distinct string gets a small number, so a key never grows with depth.
  const interned = new Map<string, number>();
  const intern = (s: string) => {
    let n = interned.get(s);
    if (n === undefined) interned.set(s, (n = interned.size));
    return n;
  };
  const below = new Map<string, { key: number; rows: number; fields: number }>();
  const idOf = (r: FieldRow): number => {
    const kids = children.get(r.path) ?? [];
    const ids = kids.map(idOf);
    const sub = kids.reduce((n, k) => ({ rows: n.rows + 1 + below.get(k.path)!.rows, fields: n.fields + (k.isItems ? 0 : 1) + below.get(k.path)!.fields }), { rows: 0, fields: 0 });
    const key = intern(ids.join(','));
    below.set(r.path, { key, ...sub });
    // Everything the row shows except where it is (path, anchor, depth, parent).
    const { label, isItems, type, required, hasDefault, defaultValue, description, gloss, modelNotes: notes, resolveWith, aliases, valueAliases, conflicts, constraints, example } = r;
    return intern(`${JSON.stringify([label, isItems, type, required, hasDefault, defaultValue, description, gloss, notes, resolveWith, aliases, valueAliases, conflicts, constraints, example])}|${key}`);
  };
  for (const r of all) if (!byPath.has(parentPathOf(r) ?? '')) idOf(r);
  const firstListing = new Map<number, FieldRow>();
  // The repeats, and the rows under them, which are not shown.
  const collapsed = new Set<string>();
  const hidden = new Set<string>();
  const repeats: [string, string][] = [];
  const rows: FieldTable['rows'] = [];
  for (const r of all) {
    const up = parentPathOf(r);
    if (up !== undefined && (collapsed.has(up) || hidden.has(up))) {
      hidden.add(r.path);
      continue;
    }
    const sub = below.get(r.path);
    const first = sub && sub.rows >= REPEAT_MIN_ROWS ? firstListing.get(sub.key) : undefined;
    if (first) {
      rows.push({ ...r, sameAs: { path: first.path, anchor: first.anchor, fields: sub!.fields } });
      collapsed.add(r.path);
      repeats.push([r.path, first.path]);
      continue;
    }
    if (sub && sub.rows >= REPEAT_MIN_ROWS) firstListing.set(sub.key, r);
    rows.push(r);
  }
  const shown = new Map(rows.map((r) => [r.path, r.anchor]));
  // Longest repeats first, so a field maps through the innermost repeat that holds it.
  repeats.sort((a, b) => b[0].length - a[0].length);
  const anchorOf = (path: string): string | undefined => {
    for (let hops = 0; hops <= repeats.length; hops++) {
      const anchor = shown.get(path);
      if (anchor !== undefined) return anchor;
      const hit = repeats.find(([at]) => path.startsWith(at) && (path[at.length] === '.' || path.startsWith('[]', at.length)));
      if (!hit) return undefined;
      path = hit[1] + path.slice(hit[0].length);
    }
    return undefined;
  };
  return { rows, fields: all.filter((r) => !r.isItems).length, anchorOf };
}

/** Rules on the arguments object itself (update_ticket's "send at least one of"). */
export function toolRules(tool: CompiledTool): Constraint[] {
  return constraintsOf(tool.source.arguments, { schema: deref(tool.source.arguments, tool.source.arguments), conflicts: undefined, enumValues: undefined });
}

/** Plain text of inline parts, for titles, descriptions and tests. */
export function inlineText(parts: readonly Inline[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : p.code)).join('');
}

export interface ToolStats {
  fields: number;
  required: number;
  glosses: number;
  constraints: number;
  conflicts: number;
  aliases: number;
  examples: number;
}

export function toolStats(tool: CompiledTool): ToolStats {
  const rows = fieldRows(tool);
  return {
    fields: rows.filter((r) => !r.isItems).length,
    required: rows.filter((r) => r.required).length,
    glosses: rows.filter((r) => r.gloss).length,
    constraints: rows.reduce((n, r) => n + r.constraints.length, 0) + toolRules(tool).length,
    conflicts: rows.filter((r) => r.conflicts).length,
    aliases: rows.reduce((n, r) => n + r.aliases.length, 0),
    examples: tool.source.examples?.invalid?.length ?? 0,
  };
}

export function packStats(pack: CompiledPack): ToolStats & { tools: number } {
  const sum: ToolStats & { tools: number } = { tools: pack.tools.length, fields: 0, required: 0, glosses: 0, constraints: 0, conflicts: 0, aliases: 0, examples: 0 };
  for (const t of pack.tools) {
    const s = toolStats(t);
    for (const k of Object.keys(s) as (keyof ToolStats)[]) sum[k] += s[k];
  }
  return sum;
}

/** Permitted values written out, as messages write them (for meta descriptions). */
export { listValues };

/** Every sentence the model-facing schema adds to this tool's descriptions, for marking in code. */
export function modelMarks(tool: CompiledTool): string[] {
  return [...new Set([...tool.fields.values()].flatMap((f) => modelNotes(f.schema)))];
}
