// `npm run build:lib`: the package in lib/ (git-ignored). JavaScript from esbuild: one ES module per entry
// point (the engine, each shipped pack, the bin and its worker) with code splitting, so an entry loads
// only the chunks it reaches and no pack pulls in another; npm dependencies are bundled in, so the package
// installs with none. The engine and the packs are built a second time as CommonJS (a `.cjs` beside each
// `.js`, with chunks of their own), for require(). Declarations from tsc (tsconfig.lib.json), pointed at the
// .js files Node resolves, with a `.d.cts` twin of each for the `.cjs` files. THIRD_PARTY_NOTICES.md lists
// every package whose code or data the bundles hold, with its license, from esbuild's metafile.
// Each imported pack (content/packs/imported/<id>.json, listed by src/package/catalog.ts) is an entry of its own,
// lib/packs/<id>.js and .cjs, made here (no source file of its own): it reads its JSON, written once beside
// it as lib/packs/<id>.json for both, and compiles it with AJV, a tool's validator on the first call to it
// (src/package/imported-pack.ts), so importing one loads only its own data, the registries it names and AJV.
// `--js-only` skips the declarations: the bin's launcher (launch.mjs) rebuilds that way when a source changed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { BODY_SCHEMA } from '../engine/body/body-schema';
import type { CatalogEntry } from '../package/catalog';
import { CATALOG_FILE, writeCatalog } from './pack-catalog';

export const LIB_DIR = 'lib';
/** What each output imports and is built from (lib/build-meta.json; an output's inputs are those it holds bytes of): the launcher reads the inputs to tell whether lib/cli.js is stale. Not packed. */
const META_FILE = 'build-meta.json';
/** The packages whose code or data lib/ holds, each with its license (written by buildJs). Packed. */
export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.md';
const PACK_ENTRIES = 'src/package/packs';
/** The adapters for agent SDKs (`actionable-errors/adapters/<sdk>`): an entry each, typed structurally, importing no SDK. */
const ADAPTER_ENTRIES = 'src/package/adapters';

/** The namespace of the imported packs' entries, which this build writes (importedEntry). */
const IMPORTED_NS = 'actionable-imported-pack';

/** The imported packs of the catalog (src/generated/pack-catalog.json, as it is on disk now). */
function importedPacks(root: string): CatalogEntry[] {
  return (JSON.parse(readFileSync(resolve(root, CATALOG_FILE), 'utf8')) as CatalogEntry[]).filter((p) => p.kind === 'imported');
}

export function entryPoints(root = '.'): Record<string, string> {
  const packs = readdirSync(resolve(root, PACK_ENTRIES)).filter((f) => f.endsWith('.ts')).sort();
  const adapters = readdirSync(resolve(root, ADAPTER_ENTRIES)).filter((f) => f.endsWith('.ts')).sort();
  return {
    index: 'src/package/index.ts',
    cli: 'src/cli/bin.ts',
    'check-worker': 'src/cli/check-worker.ts',
    ...Object.fromEntries(packs.map((f) => [`packs/${f.replace(/\.ts$/, '')}`, `${PACK_ENTRIES}/${f}`])),
    ...Object.fromEntries(importedPacks(root).map((p) => [`packs/${p.id}`, `${IMPORTED_NS}:${p.id}`])),
    ...Object.fromEntries(adapters.map((f) => [`adapters/${f.replace(/\.ts$/, '')}`, `${ADAPTER_ENTRIES}/${f}`])),
  };
}

/** The registry module (src/engine/registries/<module>.ts, its names' data in data/<module>.json) of each value set. */
const REGISTRY_OF: Record<string, string> = { 'iso-3166-1-alpha-2': 'countries', 'iso-4217': 'currencies', 'iso-4217-lowercase': 'currencies', 'iana-time-zone': 'time-zones', 'bcp-47-locale': 'locales' };

/**
 * The entry module of one imported pack: its JSON read from beside the module (import.meta.url for ES
 * modules; __dirname in the CommonJS build, which stays a free name until the .cjs file is made CommonJS).
 */
function importedEntry(root: string, format: 'esm' | 'cjs'): Plugin {
  const byId = new Map(importedPacks(root).map((p) => [p.id, p]));
  return {
    name: 'imported-pack-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${IMPORTED_NS}:`) }, (args) => ({ path: args.path.slice(IMPORTED_NS.length + 1), namespace: IMPORTED_NS }));
      b.onLoad({ filter: /.*/, namespace: IMPORTED_NS }, (args) => {
        const entry = byId.get(args.path);
        if (!entry) throw new Error(`no imported pack ${args.path} in ${CATALOG_FILE}`);
        const modules = [...new Set(entry.valueSets.map((s) => REGISTRY_OF[s] ?? ''))].sort();
        if (modules.includes('')) throw new Error(`${entry.id} names a value set no registry module has: ${entry.valueSets.join(', ')}`);
        const ident = (m: string) => m.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
        const file = JSON.stringify(`${entry.id}.json`);
        const contents = [
          `import { readFileSync } from 'node:fs';`,
          format === 'cjs' ? `import { join } from 'node:path';` : '',
          `import { importedPack } from './src/package/imported-pack';`,
          ...modules.flatMap((m) => [`import ${ident(m)}, { names as ${ident(m)}Names } from './src/engine/registries/${m}';`, `import ${ident(m)}Data from './src/engine/registries/data/${m}.json';`]),
          `const data = JSON.parse(readFileSync(${format === 'cjs' ? `join(__dirname, ${file})` : `new URL(${file}, import.meta.url)`}, 'utf8'));`,
          `export const pack = importedPack(data, [${modules.map((m) => `{ sets: ${ident(m)}, names: ${ident(m)}Names, data: ${ident(m)}Data }`).join(', ')}]);`,
          `export default pack;`,
        ].join('\n');
        return { contents, loader: 'ts', resolveDir: resolve(root) };
      });
    },
  };
}

