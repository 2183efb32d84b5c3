// Where each pack's chunks are: a curated pack's file and generated validators, or an imported pack's
// generated shell. Shared by the page's sandbox, which opens packs, and the head start (head-start.ts), which
// begins their download with the page instead of after the checker has loaded.
import type { StandaloneValidate } from '../../../engine/pack/precompiled-backend';
import type { ImportedShellModule } from '../../../imported/parts';
import { createSandbox, fileFor } from '../../../sandbox';

// Pack files are content/packs/<id>.json, their validators src/generated/validators/<id>.js; each becomes its own chunk.
export const PACK_FILES = import.meta.glob<{ default: unknown }>('../../../../content/packs/*.json');
export const VALIDATOR_FILES = import.meta.glob<{ validators: Record<string, StandaloneValidate> }>('../../../generated/validators/*.js');
// Imported packs (content/packs/imported/) open from generated shells, a few tools at a time (src/imported/lazy-pack.ts):
// src/generated/imported/<id>.js, each its own chunk. Their parts are no chunks: they are files under the site's
// base (public/imported-parts/, src/imported/parts.ts).
export const IMPORTED_SHELLS = import.meta.glob<ImportedShellModule>('../../../generated/imported/*.js');

/** The absolute URL of the imported packs' parts folder (IMPORTED_PARTS_DIR in src/cli/imported-stamp.mjs), under the base path. */
export function importedPartsUrl(): string {
  return new URL(`${(import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/')}imported-parts/`, location.href).href;
}

const checkerChunk = () => import('./checker');

/**
 * The page's one sandbox (src/sandbox/): the playground's door into the engine, over the pack files above.
 * Its parts are the playground's chunks, each the sandbox's part with the playground's helpers beside it
 * (checker.ts, checker-extra.ts, ajv-tools.ts, grader.ts), so the bundle has one chunk per part, as
 * before the sandbox. The later parts are imported from the checker's chunk: the bundler then knows the
 * checker's modules are loaded when they are, and does not cut those modules into more, smaller chunks to
 * share them (tests/e2e/playground-size.test.ts).
 */
export const sandbox = createSandbox(
  { packs: PACK_FILES, validators: VALIDATOR_FILES, shells: IMPORTED_SHELLS, partsUrl: importedPartsUrl },
  {
    checker: checkerChunk,
    extra: (): Promise<typeof import('./checker-extra')> => checkerChunk().then((c) => c.importExtra()),
    ajv: (): Promise<typeof import('./ajv-tools')> => checkerChunk().then((c) => c.importAjvTools()),
    grader: (): Promise<typeof import('./grader')> => checkerChunk().then((c) => c.importGrader()),
  },
);

/** Starts downloading a pack's own chunks; the value sets it names are known only once its file is read. */
export function prefetchPack(id: string): void {
  for (const load of [fileFor(PACK_FILES, `${id}.json`), fileFor(VALIDATOR_FILES, `${id}.js`), fileFor(IMPORTED_SHELLS, `${id}.js`)]) load?.().catch(() => undefined);
}
