// `npm run check`. With no arguments it type-checks the project (astro check, then tsc). With arguments it
// runs the bundled bin, lib/cli.js, in this same process: the command a package user runs as `actionable-errors`.
// The bundle is rebuilt first (esbuild only, under a second) when it is missing or older than any file it
// was built from (lib/build-meta.json lists them), so an edit to a pack or the engine is never checked
// against stale code. Plain JavaScript: it must run before anything is built.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);

if (argv.length === 0) {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const [cmd, args] of [
    ['node_modules/.bin/astro', ['check']],
    ['node_modules/.bin/tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ]) {
    const r = spawnSync(root + cmd, args, { stdio: 'inherit', env, cwd: root });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.exit(0);
}

const bin = root + 'lib/cli.js';
const meta = root + 'lib/build-meta.json';

function stale() {
  if (!existsSync(bin) || !existsSync(meta)) return true;
  const built = statSync(bin).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(meta, 'utf8')).inputs;
  } catch {
    return true;
  }
  for (const file of inputs) {
    try {
      if (statSync(root + file).mtimeMs > built) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** One build at a time: several checks started at once (tests, a shell loop) wait for the first. */
function rebuild() {
  const lock = root + 'lib.build-lock';
  const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute was left by a build that died.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmdirSync(lock);
      } catch {
        // Another build removed it first.
      }
      if (Date.now() - started > 120_000) throw new Error('waited two minutes for another build of lib/ to finish');
      sleep(100);
    }
  }
  try {
    if (!stale()) return;
    const r = spawnSync(root + 'node_modules/.bin/tsx', ['src/cli/build-lib.ts', '--js-only', '--quiet'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) {
      process.stderr.write('error: building lib/cli.js failed (npm run build:lib shows why)\n');
      process.exit(2);
    }
  } finally {
    rmdirSync(lock);
  }
}

if (stale()) rebuild();
await import(new URL('../../lib/cli.js', import.meta.url).href);
