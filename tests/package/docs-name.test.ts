// The name `actionable` on npm is someone else's empty placeholder, so the docs must never tell anyone to
// install, import, require or npx it. Every package the docs (README.md, CHANGELOG.md, the site's pages and
// the /use/ examples) name as a specifier is ours, or a package this repository really depends on; every
// install and npx names ours; and the bin, the package and its subpaths are called by our name in prose.
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; bin: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const OURS = manifest.name;
const OLD = 'actionable';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}
const DOCS = ['README.md', 'CHANGELOG.md', 'src/package/README.md', ...filesUnder('src/pages'), ...filesUnder('src/examples')];

/** The package a specifier names (`@scope/name/sub` -> `@scope/name`, `name@1.0` -> `name`), or undefined for a path, a built-in or a virtual module. */
export function packageOf(specifier: string): string | undefined {
  if (/^[./~]/.test(specifier) || /^[a-z]+:/.test(specifier) || builtinModules.includes(specifier.split('/')[0])) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : parts[0];
  return name.replace(/(?<=.)@.*$/, '');
}

interface Reference {
  kind: 'install' | 'npx' | 'import' | 'require' | 'subpath' | 'bin' | 'prose';
  name: string;
  line: number;
  text: string;
}

const TOKEN = String.raw`[^\s\x60'"<>|&;)\]]+`;

