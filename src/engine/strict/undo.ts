// Back on the server: undo the strict export's rewrites before check(). A null that stands for a left-out
// optional field is dropped, and tool and parameter names the target made fit are named back.
import { geminiPropertyNames, strictToolName } from './names';
import { isObj } from './nodes';
import type { StrictTarget } from './targets';
import { resolveLocalRef } from '../schema';
import type { CompiledPack, Json, JsonObject, SchemaNode } from '../types';

function acceptsNull(root: SchemaNode, s: unknown, depth = 0): boolean {
  if (s === true || !isObj(s) || depth > 16) return s === true || (isObj(s) && Object.keys(s).length === 0);
  const node = typeof s.$ref === 'string' ? resolveLocalRef(root, s)?.node : s;
  if (!isObj(node)) return false;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if ('const' in node) return node.const === null;
  for (const k of ['anyOf', 'oneOf']) if (Array.isArray(node[k]) && node[k].some((b: unknown) => acceptsNull(root, b, depth + 1))) return true;
  return false;
}

function undo(root: SchemaNode, schema: unknown, value: Json, target: StrictTarget, depth: number): Json {
  if (!isObj(schema) || depth > 32) return value;
  const node = typeof schema.$ref === 'string' ? (resolveLocalRef(root, schema)?.node ?? schema) : schema;
  if (Array.isArray(value)) return isObj(node.items) ? value.map((v) => undo(root, node.items, v, target, depth + 1)) : value;
  if (value === null || typeof value !== 'object' || !isObj(node.properties)) return value;
  const props: Record<string, unknown> = node.properties;
  const required: string[] = Array.isArray(node.required) ? node.required : [];
  const back = new Map<string, string>();
  if (target === 'gemini') for (const [from, to] of geminiPropertyNames(Object.keys(props))) if (from !== to) back.set(to, from);
  const out: [string, Json][] = [];
  for (const [key, v] of Object.entries(value as JsonObject)) {
    const name = back.get(key) ?? key;
    const sub = Object.prototype.hasOwnProperty.call(props, name) ? props[name] : undefined;
    // A null the strict export asked for (an optional field made nullable) means "left out".
    if (v === null && sub !== undefined && !required.includes(name) && !acceptsNull(root, sub)) continue;
    out.push([name, sub === undefined ? v : undo(root, sub, v, target, depth + 1)]);
  }
  return Object.fromEntries(out);
}

/**
 * A call a model made against a strict export, as check() expects it: the tool's own name, and the
 * arguments without the nulls that stand for a left-out optional field, with Gemini's renamed parameters
 * named back. JSON text sent for an object or array needs nothing here: check() parses it (absorb).
 */
export function fromStrictCall(pack: CompiledPack, call: { name: string; arguments: Json }, target: StrictTarget): { name: string; arguments: Json } {
  const tool = pack.tool(call.name) ?? pack.tools.find((t) => strictToolName(t.name, target) === call.name);
  if (!tool) return call;
  return { name: tool.name, arguments: undo(tool.wireSchema, tool.wireSchema, call.arguments, target, 0) };
}
