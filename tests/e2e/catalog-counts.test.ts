// The home page and /strict/, as built: every count of packs and tools they print (each in an element marked
// data-catalog-count, src/docs/catalog-counts.ts) is the catalog's, and so is each curated pack's tool count
// in /strict/'s tables. Reads the HTML global-setup built; no browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogCounts } from '../../src/docs/catalog-counts';
import { catalogEntry } from '../../src/package/catalog';

const outDir = process.env.E2E_OUT_DIR ?? 'dist';
const counts = catalogCounts() as unknown as Record<string, number>;

/** The counts a built page prints, as [name, value] in page order. */
function printed(html: string): [string, number][] {
  return [...html.matchAll(/data-catalog-count="(\w+)"[^>]*>([\d,]+)</g)].map((m) => [m[1], Number(m[2].replace(/,/g, ''))]);
}

describe('counts of packs and tools, as built', () => {
  for (const [page, file, names] of [
    ['the home page', 'index.html', ['tools', 'packs', 'curatedTools', 'importedTools', 'importedPacks']],
    ['/strict/', join('strict', 'index.html'), ['curatedPacks', 'curatedTools', 'importedPacks', 'packs', 'importedTools']],
  ] as const) {
    test(`${page} prints the catalog's`, () => {
      const html = readFileSync(join(outDir, file), 'utf8');
      const found = printed(html);
      expect(found.map(([name]) => name)).toEqual([...names]);
      for (const [name, value] of found) expect(value, `${page}: ${name}`).toBe(counts[name]);
    });
  }

  test("/strict/'s tables give each curated pack the catalog's tool count", () => {
    const html = readFileSync(join(outDir, 'strict', 'index.html'), 'utf8');
    const rows = [...html.matchAll(/data-catalog-tools="([\w-]+)"[^>]*>(\d+)</g)].map((m) => [m[1], Number(m[2])] as const);
    expect(rows.length).toBeGreaterThan(0);
    for (const [id, tools] of rows) expect(tools, id).toBe(catalogEntry(id)!.tools);
  });
});
