// Everything of the playground that needs the engine, in one module the island loads by dynamic import as
// soon as it mounts: the sandbox's checker part (src/sandbox/checker.ts, the playground's only door into the
// engine with src/sandbox/) and the playground's own helpers over it (the state editor, the suggestion).
// Shipped packs load one at a time, when first chosen, through the page's sandbox (pack-files.ts); the
// sandbox's other parts come later: extra (markers, replay, exports) and AJV's compiler (ajv-tools.ts).
import type { CompiledPack } from '../../engine/types';
import { check, defaultToolName, isLazyPack, isToolLoaded, loadAllTools, loadNames, loadValidators, namesNeeded, parseCall, readCalls, serializeBody, traceSteps, validatorsNeeded } from '../../sandbox/checker';
import { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from './pack-state';
import { sandbox } from './pack-files';
import { suggestionFor } from './suggestion';

/** A pack by id, curated or imported, loaded once by the page's sandbox (head-start.ts may have started it). */
export function loadPackById(id: string): Promise<CompiledPack> {
  return sandbox.loadPack(id);
}

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
  defaultToolName,
  isLazyPack,
  isToolLoaded,
  linkStateText,
  loadAllTools,
  loadNames,
  loadValidators,
  namesNeeded,
  ownStateText,
  parseCall,
  readCalls,
  readState,
  serializeBody,
  stateDiagnostics,
  stateOption,
  suggestionFor,
  traceSteps,
  validatorsNeeded,
};
