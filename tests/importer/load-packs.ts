// Loads imported packs with the pack loader, which validates each pack, compiles every tool with AJV and
// runs every example (valid ones must pass; faulty ones must get the code they expect). Split across two
// test files by size so the two cores share the work. Every pack is loaded; of its tools, the curated ones
// and a seeded sample of the rest unless CORPUS=full (tests/corpus-sample.ts).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadPack } from '../../src/engine/pack/pack-loader';
import { TOOL_NAME_PATTERN } from '../../src/importer/names';
import { sampledTools } from '../corpus-sample';
import { IMPORTED, importedPack, importedPackIds } from './corpus';

/** The imported pack ids of one half: packs sorted by size, dealt out alternately. */
export function half(which: 0 | 1): string[] {
  const bySize = importedPackIds().sort((a, b) => statSync(join(IMPORTED, `${b}.json`)).size - statSync(join(IMPORTED, `${a}.json`)).size);
  return bySize.filter((_, i) => i % 2 === which);
}

export function loadsEveryPack(ids: string[]) {
  for (const id of ids) {
    const { source, sample } = sampledTools(importedPack(id));
    it(`${id} loads, and every example passes or fails as it declares (tools: ${sample.label})`, () => {
      const pack = loadPack(`${IMPORTED}/${id}.json`, source);
      expect(pack.tools.length).toBe(source.tools.length);
      for (const t of source.tools) {
        expect(t.name).toMatch(TOOL_NAME_PATTERN);
        expect(t.examples?.valid?.length, t.name).toBeGreaterThan(0);
        const codes = (t.examples?.invalid ?? []).map((e) => e.expect);
        expect(codes, t.name).toContain('unknown_argument');
        if ((t.arguments.required ?? []).length) expect(codes.length, t.name).toBeGreaterThanOrEqual(2);
      }
    });
  }
}
