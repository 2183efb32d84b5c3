// `actionable-errors/adapters/mastra`: check() in Mastra (@mastra/core 1.x), typed structurally so that the
// package depends on no SDK; tests/use/sdk-examples.test.ts runs it through Mastra's Agent. tools() gives the pack's tools as
// Mastra tool actions: an Agent's `tools` takes them as they are, and createTool() takes each. Mastra's own
// input validation would wrap a refusal in its message with the arguments spliced in, so the input schema
// here passes every call on, and `execute` runs check(): a call it accepts runs with names and values
// fixed; a refused one never runs, and the body is the tool's result, which the model reads.
import { check } from '../../engine';
import type { Body, CheckOptions, CompiledPack } from '../../engine/types';
import { standardSchema, type ToolInputSchema } from '../standard-schema';

export type { ToolInputSchema } from '../standard-schema';

/** Your implementation of the tools: it gets calls check() accepted, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** A Mastra tool action (ToolAction), as an Agent's `tools` and createTool() take one. */
export interface MastraToolAction {
  id: string;
  description: string;
  inputSchema: ToolInputSchema;
  execute: (inputData: unknown, context?: unknown) => Promise<unknown>;
}

/** The pack's tools as Mastra tool actions, by name; a refused call's result is its body. */
export function tools(pack: CompiledPack, run: RunTool, options: CheckOptions = {}): Record<string, MastraToolAction> {
  return Object.fromEntries(
    pack.tools.map((t) => {
      const action: MastraToolAction = {
        id: t.name,
        description: t.summary,
        // Every value passes here: check() in execute is the validation, and writes the body.
        inputSchema: standardSchema(t.modelSchema, (value) => ({ value: value as Record<string, unknown> })),
        execute: async (inputData): Promise<unknown> => {
          const result = check(pack, { name: t.name, arguments: inputData }, options);
          return result.ok ? run(t.name, result.arguments as Record<string, unknown>) : (result.body as Body);
        },
      };
      return [t.name, action];
    }),
  );
}
