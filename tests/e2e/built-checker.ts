// The playground's checker part as built (the checker chunk), opening imported packs from their built shell
// chunks and their parts under the site's base, in a page: the same openPack the page's sandbox calls
// (src/components/playground/loading/page-sandbox.ts), given the built files by name. The page's own sandbox
// sits inside the page's script chunk under minified names, and the checker's chunk no longer imports it
// (that was an import circle), so a test hands openPack the files itself.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The text of a script (a string, not a function: the test runner would rewrite a function's import() for
 * Node) that defines `checker`, the checker chunk's exports, and `loadPackById(id)` for the imported packs
 * `ids`. `siteBase` is the site's URL with its base path and a trailing slash.
 */
export function builtCheckerScript(outDir: string, siteBase: string, ids: string[]): string {
  const assets = readdirSync(join(outDir, '_astro'));
  const chunk = assets.find((f) => /^checker\.[^.]+\.js$/.test(f));
  if (!chunk) throw new Error('no checker chunk in the build');
  const shells: Record<string, string> = {};
  for (const id of ids) {
    const shell = assets.find((f) => f.startsWith(`${id}.`) && /^[^.]+\.[^.]+\.js$/.test(f));
    if (!shell) throw new Error(`no shell chunk for the imported pack ${id} in the build`);
    shells[id] = `${siteBase}_astro/${shell}`;
  }
  return `
    const module = await import(${JSON.stringify(`${siteBase}_astro/${chunk}`)});
    // The chunk may export the module's namespace under a short name (it is also imported statically).
    const checker = typeof module.openPack === 'function' ? module : Object.values(module).find((v) => v && typeof v.openPack === 'function');
    const shellUrls = ${JSON.stringify(shells)};
    const files = {
      packs: {},
      validators: {},
      shells: Object.fromEntries(Object.entries(shellUrls).map(([id, url]) => ['/generated/imported/' + id + '.js', () => import(url)])),
      partsUrl: () => ${JSON.stringify(`${siteBase}imported-parts/`)},
    };
    const loadPackById = (id) => checker.openPack(files, id);
  `;
}
