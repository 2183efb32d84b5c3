// The MCP proxy never passes a call through unchecked without saying so (issue 17), and one tool it cannot
// check never takes the others down (issue 37). Without --pack it asks the server for its tools/list right
// after the handshake; a tool whose schema cannot be compiled is refused alone, at start as mid-session: named
// on stderr and in the tools record with the JSON pointer and the reason, left out of the tools/list the
// client sees, and its calls get unknown_tool and never reach the server; the other tools are served. Unless
// --allow-unchecked names that tool: then its calls are forwarded as sent, and every log record of them says
// unchecked: true. The server is listed-tools-server.mjs, which lists whatever $TOOLS_JSON holds, behind
// wiretap.mjs, which writes down every call that reaches it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { INITIALIZE, INITIALIZED, alive, buildBin, rawProxy, startProxy, type ProxySession, type RawProxy } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-unchecked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A schema no engine can compile: its $ref points at nothing. */
const BAD = { name: 'bad', description: 'A tool whose schema cannot be compiled.', inputSchema: { type: 'object', properties: { a: { $ref: '#/nope' } } } };
const GOOD = { name: 'good', description: 'An ordinary tool.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
const SERVER = [process.execPath, 'tests/mcp/listed-tools-server.mjs'];

const sessions: ProxySession[] = [];
const raws: RawProxy[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.client.close().catch(() => {});
  for (const r of raws.splice(0)) r.kill();
});

async function proxy(proxyArgs: string[], tools: unknown[]): Promise<ProxySession> {
  const s = await startProxy({ dir, proxyArgs, server: SERVER, env: { TOOLS_JSON: JSON.stringify(tools) } });
  sessions.push(s);
  return s;
}

let pids = 0;
/** The proxy driven by hand: the handshake, then a call in the same write as the initialized notification. */
async function startAndCall(proxyArgs: string[], tools: unknown[]) {
  const pidFile = join(dir, `server-${pids++}.pid`);
  const raw = rawProxy({ dir, proxyArgs, server: SERVER, env: { TOOLS_JSON: JSON.stringify(tools), PID_FILE: pidFile } });
  raws.push(raw);
  raw.send(INITIALIZE);
  const init = await raw.next((m) => m.id === 0);
  expect(init.result).toBeDefined();
  // One write, so the proxy reads the call before it can have learned the tools: the call must wait for them.
  raw.send(INITIALIZED, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'bad', arguments: { a: 'anything' } } });
  return { raw, serverPid: () => Number(readFileSync(pidFile, 'utf8')) };
}

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0].text;

beforeAll(() => buildBin(), 120_000);

