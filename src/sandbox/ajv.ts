// The sandbox's third part (createSandbox().ajv()): AJV's schema compiler and what needs it, loaded only on
// demand: a user's own tool definitions (OpenAI, Anthropic or MCP) and the pack the importer made of an API
// document. Shipped packs validate with generated code (checker.ts), so the first check never waits for it.
// Every outcome is data: the problems a compile found, each with the JSON pointer it is about.
import { compilePack } from '../engine/pack/ajv-backend';
// The AJV part compiles your tools and the imported packs: their descriptions' rules are read, as in Node.
import '../engine/pack/promises/reader-default';
import { PackError } from '../engine/pack/pack-compiler';
import { loadValueSets } from '../engine/registries';
import { packFromToolDefinitions, toolDefinitionList } from '../engine/pack/tools-import';

export { toolDefinitionList };
import type { CompiledPack, Json } from '../engine/types';
import { valueSetNamesIn } from '../engine/shared/value-sets';

/** A problem of a pack or of pasted definitions: the JSON pointer it is about ('' for the whole) and its words. */
export interface CompileProblem {
  path: string;
  message: string;
}

export type CompiledTools =
  /** `refused`: tools that could not be compiled, left out while the others load. */
  | { ok: true; pack: CompiledPack; refused: { tool: string; pointer: string; reason: string }[] }
  /** `problems` from the pack's checks; `error` when something else went wrong. */
  | { ok: false; problems: CompileProblem[]; error?: string };

function failed(err: unknown): CompiledTools {
  if (err instanceof PackError) return { ok: false, problems: err.problems.map((p) => ({ path: p.path, message: p.message })) };
  return { ok: false, problems: [], error: err instanceof Error ? err.message : String(err) };
}

/** Pasted tool definitions (an array of OpenAI, Anthropic or MCP tools, or one of their envelopes) as a pack. */
export function compileToolDefinitions(definitions: Json): CompiledTools {
  try {
    const pack = packFromToolDefinitions(definitions);
    return { ok: true, pack, refused: pack.refused ?? [] };
  } catch (err) {
    return failed(err);
  }
}

/** A pack file (the importer's output for an API document), with every pack-file check, like a shipped pack. */
export async function compilePackSource(source: unknown, origin: string): Promise<CompiledTools> {
  try {
    await loadValueSets(valueSetNamesIn(source));
    return { ok: true, pack: compilePack(source, origin), refused: [] };
  } catch (err) {
    return failed(err);
  }
}
