// The site writes an imported pack's OpenAI export alone, and its pages make the Anthropic and MCP exports
// from that file in the browser (fromOpenAIExport): the file they save must be the one the site used to
// write, byte for byte. Every imported pack, as the site compiles it, read back from the OpenAI file's text.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import '../../src/engine/registries/all';
import { exportPack, exportTool, fromOpenAIExport, type OpenAIToolExport } from '../../src/engine/pack/exports';
import { compilePackWith } from '../../src/engine/pack/pack-compiler';
import { lazyAjvBackend } from '../../src/package/imported-pack';
import { packs as curatedPacks } from '../../src/packs';
import type { CompiledPack, PackSource } from '../../src/engine/types';
import { letWorkerBreathe } from '../corpus-sample';

const IMPORTED = 'content/packs/imported';
const ids = readdirSync(IMPORTED).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();

/** An imported pack compiled as the site compiles it (src/imported/site.ts). */
function imported(id: string): CompiledPack {
  return compilePackWith(lazyAjvBackend(), JSON.parse(readFileSync(`${IMPORTED}/${id}.json`, 'utf8')) as PackSource, `${IMPORTED}/${id}.json`);
}

/** The OpenAI export as a page gets it: the file's text, parsed. */
function fromFile<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('fromOpenAIExport', () => {
  test('gives every imported pack\'s Anthropic and MCP exports, and each tool\'s, byte for byte', { timeout: 120_000 }, async () => {
    expect(ids.length).toBeGreaterThanOrEqual(69);
    let tools = 0;
    for (const id of ids) {
      await letWorkerBreathe();
      const pack = imported(id);
      const openai = fromFile(exportPack(pack, 'openai')) as unknown as OpenAIToolExport[];
      for (const form of ['anthropic', 'mcp'] as const) {
        expect(JSON.stringify(fromOpenAIExport(form, openai)), `${id} ${form}`).toBe(JSON.stringify(exportPack(pack, form)));
        pack.tools.forEach((tool, i) => {
          expect(JSON.stringify(fromOpenAIExport(form, openai[i])), `${id}/${tool.name} ${form}`).toBe(JSON.stringify(exportTool(tool, form)));
        });
      }
      tools += pack.tools.length;
    }
    expect(tools).toBeGreaterThanOrEqual(4500);
  });

  test('gives the curated packs\' too, indented as the copy buttons copy them', () => {
    for (const pack of curatedPacks) {
      for (const tool of pack.tools) {
        // exportTool and fromOpenAIExport share their envelopes: these are the keys, in the order, files have had.
        expect(Object.keys(exportTool(tool, 'anthropic'))).toEqual(['name', 'description', 'input_schema']);
        expect(Object.keys(exportTool(tool, 'mcp'))).toEqual(['name', 'description', 'inputSchema']);
        const openai = fromFile(exportTool(tool, 'openai')) as unknown as OpenAIToolExport;
        for (const form of ['anthropic', 'mcp'] as const) expect(JSON.stringify(fromOpenAIExport(form, openai), null, 2)).toBe(JSON.stringify(exportTool(tool, form), null, 2));
      }
    }
  });

  test('refuses what is not an OpenAI export, rather than making tools with no name', () => {
    for (const other of [[{ name: 'x', input_schema: {} }], { name: 'x' }, [null], '<!doctype html>'] as unknown as OpenAIToolExport[]) {
      expect(() => fromOpenAIExport('anthropic', other)).toThrow(/not an OpenAI tool export/);
    }
  });
});
