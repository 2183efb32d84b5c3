// Exports: the pack's tools in the shapes agents load. The model-facing forms carry the glosses; `wire`
// carries the vendor's facts only. No x- keyword survives into any of them (the compiler strips them).
import { envelope } from './envelopes';
import { REGISTRY_ENUMS } from './pack-compiler';
import { strictExportTool, type StrictTarget } from '../strict';
import type { CompiledPack, CompiledTool, SchemaNode } from '../types';

/** The wire schema as exported: an enum a registry filled (value-sets.ts) is the engine's check, not the vendor's fact. */
function exportedWire(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(exportedWire);
  if (node === null || typeof node !== 'object') return node;
  const out: SchemaNode = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'enum' && REGISTRY_ENUMS.has(node as SchemaNode)) continue;
    Object.defineProperty(out, k, { value: k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : exportedWire(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// The strict forms (strict/) are variants each vendor accepts in strict mode; check() still enforces
// every rule they leave out.
export type ExportForm = 'openai' | 'anthropic' | 'mcp' | 'wire' | StrictTarget;
export const EXPORT_FORMS: ExportForm[] = ['openai', 'anthropic', 'mcp', 'wire', 'openai-strict', 'anthropic-strict', 'gemini'];

function withoutMeta(schema: SchemaNode): SchemaNode {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

export function exportTool(tool: CompiledTool, form: ExportForm): SchemaNode {
  switch (form) {
    case 'openai':
      return { type: 'function', function: { name: tool.name, description: tool.summary, parameters: withoutMeta(tool.modelSchema) } };
    case 'anthropic':
    case 'mcp':
      return envelope(form, tool.name, tool.summary, withoutMeta(tool.modelSchema));
    case 'wire':
      return { name: tool.name, parameters: withoutMeta(exportedWire(tool.wireSchema) as SchemaNode) };
    default:
      return strictExportTool(tool, form);
  }
}

// The Anthropic and MCP exports made from the OpenAI one (envelopes.ts, which the site's pages load in the browser).
export { fromOpenAIExport, type OpenAIToolExport } from './envelopes';

export function exportPack(pack: CompiledPack, form: ExportForm): SchemaNode[] {
  return pack.tools.map((t) => exportTool(t, form));
}
