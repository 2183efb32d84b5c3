// Every pack by id, curated and imported: the one list the CLI (--pack), the MCP proxy (--pack) and the
// package (`actionable-errors/packs/<id>`, PACK_CATALOG) read. The data is src/generated/pack-catalog.json
// (src/cli/pack-catalog.ts writes it from content/packs/), so listing the packs reads none of them.
// loadCatalogPack loads the one pack asked for: a curated pack compiled from its generated validators
// (shipped.ts), an imported pack compiled with AJV, each validator on the first call to its tool (imported-pack.ts).
import catalog from '../generated/pack-catalog.json';
import type { CompiledPack } from '../engine/types';
import { loadShippedPack } from './shipped';
import { distance } from '../engine/shared/nearness';

export interface CatalogEntry {
  id: string;
  title: string;
  /** The company, as the pack names it. */
  vendor: string;
  /** `curated`: hand-made, in content/packs/; `imported`: from the vendor's spec, in content/packs/imported/. */
  kind: 'curated' | 'imported';
  /** How many tools the pack has. */
  tools: number;
  /** The value sets (registries) its fields name. */
  valueSets: string[];
  /** Imported packs: how many of its tools an overlay curates (content/packs/overlays/); absent when none. */
  curatedTools?: number;
}

/** Every pack: the curated ones first (the site's order), then the imported ones by id. */
export const PACK_CATALOG: readonly CatalogEntry[] = catalog as CatalogEntry[];
export const PACK_IDS: readonly string[] = PACK_CATALOG.map((p) => p.id);

export function catalogEntry(id: string): CatalogEntry | undefined {
  return PACK_CATALOG.find((p) => p.id === id);
}

/** The ids nearest to one no pack has: those that contain it or its first word first, then by edit distance. */
export function nearestPackIds(id: string, count = 5): string[] {
  const wanted = id.toLowerCase();
  const stem = wanted.split(/[^a-z0-9]+/)[0] ?? '';
  const score = (p: string) => (p.includes(wanted) || wanted.includes(p) ? 0 : stem.length >= 3 && p.includes(stem) ? 1 : 2) * 1000 + distance(wanted, p);
  return [...PACK_IDS].sort((a, b) => score(a) - score(b) || (a < b ? -1 : 1)).slice(0, count);
}

/** What the CLI and the proxy print for an id no pack has (exit code 2). */
export function unknownPackMessage(id: string): string {
  return `error: unknown pack ${JSON.stringify(id)}; the nearest are: ${nearestPackIds(id).join(', ')} (${PACK_IDS.length} packs in all; --help lists them)\n`;
}

/** Where the bundled pack modules are (lib/packs/): set by the bin and its worker. Unset, imported packs are read from content/. */
let packModules: URL | undefined;

export function usePackModules(dir: URL | undefined): void {
  packModules = dir;
}

/** A pack by id, or undefined when no pack has that id. Only that pack is loaded. */
export async function loadCatalogPack(id: string): Promise<CompiledPack | undefined> {
  const entry = catalogEntry(id);
  if (!entry) return undefined;
  if (entry.kind === 'curated') return loadShippedPack(id);
  if (packModules) return ((await import(new URL(`${id}.js`, packModules).href)) as { pack: CompiledPack }).pack;
  return (await import('./imported-source')).importedPackFromContent(id);
}
