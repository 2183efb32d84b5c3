// Overlays: curated depth on an imported pack (content/packs/overlays/<pack id>.json). An overlay names tools
// of the import and fields inside them, and adds what the curated packs carry (glosses, aliases, conflicts,
// the call that resolves an id, an example, examples of calls) without retyping the vendor's facts. It may
// change a wire fact (type, enum, bounds, lengths, pattern, format, required) only under `wire`, with the
// reason in `because`, so the drift test can tell a deliberate change from a vendor's. A tool or field the
// import does not have is an error, never ignored: that is what makes a vendor's removal visible.
import { pointerOf } from '../engine/paths';
import { PackError, type PackProblem } from '../engine/pack/pack-compiler';
import { ajvBackend } from '../engine/pack/ajv-backend';
import type { JsonObject, RuleCheckSource, SchemaNode, ToolSource } from '../engine/types';
import { fieldDescription } from './words';

/** The keywords an overlay may add to a field: the pack keywords, less those only the importer writes. */
const OVERLAY_KEYWORDS = ['x-gloss', 'x-aliases', 'x-value-aliases', 'x-conflicts', 'x-rule', 'x-example', 'x-resolve-with', 'x-code', 'x-vendor-only', 'x-unit', 'x-fold-case', 'x-comma-list'] as const;

