// The ordered checks on their own, as the package exports them: the checks stage gives a fault, and this
// adds the body body.ts writes from it, so a caller running the checks alone gets what check() would send.
import { assembleBody } from './body/body';
import { runChecks as runOrderedChecks, type ChecksOutcome } from './checks/checks';
import type { CompiledTool, FaultBody, JsonObject } from './types';

export type { ChecksOutcome } from './checks/checks';

/** The outcome of the ordered checks with the body handed to the model: null when every check passed. */
export interface ChecksResult extends ChecksOutcome {
  body: FaultBody | null;
}

/** Runs a tool's ordered checks on arguments that passed validation, against `state`; stops at the first failure. */
export function runChecks(tool: CompiledTool, args: JsonObject, state: unknown): ChecksResult {
  const outcome = runOrderedChecks(tool, args, state);
  return { ...outcome, body: outcome.fault ? (assembleBody([outcome.fault]) as FaultBody) : null };
}
