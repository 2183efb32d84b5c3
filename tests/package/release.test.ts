// What the package says about its releases, and how it is packed: package.json's version and the CHANGELOG's
// headings agree on what has been published (nothing yet), the published manifest carries none of this
// repository's scripts, and `npm pack` in the checkout stops with the command that packs the package
// (src/cli/stage-package.ts), so no tarball carries the repository's README. The packed tarball itself is
// tests/package/tarball.test.ts's.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { packageManifest, PACKAGE_README } from '../../src/cli/stage-package';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown> & { version: string; scripts: Record<string, string> };
const changelog = readFileSync('CHANGELOG.md', 'utf8');

/** A version's parts, for comparing. */
const parts = (v: string) => v.split('.').map(Number);
const later = (a: string, b: string) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

describe('the version and the CHANGELOG', () => {
  const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  const released = headings.flatMap((h) => {
    const m = /^(\d+\.\d+\.\d+) \((\d{4}-\d{2}-\d{2})\)$/.exec(h);
    return m ? [m[1]] : [];
  });

  test('each section is Unreleased or a published release with its date; Unreleased comes first', () => {
    expect(headings.filter((h) => h !== 'Unreleased' && !/^\d+\.\d+\.\d+ \(\d{4}-\d{2}-\d{2}\)$/.test(h))).toEqual([]);
    expect(headings[0]).toBe('Unreleased');
  });

  test("package.json's version is the next release, later than every published one, while Unreleased lists changes", () => {
    const unreleased = changelog.split(/^## Unreleased$/m)[1].split(/^## /m)[0];
    expect(unreleased).toMatch(/^- /m);
    for (const v of released) expect(later(manifest.version, v), `${manifest.version} after ${v}`).toBe(true);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('nothing is published yet: no release heading, a 0.x version, and the CHANGELOG says so', () => {
    // When the first release is published, its heading goes in and this test changes with it.
    expect(released).toEqual([]);
    expect(manifest.version).toMatch(/^0\./);
    expect(changelog).toContain(`Nothing has been published to npm yet. \`package.json\` holds the version the first release will have,\n${manifest.version};`);
    // The version an earlier build from a clone carried is never reused by a release.
    expect(headings).not.toContain('1.0.0');
  });
});

describe('packing', () => {
  test('the published manifest is package.json without the scripts, dev dependencies and overrides', () => {
    const published = packageManifest(manifest);
    expect(Object.keys(published)).toEqual(Object.keys(manifest).filter((k) => !['scripts', 'devDependencies', 'overrides'].includes(k)));
    for (const k of ['name', 'version', 'exports', 'typesVersions', 'bin', 'files', 'engines', 'license']) expect(published[k]).toEqual(manifest[k]);
  });

  test('npm pack and npm publish in the checkout stop at prepack, naming npm run tarball', () => {
    expect(manifest.scripts.prepack).toBe('node src/cli/pack-guard.mjs');
    const r = spawnSync(process.execPath, ['src/cli/pack-guard.mjs'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run tarball');
    expect(manifest.scripts.tarball).toBe('tsx src/cli/stage-package.ts --pack');
    expect(manifest.scripts['release:check']).toBe('tsx src/cli/release-check.ts');
  });

  test('no script runs the guard by the way: npm runs pre<name> before `npm run <name>`, so no script is named pack', () => {
    // A script named "pack" had npm run pack stop at the prepack guard before it staged anything.
    const hooked = Object.keys(manifest.scripts).filter((name) => manifest.scripts[`pre${name}`] !== undefined || manifest.scripts[`post${name}`] !== undefined);
    expect(hooked).toEqual([]);
  });

  test('the package README is its own, not the repository one', () => {
    const readme = readFileSync(PACKAGE_README, 'utf8');
    expect(readme.startsWith(`# ${manifest.name as string}\n`)).toBe(true);
    expect(readme).not.toBe(readFileSync('README.md', 'utf8'));
    for (const section of ['## Install', '## check()', '## Packs by id', '## The command line', '## The MCP proxy']) expect(readme).toContain(`\n${section}\n`);
  });
});
