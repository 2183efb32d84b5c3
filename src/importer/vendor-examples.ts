// The vendor's own examples, checked by the tools imported from the vendor's document: a value the vendor
// gives as an example of a request field is a value the vendor accepts, so the imported tool must accept it
// too. Each example is checked in place by check(): a parameter's or a body field's (at any depth) against
// that field's own schema in the tool, compiled as a one-field tool; a whole body as the tool's call, with
// the tool's other arguments from its valid example. It is refused when check() gives a fault there. Only request sides are read: parameters, the request body's
// media type and the schemas under it (OpenAPI `example`/`examples`, Swagger `x-example`/`example`). Google
// Discovery documents declare no example values, so they contribute none.
// Pure TypeScript: the test and the benchmark run it over the corpus.
import { compilePack } from '../engine/pack/ajv-backend';
import { check } from '../engine/check';
import { formatPath, type Segment } from '../engine/paths';
import type { Json, JsonObject, PackSource, SchemaNode, ToolSource } from '../engine/types';
import { dereference } from './dereference';
import { readOpenApiOperations } from './openapi';

export interface VendorExample {
  tool: string;
  /** The operation it belongs to (`POST /rest/api/3/issue/{issueIdOrKey}/worklog`). */
  operation: string;
  /** Where the value goes in the tool's arguments (`started`, `items[0].id`), or `(body)` for a whole body. */
  field: string;
  /** Where the vendor's document has it (`parameter query fields`, `body schema`, `body media type`). */
  source: string;
  value: Json;
}

export interface RefusedExample extends VendorExample {
  /** The faults the engine gave it: `code at field`. */
  faults: string[];
}

export interface VendorExampleCount {
  examples: number;
  refused: number;
  refusedList: RefusedExample[];
}

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The example values one vendor node holds, in every form the dialects write them. */
function valuesOf(node: unknown): Json[] {
  if (!isObj(node)) return [];
  const out: Json[] = [];
  if ('example' in node && node.example !== undefined) out.push(node.example);
  if ('x-example' in node && node['x-example'] !== undefined) out.push(node['x-example']);
  if (Array.isArray(node.examples)) out.push(...node.examples);
  else if (isObj(node.examples)) {
    // OpenAPI 3's Example objects, by name: the literal `value` (an `externalValue` is elsewhere, not read).
    for (const ex of Object.values<any>(node.examples)) if (isObj(ex) && 'value' in ex) out.push(ex.value);
  }
  return out;
}

const MAX_DEPTH = 12;

/** Where a tool's top-level arguments go, by the vendor's name and location. */
function argumentsByWire(tool: ToolSource): { byWire: Map<string, string>; requestBody?: string; bodyArgs: string[] } {
  const byWire = new Map<string, string>();
  const bodyArgs: string[] = [];
  let requestBody: string | undefined;
  for (const [name, s] of Object.entries<SchemaNode>(tool.arguments.properties ?? {})) {
    const at = s['x-in'];
    const wire = typeof s['x-wire-name'] === 'string' ? s['x-wire-name'] : name;
    if (at === 'request-body') requestBody = name;
    else byWire.set(`${at}:${wire}`, name);
    if (at === 'body' || at === 'request-body') bodyArgs.push(name);
  }
  return { byWire, requestBody, bodyArgs };
}

