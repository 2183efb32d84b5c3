// Pack conformance: facts about a compiled pack that must hold whoever wrote it, checked on the compiled
// result rather than trusted from the compiler. Returns findings; an empty list means the pack conforms.
// - every gloss reaches the model-facing schema (and every model-facing export) and never the wire schema;
// - every conflict names sibling fields that exist;
// - every alias belongs to a field the wire schema declares, names no other field, and is absorbed as it;
//   every value alias points at a permitted value;
// - every example validates: valid ones are accepted as written, faulty ones earn their code, check examples
//   their outcome, and every x-example satisfies its own field.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { check } from '../check';
import { exportTool } from './exports';
import { checkExampleOptions } from './pack-loader';
import type { CompiledPack, CompiledTool, FieldInfo, Json, JsonObject, SchemaNode } from '../types';
import { childPointer, pointerKeys } from '../paths';

export type ConformanceRule = 'gloss' | 'conflict' | 'alias' | 'example';

export interface ConformanceFinding {
  rule: ConformanceRule;
  tool: string;
  /** A JSON pointer into the tool's argument schema, or the example's place in `examples`. */
  at: string;
  message: string;
}

const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SINGLES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];

function isNode(v: unknown): v is SchemaNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** Walks the pack's source schema with the same place in the model and wire schemas alongside. */
function walkParallel(source: unknown, model: unknown, wire: unknown, at: string, visit: (s: SchemaNode, m: SchemaNode | undefined, w: SchemaNode | undefined, at: string) => void, depth = 0) {
  if (!isNode(source) || depth > 64) return;
  const m = isNode(model) ? model : undefined;
  const w = isNode(wire) ? wire : undefined;
  visit(source, m, w, at);
  for (const key of MAPS) {
    if (!isNode(source[key])) continue;
    for (const name of Object.keys(source[key])) walkParallel(source[key][name], m?.[key]?.[name], w?.[key]?.[name], childPointer(childPointer(at, key), name), visit, depth + 1);
  }
  for (const key of LISTS) {
    if (!Array.isArray(source[key])) continue;
    source[key].forEach((sub: unknown, i: number) => walkParallel(sub, m?.[key]?.[i], w?.[key]?.[i], childPointer(childPointer(at, key), i), visit, depth + 1));
  }
  for (const key of SINGLES) if (isNode(source[key])) walkParallel(source[key], m?.[key], w?.[key], childPointer(at, key), visit, depth + 1);
}

/** Every pointer in `node` at which an `x-` key sits. */
function packKeywordsIn(node: unknown, at = '', out: string[] = [], depth = 0): string[] {
  if (depth > 64 || node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) node.forEach((v, i) => packKeywordsIn(v, childPointer(at, i), out, depth + 1));
  else {
    for (const [k, v] of Object.entries(node)) {
      // An x- key under `properties` is a field's name, not a keyword.
      if (k.startsWith('x-') && !at.endsWith('/properties')) out.push(childPointer(at, k));
      packKeywordsIn(v, childPointer(at, k), out, depth + 1);
    }
  }
  return out;
}

function glossFindings(tool: CompiledTool): ConformanceFinding[] {
  const out: ConformanceFinding[] = [];
  const add = (at: string, message: string) => out.push({ rule: 'gloss', tool: tool.name, at, message });
  const glosses: string[] = [];
  walkParallel(tool.source.arguments, tool.modelSchema, tool.wireSchema, '', (s, m, w, at) => {
    const gloss = s['x-gloss'];
    if (typeof gloss !== 'string') return;
    glosses.push(gloss);
    if (!m) add(at, 'the model-facing schema has no node here for the gloss to reach');
    else if (typeof m.description !== 'string' || !m.description.includes(gloss)) add(at, 'the gloss is missing from the model-facing description');
    if (w && typeof w.description === 'string' && w.description.includes(gloss)) add(at, 'the gloss leaked into the wire schema’s description');
  });
  for (const at of packKeywordsIn(tool.wireSchema)) add(at, 'a pack keyword survived into the wire schema');
  for (const at of packKeywordsIn(tool.modelSchema)) add(at, 'a pack keyword survived into the model-facing schema');
  const wireText = JSON.stringify(exportTool(tool, 'wire'));
  const modelTexts = (['openai', 'anthropic', 'mcp'] as const).map((form) => [form, JSON.stringify(exportTool(tool, form))] as const);
  for (const gloss of glosses) {
    const quoted = JSON.stringify(gloss).slice(1, -1);
    if (wireText.includes(quoted)) add('', `the gloss "${gloss.slice(0, 60)}" appears in the wire export`);
    for (const [form, text] of modelTexts) if (!text.includes(quoted)) add('', `the gloss "${gloss.slice(0, 60)}" is missing from the ${form} export`);
  }
  return out;
}

