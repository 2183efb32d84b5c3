// An imported pack in the browser, opened a few tools at a time. The generated shell (src/generated/imported/
// <id>.js, imported-modules.ts) holds the pack's facts and every tool's name; each part holds a few tools'
// sources (a file of its own, loaded by URL: parts.ts), whose wire schemas AJV compiles in the browser, each when
// a call first names its tool (browser-ajv.ts). The pack opens with the part of its default tool; any
// other tool is a stand-in that knows its name and resource only, until its part is loaded. check() reads
// nothing of a tool but its name until the call names it, so a call to a loaded tool, or to no tool of
// the pack, gets the body a server gives; a call naming a tool that is not loaded must wait for
// loadValidators(pack, validatorsNeeded(pack, call)) first.
import { compilePackWith, type ValidatorBackend } from '../engine/pack/pack-compiler';
import { parseCall } from '../engine/parse/formats';
import { precompiledBackend } from '../engine/pack/precompiled-backend';
import { loadValueSets } from '../engine/registries';
import { matchToolName } from '../engine/parse/tool-names';
import type { CompiledPack, CompiledTool, PackSource, ToolSource } from '../engine/types';
import { valueSetNamesIn } from '../engine/shared/value-sets';

/** The shell module of an imported pack. */
export interface ImportedShell {
  pack: Pick<PackSource, 'id' | 'title' | 'vendor' | 'reference' | 'summary' | 'state'>;
  resources: string[];
  /** Per tool, in pack order: [name, resource index, part index]. */
  tools: [string, number, number][];
  /** The tool the pack opens on (imported-modules.ts). */
  defaultTool: number;
  parts: (() => Promise<ImportedPart>)[];
}

/** A part module: some tools' sources. */
export interface ImportedPart {
  tools: ToolSource[];
}

interface LazyState {
  shell: ImportedShell;
  origin: string;
  index: Map<string, number>;
  byName: Map<string, CompiledTool>;
  parts: (Promise<void> | undefined)[];
  loaded: Set<number>;
}

const lazy = new WeakMap<CompiledPack, LazyState>();

/** A tool of an imported pack whose part is not loaded: its name and resource, and nothing else. */
function standIn(packId: string, name: string, resource: string): CompiledTool {
  const missing = (what: string) => () => {
    throw new Error(`${packId}: the tool ${name} is not loaded yet, so its ${what} is unknown: await loadValidators(pack, validatorsNeeded(pack, call)) first`);
  };
  const tool = { name, resource } as CompiledTool;
  for (const key of ['summary', 'operation', 'source', 'wireSchema', 'modelSchema', 'fields', 'validate', 'checks', 'effects']) {
    Object.defineProperty(tool, key, { get: missing(key), enumerable: false });
  }
  return tool;
}

let ajvBackend: Promise<ValidatorBackend> | undefined;

/** AJV's compiler, loaded with the first part (and again after a failed load). */
function browserAjv(): Promise<ValidatorBackend> {
  ajvBackend ??= import('./browser-ajv').then((m) => m.browserAjvBackend);
  return ajvBackend.catch((err) => {
    ajvBackend = undefined;
    throw err;
  });
}

function loadPart(pack: CompiledPack, state: LazyState, p: number): Promise<void> {
  let pending = state.parts[p];
  if (!pending) {
    pending = (async () => {
      const [part, backend] = await Promise.all([state.shell.parts[p](), browserAjv()]);
      await loadValueSets(valueSetNamesIn(part.tools));
      const compiled = compilePackWith(backend, { ...state.shell.pack, tools: part.tools }, state.origin);
      for (const tool of compiled.tools) {
        const i = state.index.get(tool.name);
        if (i === undefined) throw new Error(`${state.origin}: part ${p} holds ${tool.name}, which the pack does not list`);
        pack.tools[i] = tool;
        state.byName.set(tool.name, tool);
      }
      state.loaded.add(p);
      // The pack's source lists the tools loaded so far, in pack order.
      pack.source.tools = pack.tools.filter((t) => state.loaded.has(state.shell.tools[state.index.get(t.name)!][2])).map((t) => t.source);
    })();
    pending.catch(() => {
      state.parts[p] = undefined;
    });
    state.parts[p] = pending;
  }
  return pending;
}

