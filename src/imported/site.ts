// The imported packs (content/packs/imported/, written by `npm run import`) for the docs pages, at build time:
// which packs there are is the catalog's to say (src/package/catalog.ts, as for the CLI, package and proxy).
// Read from disk rather than bundled (9 MB of JSON), compiled once, on first use, by the pages that need
// them. The packs index and the playground's picker need only the catalog's listing, which reads no pack.
// IMPORTED_PACKS=id,id (or `none`) builds the pages of only those imported packs: a development aid for
// timing a build; unset, every pack is built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilePackWith } from '../engine/pack/pack-compiler';
import { exportTool } from '../engine/pack/exports';
import { lazyAjvBackend } from '../package/imported-pack';
import type { CompiledPack, CompiledTool, PackSource } from '../engine/types';
import type { HeldBack, ImportReport } from '../importer/types';
import '../engine/registries/all';
import { getPack as getCuratedPack, packs as curatedPacks } from '../packs';
import { PACK_CATALOG } from '../package/catalog';
import { vendorName } from './vendors';

const IMPORTED_DIR = 'content/packs/imported';

/** The imported packs of the catalog (src/package/catalog.ts), the one list of packs, by id. */
function selectedIds(): string[] {
  const all = PACK_CATALOG.filter((p) => p.kind === 'imported').map((p) => p.id);
  const only = process.env.IMPORTED_PACKS?.trim();
  if (!only) return all;
  if (only === 'none') return [];
  const wanted = new Set(only.split(',').map((s) => s.trim()));
  for (const id of wanted) if (!all.includes(id)) throw new Error(`IMPORTED_PACKS names ${id}, which is not an imported pack of the catalog`);
  return all.filter((id) => wanted.has(id));
}

let sources: Map<string, PackSource> | undefined;

function importedSources(): Map<string, PackSource> {
  sources ??= new Map(selectedIds().map((id) => [id, JSON.parse(readFileSync(join(IMPORTED_DIR, `${id}.json`), 'utf8')) as PackSource]));
  return sources;
}

let compiled: CompiledPack[] | undefined;

/**
 * Every imported pack, compiled with AJV, each tool's validator on its first call. Without the pack-file checks
 * (format, keywords, x-examples, the meta-schema): the importer ran them on every tool it wrote, and
 * tests/importer/fresh.test.ts holds the committed packs to its output; here they cost most of the compile.
 * The examples are not run here either: every tool page runs them and fails the build when one gets another
 * code than its pack declares (examples.ts), so the loader's own run would only double the work.
 */
export function importedPacks(): CompiledPack[] {
  compiled ??= [...importedSources()].map(([id, source]) => compilePackWith(lazyAjvBackend(), source, `${IMPORTED_DIR}/${id}.json`));
  return compiled;
}

export function getImportedPack(id: string): CompiledPack | undefined {
  return importedPacks().find((p) => p.id === id);
}

/** One pack as the packs index and the playground's picker list it. */
export interface PackListing {
  id: string;
  title: string;
  /** The company, as the pack names it (`Stripe, Inc.`). */
  vendor: string;
  /** The vendor's short name, which packs are grouped by (`Stripe`). */
  vendorName: string;
  tools: number;
  /** Hand-made (content/packs/*.json) rather than imported from the vendor's spec. */
  curated: boolean;
}

/** Every pack the site has, in the catalog's order (the curated ones first, then the imported ones by id). */
export function packListing(): PackListing[] {
  const built = new Set(selectedIds());
  return PACK_CATALOG.filter((p) => p.kind === 'curated' || built.has(p.id)).map((p) => ({
    id: p.id,
    title: p.title,
    vendor: p.vendor,
    vendorName: vendorName(p.vendor),
    tools: p.tools,
    curated: p.kind === 'curated',
  }));
}

/** Every pack the site builds pages for, compiled, in the catalog's order: what the pack and tool pages are made from. */
export function sitePacks(): { pack: CompiledPack; imported: boolean }[] {
  return packListing().map((l) => {
    const pack = l.curated ? getCuratedPack(l.id) : getImportedPack(l.id);
    if (!pack) throw new Error(`the catalog lists ${l.id}, which has no pack file: run npx tsx src/cli/pack-catalog.ts`);
    return { pack, imported: !l.curated };
  });
}


/** A tool of another pack that declares the same vendor operation. */
export interface Counterpart {
  pack: CompiledPack;
  tool: CompiledTool;
}

let curatedByOperation: Map<string, Counterpart[]> | undefined;

function operationKey(vendor: string, operation: string): string {
  return `${vendorName(vendor)}\u0000${operation}`;
}

/** The curated tool that covers the same vendor operation as this imported tool (same vendor, same operation.id). */
export function curatedCounterpart(pack: CompiledPack, tool: CompiledTool): Counterpart | undefined {
  if (!curatedByOperation) {
    curatedByOperation = new Map();
    for (const p of curatedPacks) {
      for (const t of p.tools) {
        if (!t.operation) continue;
        const key = operationKey(p.vendor, t.operation.id);
        curatedByOperation.set(key, [...(curatedByOperation.get(key) ?? []), { pack: p, tool: t }]);
      }
    }
  }
  return tool.operation ? curatedByOperation.get(operationKey(pack.vendor, tool.operation.id))?.[0] : undefined;
}

let importedByOperation: Map<string, Counterpart> | undefined;

/** The imported tools that declare the same vendor operation as this curated tool (the vendor's whole spec). */
export function importedCounterparts(pack: CompiledPack, tool: CompiledTool): Counterpart[] {
  if (!tool.operation) return [];
  if (!importedByOperation) {
    importedByOperation = new Map();
    for (const p of importedPacks()) for (const t of p.tools) if (t.operation) importedByOperation.set(`${p.id}\u0000${operationKey(p.vendor, t.operation.id)}`, { pack: p, tool: t });
  }
  const key = operationKey(pack.vendor, tool.operation.id);
  return importedPacks()
    .map((p) => importedByOperation!.get(`${p.id}\u0000${key}`))
    .filter((c): c is Counterpart => c !== undefined);
}

