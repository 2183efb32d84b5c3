// A server's answer past the SDK stdio transport's 10 MB buffer used to end the whole session: the proxy
// read it as the server's exit, answered "exited before it answered", and every later call failed. The
// proxy reads the server's lines itself now (src/mcp/line-buffer.ts): the answer reaches the client whole,
// and the next call is answered as usual. The server is listed-tools-server.mjs, behind wiretap.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { LineBuffer } from '../../src/mcp/line-buffer';
import { INITIALIZE, INITIALIZED, buildBin, rawProxy, type RawProxy } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-large-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const raws: RawProxy[] = [];
afterEach(() => {
  for (const r of raws.splice(0)) r.kill();
});
beforeAll(() => buildBin(), 120_000);

const TOOLS = [
  { name: 'large', description: 'Answers with 20 MB of text.', inputSchema: { type: 'object', properties: {} } },
  { name: 'good', description: 'An ordinary tool.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
];
const BYTES = 20 * 1024 * 1024;
const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

test('a 20 MB result reaches the client whole, and the session goes on: the next call is answered as usual', async () => {
  const raw = rawProxy({ dir, proxyArgs: [], server: [process.execPath, 'tests/mcp/listed-tools-server.mjs'], env: { TOOLS_JSON: JSON.stringify(TOOLS), LARGE_BYTES: String(BYTES) } });
  raws.push(raw);
  raw.send(INITIALIZE);
  expect((await raw.next((m) => m.id === 0)).result).toBeDefined();
  raw.send(INITIALIZED, call(1, 'large', {}));
  const large = await raw.next((m) => m.id === 1);
  expect(large.error).toBeUndefined();
  expect(large.result.content[0].text).toHaveLength(BYTES);
  raw.send(call(2, 'good', { n: 1 }), call(3, 'good', { n: 'one' }));
  expect(JSON.parse((await raw.next((m) => m.id === 2)).result.content[0].text)).toEqual({ tool: 'good', arguments: { n: 1 } });
  expect(JSON.parse((await raw.next((m) => m.id === 3)).result.content[0].text)).toMatchObject({ error: 'invalid_type', field: 'n' });
  expect(raw.seen().map((c) => c.name)).toEqual(['large', 'good']);
  expect(raw.log().map((r) => r.event)).not.toContain('server-exited');
}, 60_000);

test('LineBuffer: lines split across chunks, several in one chunk, a CR before the newline, and a line that is no message', () => {
  const b = new LineBuffer();
  const one = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'é'.repeat(5) } });
  const bytes = Buffer.from(`${one}\r\n${JSON.stringify({ jsonrpc: '2.0', method: 'ping' })}\nnot json\n{"jsonrpc":"2.0","id":2,`);
  b.append(bytes.subarray(0, 20));
  expect(b.readMessage()).toBeNull();
  b.append(bytes.subarray(20));
  expect(b.readMessage()).toEqual(JSON.parse(one));
  expect(b.readMessage()).toEqual({ jsonrpc: '2.0', method: 'ping' });
  expect(() => b.readMessage()).toThrow();
  expect(b.readMessage()).toBeNull();
  b.append(Buffer.from('"result":{}}\n'));
  expect(b.readMessage()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  expect(b.readMessage()).toBeNull();
});
