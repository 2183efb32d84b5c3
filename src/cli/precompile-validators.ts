// Writes src/generated/validators/<pack-id>.js: AJV's standalone code for every tool of every shipped pack,
// compiled with the engine's own AJV options (ajv-backend.ts), so the playground validates shipped packs
// without loading AJV's compiler. Run with `npm run precompile`; tests/precompiled-validators.test.ts fails
// when a committed module is stale. The imported packs have no generated validators: the playground compiles
// each of their tools when a call first names it (src/cli/imported-modules.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { _ } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { compilePack } from '../engine/pack/ajv-backend';
import { newAjv, toolKey } from '../engine/pack/ajv-instance';
import type { CompiledPack, CompiledTool } from '../engine/types';
import { cappedRegExp } from '../engine/validate/input-cap';
// Every value set, so packs that name one (x-value-set) compile here as in the engine's index.
import '../engine/registries/all';

const PACKS_DIR = 'content/packs';
const VALIDATORS_DIR = 'src/generated/validators';

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
function ajvForTools(pack: CompiledPack, tools: readonly CompiledTool[], engineDir: string) {
  const regExp = Object.assign((pattern: string, flags: string) => cappedRegExp(pattern, flags), { code: `require("${engineDir}/input-cap").cappedRegExp` });
  const ajv = newAjv('assert', { regExp, formats: _`require(${engineDir + '/capped-formats'}).cappedFormats`, duplicatePair: _`require(${engineDir + '/unique-items'}).duplicatePair` });
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
function validatorModuleSource(packFile: string, data: unknown): string {
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

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const [path, source] of generateAll()) {
    writeFileSync(join('.', path), source);
    console.log(`wrote ${path} (${source.length} bytes)`);
  }
}