/** The wire facts an overlay may set under `wire`, with a reason. */
export const WIRE_FACTS = ['type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'required'] as const;

export interface FieldOverlay {
  'x-gloss'?: string;
  'x-aliases'?: string[];
  'x-conflicts'?: { with: string[]; reason: string };
  'x-resolve-with'?: string;
  'x-example'?: unknown;
  /** Wire facts set on purpose (`required: true` adds the field to its parent's required; null removes a fact). */
  wire?: Partial<Record<(typeof WIRE_FACTS)[number], unknown>>;
  /** Why `wire` differs from the vendor's spec. */
  because?: string;
  [keyword: string]: unknown;
}

export interface ToolOverlay {
  /** What the tool does, in our words, for the model (replaces the imported summary). */
  summary?: string;
  fields?: Record<string, FieldOverlay>;
  examples?: { valid?: JsonObject[]; invalid?: { about: string; arguments: JsonObject; expect: string }[] };
  /** Cross-field rules from the vendor's documentation: ordered checks of kind `rule` (content/packs/README.md), read against no state. */
  rules?: Omit<RuleCheckSource, 'kind'>[];
}

export interface PackOverlay {
  pack: string;
  tools: Record<string, ToolOverlay>;
}

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ptr = (...parts: string[]) => pointerOf(parts);

/** Checks an overlay's shape; throws a PackError naming the file and the JSON path of every problem. */
export function validateOverlay(data: unknown, file: string, packId?: string): PackOverlay {
  const problems: PackProblem[] = [];
  const p = (path: string, message: string) => problems.push({ path, message });
  if (!isObj(data)) throw new PackError(file, [{ path: '', message: 'must be an object: { "pack": ..., "tools": { ... } }' }]);
  for (const k of Object.keys(data)) if (k !== 'pack' && k !== 'tools' && k !== '$schema') p(ptr(k), `unexpected key "${k}"`);
  if (typeof data.pack !== 'string' || !data.pack) p('/pack', 'must name the imported pack it applies to');
  else if (packId !== undefined && data.pack !== packId) p('/pack', `is "${data.pack}" but the overlay is applied to ${packId}`);
  if (!isObj(data.tools) || !Object.keys(data.tools).length) p('/tools', 'must be an object of at least one tool by name');
  for (const [name, tool] of Object.entries<any>(isObj(data.tools) ? data.tools : {})) {
    const at = ptr('tools', name);
    if (!isObj(tool)) {
      p(at, 'must be an object');
      continue;
    }
    for (const k of Object.keys(tool)) if (!['summary', 'fields', 'examples', 'rules'].includes(k)) p(`${at}${ptr(k)}`, `unexpected key "${k}" (a tool takes summary, fields, examples, rules)`);
    if (tool.rules !== undefined && (!Array.isArray(tool.rules) || tool.rules.some((r: unknown) => !isObj(r) || 'kind' in r))) p(`${at}/rules`, 'must be a list of rules ({ code, when, message, retryable, field? }), without kind');
    if (tool.summary !== undefined && (typeof tool.summary !== 'string' || !tool.summary)) p(`${at}/summary`, 'must be a non-empty string');
    if (tool.fields !== undefined && !isObj(tool.fields)) p(`${at}/fields`, 'must be an object of fields by path');
    for (const [path, f] of Object.entries<any>(isObj(tool.fields) ? tool.fields : {})) {
      const fat = `${at}${ptr('fields', path)}`;
      if (!isObj(f) || !Object.keys(f).length) {
        p(fat, 'must be an object with at least one keyword');
        continue;
      }
      for (const [k, v] of Object.entries(f)) {
        if (k === 'wire') {
          if (!isObj(v) || !Object.keys(v).length) p(`${fat}/wire`, 'must be an object of wire facts');
          else for (const fact of Object.keys(v)) if (!(WIRE_FACTS as readonly string[]).includes(fact)) p(`${fat}/wire${ptr(fact)}`, `is not a wire fact an overlay may set (${WIRE_FACTS.join(', ')})`);
          if (typeof f.because !== 'string' || !f.because) p(`${fat}/because`, 'must say why the wire facts differ from the vendor spec');
        } else if (k === 'because') {
          if (!isObj(f.wire)) p(`${fat}/because`, 'explains a wire change; there is no wire here');
        } else if (!(OVERLAY_KEYWORDS as readonly string[]).includes(k)) {
          p(`${fat}${ptr(k)}`, `is not a keyword an overlay may add (${OVERLAY_KEYWORDS.join(', ')}, wire with because)`);
        } else {
          for (const e of ajvBackend.keywordProblems?.(k, v) ?? []) p(`${fat}${ptr(k)}${e.instancePath}`, e.message ?? 'is invalid');
        }
      }
    }
    const ex = tool.examples;
    if (ex !== undefined) {
      if (!isObj(ex)) p(`${at}/examples`, 'must be an object with valid and invalid lists');
      else {
        for (const k of Object.keys(ex)) if (k !== 'valid' && k !== 'invalid') p(`${at}/examples${ptr(k)}`, `unexpected key "${k}"`);
        if (ex.valid !== undefined && (!Array.isArray(ex.valid) || ex.valid.some((v: unknown) => !isObj(v)))) p(`${at}/examples/valid`, 'must be a list of argument objects');
        if (ex.invalid !== undefined) {
          if (!Array.isArray(ex.invalid)) p(`${at}/examples/invalid`, 'must be a list');
          else
            ex.invalid.forEach((e: any, j: number) => {
              if (!isObj(e) || typeof e.about !== 'string' || !isObj(e.arguments) || typeof e.expect !== 'string' || Object.keys(e).some((k) => !['about', 'arguments', 'expect'].includes(k)))
                p(`${at}/examples/invalid/${j}`, 'must be { "about": string, "arguments": object, "expect": error code }');
            });
        }
      }
    }
  }
  if (problems.length) throw new PackError(file, problems);
  return data as unknown as PackOverlay;
}

/**
 * The schema at a field path (`title`, `labels[]`, `start.dateTime`) and its parent object, or why there is none.
 * A property whose own name holds dots (Asana's `assignee.any`) is matched whole before the path is split.
 */
export function fieldAt(args: SchemaNode, path: string): { node: SchemaNode; parent: SchemaNode; name: string } | string {
  let node: SchemaNode = args;
  let parent: SchemaNode = args;
  let name = '';
  const segments = path.split('.');
  let i = 0;
  while (i < segments.length) {
    const props = isObj(node.properties) ? node.properties : undefined;
    let taken = 0;
    let m: RegExpExecArray | null = null;
    for (let j = segments.length; j > i && !taken; j--) {
      const candidate = /^(.+?)((?:\[\])*)$/.exec(segments.slice(i, j).join('.'));
      if (candidate && props && isObj(props[candidate[1]])) {
        m = candidate;
        taken = j - i;
      }
    }
    if (!m) {
      const first = /^([^[\]]+)/.exec(segments[i])?.[1] ?? segments[i];
      return `the import has no field "${first}" there${props ? ` (it has ${Object.keys(props).slice(0, 12).join(', ')})` : ' (not an object of declared fields)'}`;
    }
    parent = node;
    name = m[1];
    node = props![m[1]];
    for (let k = 0; k < m[2].length / 2; k++) {
      if (!isObj(node.items)) return `"${m[1]}" is not a list in the import`;
      parent = node;
      name = '';
      node = node.items;
    }
    i += taken;
  }
  return { node, parent, name };
}

/**
 * Applies one tool's overlay to an imported tool in place. Problems (a field the import lacks) are pushed
 * with their JSON path in the overlay file.
 */
export function applyToolOverlay(tool: ToolSource, overlay: ToolOverlay, problems: PackProblem[]): void {
  const at = ptr('tools', tool.name);
  for (const [path, f] of Object.entries(overlay.fields ?? {})) {
    const found = fieldAt(tool.arguments, path);
    if (typeof found === 'string') {
      problems.push({ path: `${at}${ptr('fields', path)}`, message: found });
      continue;
    }
    for (const [k, v] of Object.entries(f)) {
      if (k === 'because') continue;
      if (k === 'wire') {
        // A field whose words said only what it takes is worded again for the facts the overlay sets.
        const before = { ...found.node };
        const plainWords = typeof found.node.description === 'string' && found.node.description === fieldDescription(before, { name: found.name });
        for (const [fact, value] of Object.entries(v as Record<string, unknown>)) {
          if (fact === 'required') {
            if (!found.name) problems.push({ path: `${at}${ptr('fields', path)}/wire/required`, message: 'a list item cannot be required; set minItems on the list' });
            else {
              const req = new Set<string>(found.parent.required ?? []);
              if (value === true) req.add(found.name);
              else req.delete(found.name);
              found.parent.required = [...req];
            }
          } else if (value === null) delete found.node[fact];
          else found.node[fact] = value;
        }
        if (plainWords) found.node.description = fieldDescription(found.node, { name: found.name });
        continue;
      }
      found.node[k] = v;
    }
  }
  if (overlay.summary) tool.summary = overlay.summary;
  tool.curated = true;
}

/**
 * Adds the overlay's rules to the tool's ordered checks. Done after the import made its examples, whose
 * smallest valid call knows nothing of cross-field rules; the caller keeps only the generated calls that pass.
 */
export function applyOverlayRules(tool: ToolSource, overlay: ToolOverlay): void {
  if (overlay.rules?.length) tool.checks = [...(tool.checks ?? []), ...overlay.rules.map((r) => ({ kind: 'rule' as const, ...r }))];
}

/** The overlay's own examples ahead of the generated ones, so a page shows the curated calls first. */
export function mergeOverlayExamples(tool: ToolSource, overlay: ToolOverlay): void {
  if (!overlay.examples) return;
  const ex = tool.examples ?? {};
  tool.examples = {
    ...ex,
    valid: [...(overlay.examples.valid ?? []), ...(ex.valid ?? [])],
    invalid: [...(overlay.examples.invalid ?? []), ...(ex.invalid ?? [])],
  };
}

/** The `x-resolve-with` calls of an overlay whose tool is not in the pack. */
export function unresolvedCalls(overlay: PackOverlay, toolNames: Set<string>): PackProblem[] {
  const out: PackProblem[] = [];
  for (const [name, t] of Object.entries(overlay.tools)) {
    for (const [path, f] of Object.entries(t.fields ?? {})) {
      const call = f['x-resolve-with'];
      const target = typeof call === 'string' ? call.slice(0, call.indexOf('(')) : undefined;
      if (target && !toolNames.has(target)) out.push({ path: `${ptr('tools', name, 'fields', path)}/x-resolve-with`, message: `names ${target}, which the pack does not have` });
    }
  }
  return out;
}
