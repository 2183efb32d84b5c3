// The counts of packs and tools the project states come from the catalog (src/package/catalog.ts): the home
// page and /strict/ compute theirs (src/docs/catalog-counts.ts; tests/e2e/catalog-counts.test.ts reads them
// as built), and the README's figures, written by hand, must agree with it.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { catalogCounts, formatCount } from '../src/docs/catalog-counts';
import { catalogEntry, PACK_CATALOG } from '../src/package/catalog';

const counts = catalogCounts();
const number = (s: string) => Number(s.replace(/,/g, ''));

test('the catalog counts add up over its entries', () => {
  expect(counts.packs).toBe(PACK_CATALOG.length);
  expect(counts.curatedPacks + counts.importedPacks).toBe(counts.packs);
  expect(counts.curatedTools + counts.importedTools).toBe(counts.tools);
  expect(counts.curatedTitles).toEqual(PACK_CATALOG.filter((p) => p.kind === 'curated').map((p) => p.title));
  expect(formatCount(4571)).toBe('4,571');
});

test("the README's figures of packs and tools are the catalog's", () => {
  const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
  const figures: [RegExp, number][] = [
    [/(\d+) imported packs/g, counts.importedPacks],
    [/holds (\d+) packs imported/g, counts.importedPacks],
    [/for the (\d+) specs/g, counts.importedPacks],
    [/the (\d+) ids/g, counts.packs],
    [/lists all (\d+)/g, counts.packs],
    [/([\d,]+) tools\. The importer/g, counts.importedTools],
    [/GitHub's ([\d,]+) tools/g, catalogEntry('github-v3')!.tools],
  ];
  for (const [pattern, expected] of figures) {
    const found = [...readme.matchAll(pattern)].map((m) => number(m[1]));
    // A figure reworded away fails here too: say it again, or drop its line from this list.
    expect(found.length, `README: ${pattern}`).toBeGreaterThan(0);
    for (const n of found) expect(n, `README: ${pattern}`).toBe(expected);
  }
});

test("the home page and /strict/ type no count of packs or tools: they print the catalog's", () => {
  const literal = new Set([counts.packs, counts.tools, counts.importedPacks, counts.importedTools, counts.curatedTools].flatMap((n) => [String(n), formatCount(n)]));
  for (const page of ['src/pages/index.astro', 'src/pages/strict.astro']) {
    const text = readFileSync(page, 'utf8');
    const typed = [...text.matchAll(/(?<![\w.#-])\d[\d,]*(?![\w-])/g)].map((m) => m[0]).filter((n) => literal.has(n));
    expect(typed, page).toEqual([]);
    expect(text, page).toMatch(/catalogCounts\(\)/);
  }
});