/** Every place a text names a package (or the bin) as something to install, run, import or require. */
export function references(text: string): Reference[] {
  const out: Reference[] = [];
  const at = (index: number) => text.slice(0, index).split('\n').length;
  const add = (kind: Reference['kind'], name: string | undefined, index: number, match: string) => name && out.push({ kind, name, line: at(index), text: match.trim() });
  // npm install / npm i / npm add / pnpm add / yarn add / bun add: every argument that is not a flag.
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:npm\s+(?:install|i|add)|pnpm\s+(?:add|install|i)|yarn\s+add|bun\s+(?:add|install))((?:[ \t]+${TOKEN})+)`, 'g')))
    for (const arg of m[1].trim().split(/\s+/)) if (!arg.startsWith('-')) add('install', packageOf(arg), m.index!, m[0]);
  // npx [flags] <package>, npm exec [flags] [--] <package>, pnpm dlx / bunx <package>.
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:npx|npm\s+exec|pnpm\s+dlx|bunx)((?:[ \t]+-[^\s]*)*)[ \t]+(${TOKEN})`, 'g'))) add('npx', packageOf(m[2]), m.index!, m[0]);
  // An MCP client's config: "command": "npx", "args": ["-y", "<package>", ...].
  for (const m of text.matchAll(/"command"\s*:\s*"npx"\s*,\s*"args"\s*:\s*\[([^\]]*)\]/g)) {
    const first = (JSON.parse(`[${m[1]}]`) as string[]).find((a) => !a.startsWith('-'));
    add('npx', first === undefined ? undefined : packageOf(first), m.index!, m[0]);
  }
  // import … from 'x', import 'x', import('x'), export … from 'x'; require('x'), import x = require('x').
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm)) add('import', packageOf(m[2]), m.index!, m[0]);
  for (const m of text.matchAll(/\brequire\s*\(\s*(['"])([^'"\n]+)\1/g)) add('require', packageOf(m[2]), m.index!, m[0]);
  // A package's entry points named in prose: `<name>/packs/…`, `<name>/body.schema.json`, node_modules/<name>.
  for (const m of text.matchAll(/(?<![\w@./-])((?:@[\w.-]+\/)?[a-z0-9][\w.-]*)\/(?:packs\/|body\.schema\.json)/g)) add('subpath', m[1], m.index!, m[0]);
  for (const m of text.matchAll(/node_modules\/(?:\.bin\/)?((?:@[\w.-]+\/)?[\w.-]+)/g)) if (m[1] !== '.bin') add('subpath', m[1], m.index!, m[0]);
  // The bin run with its subcommand or an option: `<bin> mcp-proxy`, `<bin> --pack …`.
  for (const m of text.matchAll(/(?<![\w/.@-])([a-z][\w-]*)[ \t]+(?=mcp-proxy\b|--(?:pack|tools|help|version)\b)/g)) if (!['npx', 'exec', 'run', 'check', 'npm', 'node'].includes(m[1]) && m[1] !== '--') add('bin', m[1], m.index!, m[0]);
  // Prose: the `<name>` bin / command / package, the package `<name>`, the package <code><name></code>.
  for (const m of text.matchAll(/(?:`|<code>)([\w@/.-]+)(?:`|<\/code>)\s+(bin|command|package)\b/g)) add('prose', m[1], m.index!, m[0]);
  for (const m of text.matchAll(/\b(?:the\s+package|the\s+bin|the\s+command)\s+(?:`|<code>)([\w@/.-]+)(?:`|<\/code>)/gi)) add('prose', m[1], m.index!, m[0]);
  return out;
}

const DEPENDENCIES = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);

/** SDKs installed apart from the site, for the /use/ examples that import them (tests/sdks/package.json says why). */
const STRUCTURAL_SDKS = new Set(Object.keys((JSON.parse(readFileSync('tests/sdks/package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies));

/** What a reference may name: ours always; for an import or require, also a package this repository depends on (or has installed, for the site's own code). */
function allowed(r: Reference): boolean {
  if (r.name === OURS) return true;
  if (r.name === OLD) return false;
  // `content/packs/` is this repository's folder, not a package's entry point.
  if (r.kind === 'subpath' && existsSync(r.name) && statSync(r.name).isDirectory()) return true;
  if (r.kind === 'import' || r.kind === 'require') return DEPENDENCIES.has(r.name) || STRUCTURAL_SDKS.has(r.name) || existsSync(join('node_modules', r.name, 'package.json'));
  return false;
}

describe('the docs name our package, never the placeholder', () => {
  test(`the package and its bin are both called ${OURS}`, () => {
    expect(OURS).not.toBe(OLD);
    expect(Object.keys(manifest.bin)).toEqual([OURS]);
  });

  test('the detector finds each way of naming a package (so the check below cannot pass by finding nothing)', () => {
    const sample = [
      'npm install actionable',
      'npm i -D actionable@1.0.0 openai',
      'npx -y actionable --pack helpdesk',
      "import { check } from 'actionable';",
      "import { pack } from 'actionable/packs/helpdesk';",
      "const { check } = require('actionable');",
      "import schema = require('actionable/body.schema.json');",
      '{"command": "npx", "args": ["-y", "actionable", "mcp-proxy"]}',
      'The <code>actionable</code> command checks one call; `actionable mcp-proxy` sits in front',
      'the package `actionable`; node_modules/.bin/actionable',
      "import x from './local'; import { readFileSync } from 'node:fs'; npm install && npm start",
    ].join('\n');
    const found = references(sample);
    expect(found.filter((r) => r.name === OLD).map((r) => `${r.line}:${r.kind}`).sort()).toEqual([
      '1:install',
      '2:install',
      '3:npx',
      '4:import',
      '5:import',
      '5:subpath',
      '6:require',
      '7:require',
      '7:subpath',
      '8:npx',
      '3:bin',
      '9:bin',
      '9:prose',
      '10:prose',
      '10:subpath',
    ].sort());
    expect(found.filter((r) => r.name !== OLD).map((r) => r.name)).toEqual(['openai']);
    expect(found.filter((r) => r.name === OLD).every((r) => !allowed(r))).toBe(true);
  });

  test('README.md, CHANGELOG.md, src/pages/** and src/examples/** install, run, import and require only packages there are', () => {
    const wrong: string[] = [];
    let ours = 0;
    for (const file of DOCS) {
      for (const r of references(readFileSync(file, 'utf8'))) {
        if (r.name === OURS) ours++;
        if (!allowed(r)) wrong.push(`${file}:${r.line}: ${r.kind} of ${JSON.stringify(r.name)} in ${JSON.stringify(r.text)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The docs do name the package: the install line, the imports of the examples, the bin.
    expect(ours).toBeGreaterThan(10);
  });
});