/** Opens an imported pack from its shell, with its default tool loaded. */
export async function openImportedPack(shell: ImportedShell, origin: string): Promise<CompiledPack> {
  const index = new Map(shell.tools.map(([name], i) => [name, i]));
  const byName = new Map<string, CompiledTool>();
  const tools = shell.tools.map(([name, resource]) => standIn(shell.pack.id, name, shell.resources[resource]));
  tools.forEach((t) => byName.set(t.name, t));
  const source: PackSource = { ...shell.pack, tools: [] };
  const pack: CompiledPack = {
    id: shell.pack.id,
    title: shell.pack.title,
    vendor: shell.pack.vendor,
    reference: shell.pack.reference,
    summary: shell.pack.summary,
    origin,
    tools,
    tool: (name) => byName.get(name),
    source,
    // The pack's state as the compiler reads it (imported packs hold an empty one, for their combination rules).
    state: compilePackWith(precompiledBackend({}), { ...shell.pack, tools: [] }, origin).state,
  };
  const state: LazyState = { shell, origin, index, byName, parts: [], loaded: new Set() };
  lazy.set(pack, state);
  await loadPart(pack, state, shell.tools[shell.defaultTool][2]);
  return pack;
}

/** Whether this pack opens a part at a time (an imported pack). */
export function isLazyPack(pack: CompiledPack): boolean {
  return lazy.has(pack);
}

/** Whether the named tool can be checked now: always for a shipped pack; for an imported one, once its part is loaded. */
export function isToolLoaded(pack: CompiledPack, name: string): boolean {
  const state = lazy.get(pack);
  if (!state) return true;
  const i = state.index.get(name);
  return i !== undefined && state.loaded.has(state.shell.tools[i][2]);
}

/** The tool the playground opens a pack on: an imported pack's default tool, else the first. */
export function defaultToolName(pack: CompiledPack): string | undefined {
  const state = lazy.get(pack);
  return state ? state.shell.tools[state.shell.defaultTool][0] : pack.tools[0]?.name;
}

/** The tool a call would be checked against, as check() finds it: by its name, or one spelling variant of one. */
function toolNamed(pack: CompiledPack, call: unknown, tool?: string): string | undefined {
  const name = parseCall(call).name ?? tool;
  if (!name) return undefined;
  if (pack.tool(name)) return name;
  const match = matchToolName(name, pack.tools.map((t) => t.name));
  return match.kind === 'variant' ? match.to : undefined;
}

/**
 * What must load before check(pack, call) gives the server's body: the parts (as "<pack>#<part>") of the tool
 * the call names, when it is not loaded. Usually []; always [] for a shipped pack.
 */
export function validatorsNeeded(pack: CompiledPack, call: unknown, tool?: string): string[] {
  const state = lazy.get(pack);
  if (!state) return [];
  const name = toolNamed(pack, call, tool);
  if (name === undefined || isToolLoaded(pack, name)) return [];
  return [`${pack.id}#${state.shell.tools[state.index.get(name)!][2]}`];
}

/** Loads what validatorsNeeded named (or the parts of the named tools); the pack's stand-ins are replaced in place. */
export async function loadValidators(pack: CompiledPack, needed: readonly string[]): Promise<void> {
  const state = lazy.get(pack);
  if (!state) return;
  const parts = new Set<number>();
  for (const key of needed) {
    const hash = key.lastIndexOf('#');
    if (hash !== -1 && key.slice(0, hash) === pack.id) parts.add(Number(key.slice(hash + 1)));
    else {
      const i = state.index.get(key);
      if (i === undefined) throw new Error(`${pack.id} has no tool or part ${key}`);
      parts.add(state.shell.tools[i][2]);
    }
  }
  await Promise.all([...parts].map((p) => loadPart(pack, state, p)));
}

/** Loads every tool of the pack (for a whole-pack export or lint): an imported pack's every part. */
export async function loadAllTools(pack: CompiledPack): Promise<void> {
  const state = lazy.get(pack);
  if (!state) return;
  await Promise.all(state.shell.parts.map((_p, p) => loadPart(pack, state, p)));
}
