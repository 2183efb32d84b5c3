// The Anthropic and MCP exports are the OpenAI export's name, description and schema in other envelopes. The
// site writes an imported pack's OpenAI file alone and its pages make the other two from it in the browser, so
// this module imports nothing at run time (exports.ts, which uses it, brings in the pack compiler).
import type { SchemaNode } from '../types';

/** The export forms that are the OpenAI export in another envelope. */
export type EnvelopeForm = 'anthropic' | 'mcp';

/** Where each envelope puts the schema (the OpenAI export's `function.parameters`). */
const SCHEMA_KEY = { anthropic: 'input_schema', mcp: 'inputSchema' } as const;

/** A tool's name, description and model-facing schema in the envelope of `form`. */
export function envelope(form: EnvelopeForm, name: string, description: string, schema: SchemaNode): SchemaNode {
  return { name, description, [SCHEMA_KEY[form]]: schema };
}

/** One tool's OpenAI export (exportTool's `openai` form), as its file holds it. */
export interface OpenAIToolExport {
  type: 'function';
  function: { name: string; description: string; parameters: SchemaNode };
}

/**
 * The `form` export of a tool (exportTool) or of a pack (exportPack, a list), made from its OpenAI export: what
 * exportTool and exportPack give for `form`, byte for byte once serialized (tests/engine/envelopes.test.ts).
 */
export function fromOpenAIExport(form: EnvelopeForm, openaiExport: OpenAIToolExport | readonly OpenAIToolExport[]): SchemaNode | SchemaNode[] {
  if (Array.isArray(openaiExport)) return openaiExport.map((t: OpenAIToolExport) => fromOpenAIExport(form, t) as SchemaNode);
  const f = (openaiExport as Partial<OpenAIToolExport> | null)?.function;
  // A file that is something else (a page served in its place) would otherwise give tools with no name.
  if (typeof f?.name !== 'string') throw new Error('not an OpenAI tool export (a tool has no function.name)');
  return envelope(form, f.name, f.description, f.parameters);
}
