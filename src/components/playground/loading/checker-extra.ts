// The parts of the engine the first body does not need, loaded right after it (or at once for a replay): the
// sandbox's extra part (src/sandbox/extra.ts: the replay of a transcript, the exports with their strict
// variants, the strict lint) and the editor's markers over it (diagnostics, the span each body entry is
// about). Kept out of checker.ts so the JavaScript before the first body stays small
// (tests/e2e/playground-size.test.ts).
export * from '../../../sandbox/extra';
export { diagnosticsFor, replacementText } from '../editor/diagnostics';
