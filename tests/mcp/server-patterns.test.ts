// A server's tool schemas are text the proxy did not write: a pattern that backtracks runs on the linear
// engine, so a call to it is answered at once and the proxy goes on; a pattern no engine here runs safely is
// named on stderr as not enforced (src/engine/pack/pattern-engine.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { INITIALIZE, INITIALIZED, buildBin, rawProxy, type RawProxy } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-patterns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const raws: RawProxy[] = [];
afterEach(() => {
  for (const r of raws.splice(0)) r.kill();
});
beforeAll(() => buildBin(), 120_000);

const TOOLS = [
  { name: 'lookup', inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, required: ['code'] } },
  { name: 'login', inputSchema: { type: 'object', properties: { pw: { type: 'string', pattern: '^(?=\\w)(a|a)*$' } } } },
];
const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const textOf = (m: Record<string, any>) => JSON.parse(m.result.content[0].text);

test('a pattern that backtracks is enforced on the linear engine, and one no engine runs safely is named as not enforced', async () => {
  const raw = rawProxy({ dir, proxyArgs: [], server: [process.execPath, 'tests/mcp/listed-tools-server.mjs'], env: { TOOLS_JSON: JSON.stringify(TOOLS) } });
  raws.push(raw);
  raw.send(INITIALIZE);
  expect((await raw.next((m) => m.id === 0)).result).toBeDefined();
  // 40 letters and a "!": the platform's matcher would take longer than this test may run.
  raw.send(INITIALIZED, call(1, 'lookup', { code: `${'a'.repeat(40)}!` }), call(2, 'lookup', { code: 'aaa' }), call(3, 'login', { pw: `${'a'.repeat(40)}!` }));
  expect(textOf(await raw.next((m) => m.id === 1))).toMatchObject({ error: 'invalid_format', field: 'code' });
  expect(textOf(await raw.next((m) => m.id === 2))).toEqual({ tool: 'lookup', arguments: { code: 'aaa' } });
  expect(textOf(await raw.next((m) => m.id === 3))).toMatchObject({ tool: 'login' });
  expect(raw.seen().map((c) => c.name)).toEqual(['lookup', 'login']);
  raw.kill();
  const { stderr } = await raw.exited;
  expect(stderr).toMatch(/^warning: the MCP server lists a pattern the proxy does not enforce; calls are checked without it:\n {2}login at \/tools\/1\/inputSchema\/properties\/pw\/pattern: .*not enforced/m);
  expect(stderr).not.toMatch(/lookup at/);
}, 60_000);
