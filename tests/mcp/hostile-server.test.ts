// The proxy before servers and clients that do not play by the rules (issue 37): a tools/list that never
// ends or goes round in a circle stops it with code 2 and the reason, after a bounded number of requests; a
// request whose id is still in flight is answered with an error, and the first one still gets its answer;
// every request goes on under an id of the proxy's own, so no client id can meet the proxy's own requests.
// The server is listed-tools-server.mjs, behind wiretap.mjs, driven with raw JSON-RPC lines.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MAX_LIST_PAGES, MAX_LISTED_TOOLS } from '../../src/mcp/proxy';
import { INITIALIZE, INITIALIZED, buildBin, rawProxy, startProxy, type ProxySession, type RawProxy } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GOOD = { name: 'good', description: 'An ordinary tool.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
const SERVER = [process.execPath, 'tests/mcp/listed-tools-server.mjs'];

const raws: RawProxy[] = [];
const sessions: ProxySession[] = [];
afterEach(async () => {
  for (const r of raws.splice(0)) r.kill();
  for (const s of sessions.splice(0)) await s.client.close().catch(() => {});
});

let counts = 0;
/** The proxy, its handshake done, with the server's tools/list requests counted in a file. */
async function started(env: Record<string, string>, initialize: object = INITIALIZE) {
  const countFile = join(dir, `lists-${counts++}.txt`);
  const raw = rawProxy({ dir, proxyArgs: [], server: SERVER, env: { ...env, LIST_COUNT_FILE: countFile } });
  raws.push(raw);
  raw.send(initialize);
  expect((await raw.next((m) => m.id === 0)).result).toBeDefined();
  const lists = () => Number(readFileSync(countFile, 'utf8'));
  return { raw, lists };
}

const call = (id: string | number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const ping = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const textOf = (m: Record<string, any>) => m.result.content[0].text as string;
const resultText = (result: unknown) => (result as { content: { text: string }[] }).content[0].text;

beforeAll(() => buildBin(), 120_000);

describe('a tools/list that would never end: the proxy stops with code 2 and the reason, after a bounded number of requests', () => {
  test.each([
    ['names a new next page every time', { LIST_PAGES: 'endless' }, new RegExp(`goes on past ${MAX_LIST_PAGES} pages`), MAX_LIST_PAGES + 1],
    ['goes round three cursors', { LIST_PAGES: 'cycle:3' }, /names a page it has given already \(a cursor that repeats\)/, 4],
    ['holds more tools than the limit', { LIST_PAGES: 'endless', PAGE_TOOLS: String(MAX_LISTED_TOOLS / 4) }, new RegExp(`holds more than ${MAX_LISTED_TOOLS.toLocaleString('en')} tools`), 5],
  ] as const)('it %s', async (_what, env, reason, most) => {
    const { raw, lists } = await started(env);
    // A call in the same write as the end of the handshake: it waits for the tools, and must get an answer.
    raw.send(INITIALIZED, call(1, 'good', { n: 1 }));
    const answer = await raw.next((m) => m.id === 1);
    const { code, stderr } = await raw.exited;
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: the MCP server\u2019s tools\/list cannot be used, so the proxy cannot check calls: /);
    expect(stderr).toMatch(reason);
    expect(stderr).toMatch(/; it stops\n$/);
    expect(answer.error).toMatchObject({ message: expect.stringContaining('the Actionable proxy stops') });
    expect(lists()).toBeLessThanOrEqual(most);
    expect(lists()).toBeGreaterThan(1);
    expect(raw.seen()).toEqual([]);
  });
});

test('an ordinary listing in pages is read to its end, by the proxy and by the client through it', async () => {
  const { raw, lists } = await started({ LIST_PAGES: 'pages:3', PAGE_TOOLS: '2' });
  raw.send(INITIALIZED, call(1, 't2_1', {}), call(2, 't3_0', {}));
  expect(JSON.parse(textOf(await raw.next((m) => m.id === 1)))).toEqual({ tool: 't2_1', arguments: {} });
  expect(JSON.parse(textOf(await raw.next((m) => m.id === 2)))).toMatchObject({ error: 'unknown_tool', received: 't3_0' });
  expect(lists()).toBe(3);
  // The client's own paging: each page under the client's id, its cursor as the server gave it.
  const names: string[] = [];
  let cursor: string | undefined;
  for (const id of ['a', 'b', 'c']) {
    raw.send({ jsonrpc: '2.0', id, method: 'tools/list', params: cursor ? { cursor } : {} });
    const page = (await raw.next((m) => m.id === id)).result;
    names.push(...page.tools.map((t: { name: string }) => t.name));
    cursor = page.nextCursor;
  }
  expect(cursor).toBeUndefined();
  expect(names).toEqual(['t0_0', 't0_1', 't1_0', 't1_1', 't2_0', 't2_1']);
  expect(raw.log().filter((r) => r.event === 'tools')).toEqual([expect.objectContaining({ count: 6 }), expect.objectContaining({ count: 6 })]);
});

test("a tool the proxy refuses on a page before the last: left out of that page, even when the client's page comes before the proxy has read the whole listing", async () => {
  const BAD = { name: 'bad', inputSchema: { type: 'object', properties: { a: { $ref: '#/nope' } } } };
  const { raw } = await started({ LIST_PAGES: 'pages:3', PAGE_TOOLS: '1', TOOLS_JSON: JSON.stringify([BAD, GOOD]) });
  // The client's first page in the same write as the end of the handshake: it is answered while the
  // proxy's own listing is still two pages from its end.
  raw.send(INITIALIZED, { jsonrpc: '2.0', id: 'p0', method: 'tools/list', params: {} });
  const first = (await raw.next((m) => m.id === 'p0')).result;
  expect(first.tools).toEqual([GOOD, { name: 't0_0', inputSchema: { type: 'object' } }]);
  expect(first.nextCursor).toBe('page-1');
  const names: string[] = [];
  let cursor: string | undefined = first.nextCursor;
  for (const id of ['p1', 'p2']) {
    raw.send({ jsonrpc: '2.0', id, method: 'tools/list', params: { cursor } });
    const page = (await raw.next((m) => m.id === id)).result;
    names.push(...page.tools.map((t: { name: string }) => t.name));
    cursor = page.nextCursor;
  }
  expect(names).toEqual(['t1_0', 't2_0']);
  raw.send(call(1, 'bad', { a: 1 }), call(2, 'good', { n: 2 }));
  expect(JSON.parse(textOf(await raw.next((m) => m.id === 1)))).toMatchObject({ error: 'unknown_tool', received: 'bad' });
  expect(JSON.parse(textOf(await raw.next((m) => m.id === 2)))).toEqual({ tool: 'good', arguments: { n: 2 } });
  expect(raw.seen()).toEqual([{ name: 'good', arguments: { n: 2 } }]);
  expect(raw.log().filter((r) => r.event === 'tools')).toEqual([0, 1].map(() => expect.objectContaining({ count: 4, refused: [expect.objectContaining({ tool: 'bad', pointer: expect.stringMatching(/^\/tools\/0\//) })] })));
});

describe('request ids', () => {
  test('a request whose id is still in flight gets an error under that id; the first is answered as usual', async () => {
    const { raw } = await started({ TOOLS_JSON: JSON.stringify([GOOD]) });
    // Both calls wait for the tools the proxy is learning: the second reuses the first one's id.
    raw.send(INITIALIZED, call(5, 'good', { n: 1 }), call(5, 'good', { n: 2 }));
    await raw.next((m) => m.id === 5 && m.result);
    // Anything said about id 5 came before the answer to a later request.
    raw.send(ping(6));
    await raw.next((m) => m.id === 6);
    const about5 = raw.received().filter((m) => m.id === 5);
    expect(about5).toHaveLength(2);
    expect(about5[0]).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringContaining('another request with this id has not been answered yet') } });
    expect(JSON.parse(textOf(about5[1]))).toEqual({ tool: 'good', arguments: { n: 1 } });
    expect(raw.seen()).toEqual([{ name: 'good', arguments: { n: 1 } }]);
  });

  test("a client id that was the proxy's own: each reply reaches the client once, under the id it sent, string or number", async () => {
    const { raw } = await started({ TOOLS_JSON: JSON.stringify([GOOD]) });
    // Sent before the end of the handshake, so these are in flight while the proxy asks for the tools.
    const ids = ['actionable-proxy/0', 1, '1'];
    raw.send(...ids.map(ping), INITIALIZED);
    // A wrong call is checked against the server's real tools, so the proxy's own tools/list got its own answer.
    raw.send(call(2, 'good', { n: 'one' }));
    const checked = await raw.next((m) => m.id === 2);
    expect(JSON.parse(textOf(checked))).toMatchObject({ error: 'invalid_type', field: 'n' });
    raw.send(ping(3));
    await raw.next((m) => m.id === 3);
    for (const id of ids) expect(raw.received().filter((m) => m.id === id)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
    expect(raw.received().filter((m) => m.result?.tools)).toEqual([]);
  });

  test('a call the client cancels while it waits for the tools is never passed on nor answered', async () => {
    const { raw } = await started({ TOOLS_JSON: JSON.stringify([GOOD]) });
    raw.send(INITIALIZED, call(1, 'good', { n: 1 }), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }, call(3, 'good', { n: 3 }));
    // Call 3 waited for the same tools, after call 1.
    expect(JSON.parse(textOf(await raw.next((m) => m.id === 3)))).toEqual({ tool: 'good', arguments: { n: 3 } });
    expect(raw.received().filter((m) => m.id === 1)).toEqual([]);
    expect(raw.seen()).toEqual([{ name: 'good', arguments: { n: 3 } }]);
  });

  test("the server's own request to the client (roots/list) goes there and back, its answer to the server's id", async () => {
    const { raw } = await started({ TOOLS_JSON: JSON.stringify([{ name: 'roots', inputSchema: { type: 'object' } }]) }, { ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { roots: {} } } });
    raw.send(INITIALIZED, call(1, 'roots', {}));
    const asked = await raw.next((m) => m.method === 'roots/list');
    const roots = [{ uri: 'file:///work', name: 'work' }];
    raw.send({ jsonrpc: '2.0', id: asked.id, result: { roots } });
    // (The server's request may carry the call's id toward the client: the two directions are apart.)
    expect(JSON.parse(textOf(await raw.next((m) => m.id === 1 && !m.method)))).toEqual({ roots });
  });
});

test('a tool the engine cannot compile at all, listed mid-session: named on stderr, and the other tools still served', async () => {
  // 1,000 levels deep: compiling it throws (issue 37, item 7). The proxy compiles each tool alone to name it.
  let deep: object = { type: 'integer' };
  for (let i = 0; i < 1000; i++) deep = { type: 'object', properties: { a: deep } };
  const DEEP = { name: 'deep', inputSchema: { type: 'object', properties: { a: deep } } };
  const SWITCH = { name: 'switch', inputSchema: { type: 'object', properties: {} } };
  const s = await startProxy({ dir, proxyArgs: [], server: SERVER, env: { TOOLS_JSON: JSON.stringify([GOOD, SWITCH]), TOOLS_AFTER_JSON: JSON.stringify([GOOD, SWITCH, DEEP]) } });
  sessions.push(s);
  await s.client.callTool({ name: 'switch', arguments: {} });
  const refused = await s.client.callTool({ name: 'deep', arguments: { a: { a: 1 } } });
  expect(JSON.parse(resultText(refused))).toMatchObject({ error: 'unknown_tool', received: 'deep' });
  expect(JSON.parse(resultText(await s.client.callTool({ name: 'good', arguments: { n: 'one' } })))).toMatchObject({ error: 'invalid_type', field: 'n' });
  expect(await s.client.callTool({ name: 'good', arguments: { n: 2 } })).toEqual({ content: [{ type: 'text', text: JSON.stringify({ tool: 'good', arguments: { n: 2 } }) }] });
  expect(s.stderr()).toMatch(/^warning: the MCP server now lists a tool the proxy cannot check.*\n {2}deep at \/tools\/2\S*: /m);
  expect(s.seen().map((c) => c.name)).toEqual(['switch', 'good']);
});

test('the README and the help give the limits the proxy uses', async () => {
  const { PROXY_HELP } = await import('../../src/cli/help');
  const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
  expect(readme).toContain(`runs past ${MAX_LIST_PAGES} pages (\`MAX_LIST_PAGES\`) or ${MAX_LISTED_TOOLS.toLocaleString('en-US')} tools (\`MAX_LISTED_TOOLS\``);
  expect(PROXY_HELP.replace(/\s+/g, ' ')).toContain(`runs past ${MAX_LIST_PAGES} pages or ${MAX_LISTED_TOOLS} tools`);
});
