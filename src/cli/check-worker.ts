// One worker thread of `--jsonl --workers N` (jsonl.ts): loads the pack once, then answers batches of lines.
import { parentPort, workerData } from 'node:worker_threads';
import type { CompiledPack } from '../engine/types';
import { existsSync } from 'node:fs';
import { loadCatalogPack, usePackModules } from '../package/catalog';
import { checkLines, logDecoder, type BatchReply, type BatchRequest, type WorkerData } from './jsonl';

const data = workerData as WorkerData;
const options = data.tool ? { tool: data.tool } : {};

async function load(): Promise<CompiledPack> {
  if ('packId' in data.source) {
    const packModules = new URL('./packs/', import.meta.url);
    if (existsSync(packModules)) usePackModules(packModules);
    const pack = await loadCatalogPack(data.source.packId);
    if (!pack) throw new Error(`unknown pack ${JSON.stringify(data.source.packId)}`);
    return pack;
  }
  if ('imported' in data.source) {
    const { compileImportedSource } = await import('./tools-document');
    return compileImportedSource(data.source.imported, data.source.origin);
  }
  const { packFromToolDefinitions } = await import('../engine/pack/tools-import');
  return packFromToolDefinitions(data.source.definitions, data.source.origin);
}

const pack = load();
const decoder = logDecoder();
parentPort!.on('message', async ({ id, bytes, firstLine }: BatchRequest) => {
  let reply: BatchReply;
  try {
    reply = { id, out: checkLines(await pack, decoder.decode(bytes), options, firstLine) };
  } catch (err) {
    // The pack could not be loaded (each line is answered on its own, whatever it holds): the run stops.
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply, 'out' in reply ? [reply.out.buffer as ArrayBuffer] : []);
});
