// Rules the vendor's descriptions state and its schemas do not: "Possible values are …", "RFC 3339",
// "at most 100". They are read with the engine's own reader (pack/promises/read-rules.ts), the one that reads
// a user's tools, so a rule reads the same wherever the tool comes from. The vendor's words never enter the
// pack: a rule keeps its facts (the keywords), the few words it was read from, and the pointer of the
// description in the vendor's document (`x-read-rules`). check() enforces them beside the schema, and the
// exports keep the vendor's schema as it is.
//
// Precision first. A rule is dropped when a value the vendor shows as taken breaks it: the field's own
// example, examples or default here, and every request example of the document (dropBrokenByVendorExamples).
import { brokenKeyword } from '../engine/pack/promises/enforce';
import { readFieldRules, type ReadRule } from '../engine/pack/promises/read-rules';
import { valuesAlong } from '../engine/paths';
import type { Json, SchemaNode, SpecReadRule, ToolSource } from '../engine/types';

/** What the import read and kept, read and dropped, by kind of rule. */
export interface SpecRuleCounts {
  made: number;
  dropped: number;
  byKind: Record<string, number>;
  /** Of those made, how many a convention of the document carried to a field whose words state none (spec-conventions.ts). */
  conventions?: number;
}

export function emptySpecRuleCounts(): SpecRuleCounts {
  return { made: 0, dropped: 0, byKind: {} };
}

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The values the vendor's schema of a field shows as taken. */
function shownValues(raw: unknown, node: SchemaNode): Json[] {
  const out: Json[] = [];
  for (const s of [raw, node]) {
    if (!isObj(s)) continue;
    for (const k of ['example', 'x-example', 'default']) if (k in s) out.push(s[k] as Json);
    if (Array.isArray(s.examples)) out.push(...(s.examples as Json[]));
    else if (isObj(s.examples)) for (const e of Object.values<any>(s.examples)) if (isObj(e) && 'value' in e) out.push(e.value as Json);
    if (Array.isArray(s['x-parameter-examples'])) out.push(...(s['x-parameter-examples'] as Json[]));
  }
  return out;
}

/** The words a rule is kept with: the phrase it was read from, never a sentence of the vendor's. */
function shortWords(rule: ReadRule): string {
  let w = rule.words.replace(/\s+/g, ' ').trim();
  // A list of values keeps its opening words; the values themselves are in the keywords.
  if (rule.kind === 'value-set') w = w.split(':')[0].trim();
  if (w.length > 60) w = w.slice(0, 60).replace(/\s+\S*$/, '');
  return w || rule.kind;
}

/** An example of a format the rule states, for the generated valid call and the body's "e.g.". */
function formatExample(rule: ReadRule, formatExamples: Record<string, string>): Json | undefined {
  if (rule.example !== undefined) return rule.example;
  const f = rule.keywords.format;
  return typeof f === 'string' ? formatExamples[f] : undefined;
}

export interface SpecRuleInput {
  /** The field's converted schema (the pack's), and the vendor's schema it was made from. */
  node: SchemaNode;
  raw: unknown;
  name: string;
  /** The vendor's description of the field. */
  description: string;
  /** Where the vendor's schema is in its document, when known. */
  pointer: string | undefined;
  formatExamples: Record<string, string>;
}

/** The rules of one field's vendor description: those kept for the pack, and how many its own examples dropped. */
export function readSpecRules(f: SpecRuleInput): { kept: SpecReadRule[]; dropped: number } {
  if (!f.description || f.node['x-cut']) return { kept: [], dropped: 0 };
  const read = readFieldRules({ field: f.name, path: '', name: f.name, schema: { ...f.node, description: f.description } })
    // An example's shape is read where the pack is compiled, from the pack's own examples.
    .filter((r) => r.kind !== 'shape');
  const shown = shownValues(f.raw, f.node);
  const kept: SpecReadRule[] = [];
  let dropped = 0;
  for (const r of read) {
    if (shown.some((v) => brokenKeyword(r.keywords, v))) {
      dropped++;
      continue;
    }
    const example = formatExample(r, f.formatExamples);
    kept.push({
      kind: r.kind,
      keywords: r.keywords,
      words: shortWords(r),
      at: f.pointer === undefined ? '' : `${f.pointer}/description`,
      ...(r.rule !== undefined ? { rule: r.rule } : {}),
      ...(example !== undefined ? { example } : {}),
      ...(r.unit ? { unit: r.unit } : {}),
    });
  }
  return { kept, dropped };
}

/** A named field of a tool's arguments: its name, its schema, and the steps to its values (`items`, `[]`, `id`). */
export interface ArgumentField {
  name: string;
  node: SchemaNode;
  steps: string[];
}

/** Every named field of a tool's arguments, at any depth, inside list items and branches too. */
export function argumentFields(node: unknown, steps: string[] = [], out: ArgumentField[] = [], depth = 0): ArgumentField[] {
  if (!isObj(node) || depth > 40) return out;
  if (isObj(node.properties)) {
    for (const [name, sub] of Object.entries(node.properties)) {
      if (isObj(sub)) out.push({ name, node: sub as SchemaNode, steps: [...steps, name] });
      argumentFields(sub, [...steps, name], out, depth + 1);
    }
  }
  if (isObj(node.items)) argumentFields(node.items, [...steps, '[]'], out, depth + 1);
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(node[k])) for (const b of node[k]) argumentFields(b, steps, out, depth + 1);
  return out;
}

/** A vendor's request example: the tool, where in its arguments the value goes, and the value. */
export interface ShownValue {
  tool: string;
  /** Steps into the arguments (`['items', 0, 'id']`), or 'body' for a whole request body. */
  path: (string | number)[] | 'body';
  value: Json;
}

/**
 * Drops each rule a vendor's request example breaks: the vendor shows that value as one it takes. The
 * example's value is read at its own place (a parameter, a body field at any depth, a whole body).
 */
export function dropBrokenByVendorExamples(tools: readonly ToolSource[], examples: readonly ShownValue[], counts: SpecRuleCounts): void {
  const byTool = new Map<string, ShownValue[]>();
  for (const e of examples) (byTool.get(e.tool) ?? byTool.set(e.tool, []).get(e.tool)!).push(e);
  for (const tool of tools) {
    const shown = byTool.get(tool.name);
    if (!shown) continue;
    for (const { node, steps } of argumentFields(tool.arguments).filter((f) => Array.isArray(f.node['x-read-rules']))) {
      const values: Json[] = [];
      for (const e of shown) {
        if (e.path === 'body') {
          values.push(...valuesAlong(e.value, steps).map((x) => x.value));
          continue;
        }
        // The example's own steps, with list positions read as any item; the rest is walked inside its value.
        const at = e.path.map((s) => (typeof s === 'number' ? '[]' : s));
        if (at.length > steps.length || at.some((s, i) => s !== steps[i])) continue;
        values.push(...valuesAlong(e.value, steps.slice(at.length)).map((x) => x.value));
      }
      const rules = node['x-read-rules'] as SpecReadRule[];
      const keep = rules.filter((r) => !values.some((v) => brokenKeyword(r.keywords, v)));
      if (keep.length === rules.length) continue;
      counts.dropped += rules.length - keep.length;
      counts.made -= rules.length - keep.length;
      for (const r of rules) {
        if (keep.includes(r)) continue;
        counts.byKind[r.kind] = (counts.byKind[r.kind] ?? 1) - 1;
        if (r.convention && counts.conventions) counts.conventions--;
      }
      if (keep.length) node['x-read-rules'] = keep;
      else delete node['x-read-rules'];
    }
  }
}