/** Each imported pack's JSON, minified, beside its modules (lib/packs/<id>.json); returns the files written, relative to outDir. */
function writeImportedData(root: string, outDir: string): string[] {
  mkdirSync(join(outDir, 'packs'), { recursive: true });
  return importedPacks(root).map((p) => {
    const out = `packs/${p.id}.json`;
    writeFileSync(join(outDir, out), JSON.stringify(JSON.parse(readFileSync(resolve(root, 'content/packs/imported', `${p.id}.json`), 'utf8'))));
    return out;
  });
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

/** What both builds share: ES modules, split into chunks, for Node 20, with the dependencies bundled. */
function esmOptions(root: string, outDir: string, format: 'esm' | 'cjs' = 'esm') {
  return {
    absWorkingDir: resolve(root),
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
    plugins: [jsonAsString, importedEntry(root, format)],
    metafile: true,
    logLevel: 'warning',
    // The generated validators read `default` only when a bundler gives a CommonJS module one (precompile-validators.ts).
    logOverride: { 'import-is-undefined': 'silent' },
  } satisfies BuildOptions;
}

/**
 * The engine, the packs and the adapters as CommonJS, for require(). esbuild splits only ES modules, so they are built as
 * ES modules named `.cjs` (the imports between them say `.cjs` too) and each file is then turned into
 * CommonJS on its own: the module graph is the ESM build's, so require() loads one copy of each module (one
 * registry of value sets, shared by the engine and every pack) just as import does. No module here awaits at
 * its top level (the packs are synchronous), and a dynamic import() becomes a require() in a promise.
 */
async function buildCjs(root: string, outDir: string): Promise<Metafile> {
  const entries = Object.fromEntries(Object.entries(entryPoints(root)).filter(([name]) => name === 'index' || name.startsWith('packs/') || name.startsWith('adapters/')));
  const result = await build({ ...esmOptions(root, outDir, 'cjs'), entryPoints: entries, outExtension: { '.js': '.cjs' }, write: false });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    if (!file.path.endsWith('.cjs')) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    const cjs = await transform(file.text, { format: 'cjs', platform: 'node', target: 'node20', supported: { 'dynamic-import': false }, minifyWhitespace: true, minifySyntax: true, sourcefile: relative(outDir, file.path) });
    writeFileSync(file.path, cjs.code);
  }
  return result.metafile;
}

/** What a registry's data names that is not an npm package. */
const NOT_NPM: Record<string, string> = { tzdb: 'the release of the IANA time zone database the time zones reflect (public domain)' };

/** A package.json's license: `license`, or the older `licenses` list. */
function declaredLicense(pkg: { license?: unknown; licenses?: unknown }): string | undefined {
  const one = (l: unknown) => (typeof l === 'string' ? l : typeof l === 'object' && l !== null && typeof (l as { type?: unknown }).type === 'string' ? (l as { type: string }).type : undefined);
  if (pkg.license !== undefined) return one(pkg.license);
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map(one).filter(Boolean).join(' OR ') || undefined;
  return undefined;
}

/** The folder of the package an input path lies in (`node_modules/ajv/dist/x.js` -> `node_modules/ajv`). */
function packageDirOf(input: string): string | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  return input.slice(0, at) + 'node_modules/' + (parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
}

/**
 * THIRD_PARTY_NOTICES.md: every npm package whose code ends up in a bundle (an input of esbuild's metafile
 * that contributes bytes to an output), and every package a bundled registry's data was generated from (its
 * `source`), each with the license its package.json declares and the license file it ships. Written at
 * build time from node_modules, so the list follows the dependencies.
 */
