import { defineConfig } from 'vitest/config';

// Two projects: unit tests run the engine in Node; e2e tests build the site once, serve it with
// `astro preview` on a free port and drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        // The package's own name, for the /use/ examples, which import it as users do (tsconfig.json's paths).
        resolve: {
          alias: [
            { find: /^actionable-errors$/, replacement: new URL('./src/package/index.ts', import.meta.url).pathname },
            { find: /^actionable-errors\/packs\/(.*)$/, replacement: new URL('./src/package/packs/$1.ts', import.meta.url).pathname },
          ],
        },
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the preview server needs one.
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
