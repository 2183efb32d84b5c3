// The overlays of content/packs/overlays/: one file per imported pack that has curated tools, named by the
// pack's id. The import (import.ts) applies each to its pack; the tests read them from here too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OVERLAY_DIR = 'content/packs/overlays';

/** The overlay of one pack, with its file (as the repository names it) for error messages; undefined when it has none. */
export function readOverlay(id: string, dir = OVERLAY_DIR): { file: string; data: unknown } | undefined {
  const file = join(dir, `${id}.json`).replace(/\\/g, '/');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  try {
    return { file, data: JSON.parse(text) };
  } catch (err) {
    throw new Error(`${file}: not JSON: ${(err as Error).message}`);
  }
}

/** The pack ids that have an overlay. */
export function overlaidPackIds(dir = OVERLAY_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}
