import { defineConfig } from 'vitest/config';

/**
 * Tests that start other programs (the bundled bin, npm pack, tsc, ESLint, the official MCP servers) or read
 * the public corpus (CORPUS_DIR, default ../shared/corpus; `npm run corpus` fetches it): the JSON Schema Test
 * Suite, the importer over the vendors' specs, tau-bench's strings. They run in `npm test`, not in
 * `npm run test:unit`, which stays the quick loop over the engine, the packs and the playground's logic, and
 * needs no corpus.
 */
const INTEGRATION = [
  'tests/cli.test.ts',
  'tests/cli-lines.test.ts',
  'tests/lint.test.ts',
  'tests/strict-lint.test.ts',
  'tests/mcp/**/*.test.ts',
  'tests/package/{bin,catalog,help,tarball}.test.ts',
  'tests/use/examples.test.ts',
  'tests/use/sdk-examples.test.ts',
  'tests/engine/json-schema-suite*.test.ts',
  'tests/importer/{drift,fresh,packs-a,packs-b,vendor-examples}.test.ts',
  // These read the vendors' specs or tau-bench from the corpus.
  'tests/importer/{held-back,names,prose,schema,vendor-forms,words}.test.ts',
  'tests/grade-styles-tau.test.ts',
  'tests/corpus-fetch.test.ts',
  'tests/reliability/recovery-round-trip.test.ts',
  'tests/read-rules-corpus.test.ts',
];

// The package's own name, for the /use/ examples, which import it as users do (tsconfig.json's paths).
const packageAlias = {
  alias: [
    { find: /^actionable-errors$/, replacement: new URL('./src/package/index.ts', import.meta.url).pathname },
    { find: /^actionable-errors\/packs\/(.*)$/, replacement: new URL('./src/package/packs/$1.ts', import.meta.url).pathname },
    { find: /^actionable-errors\/adapters\/(.*)$/, replacement: new URL('./src/package/adapters/$1.ts', import.meta.url).pathname },
    // The SDKs installed apart from the site (tests/sdks/package.json says why), as tsconfig.json's paths have them.
    { find: /^@openai\/agents$/, replacement: new URL('./tests/sdks/node_modules/@openai/agents/dist/index.mjs', import.meta.url).pathname },
    { find: /^@mastra\/core\/(agent|llm)$/, replacement: new URL('./tests/sdks/node_modules/@mastra/core/dist/$1/index.js', import.meta.url).pathname },
  ],
};

/** The e2e files that measure the playground's speed for bench/playground.json: they run alone, last. */
const E2E_TIMING = ['tests/e2e/playground-speed.test.ts'];

const e2eSetup = {
  // The global setup starts the build and returns; each file waits for the site in site-ready.ts. Both e2e
  // projects list it, and it builds and serves the site once for both (global-setup.ts).
  globalSetup: ['tests/e2e/global-setup.ts'],
  setupFiles: ['tests/e2e/site-ready.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// Four projects in three groups, one group after another (sequence.groupOrder):
// 0. unit tests run the engine in Node; integration tests run the programs built from it and the
//    whole-corpus sweeps. The site builds beside them (the e2e global setup starts it at the outset).
// 1. e2e tests serve the built site with `astro preview` on a free port and drive Debian's Chromium through
//    playwright-core, two files at a time: a file mostly waits on its browser, which takes one core.
// 2. e2e-timing: the speed figures, with nothing else running, so a second browser does not skew them.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle (cores - 1, so one worker on two cores).
    maxWorkers: '100%',
    projects: [
      {
        resolve: packageAlias,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', '**/node_modules/**', ...INTEGRATION],
          testTimeout: 60_000,
          setupFiles: ['tests/breathe.ts'],
        },
      },
      {
        resolve: packageAlias,
        test: {
          name: 'integration',
          include: INTEGRATION,
          testTimeout: 60_000,
          setupFiles: ['tests/breathe.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: E2E_TIMING,
          ...e2eSetup,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-timing',
          include: E2E_TIMING,
          ...e2eSetup,
          sequence: { groupOrder: 2 },
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
