// `actionable-errors/adapters/openai-agents`: check() in the OpenAI Agents SDK for JS (@openai/agents). Typed
// structurally from its published types (@openai/agents-core 0.20), so the package depends on neither:
// - tools(): the options of a function tool for each of the pack's tools, to pass to the SDK's tool().
//   Each call is checked before `run` sees it; a refused call throws ActionableRefusal.
// - errorFunction(): the tool error function that hands the model the body of a refusal (the SDK's own
//   default says only that an error occurred); any other error gets the fallback.
// The SDK parses the arguments' JSON before a tool runs and answers malformed JSON itself, so the repairs
// of JSON text are not reached here; names and values are.
import type { CheckOptions, CompiledPack, SchemaNode } from '../../engine/types';
import { ActionableRefusal, checkedArguments } from '../refusal';

export { ActionableRefusal } from '../refusal';

/** Your implementation of the tools: it gets calls check() accepted, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** A function tool's parameters as the SDK types a non-strict JSON Schema (JsonObjectSchemaNonStrict). */
export interface NonStrictParameters {
  type: 'object';
  properties: Record<string, any>;
  required: string[];
  additionalProperties: true;
  description?: string;
}

/** The options of a non-strict function tool, as tool() takes them. */
export interface FunctionToolOptions {
  name: string;
  description: string;
  parameters: NonStrictParameters;
  strict: false;
  execute: (input: unknown) => Promise<unknown>;
  errorFunction: (context: unknown, error: unknown) => string;
}

/** What the SDK's default tool error function says: nothing the model can act on. */
const FALLBACK = 'An error occurred while running the tool. Please try again.';

/** A tool error function: the body of a refused call, as the model is to read it; `fallback` for any other error. */
export function errorFunction(fallback = FALLBACK): (context: unknown, error: unknown) => string {
  return (_context, error) => (error instanceof ActionableRefusal ? error.message : fallback);
}

/**
 * The tool's model-facing schema in the SDK's non-strict shape: `required` always present, and the top
 * level open, as the SDK's type has it; a key the tool does not take is still refused, by check().
 */
function parametersOf(schema: SchemaNode): NonStrictParameters {
  return { ...structuredClone(schema), type: 'object', properties: structuredClone(schema.properties ?? {}), required: [...(schema.required ?? [])], additionalProperties: true };
}

/** The options of a function tool for each of the pack's tools: `tools(pack, run).map((options) => tool(options))`. */
export function tools(pack: CompiledPack, run: RunTool, options: CheckOptions = {}): FunctionToolOptions[] {
  return pack.tools.map((t) => ({
    name: t.name,
    description: t.summary,
    parameters: parametersOf(t.modelSchema),
    strict: false,
    execute: async (input: unknown) => run(t.name, checkedArguments(pack, t.name, input, options)),
    errorFunction: errorFunction(),
  }));
}