/** Every request-side example of one OpenAPI/Swagger operation, with the argument path it belongs at. */
function operationExamples(
  tool: ToolSource,
  op: Record<string, any>,
  item: Record<string, any>,
  bodyContentType: string | undefined,
  swagger: boolean,
): { path: Segment[] | 'body'; source: string; value: Json }[] {
  const out: { path: Segment[] | 'body'; source: string; value: Json }[] = [];
  const { byWire, requestBody } = argumentsByWire(tool);
  const bodyPath = (segments: Segment[]): Segment[] | 'body' | undefined => {
    if (segments.length === 0) return requestBody ? [requestBody] : 'body';
    if (requestBody) return [requestBody, ...segments];
    const arg = byWire.get(`body:${segments[0]}`);
    return arg ? [arg, ...segments.slice(1)] : undefined;
  };
  const walkSchema = (schema: unknown, segments: Segment[], source: string, stack: object[]) => {
    if (!isObj(schema) || stack.includes(schema) || stack.length > MAX_DEPTH) return;
    // A read-only field is never sent in a request: the importer drops it, and so does this walk.
    if (schema.readOnly === true) return;
    const at = bodyPath(segments);
    if (at !== undefined) for (const value of valuesOf(schema)) out.push({ path: at, source, value });
    const next = [...stack, schema];
    if (isObj(schema.properties)) for (const [k, sub] of Object.entries(schema.properties)) walkSchema(sub, [...segments, k], source, next);
    if (isObj(schema.items)) walkSchema(schema.items, [...segments, 0], source, next);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(schema[k])) for (const b of schema[k]) walkSchema(b, segments, source, next);
  };
  const byKey = new Map<string, Record<string, any>>();
  for (const p of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    if (isObj(p) && typeof p.name === 'string' && typeof p.in === 'string') byKey.set(`${p.in}:${p.name}`, p);
  }
  for (const p of byKey.values()) {
    if (p.in === 'body') {
      walkSchema(p.schema, [], 'body schema', []);
      continue;
    }
    const where = p.in === 'formData' ? 'body' : p.in;
    const arg = byWire.get(`${where}:${p.name}`);
    // A parameter held back (a credential, a transport header) is not the model's to send.
    if (!arg) continue;
    const values = [...valuesOf(p), ...(swagger ? [] : valuesOf(p.schema))];
    if (isObj(p.content)) for (const media of Object.values(p.content)) values.push(...valuesOf(media));
    for (const value of values) out.push({ path: [arg], source: `parameter ${p.in} ${p.name}`, value });
    // A Swagger parameter's list items may carry their own example.
    if (swagger && isObj(p.items)) for (const value of valuesOf(p.items)) out.push({ path: [arg, 0], source: `parameter ${p.in} ${p.name} item`, value });
  }
  if (!swagger && bodyContentType && isObj(op.requestBody?.content?.[bodyContentType])) {
    const media = op.requestBody.content[bodyContentType];
    const at = bodyPath([]);
    for (const value of valuesOf(media)) out.push({ path: at ?? 'body', source: 'body media type', value });
    walkSchema(media.schema, [], 'body schema', []);
  }
  return out;
}

/** The call a whole-body example makes: the tool's valid call without its body fields, plus the example's. */
function wholeBody(tool: ToolSource, base: JsonObject, value: Json): JsonObject | undefined {
  if (!isObj(value)) return undefined;
  const { byWire, bodyArgs } = argumentsByWire(tool);
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(base)) if (!bodyArgs.includes(k)) out[k] = v;
  for (const [k, v] of Object.entries(value)) out[byWire.get(`body:${k}`) ?? k] = v as Json;
  return out;
}

/** Every request-side example of a dereferenced OpenAPI/Swagger document, with the tool it belongs to. */
export function collectVendorExamples(doc: Record<string, any>, pack: PackSource): (VendorExample & { path: Segment[] | 'body' })[] {
  if (!isObj(doc.paths)) return [];
  const swagger = typeof doc.swagger === 'string';
  const basePath = swagger && typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath.replace(/\/$/, '') : '';
  const tools = new Map(pack.tools.map((t) => [t.operation?.id, t]));
  const bodies = new Map(readOpenApiOperations(doc).map((o) => [o.id, o.body?.contentType]));
  const out: (VendorExample & { path: Segment[] | 'body' })[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    if (!isObj(item)) continue;
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']) {
      const op = item[method];
      const id = `${method.toUpperCase()} ${basePath}${path}`;
      const tool = tools.get(id);
      if (!isObj(op) || !tool) continue;
      for (const ex of operationExamples(tool, op, item, bodies.get(id), swagger)) {
        out.push({ tool: tool.name, operation: id, field: ex.path === 'body' ? '(body)' : formatPath(ex.path), source: ex.source, value: ex.value, path: ex.path });
      }
    }
  }
  return out;
}