/** The path prefix of a field's siblings: `start.dateTime` -> `start.`, `attendees[].email` -> `attendees[].`. */
function siblingPrefix(f: FieldInfo): string {
  return f.path.slice(0, f.path.length - f.name.length);
}

function conflictFindings(tool: CompiledTool): ConformanceFinding[] {
  const out: ConformanceFinding[] = [];
  for (const f of tool.fields.values()) {
    if (!f.conflicts) continue;
    for (const other of f.conflicts.with) {
      if (other === f.name) out.push({ rule: 'conflict', tool: tool.name, at: f.path, message: 'conflicts with itself' });
      else if (!tool.fields.has(siblingPrefix(f) + other)) out.push({ rule: 'conflict', tool: tool.name, at: f.path, message: `conflicts with "${other}", which is not a field beside it` });
    }
    if (!f.conflicts.reason || !f.conflicts.reason.trim()) out.push({ rule: 'conflict', tool: tool.name, at: f.path, message: 'the conflict gives no reason' });
  }
  return out;
}

/** The wire schema node a field path pattern names, following properties and items (and $defs references). */
function wireNodeAt(tool: CompiledTool, path: string): SchemaNode | undefined {
  const root = tool.wireSchema;
  const resolve = (n: SchemaNode | undefined, seen = 0): SchemaNode | undefined => {
    if (!n || typeof n.$ref !== 'string' || !n.$ref.startsWith('#/') || seen > 16) return n;
    let cur: any = root;
    for (const key of pointerKeys(n.$ref.slice(1))) cur = cur?.[key];
    return resolve(isNode(cur) ? cur : undefined, seen + 1);
  };
  const steps = path.replace(/\[\]/g, '.[]').split('.').filter(Boolean);
  let level: SchemaNode[] = [root];
  for (const step of steps) {
    const next: SchemaNode[] = [];
    const expand = (n: SchemaNode | undefined, depth = 0) => {
      const r = resolve(n);
      if (!r || depth > 8) return;
      if (step === '[]' ? isNode(r.items) : isNode(r.properties?.[step])) next.push(resolve(step === '[]' ? r.items : r.properties[step])!);
      for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(r[k])) r[k].forEach((b: SchemaNode) => expand(b, depth + 1));
    };
    level.forEach((n) => expand(n));
    level = next;
  }
  return level[0];
}

