// The sandbox's second part (createSandbox().extra()): what the first body does not need, loaded after it
// (or at once for a replay). The exports with their strict variants (strict-lint alone is the size of the
// checker), the replay of a transcript, and the strict lint. Kept out of checker.ts so the JavaScript
// before the first body stays small (tests/e2e/playground-size.test.ts).
export { exportPack, exportTool, EXPORT_FORMS, type ExportForm } from '../engine/exports';
export { replay, type ReplayOptions, type ReplayOutcome } from '../engine/replay';
export { readTranscript } from '../engine/transcript';
export { countFindings, findingField, lintRequest, lintTool, STRICT_TARGET_LABELS, STRICT_TARGETS, type StrictAction, type StrictFinding, type StrictLives, type StrictTarget } from '../engine/strict-lint';
