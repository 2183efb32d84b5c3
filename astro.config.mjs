// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import pagefind from 'astro-pagefind';

// BASE_PATH lets the built site live in a sub-folder (a project page, say): BASE_PATH=/actionable/ npm run build
const base = process.env.BASE_PATH || '/';

export default defineConfig({
  base,
  trailingSlash: 'ignore',
  // pagefind indexes the built pages for the offline search box (src/components/docs/SiteSearch.astro).
  integrations: [react(), pagefind()],
  vite: {
    // The playground's workers (Monaco's, and the token counter) are ES modules: Monaco's split into chunks.
    worker: { format: 'es' },
  },
});
