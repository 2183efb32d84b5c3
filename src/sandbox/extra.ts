// The sandbox's second part (createSandbox().extra()): what the first body does not need, loaded after it
// (or at once for a replay). The exports with their strict variants and the strict lint (lint.ts;
// strict-lint alone is the size of the checker), the replay of a transcript, and the rule behind each entry
// of a body (faults.ts). Kept out of checker.ts so the JavaScript before the first body stays small
// (tests/e2e/playground-size.test.ts).
export * from './lint';
export { entrySources } from './faults';
export { replay, type ReplayOptions, type ReplayOutcome } from '../engine/replay';
export { readTranscript } from '../engine/transcript';
