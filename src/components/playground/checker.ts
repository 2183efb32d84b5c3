// Everything of the playground that needs the engine, in one module the island loads by dynamic import as
// soon as it mounts. Shipped packs load one at a time, when first chosen, with their validators generated
// at build time (npm run precompile); AJV's compiler comes later, and only when needed (ajv-tools.ts).
// Engine modules are imported one by one: the engine's index also exports the AJV backend.
import { serializeBody } from '../../engine/body';
import { traceSteps } from '../../engine/checks-docs';
import { check } from '../../engine/check';
import { compilePackWith } from '../../engine/pack-compiler';
import { parseCall, readCalls } from '../../engine/formats';
import { precompiledBackend } from '../../engine/precompiled-backend';
import { loadValueSetNames, loadValueSets, valueSetsWithoutNames } from '../../engine/registries';
import { matchToolName } from '../../engine/tool-names';
import { valueSetNamesIn } from '../../engine/value-sets';
import type { CompiledPack } from '../../engine/types';
import { defaultToolName, isLazyPack, isToolLoaded, loadAllTools, loadValidators, openImportedPack, validatorsNeeded } from '../../imported/lazy-pack';
import { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from './pack-state';
import { suggestionFor } from './suggestion';
import { shellWithParts } from '../../imported/parts';
import { fileFor, importedPartsUrl, IMPORTED_SHELLS, PACK_FILES, VALIDATOR_FILES } from './pack-files';

const loaded = new Map<string, Promise<CompiledPack>>();


/**
 * Compiles a shipped pack with its generated validators and the value sets it names, on first use. The pack-file checks loadPack runs
 * (format, keywords, examples) are left out: these packs passed them at build time, and
 * tests/precompiled-validators.test.ts holds both backends to the same bodies.
 */
export function loadPackById(id: string): Promise<CompiledPack> {
  let p = loaded.get(id);
  if (!p) {
    const packFile = fileFor(PACK_FILES, `${id}.json`);
    const validatorFile = fileFor(VALIDATOR_FILES, `${id}.js`);
    const shell = packFile ? undefined : fileFor(IMPORTED_SHELLS, `${id}.js`);
    if (shell) {
      // An imported pack: its shell, and the part of its default tool (defaultToolName); other tools load on demand.
      p = shell().then((m) => openImportedPack(shellWithParts(m, importedPartsUrl()), `content/packs/imported/${id}.json`));
      p.catch(() => loaded.delete(id));
      loaded.set(id, p);
      return p;
    }
    if (!packFile) return Promise.reject(new Error(`no pack named ${id}`));
    if (!validatorFile) return Promise.reject(new Error(`the ${id} pack has no generated validators: run npm run precompile`));
    // The value sets a pack names (countries, currencies, time zones…) load with it, each its own chunk.
    p = Promise.all([packFile(), validatorFile()]).then(async ([m, v]) => {
      await loadValueSets(valueSetNamesIn(m.default));
      return compilePackWith(precompiledBackend(v.validators), m.default, `content/packs/${id}.json`);
    });
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}

/**
 * The value sets whose names a check of this call would read and that are not loaded yet: those of the
 * fields of the tool the call names. A registry's names (what did_you_mean reads: 249 countries in a
 * hundred languages, every zone's cities) load only then, and the body waits for them, so that it is
 * the body a server gives. Usually [].
 */
export function namesNeeded(pack: CompiledPack, call: unknown, tool?: string): string[] {
  const name = parseCall(call).name ?? tool;
  if (!name) return [];
  let t = pack.tool(name);
  if (!t) {
    const match = matchToolName(name, pack.tools.map((x) => x.name));
    t = match.kind === 'variant' ? pack.tool(match.to) : undefined;
  }
  // A tool whose part is not loaded yet has no fields to read: validatorsNeeded comes first.
  if (!t || !isToolLoaded(pack, t.name)) return [];
  const sets: string[] = [];
  for (const f of t.fields.values()) if (f.valueSet) sets.push(f.valueSet);
  return sets.length ? valueSetsWithoutNames(sets) : [];
}

export { loadValueSetNames as loadNames };
export { defaultToolName, isLazyPack, isToolLoaded, loadAllTools, loadValidators, validatorsNeeded };

type Extra = typeof import('./checker-extra');
let extra: Promise<Extra> | null = null;

/** The engine's parts the first body does not need (markers, replay, exports: checker-extra.ts), loaded once. */
export function loadExtra(): Promise<Extra> {
  extra ??= import('./checker-extra').catch((err) => {
    extra = null;
    throw err;
  });
  return extra;
}

type AjvTools = typeof import('./ajv-tools');
let ajvTools: Promise<AjvTools> | null = null;

/** AJV's compiler and what needs it (a user's own tools, the bare AJV error), loaded once, on demand. */
export function loadAjvTools(): Promise<AjvTools> {
  ajvTools ??= import('./ajv-tools').catch((err) => {
    ajvTools = null;
    throw err;
  });
  return ajvTools;
}

export {
  check,
  linkStateText,
  ownStateText,
  parseCall,
  readCalls,
  readState,
  serializeBody,
  stateDiagnostics,
  stateOption,
  suggestionFor,
  traceSteps,
};
