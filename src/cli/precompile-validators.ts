// Writes src/generated/validators/<pack-id>.js: AJV's standalone code for every tool of every shipped pack,
// compiled with the engine's own AJV options (ajv-backend.ts), so the playground validates shipped packs
// without loading AJV's compiler. Run with `npm run precompile`; tests/precompiled-validators.test.ts fails
// when a committed module is stale. With --imported, it writes the imported packs' modules too, into the
// uncommitted src/generated/imported/ (below), when their inputs have changed (--force: always).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { _ } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { transformSync } from 'esbuild';
import { compilePack, newAjv, toolKey } from '../engine/pack/ajv-backend';
import type { CompiledPack, CompiledTool } from '../engine/types';
import { cappedRegExp } from '../engine/validate/input-cap';
import { PART_ENGINE_DIR } from '../imported/parts';
// Plain JavaScript, shared with astro.config.mjs.
import { IMPORTED_OUT_DIR, IMPORTED_PACKS_DIR, IMPORTED_PARTS_DIR, importedInputsHash, importedModulesFresh, STAMP_FILE } from './imported-stamp.mjs';
// Every value set, so packs that name one (x-value-set) compile here as in the engine's index.
import '../engine/registries/all';

export const PACKS_DIR = 'content/packs';
export const VALIDATORS_DIR = 'src/generated/validators';

/** A JavaScript identifier for a tool name, unique within the pack. */
function exportName(name: string, taken: Set<string>): string {
  let id = `validate_${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
  while (taken.has(id)) id += '_';
  taken.add(id);
  return id;
}

/**
 * AJV writes `require("…")` for its runtime helpers and for the regexp engine and formats named below;
 * an ES module imports them instead. The namespace of a CommonJS module differs between Node (`default`
 * is module.exports) and bundlers (`default` is exports.default), so each import is normalised to the
 * object `require` would have returned.
 */
function requiresToImports(code: string, esModules: (spec: string) => boolean = () => false): string {
  const modules = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, spec: string) => {
    let alias = modules.get(spec);
    if (!alias) {
      alias = `required${modules.size}`;
      modules.set(spec, alias);
    }
    return alias;
  });
  // An ES module of this repository (the engine's) is its namespace: no default to look for, and no bundler warning about one.
  const imports = [...modules].map(([spec, alias]) =>
    esModules(spec)
      ? `import * as ${alias} from ${JSON.stringify(spec)};`
      : `import * as ${alias}Namespace from ${JSON.stringify(spec)};\nconst ${alias} = ${alias}Namespace.default && ${alias}Namespace.default.__esModule ? ${alias}Namespace.default : ${alias}Namespace;`,
  );
  // AJV's ESM output starts with "use strict"; keep it first.
  const strict = /^"use strict";\s*/.exec(body);
  return (strict ? strict[0] : '') + imports.join('\n') + '\n' + (strict ? body.slice(strict[0].length) : body);
}

/**
 * An AJV instance holding these tools' wire schemas, for standalone code: `refs` maps each export name to its
 * schema, `names` each tool to its export name. The generated code must call the same capped regexp engine and
 * formats the AJV backend uses, required from `engineDir` (relative to the generated file).
 */
function ajvForTools(pack: CompiledPack, tools: readonly CompiledTool[], engineDir: string, commonJs = false) {
  const regExp = Object.assign((pattern: string, flags: string) => cappedRegExp(pattern, flags), { code: `require("${engineDir}/input-cap").cappedRegExp` });
  const ajv = newAjv('assert', { regExp, formats: _`require(${engineDir + '/capped-formats'}).cappedFormats`, commonJs });
  const taken = new Set<string>();
  const names: [tool: string, id: string][] = [];
  const refs: Record<string, string> = {};
  for (const tool of tools) {
    const key = toolKey(pack.id, tool.name);
    ajv.addSchema(tool.wireSchema, key);
    const id = exportName(tool.name, taken);
    refs[id] = key;
    names.push([tool.name, id]);
  }
  return { ajv, refs, names };
}

/**
 * AJV's standalone code for some tools of a compiled pack, as an ES module: one exported validator per tool
 * and `validators` by tool name. `engineDir` is the engine folder relative to the module's own folder.
 */
function standaloneSource(pack: CompiledPack, tools: readonly CompiledTool[], engineDir: string, origin: string, engineAsEsm = false): string {
  const { ajv, refs, names } = ajvForTools(pack, tools, engineDir);
  const code = requiresToImports(standaloneCode(ajv, refs), (spec) => engineAsEsm && spec.startsWith(`${engineDir}/`));
  if (/\brequire\(/.test(code)) throw new Error(`${origin}: the generated code still calls require()`);
  return (
    code.trimEnd() +
    '\n\n/** Each tool\u2019s validator, by tool name. */\n' +
    `export const validators = {\n${names.map(([name, id]) => `  ${JSON.stringify(name)}: ${id},`).join('\n')}\n};\n`
  );
}

/** The generated module for one pack file: one exported validator per tool, and `validators` by tool name. */
export function validatorModuleSource(packFile: string, data: unknown): string {
  // The AJV backend first: a broken pack fails here, with every pack-file check, as it fails the build.
  const pack = compilePack(data, packFile);
  return (
    `// Generated by \`npm run precompile\` (src/cli/precompile-validators.ts) from ${packFile}. Do not edit.\n` +
    '// @ts-nocheck\n' +
    standaloneSource(pack, pack.tools, '../../engine/validate', packFile, true)
  );
}

