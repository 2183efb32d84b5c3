// `npm run release:check`: the package as it would be published, checked before anyone publishes it. It
// stages the package (stage-package.ts) and packs it, then runs publint on the staged folder (the manifest,
// the exports map and the files they name), Are the Types Wrong on the tarball (each entry point's types
// under node10, node16 ESM and CommonJS, and bundlers), and `npm publish --dry-run` (what npm would upload;
// it never publishes). Each runs offline from the staged files. Any error fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { packStaged, stagePackage, STAGE_DIR } from './stage-package';

const bin = (name: string) => resolve('node_modules/.bin', name);

/**
 * Each subpath a wildcard export (`./packs/*`) serves, from the files its `import` target matches in the
 * staged folder: attw checks a wildcard only when its subpaths are named.
 */
export function wildcardEntrypoints(stageDir: string): string[] {
  const { exports } = JSON.parse(readFileSync(join(stageDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.entries(exports).flatMap(([key, target]) => {
    if (!key.includes('*')) return [];
    const pattern = (target as { import?: { default?: string } }).import?.default;
    if (!pattern) return [];
    const [before, after] = pattern.replace(/^\.\//, '').split('*');
    const dir = join(stageDir, before.slice(0, before.lastIndexOf('/') + 1));
    const prefix = before.slice(before.lastIndexOf('/') + 1);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith(after) && f.length > prefix.length + after.length)
      .map((f) => key.replace('*', f.slice(prefix.length, f.length - after.length)))
      .sort();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const stage = await stagePackage();
  const out = mkdtempSync(join(tmpdir(), 'actionable-release-'));
  let failed = 0;
  try {
    const tarball = packStaged(stage, out);
    const steps: [string, string, string[], string][] = [
      ['publint', bin('publint'), ['run', stage, '--strict', '--pack', 'npm'], '.'],
      // attw skips a wildcard subpath (`./packs/*`), so each one is named. false-export-default: attw reads
      // a .cjs file's exports from esbuild's annotation `0&&(module.exports={pack})`, which leaves out `default`,
      // though the module sets it (tests/package/tarball.test.ts type-checks and runs a .cts default import).
      ['attw', bin('attw'), [tarball, '--profile', 'strict', '--format', 'table-flipped', '--no-color', '--no-emoji', '--ignore-rules', 'false-export-default', '--include-entrypoints', ...wildcardEntrypoints(stage)], '.'],
      // --silent: npm lists every file it would upload (500 lines); a failure still prints its error.
      ['npm publish --dry-run', 'npm', ['publish', '--dry-run', '--silent'], stage],
    ];
    for (const [name, cmd, args, cwd] of steps) {
      console.error(`\n== ${name}`);
      const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } });
      if (r.status !== 0) {
        failed++;
        console.error(`${name} failed (exit ${r.status ?? r.signal})`);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.error(failed ? `\nrelease:check: ${failed} check(s) failed` : `\nrelease:check: the package in ${STAGE_DIR}/ passes publint, attw and npm publish --dry-run`);
  process.exit(failed ? 1 : 0);
}
