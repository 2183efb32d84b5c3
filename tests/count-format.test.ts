// Counts are written one way on the site, with a thousands comma ("1,223"; issue 34, item 6): an imported
// pack's page (GitHub's has 1,223 tools) states its counts through formatCount, as the packs index does.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { formatCount } from '../src/docs/catalog-counts';

const page = readFileSync('src/components/docs/ImportedPackPage.astro', 'utf8');

test('formatCount writes the comma', () => {
  expect(formatCount(1223)).toBe('1,223');
  expect(formatCount(69)).toBe('69');
});

test("an imported pack's glance list, description and importer summary format every count", () => {
  const glance = /<ul class="stat-list"[\s\S]*?<\/ul>/.exec(page)![0];
  // Each figure in <strong> goes through formatCount (curated counts are a handful, and say so by name).
  const figures = [...glance.matchAll(/<strong>\{([^}]*)\}<\/strong>/g)].map((m) => m[1]);
  expect(figures.filter((f) => !f.startsWith('formatCount(') && !/^(curated|overlaid)\.length$/.test(f))).toEqual([]);
  const description = /description=\{`([^`]*)`\}/.exec(page)![1];
  expect([...description.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]).filter((e) => /length|fields|examples/.test(e) && !e.startsWith('formatCount('))).toEqual([]);
  expect(page).toContain("{formatCount(report.operations)} in the document, {formatCount(report.tools)}");
});
