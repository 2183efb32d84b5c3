// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// BASE_PATH lets the built site live in a sub-folder (a project page, say): BASE_PATH=/actionable/ npm run build
const base = process.env.BASE_PATH || '/';

export default defineConfig({
  base,
  trailingSlash: 'ignore',
  integrations: [react()],
});
