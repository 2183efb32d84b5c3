// Shared by the importer tests: where the corpus is, reading its documents, and small extracts of them
// (a few operations with the components they need) so a test imports in milliseconds what the CLI
// imports in seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireCorpus } from '../../src/cli/corpus-dir';
import '../../src/engine/registries/all';
import type { PackSource } from '../../src/engine/types';
import { importSpec, type ImportResult } from '../../src/importer/index';

/** The vendors' API documents; missing, every importer test file fails saying how to fetch them. */
export const VENDOR = requireCorpus('vendor', 'the importer tests');
export const IMPORTED = 'content/packs/imported';

const cache = new Map<string, any>();

/** A corpus document, parsed once per test file. The importer never changes it. */
export function vendorDoc(file: string): any {
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(join(VENDOR, file), 'utf8')));
  return cache.get(file);
}

/** An OpenAPI or Swagger document with only the named operations ("POST /v1/refunds"); components stay. */
export function extract(file: string, operations: string[]): any {
  const doc = vendorDoc(file);
  const paths: Record<string, any> = {};
  const base = typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath.replace(/\/$/, '') : '';
  for (const op of operations) {
    const [method, path] = op.split(' ');
    const raw = path.startsWith(base) && doc.paths[path.slice(base.length)] ? path.slice(base.length) : path;
    const item = doc.paths[raw];
    if (!item || !item[method.toLowerCase()]) throw new Error(`${file} has no operation ${op}`);
    paths[raw] = { ...(paths[raw] ?? (item.parameters ? { parameters: item.parameters } : {})), [method.toLowerCase()]: item[method.toLowerCase()] };
  }
  return { ...doc, paths };
}

/** A Discovery document with only the named methods (`calendar.events.list`). */
export function discoveryExtract(file: string, methods: string[]): any {
  const doc = vendorDoc(file);
  const keep = (resources: Record<string, any>): Record<string, any> => {
    const out: Record<string, any> = {};
    for (const [name, r] of Object.entries<any>(resources)) {
      const m = Object.fromEntries(Object.entries<any>(r.methods ?? {}).filter(([, v]) => methods.includes(v.id)));
      const sub = r.resources ? keep(r.resources) : {};
      if (Object.keys(m).length || Object.keys(sub).length) out[name] = { ...r, methods: m, resources: sub };
    }
    return out;
  };
  return { ...doc, resources: keep(doc.resources) };
}

export function importExtract(doc: unknown, id = 'test-import', examples = true): Promise<ImportResult> {
  return importSpec(doc, { id, examples });
}

export function tool(pack: PackSource, name: string) {
  const t = pack.tools.find((x) => x.name === name);
  if (!t) throw new Error(`no tool ${name}; tools: ${pack.tools.map((x) => x.name).join(', ')}`);
  return t;
}

/** The imported pack files, by id. */
export function importedPackIds(): string[] {
  return readdirSync(IMPORTED)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export function importedPack(id: string): PackSource {
  return JSON.parse(readFileSync(join(IMPORTED, `${id}.json`), 'utf8'));
}