function thirdPartyNotices(root: string, metafiles: readonly Metafile[], self: { name: string; version: string }): string {
  const dirs = new Set<string>();
  const dataSources = new Set<string>();
  for (const meta of metafiles) {
    for (const output of Object.values(meta.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        if (bytesInOutput === 0) continue;
        const dir = packageDirOf(input);
        if (dir) dirs.add(dir);
        else if (input.startsWith('src/engine/registries/data/')) {
          const source = (JSON.parse(readFileSync(resolve(root, input), 'utf8')) as { source?: unknown }).source;
          // "i18n-iso-countries 7.14.0, world-countries 5.1.0": each package named, with its version.
          if (typeof source === 'string') for (const named of source.split(/,\s*/)) dataSources.add(named.replace(/\s+\S+$/, ''));
        }
      }
    }
  }
  for (const name of dataSources) if (existsSync(resolve(root, 'node_modules', name, 'package.json'))) dirs.add(`node_modules/${name}`);
  const entries = [...dirs]
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(resolve(root, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: unknown; licenses?: unknown };
      const file = readdirSync(resolve(root, dir)).filter((f) => /^(licen[cs]e|copying)([.-].*)?$/i.test(f)).sort()[0];
      const text = file ? readFileSync(resolve(root, dir, file), 'utf8').trim() : undefined;
      return { name: pkg.name, version: pkg.version, license: declaredLicense(pkg) ?? 'not declared in its package.json', file, text, data: dataSources.has(pkg.name) };
    })
    .filter((e, i, all) => all.findIndex((o) => o.name === e.name && o.version === e.version) === i)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
  const elsewhere = [...dataSources].filter((name) => !entries.some((e) => e.name === name)).sort();
  const fence = '```';
  const lines = [
    '# Third-party notices',
    '',
    `${self.name} ${self.version} bundles code and data from the packages below into lib/, so it installs with no dependencies.`,
    "This file is written when the package is built, from esbuild's account of what each bundle holds. Each license is the one",
    "the package's own package.json declares; the license file it ships follows, under its name.",
    '',
    '| package | version | license | in lib/ as |',
    '|---|---|---|---|',
    ...entries.map((e) => `| ${e.name} | ${e.version} | ${e.license} | ${e.data ? "data (the value-set registries are generated from it)" : 'code'} |`),
    '',
    ...elsewhere.map((name) => `The registries' data also names ${name}, which is not an npm package${NOT_NPM[name] ? `: ${NOT_NPM[name]}` : ''}.`),
    ...(elsewhere.length ? [''] : []),
  ];
  for (const e of entries) {
    lines.push(`## ${e.name} ${e.version}`, '', `License: ${e.license}`, '');
    if (e.text) lines.push(`From its ${e.file}:`, '', fence, e.text.replaceAll(fence, "'''"), fence, '');
    else lines.push('The package ships no license file.', '');
  }
  return lines.join('\n');
}

/** Builds the JavaScript into `outDir` (lib/ by default; the package test builds into a folder of its own). */
export async function buildJs(root = '.', outDir = resolve(root, LIB_DIR)): Promise<void> {
  writeCatalog(root);
  const result = await build({
    ...esmOptions(root, outDir),
    entryPoints: entryPoints(root),
    // Bundled CommonJS dependencies call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __actionableRequire } from 'node:module'; const require = __actionableRequire(import.meta.url);" },
  });
  const cjs = await buildCjs(root, outDir);
  const metafiles = [result.metafile, cjs];
  const outputs = Object.fromEntries(
    metafiles.flatMap((meta) => Object.entries(meta.outputs)).map(([k, v]) => [relative(outDir, resolve(root, k)), { entryPoint: v.entryPoint, imports: v.imports.map((i) => ({ ...i, path: relative(outDir, resolve(root, i.path)) })), inputs: Object.keys(v.inputs).filter((i) => v.inputs[i].bytesInOutput > 0) }]),
  );
  const data = writeImportedData(root, outDir);
  // The imported packs' entries are made by this build (no file of their own); their JSON is read at run time, so it is an input too.
  const inputs = [...new Set([...metafiles.flatMap((meta) => Object.keys(meta.inputs)).filter((i) => !i.startsWith(`${IMPORTED_NS}:`)), ...importedPacks(root).map((p) => `content/packs/imported/${p.id}.json`), CATALOG_FILE])];
  writeFileSync(join(outDir, META_FILE), JSON.stringify({ inputs, outputs }));
  writeFileSync(join(outDir, 'body.schema.json'), JSON.stringify(BODY_SCHEMA, null, 2) + '\n');
  const self = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(join(outDir, NOTICES_FILE), thirdPartyNotices(root, metafiles, self) + '\n');
  // Chunks of an earlier build, removed after the new files are written, so a run already under way finds its own.
  const current = new Set([...Object.keys(outputs), ...data, META_FILE, 'body.schema.json', NOTICES_FILE]);
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
  // An imported pack's declaration says what a curated pack's does: a CompiledPack, as `pack` and as the default.
  for (const p of importedPacks(root)) {
    const file = join(typesDir, PACK_ENTRIES, `${p.id}.d.ts`);
    writeFileSync(file, `// ${p.title} (${p.vendor}): ${p.tools} tools, imported from the vendor's spec.\nimport type { CompiledPack } from '../../engine/types';\nexport declare const pack: CompiledPack;\nexport default pack;\n`);
    entries.push(file);
  }
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
  // The CommonJS twin of each declaration (`.d.cts`, its imports at the `.cjs` files), for the `require` condition.
  for (const file of [...keep]) {
    const twin = file.replace(/\.d\.ts$/, '.d.cts');
    writeFileSync(twin, readFileSync(file, 'utf8').replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.js\2/g, '$1$2$3.cjs$2'));
    keep.add(twin);
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
