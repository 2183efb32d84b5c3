// Everything of the playground that needs the engine and the first body needs, in one chunk: the sandbox's
// checker part (src/sandbox/checker.ts; the playground's door into the engine is src/sandbox/) and the
// playground's own helpers over it (the state editor, the suggestion). The page's sandbox (pack-files.ts)
// loads it as its checker part, as soon as the page's script runs (head-start.ts); the sandbox's other parts
// come later: extra (markers, replay, exports: checker-extra.ts) and AJV's compiler (ajv-tools.ts).
import type { CompiledPack } from '../../../engine/types';
import { sandbox } from './pack-files';

export * from '../../../sandbox/checker';
export { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from '../session/pack-state';
export { suggestionFor } from '../views/suggestion';

// The sandbox's later parts, imported from this chunk (pack-files.ts says why).
export const importExtra = () => import('./checker-extra');
export const importAjvTools = () => import('./ajv-tools');
export const importGrader = () => import('./grader');

/** A pack by id, curated or imported, loaded once by the page's sandbox (head-start.ts may have started it). */
export function loadPackById(id: string): Promise<CompiledPack> {
  return sandbox.loadPack(id);
}

/** The sandbox's extra part with the editor's markers (checker-extra.ts), loaded once, after the first body. */
export function loadExtra() {
  return sandbox.extra();
}

/** The sandbox's AJV part with the playground's own tools and the bare AJV error (ajv-tools.ts), loaded once, on demand. */
export function loadAjvTools() {
  return sandbox.ajv();
}
