// The sandbox's grader (createSandbox().grader()): a server's own error reply scored against the body the
// engine gives for the same call. Its own chunk: only the Grade tab loads it.
import { grade, type Grade, type GradeOptions } from '../engine/grade';
import type { CompiledPack } from '../engine/types';
import { prepareCall } from './checker';

export { grade, GRADE_POINTS, MAX_GRADE_ROUNDS, type Grade, type GradeOptions, type GradePointId } from '../engine/grade';

/** grade() once what the call needs is loaded. */
export async function gradeReady(pack: CompiledPack, call: unknown, serverReply: unknown, options?: GradeOptions): Promise<Grade> {
  await prepareCall(pack, call);
  return grade(pack, call, serverReply, options);
}
