// The parts of an imported pack are not bundled: precompile-validators.ts --imported writes them, minified and
// self-contained, into public/imported-parts/ (copied into the built site as they are, served by `astro dev`
// too), because 1,140 modules of generated code took most of the client build's time to pass through Rollup.
// A part is `export default function (require) { … return { validators, tools } }`: AJV's CommonJS code, whose
// few runtime dependencies the loader hands it (part-runtime.ts), so a part imports nothing and loads from any URL.
import type { ImportedPart, ImportedShell } from './lazy-pack';

/** The name a part gives the engine's modules it needs (`require("engine/input-cap")`). */
export const PART_ENGINE_DIR = 'engine';

/** The shell module of an imported pack as generated: its parts are file names (relative to the parts folder), not loaders. */
export type ImportedShellModule = Omit<ImportedShell, 'parts'> & { partFiles: string[] };

type PartModule = { default: (require: (spec: string) => unknown) => ImportedPart };

/** Loads the part at `url` and runs it with its dependencies. */
export async function loadPartAt(url: string): Promise<ImportedPart> {
  const [mod, runtime] = await Promise.all([import(/* @vite-ignore */ url) as Promise<PartModule>, import('./part-runtime')]);
  if (typeof mod.default !== 'function') throw new Error(`${url} is not an imported pack's part`);
  return mod.default(runtime.partRequire);
}

/**
 * The shell lazy-pack.ts opens, its parts loaded from `partsUrl` (an absolute URL of the parts folder, ending
 * in a slash: in `astro dev`, Vite adds `?import` to a dynamic import of a URL starting with `/`, and does not
 * serve a public file so asked).
 */
export function shellWithParts(module: ImportedShellModule, partsUrl: string): ImportedShell {
  const { partFiles, ...shell } = module;
  return { ...shell, parts: partFiles.map((file) => () => loadPartAt(new URL(file, partsUrl).href)) };
}
