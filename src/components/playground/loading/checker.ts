// Everything of the playground that needs the engine and the first body needs, in one chunk: the sandbox's
// checker part (src/sandbox/checker.ts; the playground's door into the engine is src/sandbox/) and the
// playground's own helpers over it (the state editor, the suggestion). The page's sandbox (page-sandbox.ts)
// loads it as its checker part, as soon as the page's script runs (head-start.ts); the sandbox's other parts
// come later: extra (markers, replay, exports: checker-extra.ts), AJV's compiler (ajv-tools.ts), the grader.
// It imports nothing of the page's sandbox: the sandbox loads this chunk, not the other way round. The early
// first body (first-body-early.ts) uses only what this file re-exports, so the bundler gives it those modules
// as a chunk of their own, and this file's own code (the later parts' loaders, with the lists of files each
// preloads) stays in a small chunk that only the island waits for.

export * from '../../../sandbox/checker';
export { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from '../session/pack-state';
export { suggestionFor } from '../views/suggestion';

// The sandbox's later parts, imported from this chunk for the bundler's sake (page-sandbox.ts says why).
export const importExtra = () => import('./checker-extra');
export const importAjvTools = () => import('./ajv-tools');
export const importGrader = () => import('./grader');