/** Every shipped pack's module, by the path it is committed at (relative to the repo root). */
export function generateAll(root = '.'): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(resolve(root, PACKS_DIR)).filter((f) => f.endsWith('.json')).sort()) {
    const packFile = `${PACKS_DIR}/${file}`;
    const data = JSON.parse(readFileSync(resolve(root, packFile), 'utf8'));
    out.set(`${VALIDATORS_DIR}/${file.replace(/\.json$/, '.js')}`, validatorModuleSource(packFile, data));
  }
  return out;
}

// ---- Imported packs -------------------------------------------------------------------------------------
// An imported pack is too large to open whole in the playground (GitHub's 1,223 tools have 6 MB of generated
// validators), so each becomes a small shell (the pack's facts and its tool names) and parts of a few tools
// each (their sources and validators), which the playground loads when a call names one of their tools
// (src/imported/lazy-pack.ts). Written to src/generated/imported/, which is not committed: astro.config.mjs
// regenerates it before a build or the dev server whenever its inputs change (imported-stamp.mjs).

/** A part's generated code is kept near this size (AJV writes about 11 characters of code per character of schema). */
export const PART_CODE_CHARS = 120_000;
export const CODE_PER_SCHEMA_CHAR = 11;
/**
 * A tool whose wire schema is larger than this gets no generated validator: its code would run from 180 KB
 * to megabytes (Google Sheets' spreadsheets_batchUpdate: 6 MB, 460 KB gzip), where AJV's compiler (45 KB
 * gzip, loaded once) and the schema itself are far smaller. The playground compiles it when a call first
 * names it. 50 of the 4,571 imported tools.
 */
export const COMPILED_IN_BROWSER_SCHEMA_CHARS = 16_000;

export interface ImportedLayout {
  /** Resource names, in the order the pack first names each. */
  resources: string[];
  /** Per tool, in pack order: its resource's index, its part's index, and whether the browser compiles it with AJV. */
  tools: { name: string; resource: number; part: number; ajv: boolean }[];
  /** Tool indexes per part. */
  parts: number[][];
  /** The tool the playground opens the pack on: the first with a generated validator. */
  defaultTool: number;
}

/** Parts of a pack: tools of one resource together, up to PART_CODE_CHARS of estimated code; a large tool alone. */
export function importedLayout(pack: CompiledPack): ImportedLayout {
  const resources: string[] = [];
  const byResource = new Map<string, number[]>();
  const size = pack.tools.map((t) => JSON.stringify(t.wireSchema).length);
  pack.tools.forEach((t, i) => {
    if (!byResource.has(t.resource)) {
      byResource.set(t.resource, []);
      resources.push(t.resource);
    }
    byResource.get(t.resource)!.push(i);
  });
  const ajv = size.map((n) => n > COMPILED_IN_BROWSER_SCHEMA_CHARS);
  const parts: number[][] = [];
  for (const members of byResource.values()) {
    let current: number[] = [];
    let chars = 0;
    for (const i of members) {
      const code = ajv[i] ? 0 : size[i] * CODE_PER_SCHEMA_CHAR;
      const big = ajv[i] || code > PART_CODE_CHARS / 2;
      if (big) {
        parts.push([i]);
        continue;
      }
      if (current.length && chars + code > PART_CODE_CHARS) {
        parts.push(current);
        current = [];
        chars = 0;
      }
      current.push(i);
      chars += code;
    }
    if (current.length) parts.push(current);
  }
  const partOf = new Map<number, number>();
  parts.forEach((members, p) => members.forEach((i) => partOf.set(i, p)));
  const first = ajv.indexOf(false);
  return {
    resources,
    tools: pack.tools.map((t, i) => ({ name: t.name, resource: resources.indexOf(t.resource), part: partOf.get(i)!, ajv: ajv[i] })),
    parts,
    defaultTool: first === -1 ? 0 : first,
  };
}

const GENERATED_HEADER = (packFile: string) => `// Generated by src/cli/precompile-validators.ts --imported from ${packFile}. Do not edit.\n// @ts-nocheck\n`;

/**
 * A part as the browser loads it (src/imported/parts.ts): AJV's CommonJS code for the tools that have a generated
 * validator, inside `export default function (require)`, returning the validators by tool name and the tools'
 * sources. It imports nothing, so it needs no bundler; it is minified here instead.
 */
