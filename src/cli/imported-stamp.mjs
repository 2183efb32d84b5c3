// Whether src/generated/imported/ and public/imported-parts/ (the playground's modules for the imported packs,
// written by `tsx src/cli/imported-modules.ts`, not committed) are there and made from today's inputs,
// and generating it when it is not. Plain JavaScript, so astro.config.mjs can run it before every
// `astro dev` and `astro build` (the e2e setup builds with astro too), and a fresh clone needs no extra step.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const IMPORTED_PACKS_DIR = 'content/packs/imported';
export const IMPORTED_OUT_DIR = 'src/generated/imported';
/** The parts the shells name: served as they are (src/imported/parts.ts), so under public/. */
export const IMPORTED_PARTS_DIR = 'public/imported-parts';
export const STAMP_FILE = 'stamp.json';

/**
 * What the generated modules are made from: the imported packs, the generator, and the compiler that checks
 * each pack and gives each tool its resource. Any other engine change leaves them as they are.
 */
function inputFiles(root) {
  const packs = readdirSync(resolve(root, IMPORTED_PACKS_DIR))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `${IMPORTED_PACKS_DIR}/${f}`);
  return [...packs, 'src/cli/imported-modules.ts', 'src/cli/imported-stamp.mjs', 'src/engine/pack/pack-compiler.ts'];
}

/** One hash over every input's path and bytes. */
export function importedInputsHash(root = '.') {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(resolve(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the generated folder was written from the inputs as they are now. */
export function importedModulesFresh(root = '.') {
  const stamp = resolve(root, IMPORTED_OUT_DIR, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(resolve(root, IMPORTED_PARTS_DIR))) return false;
  try {
    return JSON.parse(readFileSync(stamp, 'utf8')).inputs === importedInputsHash(root);
  } catch {
    return false;
  }
}

/** Generates the folder when it is missing or stale; `log` gets one line either way. Throws when generation fails. */
export function ensureImportedModules(root = '.', log = (line) => console.log(line)) {
  if (importedModulesFresh(root)) {
    log(`imported packs: ${IMPORTED_OUT_DIR}/ and ${IMPORTED_PARTS_DIR}/ are up to date`);
    return;
  }
  log(`imported packs: generating ${IMPORTED_OUT_DIR}/ and ${IMPORTED_PARTS_DIR}/ (the playground's pack shells and parts; under a minute, once)`);
  const started = Date.now();
  const tsx = resolve(root, 'node_modules/.bin/tsx');
  const run = spawnSync(tsx, [join('src', 'cli', 'imported-modules.ts')], { cwd: resolve(root), stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`generating ${IMPORTED_OUT_DIR}/ failed (exit ${run.status ?? run.signal}): run npm run precompile:imported to see why`);
  log(`imported packs: generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