/** An imported pack's title and tools by name and resource, read from its file without compiling it (the sidebar's list). */
export function importedToolIndex(id: string): { title: string; tools: { name: string; resource: string }[] } | undefined {
  // Once per pack: every one of its pages' sidebars reads it (GitHub: 1,223 pages of 1,223 tools).
  if (!toolIndexes.has(id)) {
    const source = importedSources().get(id);
    toolIndexes.set(id, source && { title: source.title, tools: source.tools.map((t) => ({ name: t.name, resource: t.resource ?? 'Tools' })) });
  }
  return toolIndexes.get(id);
}
const toolIndexes = new Map<string, ReturnType<typeof importedToolIndex>>();

/** The vendors of the imported packs, in the order the packs index lists them, with their pack and tool counts. */
export function importedVendors(): { name: string; anchor: string; packs: number; tools: number }[] {
  // Every page's sidebar lists them; the catalog does not change during a build.
  vendors ??= listVendors();
  return vendors;
}
let vendors: ReturnType<typeof importedVendors> | undefined;

function listVendors(): ReturnType<typeof importedVendors> {
  const out = new Map<string, { name: string; anchor: string; packs: number; tools: number }>();
  for (const p of packListing().filter((l) => !l.curated)) {
    const v = out.get(p.vendorName) ?? { name: p.vendorName, anchor: vendorAnchor(p.vendorName), packs: 0, tools: 0 };
    v.packs++;
    v.tools += p.tools;
    out.set(p.vendorName, v);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The packs index's anchor for a vendor's section: `vendor-google`. */
export function vendorAnchor(name: string): string {
  return `vendor-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** The importer's report of an imported pack (content/packs/imported/reports/<id>.json): every decision it made. */
export function importedReport(id: string): ImportReport | undefined {
  try {
    return JSON.parse(readFileSync(join(IMPORTED_DIR, 'reports', `${id}.json`), 'utf8')) as ImportReport;
  } catch {
    return undefined;
  }
}

const heldBackByPack = new Map<string, ImportReport['heldBack'] | undefined>();

/**
 * The parameters the importer held back from a tool's arguments (credentials, transport: the server fills them),
 * grouped for one line of its page: `token` (query, credential). From the pack's report, read once per pack.
 */
export function heldBackGroups(packId: string, toolName: string): { why: HeldBack['why']; in: HeldBack['in']; names: string[] }[] {
  if (!heldBackByPack.has(packId)) heldBackByPack.set(packId, importedReport(packId)?.heldBack);
  const held = heldBackByPack.get(packId);
  if (!held) return [];
  const groups = new Map<string, { why: HeldBack['why']; in: HeldBack['in']; names: string[] }>();
  for (const h of [...held.tools[toolName] ?? [], ...held.everyTool]) {
    const key = `${h.why}|${h.in}`;
    const g = groups.get(key) ?? { why: h.why, in: h.in, names: [] };
    if (!g.names.includes(h.name)) g.names.push(h.name);
    groups.set(key, g);
  }
  // Credentials first: they are the reason the line exists.
  return [...groups.values()].sort((a, b) => (a.why === b.why ? 0 : a.why === 'credential' ? -1 : 1));
}

/**
 * An imported tool whose schema is too large to show or lint on its page (Google Docs' documents_create: 2 MB
 * indented): its page links its OpenAI export as a file (/packs/<pack>/<tool>/openai.json) and makes the
 * Anthropic and MCP ones from it in the browser (envelope-download.ts). 7 tools.
 */
const SCHEMA_ON_PAGE_MAX_CHARS = 48_000;

/**
 * The longest OpenAI export (indented) written into its tool's page. A longer one is a file the page loads into
 * its tabs (/packs/<pack>/<tool>/openai.json): written into the page it was a third of the site's HTML. Three
 * tools in four stay inline.
 */
const INLINE_EXPORT_MAX_CHARS = 1_500;

/** Where an imported tool's page has its exports: in its HTML, loaded from a file into its tabs, or as downloads only. */
export type ExportPlacement = 'inline' | 'loaded' | 'files';

const placements = new WeakMap<CompiledTool, ExportPlacement>();

export function exportPlacement(tool: CompiledTool): ExportPlacement {
  let placement = placements.get(tool);
  if (placement) return placement;
  if (JSON.stringify(tool.modelSchema).length > SCHEMA_ON_PAGE_MAX_CHARS) placement = 'files';
  else placement = JSON.stringify(exportTool(tool, 'openai'), null, 2).length <= INLINE_EXPORT_MAX_CHARS ? 'inline' : 'loaded';
  placements.set(tool, placement);
  return placement;
}

const wireSame = new Map<string, boolean>();

/**
 * Whether every tool's wire schema is its OpenAI export's `parameters`, byte for byte: true for a pack with no
 * gloss, alias hint or other model-facing words (42 of the 69). Such a pack's wire.json would repeat its
 * openai.json without the descriptions, so the site serves openai.json alone and says so where wire.json was.
 */
export function wireIsOpenAIParameters(pack: CompiledPack): boolean {
  let same = wireSame.get(pack.id);
  if (same === undefined) {
    same = pack.tools.every((t) => JSON.stringify(exportTool(t, 'wire').parameters) === JSON.stringify((exportTool(t, 'openai').function as { parameters: unknown }).parameters));
    wireSame.set(pack.id, same);
  }
  return same;
}