function aliasFindings(pack: CompiledPack, tool: CompiledTool): ConformanceFinding[] {
  const out: ConformanceFinding[] = [];
  const add = (at: string, message: string) => out.push({ rule: 'alias', tool: tool.name, at, message });
  for (const f of tool.fields.values()) {
    if (f.aliases.length && !wireNodeAt(tool, f.path)) add(f.path, 'has aliases but the wire schema declares no such field');
    for (const alias of f.aliases) {
      if (alias === f.name) add(f.path, `alias "${alias}" is the field's own name`);
      else if (tool.fields.has(siblingPrefix(f) + alias)) add(f.path, `alias "${alias}" is the name of another field beside it`);
      // Where a valid example sends the field at the top level, the alias must be absorbed as that field.
      if (f.path !== f.name || alias === f.name) continue;
      const example = (tool.source.examples?.valid ?? []).find((e) => Object.prototype.hasOwnProperty.call(e, f.name));
      if (!example) continue;
      const renamed = Object.fromEntries(Object.entries(example).map(([k, v]) => [k === f.name ? alias : k, v] as [string, Json]));
      const r = check(pack, { name: tool.name, arguments: renamed });
      if (!r.ok || !r.corrections.some((c) => c.rule === 'declared_alias' && c.from === alias && c.to === f.name)) {
        add(f.path, `alias "${alias}" is not absorbed as ${f.name}: ${r.body ? JSON.stringify(r.body) : 'accepted without the rename'}`);
      }
    }
    for (const [from, to] of Object.entries(f.valueAliases)) {
      if (!f.enumValues || !f.enumValues.includes(to)) add(f.path, `value alias "${from}" points at ${JSON.stringify(to)}, which is not a permitted value`);
    }
  }
  return out;
}

let exampleAjv: Ajv2020 | undefined;

/** The field's own schema as the wire sees it: its source node without pack keywords, with the tool's $defs. */
function withoutPackKeywords(node: unknown, depth = 0): unknown {
  if (depth > 64 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((v) => withoutPackKeywords(v, depth + 1));
  return Object.fromEntries(Object.entries(node).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, withoutPackKeywords(v, depth + 1)]));
}

function exampleFindings(pack: CompiledPack, tool: CompiledTool): ConformanceFinding[] {
  const out: ConformanceFinding[] = [];
  const add = (at: string, message: string) => out.push({ rule: 'example', tool: tool.name, at, message });
  const examples = tool.source.examples ?? {};
  (examples.valid ?? []).forEach((args, i) => {
    const r = check(pack, { name: tool.name, arguments: args });
    if (!r.ok) add(`/examples/valid/${i}`, `is rejected: ${JSON.stringify(r.body)}`);
    else if (r.corrections.length) add(`/examples/valid/${i}`, `is accepted only after corrections (${r.corrections.map((c) => `${c.from} -> ${c.to}`).join(', ')}); write it as the API takes it`);
  });
  (examples.invalid ?? []).forEach((ex, i) => {
    const r = check(pack, { name: tool.name, arguments: ex.arguments });
    const got = r.body ? String(r.body.error) : 'accepted';
    if (got !== ex.expect) add(`/examples/invalid/${i}`, `expects ${ex.expect} but gets ${got}`);
  });
  (examples.checks ?? []).forEach((ex, i) => {
    const r = check(pack, { name: tool.name, arguments: ex.arguments }, checkExampleOptions(pack, ex));
    const got = r.body ? String(r.body.error) : 'accepted';
    if (got !== ex.expect) add(`/examples/checks/${i}`, `expects ${ex.expect} but gets ${got}`);
  });
  if (!exampleAjv) {
    exampleAjv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
    addFormats(exampleAjv);
  }
  const defs = isNode(tool.wireSchema.$defs) ? { $defs: tool.wireSchema.$defs } : {};
  for (const f of tool.fields.values()) {
    if (!('x-example' in f.schema)) continue;
    try {
      const validate = exampleAjv.compile({ ...(withoutPackKeywords(f.schema) as JsonObject), ...defs });
      if (!validate(f.schema['x-example'])) add(f.path, `x-example ${JSON.stringify(f.schema['x-example']).slice(0, 60)} does not satisfy its own field: ${exampleAjv.errorsText(validate.errors)}`);
    } catch (err) {
      add(f.path, `cannot check x-example: ${(err as Error).message}`);
    }
  }
  return out;
}

/** Every finding for a pack; empty when it conforms. */
export function packConformance(pack: CompiledPack): ConformanceFinding[] {
  return pack.tools.flatMap((tool) => [...glossFindings(tool), ...conflictFindings(tool), ...aliasFindings(pack, tool), ...exampleFindings(pack, tool)]);
}
