// The figures the home page, /strict/ and the packs index state about the packs: from the catalog
// (src/package/catalog.ts), the one list of packs, never typed into a page. Each figure a page prints goes
// in an element marked data-catalog-count="<name>", which tests/e2e/catalog-counts.test.ts checks.
import { PACK_CATALOG, type CatalogEntry } from '../package/catalog';
import { vendorName } from '../imported/vendors';

export interface CatalogCounts {
  packs: number;
  tools: number;
  vendors: number;
  curatedPacks: number;
  curatedTools: number;
  importedPacks: number;
  importedTools: number;
  /** The curated packs' titles, in the catalog's order. */
  curatedTitles: string[];
}

export function catalogCounts(entries: readonly CatalogEntry[] = PACK_CATALOG): CatalogCounts {
  const curated = entries.filter((p) => p.kind === 'curated');
  const imported = entries.filter((p) => p.kind === 'imported');
  const tools = (list: readonly CatalogEntry[]) => list.reduce((n, p) => n + p.tools, 0);
  return {
    packs: entries.length,
    tools: tools(entries),
    vendors: new Set(entries.map((p) => vendorName(p.vendor))).size,
    curatedPacks: curated.length,
    curatedTools: tools(curated),
    importedPacks: imported.length,
    importedTools: tools(imported),
    curatedTitles: curated.map((p) => p.title),
  };
}

/** A count as the pages print it: 4,601. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
