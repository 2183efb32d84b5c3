// What the adapters share (src/package/adapters/): a call checked before a tool runs, and the error a refused
// call throws, whose message is the body the model is to read.
import { check, serializeBody } from '../engine';
import type { Body, CheckOptions, CompiledPack } from '../engine/types';

/** A call check() refused: the message is the body, as the model is to read it. */
export class ActionableRefusal extends Error {
  readonly body: Body;
  constructor(body: Body) {
    super(serializeBody(body));
    this.name = 'ActionableRefusal';
    this.body = body;
  }
}

/** The arguments of a call to `toolName`, as check() fixes them; a refused call throws ActionableRefusal. */
export function checkedArguments(pack: CompiledPack, toolName: string, args: unknown, options: CheckOptions): Record<string, unknown> {
  const result = check(pack, { name: toolName, arguments: args }, options);
  if (!result.ok) throw new ActionableRefusal(result.body!);
  return result.arguments as Record<string, unknown>;
}
