// `npm run build`: astro build with the V8 heap flags the site's 4,700 pages need. The flags live here
// alone: bench/imported.ts and the browser tests' build (tests/e2e/site-server.ts) import them. With a
// larger young generation the page generation, which spent half its time collecting garbage, takes a
// third less time; the old generation's limit keeps the largest packs' pages from running out of heap.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILD_NODE_OPTIONS = '--max-semi-space-size=64 --max-old-space-size=8192';

/** The environment of a site build: the heap flags before any NODE_OPTIONS the caller has, telemetry off. */
export function siteBuildEnv(env = process.env) {
  return { ...env, ASTRO_TELEMETRY_DISABLED: '1', NODE_OPTIONS: `${BUILD_NODE_OPTIONS} ${env.NODE_OPTIONS ?? ''}`.trim() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The binary itself, not npx, so a signal to this process reaches astro.
  const astro = fileURLToPath(new URL('../../node_modules/.bin/astro', import.meta.url));
  const child = spawn(astro, ['build', ...process.argv.slice(2)], { env: siteBuildEnv(), stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('close', (status, signal) => process.exit(status ?? (signal ? 1 : 0)));
}
