// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import pagefind from 'astro-pagefind';
import { ensureImportedModules } from './src/cli/imported-stamp.mjs';

// BASE_PATH lets the built site live in a sub-folder (a project page, say): BASE_PATH=/actionable/ npm run build
const base = process.env.BASE_PATH || '/';

/**
 * The playground opens imported packs from modules generated into src/generated/imported/ (not committed:
 * 50 MB). They are written before the dev server or a build starts whenever they are missing or older than
 * their inputs, so a fresh clone needs no extra step; otherwise this costs one hash of the inputs.
 * @type {import('astro').AstroIntegration}
 */
const importedModules = {
  name: 'imported-pack-modules',
  hooks: {
    'astro:config:setup': ({ command, logger }) => {
      if (command === 'dev' || command === 'build') ensureImportedModules('.', (line) => logger.info(line));
    },
  },
};

/**
 * Astro inlines a bundled script under 4 KB into the page. The docs pages' two shared scripts (the header's, for the
 * search box and theme toggle, in Base.astro; DocsScript.astro's, for copy buttons, tabs, the table of contents'
 * marking and the imported packs' Anthropic and MCP downloads) come to 10 KB a page, and there are 4,682 pages:
 * as files they are written once and cached. Any other asset keeps Vite's default.
 * @param {string} file
 */
function docsScriptsExternal(file) {
  return /(?:Base|DocsScript)\.astro_astro_type_script/.test(file) ? false : undefined;
}

export default defineConfig({
  base,
  trailingSlash: 'ignore',
  // pagefind indexes the built pages for the offline search box (src/components/docs/SiteSearch.astro).
  integrations: [importedModules, react(), pagefind()],
  vite: {
    // The playground's workers (Monaco's, and the token counter) are ES modules: Monaco's split into chunks.
    worker: { format: 'es' },
    // Dependencies only a worker imports are found by no crawl of the pages, so `astro dev` would discover
    // them on first use, optimise them and reload the page: the tokenizer (loaded after the first body) and
    // the importer's dereferencer (a pasted OpenAPI document). Named here, they are optimised at start.
    optimizeDeps: { include: ['gpt-tokenizer/encoding/o200k_base', '@apidevtools/json-schema-ref-parser'] },
    // Vite warns about any chunk over 500 kB. Here that is Monaco's editor (about 4 MB, 1 MB gzip), which the
    // playground loads by dynamic import only once the first body is on screen, so its size delays nothing.
    // What the page loads before it is held to 150 KB gzip by tests/e2e/playground-size.test.ts, a check the
    // warning cannot make. The limit sits just above Monaco, so a chunk larger still would warn.
    build: { chunkSizeWarningLimit: 4200, assetsInlineLimit: docsScriptsExternal },
  },
});
