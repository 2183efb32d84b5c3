// --tools FILE given an OpenAPI, Swagger or Google Discovery document instead of tool definitions: imported
// by the importer the site's "Your tools" tab runs in its worker (src/importer/), then compiled like any
// pack. Loaded only when the file is such a document, so checking a call stays quick to start.
import { compilePack } from '../engine/pack/ajv-backend';
import { describeRefused } from '../engine/pack/pack-compiler';
import { loadValueSets } from '../engine/registries';
import type { CompiledPack } from '../engine/types';
import { valueSetNamesIn } from '../engine/shared/value-sets';
import { detectFormat, importSpec } from '../importer';
import { importProgress } from './import-progress';

export interface ImportedTools {
  /** The pack file the importer wrote: what a worker thread compiles for itself. */
  source: unknown;
  pack: CompiledPack;
  format: string;
  skipped: number;
}

/**
 * Imports the document and compiles its pack; throws with a message a person reads when it cannot. `progress`
 * gets a line now and then when the import takes over a second (the bin writes them to stderr).
 */
export async function toolsFromApiDocument(doc: unknown, origin: string, progress?: (line: string) => void): Promise<ImportedTools> {
  const format = detectFormat(doc);
  const shown = progress ? importProgress(origin, progress) : undefined;
  const { pack: source, report, refused } = await importSpec(doc, { id: 'your-api', onProgress: shown?.onProgress });
  shown?.done(source.tools.length);
  // With every operation left out, the reasons are the answer (the pack file's own check would only say it has no tools).
  if (source.tools.length === 0) throw new Error(`${origin} has no operation the importer could make a tool of${refused.length ? `:\n${describeRefused(refused, '  ')}` : ''}`);
  const pack = await compileImportedSource(source, origin);
  if (pack.tools.length === 0) throw new Error(`${origin} has no operation the importer could make a tool of`);
  // The operations left out are named like tools left out of definitions: the CLI warns of them once.
  if (refused.length) pack.refused = refused;
  return { source, pack, format, skipped: report.skipped.length };
}

/** Compiles an imported pack file with the value sets it names. */
export async function compileImportedSource(source: unknown, origin: string): Promise<CompiledPack> {
  await loadValueSets(valueSetNamesIn(source));
  return compilePack(source, origin);
}
