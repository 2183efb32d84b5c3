// `actionable-errors/adapters/ai-sdk`: check() in the Vercel AI SDK. Typed structurally against what ai 6 and
// ai 7 share (ai 7 needs Node 22; the tests run ai 6), so the package depends on neither:
// - tools(): the pack's tools as AI SDK tools. Each input schema is a Standard Schema (which both versions
//   read) whose JSON Schema is the tool's model-facing schema and whose validation is check(): a call it
//   accepts reaches `execute` with names and values fixed; any other fails validation.
// - repairToolCall(): for the SDK's `repairToolCall` (ai 7) or `experimental_repairToolCall` (ai 6), called
//   when a call does not parse or validate (JSON as models write it, a misspelt tool name, a refused value).
//   A call check() can repair with certainty comes back repaired. Any other is left invalid with the body as
//   its error's message: the SDK hands that error to the model as the call's result (a `tool-error`), and
//   the model reads the body and sends a better call.
import { check, serializeBody } from '../../engine';
import type { CheckOptions, CompiledPack } from '../../engine/types';
import { standardSchema, type ToolInputSchema } from '../standard-schema';

export type { ToolInputSchema } from '../standard-schema';

/** A tool call as the SDK hands it to a repair function (LanguageModelV3ToolCall, V4 in ai 7): the input as JSON text. */
export interface AiSdkToolCall {
  toolName: string;
  input: string;
}

/** What a repair function is given (the SDK passes more; this is what it reads). */
export interface AiSdkRepairOptions<C extends AiSdkToolCall> {
  toolCall: C;
  /** NoSuchToolError or InvalidToolInputError: the error the SDK hands the model when the call stays invalid. */
  error: Error;
}

/** An AI SDK tool (what `tool({...})` returns), typed as both versions read it. */
export interface AiSdkTool {
  description: string;
  inputSchema: ToolInputSchema;
  execute: (input: Record<string, unknown>) => Promise<unknown>;
}

/** Your implementation of the tools: it gets calls check() accepted, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** The input schema of one tool of the pack: its model-facing JSON Schema, validated by check(). */
export function inputSchema(pack: CompiledPack, toolName: string, options: CheckOptions = {}): ToolInputSchema {
  const tool = pack.tool(toolName);
  if (!tool) throw new Error(`inputSchema(): the pack ${pack.id} has no tool ${JSON.stringify(toolName)}`);
  return standardSchema(tool.modelSchema, (value) => {
    const result = check(pack, { name: toolName, arguments: value }, options);
    return result.ok ? { value: result.arguments as Record<string, unknown> } : { issues: [{ message: serializeBody(result.body!) }] };
  });
}

/** The pack's tools as AI SDK tools, each run by `run` once check() has accepted the call. */
export function tools(pack: CompiledPack, run: RunTool, options: CheckOptions = {}): Record<string, AiSdkTool> {
  return Object.fromEntries(
    pack.tools.map((t) => [t.name, { description: t.summary, inputSchema: inputSchema(pack, t.name, options), execute: (input: Record<string, unknown>) => run(t.name, input) }]),
  );
}

/**
 * A repair function for generateText() and streamText(): the call repaired where check() is certain (its
 * name, its JSON text, its values); otherwise null, with the body as the message of the error the SDK
 * passes on to the model.
 */
export function repairToolCall(pack: CompiledPack, options: CheckOptions = {}) {
  return async <C extends AiSdkToolCall>({ toolCall, error }: AiSdkRepairOptions<C>): Promise<C | null> => {
    const result = check(pack, { name: toolCall.toolName, arguments: toolCall.input }, options);
    if (result.ok) {
      // Accepted as sent, yet the SDK refused it: its own schema differs from the pack's; its error stands.
      if (result.corrections.length === 0 && result.tool === toolCall.toolName) return null;
      return { ...toolCall, toolName: result.tool!, input: JSON.stringify(result.arguments) };
    }
    // The SDK passes this same error on as the call's result (parseToolCall rethrows it; ai 6 and 7 alike).
    error.message = serializeBody(result.body!);
    return null;
  };
}
