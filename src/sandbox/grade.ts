// The sandbox's grader (createSandbox().grader()): a server's own error reply scored against the body the
// engine gives for the same call. Its own chunk: only the Grade tab loads it. It imports nothing of the
// checker part: the playground's Grade panel, which carries it, also loads before the checker may have.
export { grade, GRADE_POINTS, MAX_GRADE_ROUNDS, type Grade, type GradeOptions, type GradePointId } from '../engine/grade';
