// The MCP proxy in front of the official reference servers, installed from npm at pinned versions
// (@modelcontextprotocol/server-everything and server-filesystem), started as a user would start them, over
// stdio, with the SDK's own client on the other side. Both servers mark every inputSchema
// "$schema": "http://json-schema.org/draft-07/schema#", so these tests need the engine to read draft-07.
// A wiretap (wiretap.mjs) between the proxy and the server writes down every tools/call that reaches the
// server, so "never reaches the server" is seen on the wire, not inferred from the proxy's log.
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, serializeBody } from '../../src/engine';
import type { CompiledPack } from '../../src/engine/types';
import { buildBin, startDirect, startProxy, type ProxySession } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-official-'));
// The filesystem server's one allowed directory, with a file in it. Its real path: the server resolves symlinks.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'actionable-fs-root-')));
const notes = join(root, 'notes.txt');
writeFileSync(notes, 'first line\nsecond line\n');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

const EVERYTHING = [process.execPath, 'node_modules/.bin/mcp-server-everything', 'stdio'];
const FILESYSTEM = [process.execPath, 'node_modules/.bin/mcp-server-filesystem', root];

const open: (ProxySession | Client)[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await ('client' in s ? s.client : s).close().catch(() => {});
});

async function proxy(server: string[]): Promise<ProxySession> {
  const s = await startProxy({ dir, proxyArgs: [], server });
  open.push(s);
  return s;
}

async function direct(server: string[]): Promise<Client> {
  const c = await startDirect(server);
  open.push(c);
  return c;
}

interface Servers {
  name: string;
  command: string[];
  /** Tools the installed version must list (checked against its own listing first). */
  expectTools: string[];
  /** Valid calls: each reaches the server and comes back with its real answer. */
  valid: { name: string; arguments: Record<string, unknown>; text: RegExp }[];
  /** Every kind of bad call, with the body's code and field (and did_you_mean where there is one). */
  bad: { kind: string; name: string; arguments: Record<string, unknown>; body: Record<string, unknown> }[];
}

const servers: Servers[] = [
  {
    name: 'server-everything',
    command: EVERYTHING,
    expectTools: ['echo', 'get-sum'],
    valid: [
      { name: 'echo', arguments: { message: 'hello' }, text: /^Echo: hello$/ },
      { name: 'get-sum', arguments: { a: 2, b: 3 }, text: /\b5\b/ },
    ],
    bad: [
      { kind: 'a wrong type', name: 'echo', arguments: { message: 42 }, body: { error: 'invalid_type', field: 'message' } },
      { kind: 'a missing required argument', name: 'echo', arguments: {}, body: { error: 'missing_required', field: 'message' } },
      { kind: 'a misspelt argument', name: 'echo', arguments: { mesage: 'hello' }, body: { error: 'unknown_argument', field: 'mesage', did_you_mean: ['message'] } },
      { kind: 'an unknown tool (a misspelt name)', name: 'ecko', arguments: { message: 'hello' }, body: { error: 'unknown_tool', field: 'name', received: 'ecko', did_you_mean: ['echo'] } },
      { kind: 'an undeclared extra argument', name: 'echo', arguments: { message: 'hello', loud: true }, body: { error: 'unknown_argument', field: 'loud' } },
      { kind: 'a wrong type (a number as a string)', name: 'get-sum', arguments: { a: 2, b: 'three' }, body: { error: 'invalid_type', field: 'b' } },
    ],
  },
  {
    name: 'server-filesystem',
    command: FILESYSTEM,
    expectTools: ['read_text_file', 'list_directory', 'write_file'],
    valid: [
      { name: 'read_text_file', arguments: { path: notes }, text: /^first line\nsecond line\n?$/ },
      { name: 'list_directory', arguments: { path: root }, text: /\[FILE\] notes\.txt/ },
    ],
    bad: [
      { kind: 'a wrong type', name: 'read_text_file', arguments: { path: 7 }, body: { error: 'invalid_type', field: 'path' } },
      { kind: 'a missing required argument', name: 'read_text_file', arguments: {}, body: { error: 'missing_required', field: 'path' } },
      { kind: 'a misspelt argument', name: 'read_text_file', arguments: { pth: notes }, body: { error: 'unknown_argument', field: 'pth', did_you_mean: ['path'] } },
      { kind: 'an unknown tool (a misspelt name)', name: 'read_txt_file', arguments: { path: notes }, body: { error: 'unknown_tool', field: 'name', received: 'read_txt_file' } },
      { kind: 'an undeclared extra argument', name: 'read_text_file', arguments: { path: notes, encoding: 'utf8' }, body: { error: 'unknown_argument', field: 'encoding' } },
      { kind: 'a wrong type in an optional argument', name: 'read_text_file', arguments: { path: notes, head: true }, body: { error: 'invalid_type', field: 'head' } },
    ],
  },
];

