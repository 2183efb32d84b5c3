// `actionable-errors/adapters/langchain`: check() in LangChain.js and LangGraph's ToolNode. Typed structurally
// (a tool is anything with a name and invoke()), so the package depends on neither.
// checkedTools() wraps your tools: each call is checked before the tool runs. A call check() accepts runs
// with names and values fixed; a refused one throws ActionableRefusal, whose message is the body, and
// never runs. ToolNode's error handling (handleToolErrors, on by default) hands that message to the model
// as an error ToolMessage. LangGraph's ToolNode finds a tool by its exact name before calling it, so a
// misspelt tool name is ToolNode's own "not found" error, not a body.
import type { CheckOptions, CompiledPack } from '../../engine/types';
import { checkedArguments } from '../refusal';

export { ActionableRefusal } from '../refusal';

/** A LangChain tool as ToolNode calls it: its name, and invoke() with a tool call or its arguments. */
export interface LangChainTool {
  name: string;
  invoke(input: any, config?: any): Promise<unknown>;
}

/** A tool call as ToolNode passes it to invoke(); anything else given to invoke() is the arguments themselves. */
function isToolCall(input: unknown): input is { type: 'tool_call'; args: unknown } {
  return typeof input === 'object' && input !== null && (input as { type?: unknown }).type === 'tool_call' && 'args' in input;
}

/**
 * Your tools, each checked against the pack's tool of the same name before it runs. A tool the pack does
 * not declare is returned as it is.
 */
export function checkedTools<T extends LangChainTool>(pack: CompiledPack, tools: readonly T[], options: CheckOptions = {}): T[] {
  return tools.map((tool) => {
    if (!pack.tool(tool.name)) return tool;
    // The tool itself, underneath: every other property and method is the tool's own.
    const checked = Object.create(tool) as T;
    checked.invoke = async (input: unknown, config?: unknown) => {
      const args = checkedArguments(pack, tool.name, isToolCall(input) ? input.args : input, options);
      return tool.invoke(isToolCall(input) ? { ...input, args } : args, config);
    };
    return checked;
  });
}
