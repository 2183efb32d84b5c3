// The sandbox's first part (createSandbox().checker()): everything the first body needs and nothing more.
// Shipped packs open one at a time with the validators generated at build time (npm run precompile), so
// AJV's compiler is not in it (ajv.ts); the exports, the replay and the strict lint are not either (extra.ts).
// Engine modules are imported one by one: the engine's index also exports the AJV backend and every registry.
import { serializeBody } from '../engine/body/body';
import { check } from '../engine/check';
import { stateProblems } from '../engine/pack/checks-compile';
import { stateDiffers, traceSteps } from '../engine/checks-docs';
import { parseCall, parseJsonText, readCalls } from '../engine/parse/formats';
import { jsonRepairInstalled } from '../engine/parse/json-repair';
import { compilePackWith } from '../engine/pack/pack-compiler';
import { precompiledBackend } from '../engine/pack/precompiled-backend';
import { loadValueSetNames, loadValueSets, valueSetsWithoutNames } from '../engine/registries';
import { matchToolName } from '../engine/parse/tool-names';
import type { CheckOptions, CheckResult, CompiledPack } from '../engine/types';
import { valueSetNamesIn } from '../engine/shared/value-sets';
import { defaultToolName, isLazyPack, isToolLoaded, loadAllTools, loadValidators, openImportedPack, validatorsNeeded } from '../imported/lazy-pack';
import { shellWithParts } from '../imported/parts';
import { fileFor, type SandboxFiles } from './files';

/**
 * Opens a pack by id: a curated pack from its file and generated validators, with the value sets it names;
 * an imported pack from its shell, with the part of its default tool (others load on demand:
 * loadValidators). The pack-file checks loadPack runs (format, keywords, examples) are left out: these packs
 * passed them at build time, and tests/precompiled-validators.test.ts holds both backends to the same bodies.
 */
export async function openPack(files: SandboxFiles, id: string): Promise<CompiledPack> {
  const packFile = fileFor(files.packs, `${id}.json`);
  const shell = packFile ? undefined : fileFor(files.shells, `${id}.js`);
  if (shell) return openImportedPack(shellWithParts(await shell(), files.partsUrl()), `content/packs/imported/${id}.json`);
  if (!packFile) throw new Error(`no pack named ${id}`);
  const validatorFile = fileFor(files.validators, `${id}.js`);
  if (!validatorFile) throw new Error(`the ${id} pack has no generated validators: run npm run precompile`);
  // The value sets a pack names (countries, currencies, time zones…) load with it, each its own chunk.
  const [m, v] = await Promise.all([packFile(), validatorFile()]);
  await loadValueSets(valueSetNamesIn(m.default));
  return compilePackWith(precompiledBackend(v.validators), m.default, `content/packs/${id}.json`);
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

/** Loads what check(pack, call) needs to give the server's body: the tool's part, then the names its fields read. */
export async function prepareCall(pack: CompiledPack, call: unknown, tool?: string): Promise<void> {
  const parts = validatorsNeeded(pack, call, tool);
  if (parts.length) await loadValidators(pack, parts);
  const names = namesNeeded(pack, call, tool);
  if (names.length) await loadValueSetNames(names);
}

/** check() once what the call needs is loaded (createSandbox().check). */
export async function checkReady(pack: CompiledPack, call: unknown, options?: CheckOptions): Promise<CheckResult> {
  await prepareCall(pack, call, options?.tool);
  return check(pack, call, options);
}

export {
  check,
  defaultToolName,
  isLazyPack,
  isToolLoaded,
  jsonRepairInstalled,
  loadAllTools,
  loadValidators,
  loadValueSetNames as loadNames,
  parseCall,
  parseJsonText,
  readCalls,
  serializeBody,
  stateDiffers,
  stateProblems,
  traceSteps,
  validatorsNeeded,
};