beforeAll(() => buildBin(), 120_000);

describe.each(servers)('in front of $name', (srv) => {
  /** The server's own listing and the pack the engine compiles from it: what the bodies must match. */
  let listing: Awaited<ReturnType<Client['listTools']>>['tools'];
  let pack: CompiledPack;

  beforeAll(async () => {
    const c = await startDirect(srv.command);
    listing = (await c.listTools()).tools;
    await c.close();
    pack = packFromToolDefinitions({ tools: listing }, srv.name);
  }, 60_000);

  test('the installed version lists the tools these tests call, and the engine compiles every one', () => {
    expect(listing.map((t) => t.name)).toEqual(expect.arrayContaining(srv.expectTools));
    expect(pack.refused ?? []).toEqual([]);
    expect(pack.tools.map((t) => t.name)).toEqual(listing.map((t) => t.name));
  });

  test("tools/list passes through unchanged: the server's own listing", async () => {
    const s = await proxy(srv.command);
    expect((await s.client.listTools()).tools).toEqual(listing);
    expect(s.stderr()).not.toMatch(/error|unchecked/i);
  });

  test.each(srv.valid)('a valid call to $name reaches the server and gets its real answer', async (call) => {
    const s = await proxy(srv.command);
    const result = await s.client.callTool(call);
    const own = await (await direct(srv.command)).callTool(call);
    expect(result).toEqual(own);
    expect(result.isError).toBeFalsy();
    expect((result.content as { type: string; text: string }[])[0].text).toMatch(call.text);
    expect(s.seen()).toEqual([{ name: call.name, arguments: call.arguments }]);
    expect(s.log().filter((r) => r.event === 'call')).toEqual([expect.objectContaining({ forwarded: true, check: expect.objectContaining({ tool: call.name, outcome: 'accepted' }) })]);
    expect(s.log().some((r) => r.unchecked)).toBe(false);
  });

  test.each(srv.bad)('$kind is refused with a body, isError, and never reaches the server', async (bad) => {
    const s = await proxy(srv.command);
    const result = await s.client.callTool({ name: bad.name, arguments: bad.arguments });
    expect(result.isError).toBe(true);
    const [content] = result.content as { type: string; text: string }[];
    expect(content.type).toBe('text');
    expect(JSON.parse(content.text)).toMatchObject({ ...bad.body, retryable: false });
    // Exactly the body check() gives for this call against the server's own tools.
    expect(content.text).toBe(serializeBody(check(pack, { name: bad.name, arguments: bad.arguments }, { checks: false }).body!));
    // A valid call after it is forwarded, so the server has had every chance to see the bad one first.
    const ok = srv.valid[0];
    await s.client.callTool(ok);
    expect(s.seen()).toEqual([{ name: ok.name, arguments: ok.arguments }]);
    expect(s.log().filter((r) => r.event === 'call').map((r) => [r.forwarded, (r.check as { outcome: string }).outcome])).toEqual([
      [false, 'rejected'],
      [true, 'accepted'],
    ]);
  });
});

test('a refused write_file never touches the disk; the same call made valid writes the file', async () => {
  const s = await proxy(FILESYSTEM);
  const target = join(root, 'written.txt');
  const wrongType = await s.client.callTool({ name: 'write_file', arguments: { path: target, content: 12 } });
  expect(JSON.parse((wrongType.content as { text: string }[])[0].text)).toMatchObject({ error: 'invalid_type', field: 'content' });
  const extra = await s.client.callTool({ name: 'write_file', arguments: { path: target, content: 'x', mode: 'append' } });
  expect(JSON.parse((extra.content as { text: string }[])[0].text)).toMatchObject({ error: 'unknown_argument', field: 'mode' });
  expect([wrongType.isError, extra.isError]).toEqual([true, true]);
  expect(existsSync(target)).toBe(false);
  const written = await s.client.callTool({ name: 'write_file', arguments: { path: target, content: 'x' } });
  expect(written.isError).toBeFalsy();
  expect(existsSync(target)).toBe(true);
  expect(s.seen()).toEqual([{ name: 'write_file', arguments: { path: target, content: 'x' } }]);
});
