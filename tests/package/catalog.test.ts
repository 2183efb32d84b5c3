// One pack catalog (src/package/catalog.ts): every pack, curated and imported, by id, for the CLI's --pack,
// the MCP proxy's --pack and `actionable-errors/packs/<id>`. An imported pack is served compiled a tool at
// a time (src/package/imported-pack.ts); it must give the bodies the fully compiled AJV pack gives.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogText, CATALOG_FILE } from '../../src/cli/pack-catalog';
import { runCli } from '../../src/cli/run';
import { check, exportPack, packFromToolDefinitions, serializeBody } from '../../src/engine';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import '../../src/engine/registries/all';
import type { CompiledPack, PackSource } from '../../src/engine/types';
import { sampledTools } from '../corpus-sample';
import { loadCatalogPack, nearestPackIds, PACK_CATALOG, PACK_IDS } from '../../src/package/catalog';

const source = (id: string) => JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')) as PackSource;
const slackCall = JSON.stringify({ name: 'chat_postMessage', arguments: { channel: 'C1', txt: 'hi' } });
const githubCall = JSON.stringify({ name: 'repos/get', arguments: { owner: 'a' } });
const bin = (args: string[], input = '') => spawnSync(process.execPath, ['src/cli/launch.mjs', ...args], { input, encoding: 'utf8', timeout: 120_000 });

beforeAll(() => {
  // Builds lib/ if it is stale, once.
  expect(bin(['--version']).status).toBe(0);
}, 120_000);

describe('the catalog', () => {
  test('is up to date with content/packs/ (tsx src/cli/pack-catalog.ts rewrites it)', () => {
    expect(readFileSync(CATALOG_FILE, 'utf8')).toBe(catalogText());
  });

  test('lists the 3 curated packs first, then every imported pack', () => {
    expect(PACK_CATALOG.slice(0, 3).map((p) => [p.id, p.kind])).toEqual([['helpdesk', 'curated'], ['stripe', 'curated'], ['google-calendar', 'curated']]);
    expect(PACK_CATALOG.filter((p) => p.kind === 'imported').length).toBe(69);
    expect(PACK_IDS).toContain('slack-web');
    expect(PACK_IDS).toContain('github-v3');
  });

  test('the nearest ids to one no pack has', () => {
    expect(nearestPackIds('slack')[0]).toBe('slack-web');
    expect(nearestPackIds('github')[0]).toBe('github-v3');
  });
});

describe('an imported pack, a tool at a time', () => {
  for (const id of ['slack-web', 'github-v3']) {
    // Its curated tools and a seeded sample of the rest unless CORPUS=full (tests/corpus-sample.ts).
    const { source: taken, sample } = sampledTools(source(id));
    test(`${id}: every tool's calls get the bodies the fully compiled pack gives (tools: ${sample.label})`, async () => {
      const full = compilePack(taken, `content/packs/imported/${id}.json`);
      const lazy = (await loadCatalogPack(id))!;
      expect(lazy.tools.length).toBe(sample.total);
      for (const t of taken.tools) {
        for (const call of [{ name: t.name, arguments: {} }, { name: t.name, arguments: { zzz: 1 } }]) expect(check(lazy, call)).toEqual(check(full, call));
      }
      const names = new Set(taken.tools.map((t) => t.name));
      expect(exportPack(lazy, 'mcp').filter((t) => names.has(t.name as string))).toEqual(exportPack(full, 'mcp'));
    }, 60_000);
  }
});

describe('--pack with every id', () => {
  const io = (pack: CompiledPack, stdin: string) => ({ stdin: () => stdin, readFile: () => '', pack: (id: string) => (id === pack.id ? pack : undefined), toolsPack: packFromToolDefinitions });

  test('in process: slack-web and github-v3 give the engine body', async () => {
    for (const [id, call] of [['slack-web', slackCall], ['github-v3', githubCall]]) {
      const pack = (await loadCatalogPack(id))!;
      const out = runCli(['--pack', id], io(pack, call));
      expect(out).toEqual({ stdout: serializeBody(check(pack, call).body!) + '\n', stderr: '', code: 1 });
    }
  });

  test('the bundled bin: slack-web and github-v3 check a call, with no importer run', () => {
    const slack = bin(['--pack', 'slack-web'], slackCall);
    expect({ stdout: slack.stdout, stderr: slack.stderr, status: slack.status }).toEqual({
      stdout: '{"error":"unknown_argument","field":"txt","message":"is not an argument","received":"hi","did_you_mean":["text"],"retryable":false}\n',
      stderr: '',
      status: 1,
    });
    const github = bin(['--pack', 'github-v3'], githubCall);
    expect({ stdout: github.stdout, stderr: github.stderr, status: github.status }).toEqual({ stdout: '{"error":"missing_required","field":"repo","message":"is required: send a string","retryable":false}\n', stderr: '', status: 1 });
  }, 120_000);

  test('an unknown id exits 2 and names the nearest ids and the count', () => {
    const r = bin(['--pack', 'slak'], '');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: unknown pack "slak"; the nearest are: ${nearestPackIds('slak').join(', ')} (72 packs in all; --help lists them)\n`);
    expect(r.stderr).toContain('slack-web');
  });

  test('--help lists every id', () => {
    const help = bin(['--help']).stdout;
    for (const id of PACK_IDS) expect(help).toContain(id);
  });
});

describe('mcp-proxy --pack github-v3', () => {
  test("tools/list is the pack's tools; a faulty call gets the body", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['src/cli/launch.mjs', 'mcp-proxy', '--pack', 'github-v3', '--log', '/dev/null', '--', process.execPath, 'tests/mcp/helpdesk-server.mjs'], stderr: 'pipe' });
    const client = new Client({ name: 'catalog-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const pack = (await loadCatalogPack('github-v3'))!;
      const { tools } = await client.listTools();
      expect(tools.length).toBe(1223);
      expect(tools).toEqual(exportPack(pack, 'mcp'));
      const result = await client.callTool({ name: 'repos/get', arguments: { owner: 'a' } });
      expect(result).toEqual({ content: [{ type: 'text', text: serializeBody(check(pack, githubCall, { checks: false }).body!) }], isError: true });
    } finally {
      await client.close();
    }
  }, 120_000);

  test('an unknown id exits 2', () => {
    const r = bin(['mcp-proxy', '--pack', 'githb', '--', process.execPath, 'tests/mcp/helpdesk-server.mjs']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('github-v3');
  });
});