function partSource(pack: CompiledPack, tools: readonly CompiledTool[], generated: readonly CompiledTool[], origin: string): string {
  let body = 'const validators = {};\n';
  if (generated.length) {
    const { ajv, refs, names } = ajvForTools(pack, generated, PART_ENGINE_DIR, true);
    // AJV's code assigns its validators to `exports` (and starts with "use strict", which a module is anyway).
    const code = standaloneCode(ajv, refs).replace(/^"use strict";/, '');
    if (!code.includes('exports.')) throw new Error(`${origin}: AJV wrote no CommonJS exports`);
    body = `const exports = {};\n${code}\nconst validators = {${names.map(([name, id]) => `${JSON.stringify(name)}: exports.${id}`).join(', ')}};\n`;
  }
  return `export default function (require) {\n${body}return { validators, tools: ${JSON.stringify(tools.map((t) => t.source))} };\n}\n`;
}

/** The modules of one imported pack: the shell (bundled by Vite) and its parts (served as files), by file name. */
export interface ImportedModules {
  /** `<id>.js`, for src/generated/imported/. */
  shell: [file: string, source: string];
  /** By path relative to the parts folder (public/imported-parts/): `<id>/<id>-<part>.<hash>.js`, minified. */
  parts: Map<string, string>;
}

/** The shell and parts of one imported pack. A part's name holds a hash of its code, so a browser never keeps a stale one. */
export function importedPackModules(packFile: string, data: unknown): ImportedModules {
  const pack = compilePack(data, packFile);
  const layout = importedLayout(pack);
  const parts = new Map<string, string>();
  const src = pack.source;
  const facts = { id: src.id, title: src.title, vendor: src.vendor, reference: src.reference, summary: src.summary, ...(src.state !== undefined ? { state: src.state } : {}) };
  const partFiles = layout.parts.map((members, p) => {
    const tools = members.map((i) => pack.tools[i]);
    const generated = tools.filter((_t, k) => !layout.tools[members[k]].ajv);
    const code = transformSync(partSource(pack, tools, generated, `${packFile} part ${p}`), { format: 'esm', minify: true, legalComments: 'none', target: 'es2020' }).code;
    const file = `${pack.id}/${pack.id}-${p}.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
    parts.set(file, code);
    return file;
  });
  const shell =
    GENERATED_HEADER(packFile) +
    `export const pack = ${JSON.stringify(facts)};\n` +
    `export const resources = ${JSON.stringify(layout.resources)};\n` +
    '/** Per tool, in pack order: [name, resource index, part index, 1 when the browser compiles it with AJV]. */\n' +
    `export const tools = [${layout.tools.map((t) => JSON.stringify([t.name, t.resource, t.part, ...(t.ajv ? [1] : [])])).join(',')}];\n` +
    `export const defaultTool = ${layout.defaultTool};\n` +
    `/** The parts, relative to the parts folder (src/imported/parts.ts loads them). */\n` +
    `export const partFiles = ${JSON.stringify(partFiles)};\n`;
  return { shell: [`${pack.id}.js`, shell], parts };
}

/** Writes every imported pack's shell into IMPORTED_OUT_DIR and parts into IMPORTED_PARTS_DIR (both emptied first), and the stamp of their inputs. */
export function generateImported(root = '.', onPack: (id: string, parts: number, bytes: number) => void = () => {}): void {
  const outDir = resolve(root, IMPORTED_OUT_DIR);
  const partsDir = resolve(root, IMPORTED_PARTS_DIR);
  for (const dir of [outDir, partsDir]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const inputs = importedInputsHash(root);
  for (const file of readdirSync(resolve(root, IMPORTED_PACKS_DIR)).filter((f) => f.endsWith('.json')).sort()) {
    const packFile = `${IMPORTED_PACKS_DIR}/${file}`;
    const { shell, parts } = importedPackModules(packFile, JSON.parse(readFileSync(resolve(root, packFile), 'utf8')));
    writeFileSync(join(outDir, shell[0]), shell[1]);
    let bytes = shell[1].length;
    for (const [path, source] of parts) {
      mkdirSync(dirname(join(partsDir, path)), { recursive: true });
      writeFileSync(join(partsDir, path), source);
      bytes += source.length;
    }
    onPack(file.replace(/\.json$/, ''), parts.size, bytes);
  }
  // Last: a folder cut short by a failure has no stamp and is generated again next time.
  writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify({ inputs })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  if (!args.includes('--imported') || args.includes('--shipped')) {
    for (const [path, source] of generateAll()) {
      writeFileSync(join('.', path), source);
      console.log(`wrote ${path} (${source.length} bytes)`);
    }
  }
  if (args.includes('--imported')) {
    if (!args.includes('--force') && importedModulesFresh()) console.log(`${IMPORTED_OUT_DIR}/ and ${IMPORTED_PARTS_DIR}/ are up to date`);
    else {
      let total = 0;
      generateImported('.', (id, parts, bytes) => {
        total += bytes;
        console.log(`wrote ${IMPORTED_OUT_DIR}/${id}.js and ${parts} parts in ${IMPORTED_PARTS_DIR}/${id}/ (${(bytes / 1048576).toFixed(1)} MB)`);
      });
      console.log(`${IMPORTED_OUT_DIR}/ and ${IMPORTED_PARTS_DIR}/: ${(total / 1048576).toFixed(1)} MB in all`);
    }
  }
}
