// Exports: the pack's tools in the shapes agents load. The model-facing forms carry the glosses; `wire`
// carries the vendor's facts only. No x- keyword survives into any of them (the compiler strips them).
import type { CompiledPack, CompiledTool, SchemaNode } from './types';

export type ExportForm = 'openai' | 'anthropic' | 'mcp' | 'wire';
export const EXPORT_FORMS: ExportForm[] = ['openai', 'anthropic', 'mcp', 'wire'];

function withoutMeta(schema: SchemaNode): SchemaNode {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

export function exportTool(tool: CompiledTool, form: ExportForm): SchemaNode {
  switch (form) {
    case 'openai':
      return { type: 'function', function: { name: tool.name, description: tool.summary, parameters: withoutMeta(tool.modelSchema) } };
    case 'anthropic':
      return { name: tool.name, description: tool.summary, input_schema: withoutMeta(tool.modelSchema) };
    case 'mcp':
      return { name: tool.name, description: tool.summary, inputSchema: withoutMeta(tool.modelSchema) };
    case 'wire':
      return { name: tool.name, parameters: withoutMeta(tool.wireSchema) };
  }
}

export function exportPack(pack: CompiledPack, form: ExportForm): SchemaNode[] {
  return pack.tools.map((t) => exportTool(t, form));
}
