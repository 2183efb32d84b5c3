// `npm run build:lib`: the package in lib/ (git-ignored). JavaScript from esbuild: one ES module per entry
// point (the engine, each shipped pack, the bin and its worker) with code splitting, so an entry loads
// only the chunks it reaches and no pack pulls in another; npm dependencies are bundled in, so the package
// installs with none. Declarations from tsc (tsconfig.lib.json), pointed at the .js files Node resolves.
// `--js-only` skips the declarations: the bin's launcher (launch.mjs) rebuilds that way when a source changed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BODY_SCHEMA } from '../engine/body-schema';

export const LIB_DIR = 'lib';
/** What each output imports and is built from (lib/build-meta.json): the launcher reads the inputs to tell whether lib/cli.js is stale. Not packed. */
export const META_FILE = 'build-meta.json';
const PACK_ENTRIES = 'src/package/packs';

export function entryPoints(root = '.'): Record<string, string> {
  const packs = readdirSync(resolve(root, PACK_ENTRIES)).filter((f) => f.endsWith('.ts')).sort();
  return {
    index: 'src/package/index.ts',
    cli: 'src/cli/bin.ts',
    'check-worker': 'src/cli/check-worker.ts',
    ...Object.fromEntries(packs.map((f) => [`packs/${f.replace(/\.ts$/, '')}`, `${PACK_ENTRIES}/${f}`])),
  };
}

/** JSON as `JSON.parse("…")`: V8 reads a string of JSON faster than the same data as an object literal. */
const jsonAsString: Plugin = {
  name: 'json-as-string',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => ({
      // CommonJS, so that a dependency's require() (AJV's meta-schemas) gets the data itself, as an import does.
      contents: `module.exports = JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

/** Every file under dir, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f), `${prefix}${f}/`) : [`${prefix}${f}`]));
}

/** Builds the JavaScript into `outDir` (lib/ by default; the package test builds into a folder of its own). */
export async function buildJs(root = '.', outDir = resolve(root, LIB_DIR)): Promise<void> {
  const result = await build({
    absWorkingDir: resolve(root),
    entryPoints: entryPoints(root),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    mainFields: ['module', 'main'],
    chunkNames: 'chunks/[name]-[hash]',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    // Bundled CommonJS dependencies call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __actionableRequire } from 'node:module'; const require = __actionableRequire(import.meta.url);" },
    plugins: [jsonAsString],
    metafile: true,
    logLevel: 'warning',
    // The generated validators read `default` only when a bundler gives a CommonJS module one (precompile-validators.ts).
    logOverride: { 'import-is-undefined': 'silent' },
  });
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([k, v]) => [relative(outDir, resolve(root, k)), { entryPoint: v.entryPoint, imports: v.imports.map((i) => ({ ...i, path: relative(outDir, resolve(root, i.path)) })), inputs: Object.keys(v.inputs) }]));
  writeFileSync(join(outDir, META_FILE), JSON.stringify({ inputs: Object.keys(result.metafile.inputs), outputs }));
  writeFileSync(join(outDir, 'body.schema.json'), JSON.stringify(BODY_SCHEMA, null, 2) + '\n');
  // Chunks of an earlier build, removed after the new files are written, so a run already under way finds its own.
  const current = new Set([...Object.keys(outputs), META_FILE, 'body.schema.json']);
  for (const f of filesUnder(outDir)) if (!f.startsWith('types/') && !current.has(f)) rmSync(join(outDir, f));
}

/** Relative specifiers in the declarations, as Node resolves them: `./check` -> `./check.js`. */
function fixSpecifiers(file: string, text: string): { text: string; refs: string[] } {
  const refs: string[] = [];
  const fixed = text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (m, lead: string, q: string, spec: string) => {
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    for (const [candidate, written] of [
      [`${base}.d.ts`, `${spec.replace(/\.js$/, '')}.js`],
      [join(base, 'index.d.ts'), `${spec}/index.js`],
    ] as const) {
      if (existsSync(candidate)) {
        refs.push(candidate);
        return `${lead}${q}${written}${q}`;
      }
    }
    return m;
  });
  return { text: fixed, refs };
}

export function buildTypes(root = '.', outDir = resolve(root, LIB_DIR)): void {
  const typesDir = join(outDir, 'types');
  rmSync(typesDir, { recursive: true, force: true });
  const tsc = spawnSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.lib.json', '--outDir', typesDir], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -p tsconfig.lib.json failed');
  // Keep the declarations an entry point reaches; tsc also wrote some for files only the JavaScript needs.
  const entries = Object.values(entryPoints(root)).filter((p) => p.startsWith('src/package/')).map((p) => join(typesDir, p.replace(/\.ts$/, '.d.ts')));
  const keep = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (keep.has(file)) continue;
    keep.add(file);
    const { text, refs } = fixSpecifiers(file, readFileSync(file, 'utf8'));
    writeFileSync(file, text);
    queue.push(...refs);
  }
  const prune = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) {
        prune(p);
        if (readdirSync(p).length === 0) rmSync(p, { recursive: true });
      } else if (!keep.has(p)) rmSync(p);
    }
  };
  prune(typesDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = performance.now();
  mkdirSync(LIB_DIR, { recursive: true });
  await buildJs();
  if (!process.argv.includes('--js-only')) buildTypes();
  if (!process.argv.includes('--quiet')) console.error(`built ${LIB_DIR}/ in ${Math.round(performance.now() - started)} ms (${LIB_DIR}/cli.js is the bin)`);
}
