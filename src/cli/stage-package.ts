// The package as it is packed and published, staged in a folder of its own (.release/package/, git-ignored):
// lib/ built there, the package's own README (src/package/README.md, written for its users, where the
// repository's README.md is written for this checkout), the CHANGELOG, the LICENSE, and package.json
// without what only this repository runs (its scripts and dev dependencies). npm always packs the README at
// a package's root, so packing from here is how the tarball gets the package README while the checkout's
// files stay as they are, even when a pack fails half-way.
//
// `npm run tarball`: stages, then packs into the checkout (actionable-errors-<version>.tgz), the install route
// before the package is on the registry. A plain `npm pack` in the checkout stops at its prepack with a
// pointer here (src/cli/pack-guard.mjs). `npm run release:check` stages and checks (release-check.ts).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildJs, buildTypes, LIB_DIR } from './build-lib';

export const STAGE_DIR = '.release/package';
/** The README the tarball carries, for the package's users. */
export const PACKAGE_README = 'src/package/README.md';
/** The files copied as they are, besides the README. */
const COPIED = ['CHANGELOG.md', 'LICENSE'];
/** What package.json holds for this repository only: dropped from the published manifest. */
const REPOSITORY_ONLY = ['scripts', 'devDependencies', 'overrides'];

/** The published package.json: the repository's, less its scripts and dev dependencies. */
export function packageManifest(repository: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(repository).filter(([k]) => !REPOSITORY_ONLY.includes(k)));
}

/** Builds and writes the package into `outDir` (emptied first); returns the folder. */
export async function stagePackage(root = '.', outDir = resolve(root, STAGE_DIR)): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await buildJs(root, join(outDir, LIB_DIR));
  buildTypes(root, join(outDir, LIB_DIR));
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(outDir, 'package.json'), JSON.stringify(packageManifest(manifest), null, 2) + '\n');
  copyFileSync(resolve(root, PACKAGE_README), join(outDir, 'README.md'));
  for (const f of COPIED) copyFileSync(resolve(root, f), join(outDir, f));
  return outDir;
}

/** `npm pack` of a staged folder into `destination`; returns the tarball's path. */
export function packStaged(stageDir: string, destination: string): string {
  // The staged manifest has no scripts, so nothing of this repository runs in the pack.
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], { cwd: stageDir, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  return join(destination, filename);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = await stagePackage();
  if (process.argv.includes('--pack')) {
    const tarball = packStaged(dir, resolve('.'));
    console.error(`packed ${tarball}: install it in your project with \`npm install ${tarball}\``);
  } else console.error(`staged the package in ${STAGE_DIR}/`);
}
