// The parts of an imported pack are not bundled: imported-modules.ts writes them into public/imported-parts/
// (copied into the built site as they are, served by `astro dev` too), because Rollup spent most of the client
// build passing a thousand generated modules through. A part is `export const tools = [...]`, some tools'
// sources: it imports nothing, so it loads from any URL.
import type { ImportedPart, ImportedShell } from './lazy-pack';

/** The shell module of an imported pack as generated: its parts are file names (relative to the parts folder), not loaders. */
export type ImportedShellModule = Omit<ImportedShell, 'parts'> & { partFiles: string[] };

/** Loads the part at `url`. */
async function loadPartAt(url: string): Promise<ImportedPart> {
  const mod = (await import(/* @vite-ignore */ url)) as Partial<ImportedPart>;
  if (!Array.isArray(mod.tools)) throw new Error(`${url} is not an imported pack's part`);
  return { tools: mod.tools };
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
