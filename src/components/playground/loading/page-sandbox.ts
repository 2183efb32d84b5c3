// The page's one sandbox (src/sandbox/): the playground's door into the engine, over the pack files
// (pack-files.ts), with the loaders the page and the island call, each loading once.
//
// The sandbox's parts are the playground's chunks, each a part with the playground's helpers beside it
// (checker.ts, checker-extra.ts, ajv-tools.ts, grader.ts), so the bundle has one chunk per part. They are
// declared here, not in chunks.ts, for two reasons of the bundler's. The checker loads from here, on the
// first body's path; chunks.ts loads with the island, and its loaders on this path would add to the first
// body's bytes. The later parts load by import() from inside the checker's chunk (checker.ts): the bundler
// then knows the checker's modules are loaded when they are, and does not cut them into more, smaller
// chunks to share them (tests/e2e/playground-size.test.ts). The checker's chunk imports nothing of this
// module, so the two form no circle (tests/playground-boundaries.test.ts).
import { createSandbox } from '../../../sandbox';
import { IMPORTED_SHELLS, importedPartsUrl, PACK_FILES, VALIDATOR_FILES } from './pack-files';

const checkerChunk = () => import('./checker');

const sandbox = createSandbox(
  { packs: PACK_FILES, validators: VALIDATOR_FILES, shells: IMPORTED_SHELLS, partsUrl: importedPartsUrl },
  {
    checker: checkerChunk,
    extra: (): Promise<typeof import('./checker-extra')> => checkerChunk().then((c) => c.importExtra()),
    ajv: (): Promise<typeof import('./ajv-tools')> => checkerChunk().then((c) => c.importAjvTools()),
    grader: (): Promise<typeof import('./grader')> => checkerChunk().then((c) => c.importGrader()),
  },
);

/** The engine side (checker.ts): the page's first JavaScript holds React and the panels only. */
export function loadChecker() {
  return sandbox.checker();
}

/** A pack by id, curated or imported, loaded once (the head start, head-start.ts, may have started it). */
export function loadPackById(id: string) {
  return sandbox.loadPack(id);
}

/** The sandbox's extra part with the editor's markers (checker-extra.ts), after the first body. */
export function loadExtra() {
  return sandbox.extra();
}

/** The sandbox's AJV part with the playground's own tools and the bare AJV error (ajv-tools.ts), on demand. */
export function loadAjvTools() {
  return sandbox.ajv();
}
