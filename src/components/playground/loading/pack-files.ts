// Where each pack's chunks are: a curated pack's file and generated validators, or an imported pack's
// generated shell. Shared by the page's sandbox (page-sandbox.ts), which opens packs, and the head start
// (head-start.ts), which begins their download with the page instead of after the checker has loaded.
import type { StandaloneValidate } from '../../../engine/pack/precompiled-backend';
import type { ImportedShellModule } from '../../../imported/parts';
import { fileFor } from '../../../sandbox';

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

/** Starts downloading a pack's own chunks; the value sets it names are known only once its file is read. */
export function prefetchPack(id: string): void {
  for (const load of [fileFor(PACK_FILES, `${id}.json`), fileFor(VALIDATOR_FILES, `${id}.js`), fileFor(IMPORTED_SHELLS, `${id}.js`)]) load?.().catch(() => undefined);
}
