// Where each pack's chunks are: a curated pack's file and generated validators, or an imported pack's
// generated shell. Shared by the checker, which opens packs, and the head start (head-start.ts), which
// begins their download with the page instead of after the checker has loaded.
import type { StandaloneValidate } from '../../engine/precompiled-backend';
import type { ImportedShell } from '../../imported/lazy-pack';

// Pack files are content/packs/<id>.json, their validators src/generated/validators/<id>.js; each becomes its own chunk.
export const PACK_FILES = import.meta.glob<{ default: unknown }>('../../../content/packs/*.json');
export const VALIDATOR_FILES = import.meta.glob<{ validators: Record<string, StandaloneValidate> }>('../../generated/validators/*.js');
// Imported packs (content/packs/imported/) open from generated shells, a few tools at a time (src/imported/lazy-pack.ts):
// src/generated/imported/<id>.js, each its own chunk, and each of its parts another.
export const IMPORTED_SHELLS = import.meta.glob<ImportedShell>('../../generated/imported/*.js');

/** The loader of the file whose name ends a glob's path. */
export function fileFor<T>(files: Record<string, () => Promise<T>>, name: string): (() => Promise<T>) | undefined {
  return Object.entries(files).find(([path]) => path.endsWith(`/${name}`))?.[1];
}

/** Starts downloading a pack's own chunks; the value sets it names are known only once its file is read. */
export function prefetchPack(id: string): void {
  for (const load of [fileFor(PACK_FILES, `${id}.json`), fileFor(VALIDATOR_FILES, `${id}.js`), fileFor(IMPORTED_SHELLS, `${id}.js`)]) load?.().catch(() => undefined);
}
