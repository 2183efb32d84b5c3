// Where the sandbox finds packs: loaders by file path, as a bundler's glob gives them (the playground's
// pack-files.ts), or any map of the same shape (a test's). Kept apart so the light entry can name them.
import type { StandaloneValidate } from '../engine/pack/precompiled-backend';
import type { ImportedShellModule } from '../imported/parts';

type Loader<T> = () => Promise<T>;

export interface SandboxFiles {
  /** Curated pack files, content/packs/<id>.json, by path. */
  packs: Record<string, Loader<{ default: unknown }>>;
  /** Their validators generated at build time (npm run precompile), src/generated/validators/<id>.js, by path. */
  validators: Record<string, Loader<{ validators: Record<string, StandaloneValidate> }>>;
  /** Imported packs' generated shells, src/generated/imported/<id>.js, by path. */
  shells: Record<string, Loader<ImportedShellModule>>;
  /** The URL of the folder the imported packs' parts are served from (imported-parts/). */
  partsUrl: () => string;
}

/** The loader of the file whose name ends a path. */
export function fileFor<T>(files: Record<string, () => Promise<T>>, name: string): (() => Promise<T>) | undefined {
  return Object.entries(files).find(([path]) => path.endsWith(`/${name}`))?.[1];
}
