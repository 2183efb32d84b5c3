// The call a tool page's "Try it in the playground" opens: one of the tool's own wrong calls, so the
// playground opens on a body worth reading (a wrong type, a value outside its set, a misspelt name) rather
// than on a call it accepts. A missing required argument is the plainest fault, taken only when it is the
// tool's one wrong call; a tool with no wrong call opens on its first valid one.
import type { CompiledTool, Json } from '../engine';

export function tryItArguments(tool: CompiledTool): Json {
  const examples = tool.source.examples;
  const invalid = examples?.invalid ?? [];
  const chosen = invalid.find((e) => e.expect !== 'missing_required') ?? invalid[0];
  return chosen ? chosen.arguments : (examples?.valid?.[0] ?? {});
}

/** The call as the playground's editor shows it: {name, arguments}, indented. */
export function tryItCall(tool: CompiledTool): string {
  return JSON.stringify({ name: tool.name, arguments: tryItArguments(tool) }, null, 2);
}
