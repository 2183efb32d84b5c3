// The shipped packs by id, each loaded on demand: the CLI and the MCP proxy load only the pack they are
// asked for. The order is the site's (src/packs.ts), so lists of pack ids read the same everywhere.
import type { CompiledPack } from '../engine/types';

export const SHIPPED_PACKS: Readonly<Record<string, () => Promise<{ pack: CompiledPack }>>> = {
  helpdesk: () => import('./packs/helpdesk'),
  stripe: () => import('./packs/stripe'),
  'google-calendar': () => import('./packs/google-calendar'),
};

export const SHIPPED_PACK_IDS: readonly string[] = Object.keys(SHIPPED_PACKS);

/** A shipped pack, or undefined when no pack has that id. */
export async function loadShippedPack(id: string): Promise<CompiledPack | undefined> {
  return Object.hasOwn(SHIPPED_PACKS, id) ? (await SHIPPED_PACKS[id]()).pack : undefined;
}
