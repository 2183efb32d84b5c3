// Everything of the playground that needs the engine (and so AJV), in one module the island loads by
// dynamic import as soon as it mounts. Packs load one at a time, when first chosen.
import { exportPack, serializeBody } from '../../engine';
import { traceSteps } from '../../engine/checks-docs';
import { check } from '../../engine/check';
import { loadPack } from '../../engine/pack-loader';
import { parseCall } from '../../engine/parse';
import type { CompiledPack } from '../../engine/types';
import { bareError } from './bare';
import { compileCustomTools } from './custom-tools';
import { diagnosticsFor, replacementText } from './diagnostics';
import { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from './pack-state';
import { suggestionFor } from './suggestion';

// Pack files are content/packs/<id>.json; each becomes its own chunk.
const PACK_FILES = import.meta.glob<{ default: unknown }>('../../../content/packs/*.json');

const loaded = new Map<string, Promise<CompiledPack>>();

/** Compiles a pack the way src/packs.ts does (same loader, same origin), on first use. */
export function loadPackById(id: string): Promise<CompiledPack> {
  let p = loaded.get(id);
  if (!p) {
    const entry = Object.entries(PACK_FILES).find(([path]) => path.endsWith(`/${id}.json`));
    if (!entry) return Promise.reject(new Error(`no pack named ${id}`));
    p = entry[1]().then((m) => loadPack(`content/packs/${id}.json`, m.default));
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}

export {
  bareError,
  check,
  compileCustomTools,
  diagnosticsFor,
  exportPack,
  linkStateText,
  ownStateText,
  parseCall,
  readState,
  replacementText,
  serializeBody,
  stateDiagnostics,
  stateOption,
  suggestionFor,
  traceSteps,
};