describe('a tool whose schema cannot be compiled, not allowed unchecked', () => {
  test('alone: refused at start with the pointer and the reason, its waiting call unknown_tool and never forwarded; the proxy runs on', async () => {
    const { raw, serverPid } = await startAndCall([], [BAD]);
    const answer = await raw.next((m) => m.id === 1);
    expect(answer.result.isError).toBe(true);
    // Written by body.ts from the unknown_tool fault (parse/unknown-tool.ts), as check() writes its own.
    expect(answer.result.content[0].text).toBe('{"error":"unknown_tool","field":"name","message":"is not a tool you can call; this server lists none","received":"bad","retryable":false}');
    // The client's listing is the server's without it: here, no tool at all.
    raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    expect((await raw.next((m) => m.id === 2)).result).toEqual({ tools: [] });
    expect(raw.seen()).toEqual([]);
    expect(alive(serverPid())).toBe(true);
    expect(raw.log().filter((r) => r.event === 'tools')).toEqual([0, 1].map(() => expect.objectContaining({ source: 'server', count: 0, refused: [expect.objectContaining({ tool: 'bad', pointer: expect.stringMatching(/^\/tools\/0\//) })] })));
    raw.kill();
    const { stderr } = await raw.exited;
    // The tool, the JSON pointer into the server's listing (into its definition), and the reason (the $ref); said once.
    expect(stderr).toMatch(/^warning: the MCP server lists a tool the proxy cannot check; it is left out of the tools\/list the client sees, and calls to it are answered with unknown_tool and not forwarded:\n/);
    expect(stderr.match(/^ {2}bad at \/tools\/0\/\S*: .*#\/nope/gm)).toHaveLength(1);
    expect(stderr).toContain('--allow-unchecked bad');
    expect(stderr).toContain('No tool is left to call: the proxy runs on, and every call gets unknown_tool.');
    expect(stderr).not.toContain(': bad: ');
  });

  test('beside a tool that compiles: only the bad one is refused, and left out of the listing; the good one is served', async () => {
    const s = await proxy(['--allow-unchecked', 'good'], [GOOD, BAD]);
    expect((await s.client.listTools()).tools).toEqual([GOOD]);
    const refused = await s.client.callTool({ name: 'bad', arguments: { a: 'anything' } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(textOf(refused))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'bad', retryable: false });
    expect(textOf(await s.client.callTool({ name: 'good', arguments: { n: 1 } }))).toBe(JSON.stringify({ tool: 'good', arguments: { n: 1 } }));
    expect(s.seen()).toEqual([{ name: 'good', arguments: { n: 1 } }]);
    expect(s.stderr()).toMatch(/^ {2}bad at \/tools\/1\/\S*: .*#\/nope/m);
    expect(s.stderr()).not.toMatch(/^ {2}good at/m);
    expect(s.stderr()).not.toContain('No tool is left');
    expect(s.log().find((r) => r.event === 'tools')).toEqual(expect.objectContaining({ count: 1, refused: [expect.objectContaining({ tool: 'bad' })] }));
    expect(s.log().find((r) => r.event === 'tools')).not.toHaveProperty('unchecked');
  });
});

describe('--allow-unchecked bad', () => {
  test('the proxy runs; the listing passes through; calls to bad are forwarded as sent, every record says unchecked', async () => {
    // Repeated flags; `good` compiles, so naming it changes nothing: its calls are still checked.
    const s = await proxy(['--allow-unchecked', 'good', '--allow-unchecked', 'bad'], [GOOD, BAD]);
    expect((await s.client.listTools()).tools).toEqual([GOOD, BAD]);

    const sent = { a: { anything: true }, extra: 1 };
    expect(await s.client.callTool({ name: 'bad', arguments: sent })).toEqual({ content: [{ type: 'text', text: JSON.stringify({ tool: 'bad', arguments: sent }) }] });
    // Another case of its name is still that tool, its arguments untouched.
    expect(textOf(await s.client.callTool({ name: 'BAD', arguments: { a: 1 } }))).toBe(JSON.stringify({ tool: 'bad', arguments: { a: 1 } }));

    const wrong = await s.client.callTool({ name: 'good', arguments: { n: 'one' } });
    expect(wrong.isError).toBe(true);
    expect(JSON.parse(textOf(wrong))).toMatchObject({ error: 'invalid_type', field: 'n' });
    const unknown = await s.client.callTool({ name: 'bda', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(textOf(unknown))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'bda', did_you_mean: ['bad'] });
    expect(textOf(await s.client.callTool({ name: 'good', arguments: { n: 1 } }))).toBe(JSON.stringify({ tool: 'good', arguments: { n: 1 } }));

    expect(s.seen()).toEqual([
      { name: 'bad', arguments: sent },
      { name: 'bad', arguments: { a: 1 } },
      { name: 'good', arguments: { n: 1 } },
    ]);
    const log = s.log();
    // Every record of a call to bad says unchecked, with the reason; no record of a checked call names it.
    const ofBad = log.filter((r) => r.tool === 'bad' || (r.check as { tool?: string } | undefined)?.tool === 'bad');
    expect(ofBad).toEqual([0, 1].map(() => expect.objectContaining({ event: 'call', forwarded: true, unchecked: true, tool: 'bad', reason: expect.stringContaining('#/nope') })));
    expect(log.filter((r) => r.event === 'call' && !r.unchecked).map((r) => [(r.check as { tool: string | null }).tool, r.forwarded])).toEqual([
      ['good', false],
      [null, false],
      ['good', true],
    ]);
    // The tools record says from the start which tool goes unchecked, and why.
    expect(log.find((r) => r.event === 'tools')).toMatchObject({ source: 'server', count: 1, unchecked: [expect.objectContaining({ tool: 'bad', pointer: expect.stringMatching(/^\/tools\/1\//) })] });
    expect(s.stderr()).toBe('');
  });

  test('when no tool compiles at all (several names after one flag): bad forwarded unchecked, anything else refused', async () => {
    const s = await proxy(['--allow-unchecked', 'other', 'bad'], [BAD]);
    expect(textOf(await s.client.callTool({ name: 'bad', arguments: { a: 'x' } }))).toBe(JSON.stringify({ tool: 'bad', arguments: { a: 'x' } }));
    const unknown = await s.client.callTool({ name: 'other', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(textOf(unknown))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'other' });
    expect(s.seen()).toEqual([{ name: 'bad', arguments: { a: 'x' } }]);
    const calls = s.log().filter((r) => r.event === 'call');
    expect(calls).toEqual([expect.objectContaining({ forwarded: true, unchecked: true, tool: 'bad' }), expect.objectContaining({ forwarded: false })]);
  });
});

describe('a tool past the compile budgets (src/engine/pack/compile-budgets.ts)', () => {
  // 5 levels of 20 properties that each refer to the next: 20^5 paths from 3 KB, which once took minutes and 4 GB.
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) defs[`L${i}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`p${j}`, i === 4 ? { type: 'integer' } : { $ref: `#/$defs/L${i + 1}` }])) };
  const BOMB = { name: 'bomb', description: 'References that fan out.', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: defs } };

  test('beside a good tool: the bomb is refused at start and never reaches the server; the good tool is served', async () => {
    const s = await proxy([], [GOOD, BOMB]);
    expect((await s.client.listTools()).tools).toEqual([GOOD]);
    const refused = await s.client.callTool({ name: 'bomb', arguments: { r: {} } });
    expect(JSON.parse(textOf(refused))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'bomb' });
    expect(JSON.parse(textOf(await s.client.callTool({ name: 'good', arguments: { n: 'one' } })))).toMatchObject({ error: 'invalid_type', field: 'n' });
    expect(textOf(await s.client.callTool({ name: 'good', arguments: { n: 1 } }))).toBe(JSON.stringify({ tool: 'good', arguments: { n: 1 } }));
    expect(s.seen()).toEqual([{ name: 'good', arguments: { n: 1 } }]);
    expect(s.stderr()).toMatch(/^ {2}bomb at \/tools\/1\/inputSchema\/\$defs\/\S*: .*expands to more than 10,000 fields/m);
    expect(s.log().find((r) => r.event === 'tools')).toMatchObject({ source: 'server', count: 1, refused: [{ tool: 'bomb', pointer: expect.stringMatching(/^\/tools\/1\//) }] });
  });

  test('is named with its pointer and the reason; allowed unchecked, the proxy runs and checks the other tools', async () => {
    const s = await proxy(['--allow-unchecked', 'bomb'], [GOOD, BOMB]);
    const wrong = await s.client.callTool({ name: 'good', arguments: { n: 'one' } });
    expect(JSON.parse(textOf(wrong))).toMatchObject({ error: 'invalid_type', field: 'n' });
    expect(s.log().find((r) => r.event === 'tools')).toMatchObject({ source: 'server', count: 1, unchecked: [{ tool: 'bomb', pointer: expect.stringMatching(/^\/tools\/1\/inputSchema\/\$defs\//), reason: expect.stringContaining('expands to more than 10,000 fields') }] });
  });
});

describe('a server that gives no tools to check against', () => {
  test.each([
    ['fails', { LIST_ERROR: '1' }, /^error: the MCP server did not list its tools, so the proxy cannot check calls: .*the tool registry is down/],
    ['never comes (past ACTIONABLE_LIST_TIMEOUT_MS)', { LIST_HANG: '1', ACTIONABLE_LIST_TIMEOUT_MS: '1500' }, /^error: the MCP server did not list its tools, so the proxy cannot check calls: .*no answer to tools\/list in 1.5 s/],
  ] as const)('its tools/list %s: the proxy stops at start with code 2, and the waiting call gets an error', async (_what, env, said) => {
    const raw = rawProxy({ dir, proxyArgs: [], server: SERVER, env });
    raws.push(raw);
    raw.send(INITIALIZE);
    await raw.next((m) => m.id === 0);
    raw.send(INITIALIZED, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'good', arguments: { n: 1 } } });
    const answer = await raw.next((m) => m.id === 1);
    const { code, stderr } = await raw.exited;
    expect(code).toBe(2);
    expect(stderr).toMatch(said);
    expect(answer.error).toMatchObject({ message: expect.stringContaining('the Actionable proxy stops') });
    expect(raw.seen()).toEqual([]);
  });

  for (const [what, env] of [
    ['lists no tools', { TOOLS_JSON: '[]' }],
    ['has no tools capability (tools/list is method not found)', { NO_TOOLS: '1' }],
  ] as const) {
    test(`it ${what}: the proxy runs, and every call gets unknown_tool, not forwarded`, async () => {
      const s = await startProxy({ dir, proxyArgs: [], server: SERVER, env });
      sessions.push(s);
      const result = await s.client.callTool({ name: 'anything', arguments: {} });
      expect(result.isError).toBe(true);
      expect(JSON.parse(textOf(result))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'anything', retryable: false });
      expect(s.seen()).toEqual([]);
      expect(s.log().find((r) => r.event === 'tools')).toMatchObject({ source: 'server', count: 0 });
    });
  }
});

test('a tool that becomes uncheckable mid-session (tools/list_changed): a warning, and its calls get a body, never forwarded', async () => {
  const SWITCH = { name: 'switch', inputSchema: { type: 'object', properties: {} } };
  const s = await startProxy({ dir, proxyArgs: [], server: SERVER, env: { TOOLS_JSON: JSON.stringify([GOOD, SWITCH]), TOOLS_AFTER_JSON: JSON.stringify([GOOD, SWITCH, BAD]) } });
  sessions.push(s);
  await s.client.callTool({ name: 'switch', arguments: {} });
  // The client's listing is the server's new one without bad.
  expect((await s.client.listTools()).tools).toEqual([GOOD, SWITCH]);
  const result = await s.client.callTool({ name: 'bad', arguments: { a: 1 } });
  expect(result.isError).toBe(true);
  expect(JSON.parse(textOf(result))).toMatchObject({ error: 'unknown_tool', field: 'name', received: 'bad' });
  expect(textOf(await s.client.callTool({ name: 'good', arguments: { n: 2 } }))).toBe(JSON.stringify({ tool: 'good', arguments: { n: 2 } }));
  expect(s.seen()).toEqual([
    { name: 'switch', arguments: {} },
    { name: 'good', arguments: { n: 2 } },
  ]);
  expect(s.stderr()).toMatch(/^warning: the MCP server now lists a tool the proxy cannot check; it is left out of the tools\/list the client sees, and calls to it are answered with unknown_tool and not forwarded:\n {2}bad at \/tools\/2\//m);
  expect(s.log().filter((r) => r.event === 'tools' && r.refused)).toEqual([expect.objectContaining({ refused: [expect.objectContaining({ tool: 'bad' })] })]);
});

test('--allow-unchecked is a usage error with --pack, and needs a name', () => {
  for (const args of [
    ['--pack', 'helpdesk', '--allow-unchecked', 'bad'],
    ['--allow-unchecked', '--log', join(dir, 'x.jsonl')],
  ]) {
    const r = spawnSync(process.execPath, ['src/cli/launch.mjs', 'mcp-proxy', ...args, '--', ...SERVER], { encoding: 'utf8', input: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: --allow-unchecked /);
  }
});

describe('a promise a description makes and the schema does not enforce (issue 33)', () => {
  test('named on stderr at start with its JSON Patch, and enforced on the calls', async () => {
    const DUE = { name: 'create_task', description: 'Creates a task.', inputSchema: { type: 'object', properties: { due: { type: 'string', description: 'Date as YYYY-MM-DD' } } } };
    const s = await proxy([], [DUE]);
    // The client's listing is the server's, as it wrote it: no format added.
    expect((await s.client.listTools()).tools).toEqual([DUE]);
    const refused = await s.client.callTool({ name: 'create_task', arguments: { due: 'March 3' } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(textOf(refused))).toMatchObject({ error: 'invalid_format', field: 'due', received: 'March 3' });
    expect(JSON.parse(textOf(refused)).message).toContain('read from the description of due');
    expect(s.seen()).toEqual([]);
    expect(s.stderr()).toContain('note: the MCP server\u2019s tool descriptions make a promise that their schemas do not enforce');
    expect(s.stderr()).toContain('  create_task /properties/due: [{"op":"add","path":"/properties/due/format","value":"date"}]\n');
  });
});
