// The imported packs the site builds its pages from (src/imported/site.ts) are compiled without the pack-file
// checks, which the importer already ran: they must still give every body, field and export the fully checked
// compile gives. Two packs, chosen for a variety of schemas at a small cost.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import '../src/engine/registries/all';
import { check, exportTool } from '../src/engine';
import { compilePack } from '../src/engine/pack/ajv-backend';
import type { PackSource } from '../src/engine/types';

const IDS = ['slack-web', 'google-tasks-v1'];
process.env.IMPORTED_PACKS = IDS.join(',');
const { importedPacks } = await import('../src/imported/site');

describe('the site\'s imported packs', () => {
  const built = importedPacks();
  test('are the packs named by IMPORTED_PACKS', () => {
    expect(built.map((p) => p.id).sort()).toEqual([...IDS].sort());
  });
  for (const id of IDS) {
    test(`${id}: every example's body, every tool's fields and exports are those of the fully checked compile`, () => {
      const source = JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')) as PackSource;
      const full = compilePack(source, id);
      const site = built.find((p) => p.id === id)!;
      expect(site.tools.map((t) => t.name)).toEqual(full.tools.map((t) => t.name));
      let calls = 0;
      for (const tool of full.tools) {
        const mine = site.tool(tool.name)!;
        expect([...mine.fields.keys()]).toEqual([...tool.fields.keys()]);
        expect(exportTool(mine, 'openai')).toEqual(exportTool(tool, 'openai'));
        const ex = tool.source.examples ?? {};
        for (const args of [...(ex.valid ?? []), ...(ex.invalid ?? []).map((e) => e.arguments), { zzz: 1 }]) {
          calls++;
          expect(check(site, { name: tool.name, arguments: args })).toEqual(check(full, { name: tool.name, arguments: args }));
        }
      }
      expect(calls).toBeGreaterThan(full.tools.length);
    }, 120_000);
  }
});
