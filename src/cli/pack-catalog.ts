// `tsx src/cli/pack-catalog.ts`: writes src/generated/pack-catalog.json, the list src/package/catalog.ts reads
// (every pack's id, title, vendor, kind, tool count and the value sets it names), from content/packs/ and
// content/packs/imported/. `npm run build:lib` rewrites it when it differs, and tests/package/catalog.test.ts
// fails while the committed file is stale. A file of its own so that the bin lists the 72 packs without
// reading 10 MB of pack JSON.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogEntry } from '../package/catalog';

export const CATALOG_FILE = 'src/generated/pack-catalog.json';
/** The curated packs in the site's order (src/packs.ts and src/package/shipped.ts name them the same way). */
const CURATED = ['helpdesk', 'stripe', 'google-calendar'];

/** Every value set a pack file names, sorted (as value-sets.ts's valueSetNamesIn reads them). */
function valueSetsIn(node: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64 || node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) for (const item of node) valueSetsIn(item, out, depth + 1);
  else
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-value-set' && typeof v === 'string') out.add(v);
      else valueSetsIn(v, out, depth + 1);
    }
  return out;
}

function entry(file: string, kind: CatalogEntry['kind']): CatalogEntry {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { id: string; title: string; vendor: string; tools: { curated?: boolean }[] };
  const curatedTools = kind === 'imported' ? p.tools.filter((t) => t.curated).length : 0;
  return { id: p.id, title: p.title, vendor: p.vendor, kind, tools: p.tools.length, valueSets: [...valueSetsIn(p.tools)].sort(), ...(curatedTools ? { curatedTools } : {}) };
}

function catalogFromContent(root = '.'): CatalogEntry[] {
  const imported = readdirSync(resolve(root, 'content/packs/imported'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  return [...CURATED.map((id) => entry(resolve(root, `content/packs/${id}.json`), 'curated')), ...imported.map((f) => entry(resolve(root, 'content/packs/imported', f), 'imported'))];
}

export function catalogText(root = '.'): string {
  return JSON.stringify(catalogFromContent(root), null, 1) + '\n';
}

/** Rewrites the catalog file when it differs from the packs; true when it did. */
export function writeCatalog(root = '.'): boolean {
  const file = resolve(root, CATALOG_FILE);
  const text = catalogText(root);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // No catalog yet: it is written below.
  }
  if (old === text) return false;
  writeFileSync(file, text);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.error(writeCatalog() ? `wrote ${CATALOG_FILE}` : `${CATALOG_FILE} is up to date`);
}