/** The schema a nested argument path names in a tool's arguments, looking into branches for a property; undefined when none declares it. */
function fieldSchemaAt(node: SchemaNode | undefined, path: Segment[], depth = 0): SchemaNode | undefined {
  if (!isObj(node) || depth > 40) return undefined;
  if (path.length === 0) return node;
  const [head, ...rest] = path;
  const direct = typeof head === 'number' ? node.items : node.properties?.[head];
  if (isObj(direct)) return fieldSchemaAt(direct, rest, depth + 1);
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    if (!Array.isArray(node[k])) continue;
    for (const branch of node[k]) {
      const found = fieldSchemaAt(branch, path, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function faultsAt(result: ReturnType<typeof check>, field: string | undefined): string[] {
  const faults = result.log.faults.filter((f) => field === undefined || f.field === field || f.field.startsWith(`${field}.`) || f.field.startsWith(`${field}[`));
  return faults.map((f) => `${f.code} at ${f.field}`);
}

/** Faults of a value checked by check() against the schema of one nested field of a tool, compiled as a one-field tool. */
function checkField(pack: PackSource, tool: ToolSource, path: Segment[], value: Json, cache: Map<string, ReturnType<typeof compilePack>>): string[] {
  const found = fieldSchemaAt(tool.arguments, path);
  if (!found) return [`undeclared at ${formatPath(path)}`];
  // What the field says about its siblings (a conflict, an amount's currency argument) has no siblings here.
  const schema: SchemaNode = { ...found };
  delete schema['x-conflicts'];
  if (isObj(schema['x-unit']) && 'currency' in schema['x-unit']) schema['x-unit'] = { kind: schema['x-unit'].kind };
  const name = 'field';
  // A shared component is the same schema in many tools: compiled once.
  const key = JSON.stringify(schema);
  let compiled = cache.get(key);
  if (!compiled) {
    const single: PackSource = { ...pack, tools: [{ name, summary: 'field', arguments: { type: 'object', properties: { value: schema } } }] };
    delete single.state;
    compiled = compilePack(single, `${pack.id}#${tool.name}#${formatPath(path)}`);
    cache.set(key, compiled);
  }
  const result = check(compiled, { name, arguments: { value } });
  return result.ok ? [] : faultsAt(result, 'value').map((f) => f.replace(/ at value/, ` at ${formatPath(path)}`));
}

/**
 * Counts a document's request-side examples and those the imported pack's tools refuse. Only the tools that
 * have examples are compiled, each on its own (as the importer does), so a large document stays quick.
 * `doc` is the vendor's document as read (it is dereferenced here, not changed).
 */
export async function countVendorExamples(doc: unknown, pack: PackSource): Promise<VendorExampleCount> {
  if (!isObj(doc) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string')) return { examples: 0, refused: 0, refusedList: [] };
  const { doc: resolved } = await dereference(doc);
  const examples = collectVendorExamples(resolved, pack);
  const byTool = new Map<string, typeof examples>();
  for (const ex of examples) byTool.set(ex.tool, [...(byTool.get(ex.tool) ?? []), ex]);
  const refusedList: RefusedExample[] = [];
  const fieldPacks = new Map<string, ReturnType<typeof compilePack>>();
  let done = 0;
  for (const [name, list] of byTool) {
    // A large document takes seconds: the event loop gets a turn now and then (a page or a test runner waits on it).
    if (++done % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const tool = pack.tools.find((t) => t.name === name)!;
    let compiled: ReturnType<typeof compilePack> | undefined;
    for (const ex of list) {
      const refuse = (faults: string[]) => {
        if (faults.length) refusedList.push({ tool: ex.tool, operation: ex.operation, field: ex.field, source: ex.source, value: ex.value, faults });
      };
      if (ex.path !== 'body') {
        // A parameter or a body field is checked against its own schema, on its own: set inside the tool's
        // call, its siblings (a branch's other required fields) would be what is refused.
        refuse(checkField(pack, tool, ex.path, ex.value, fieldPacks));
        continue;
      }
      // A whole body goes through the tool's own check, with the tool's other arguments from its valid example.
      const args = wholeBody(tool, (tool.examples?.valid?.[0] ?? {}) as JsonObject, ex.value);
      if (!args) {
        refuse(['not an object of body fields']);
        continue;
      }
      compiled ??= compilePack({ ...pack, tools: [tool], ...(tool.checks ? { state: pack.state ?? {} } : {}) }, `${pack.id}#${name}`);
      const result = check(compiled, { name, arguments: args });
      refuse(result.ok ? [] : faultsAt(result, undefined));
    }
  }
  return { examples: examples.length, refused: refusedList.length, refusedList };
}
