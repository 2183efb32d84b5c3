// Whether a tool's own published schema refuses a call's arguments: the rule that decides which wrong calls
// `audit` may send. The compiled tool's validator is stricter than the schema as written (the engine closes
// objects, reads formats as assertions), so a call is sent only when both refuse it: then a server that
// honours its own schema must refuse it too, and accepting it is the server's fault, not the audit's.
import { newAjv } from '../engine/pack/ajv-instance';
import { untrustedRegExp } from '../engine/pack/pattern-engine';
import { dialectOf } from '../engine/validate/dialect';
import type { CompiledTool, Json } from '../engine/types';
import { wrongCalls, type WrongCall } from './wrong-calls';

export type Refusal = (args: Record<string, Json>) => boolean;

/** The refusal test for one tool; a schema AJV cannot compile as written falls back to the compiled validator alone. */
export function schemaRefuses(tool: CompiledTool): Refusal {
  const compiled = (args: Record<string, Json>) => tool.validate(args) !== null;
  const schema = tool.source.arguments;
  const read = dialectOf(schema);
  if ('problem' in read) return compiled;
  let asWritten: ((args: unknown) => boolean) | undefined;
  try {
    // The server's schema is untrusted input: its patterns run where they cannot backtrack for ever.
    const ajv = newAjv('assert', undefined, read.dialect, untrustedRegExp);
    asWritten = ajv.compile(schema as object) as (args: unknown) => boolean;
  } catch {
    return compiled;
  }
  return (args) => compiled(args) && !asWritten!(args);
}

/** The wrong calls `audit` sends one tool: those its schema refuses, and near names no tool of the server has. */
export function callsToSend(tool: CompiledTool, toolNames: ReadonlySet<string>): WrongCall[] {
  const refuses = schemaRefuses(tool);
  return wrongCalls(tool, toolNames).filter((call) => (call.kind === 'near_tool_name' ? !toolNames.has(call.name) : refuses(call.arguments)));
}
