// The MCP proxy end to end: the SDK's own client drives `actionable-errors mcp-proxy` (the bundled bin, through the
// launcher that builds it) over stdio, and the proxy starts a real MCP server (helpdesk-server.mjs, built
// with the SDK) that writes down every call that reaches it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { check, exportPack, packFromToolDefinitions, serializeBody } from '../../src/engine';
import { getPack } from '../../src/packs';
import { TOOLS } from './helpdesk-tools.mjs';
import { INITIALIZE, rawProxy } from './proxy-session';

const helpdesk = getPack('helpdesk')!;
const dir = mkdtempSync(join(tmpdir(), 'actionable-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Session {
  client: Client;
  transport: StdioClientTransport;
  /** The calls the server received, so far. */
  seen: () => { name: string; arguments: Record<string, unknown> }[];
  /** The proxy's log records, so far. */
  log: () => Record<string, unknown>[];
  stderr: () => string;
  pid: number;
}

let sessions = 0;
const open: Session[] = [];

async function start(proxyArgs: string[]): Promise<Session> {
  const n = sessions++;
  const seenFile = join(dir, `seen-${n}.jsonl`);
  const logFile = join(dir, `log-${n}.jsonl`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['src/cli/launch.mjs', 'mcp-proxy', ...proxyArgs, '--log', logFile, '--', process.execPath, 'tests/mcp/helpdesk-server.mjs'],
    env: { ...(process.env as Record<string, string>), SEEN_FILE: seenFile },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'proxy-test', version: '1.0.0' });
  await client.connect(transport);
  const lines = (file: string) => {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  };
  const s: Session = { client, transport, seen: () => lines(seenFile), log: () => lines(logFile), stderr: () => stderr, pid: transport.pid! };
  open.push(s);
  return s;
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.client.close().catch(() => {});
});

const text = (body: unknown) => ({ content: [{ type: 'text', text: serializeBody(body as never) }], isError: true });
const seedBody = '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

beforeAll(async () => {
  // The first session may build lib/ (the launcher does it once); later ones start at once.
  const s = await start(['--pack', 'helpdesk']);
  await s.client.close();
  open.length = 0;
}, 120_000);

describe('with --pack helpdesk', () => {
  test("tools/list is the pack's model-facing tools, glosses included", async () => {
    const { client } = await start(['--pack', 'helpdesk']);
    const { tools } = await client.listTools();
    expect(tools).toEqual(exportPack(helpdesk, 'mcp'));
    expect(JSON.stringify(tools)).toContain('there is no resolved or in_progress');
  });

  test('a faulty call gets the exact body, with isError, and never reaches the server', async () => {
    const s = await start(['--pack', 'helpdesk']);
    const result = await s.client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } });
    expect(result).toEqual({ content: [{ type: 'text', text: seedBody }], isError: true });
    // A call after it is forwarded, so the server has had every chance to see the first one.
    await s.client.callTool({ name: 'get_ticket', arguments: { ticket_id: 'T-8841' } });
    expect(s.seen()).toEqual([{ name: 'get_ticket', arguments: { ticket_id: 'T-8841' } }]);
    expect(s.log().filter((r) => r.event === 'call').map((r) => [r.forwarded, (r.check as { outcome: string }).outcome])).toEqual([[false, 'rejected'], [true, 'accepted']]);
    // The request itself goes to the engine's reader (formats.ts), which knows it as a tools/call.
    expect(s.log().filter((r) => r.event === 'call').map((r) => (r.check as { shape: string }).shape)).toEqual(['mcp', 'mcp']);
  });

  test('a batched fault: the body of validation_failed, as check() gives it', async () => {
    const s = await start(['--pack', 'helpdesk']);
    const args = { ticket_id: 'ticket 8841', status: 'OPEN', priority: 'urgent' };
    const result = await s.client.callTool({ name: 'update_ticket', arguments: args });
    expect(result).toEqual(text(check(helpdesk, { name: 'update_ticket', arguments: args }, { checks: false }).body));
    expect(s.seen()).toEqual([]);
  });

  test('a valid call is forwarded as it was sent, and the server answers', async () => {
    const s = await start(['--pack', 'helpdesk']);
    const result = await s.client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'closed' } });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"tool":"update_ticket","arguments":{"ticket_id":"T-8841","status":"closed"}}' }] });
    expect(s.seen()).toEqual([{ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'closed' } }]);
  });

  test('an absorbed call arrives corrected: a field name in camelCase, a tool name in another case', async () => {
    const s = await start(['--pack', 'helpdesk']);
    const result = await s.client.callTool({ name: 'updateTicket', arguments: { ticketId: 'T-8841', status: 'pending' } });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"tool":"update_ticket","arguments":{"ticket_id":"T-8841","status":"pending"}}' }] });
    expect(s.seen()).toEqual([{ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'pending' } }]);
  });

  test("the server's own tool error and its own JSON-RPC error pass through unchanged", async () => {
    const s = await start(['--pack', 'helpdesk']);
    expect(await s.client.callTool({ name: 'get_ticket', arguments: { ticket_id: 'T-404' } })).toEqual({ content: [{ type: 'text', text: 'no ticket T-404' }], isError: true });
    const err = await s.client.callTool({ name: 'get_ticket', arguments: { ticket_id: 'T-500' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    // The server's McpError already says "MCP error -32603: …" on the wire; the client adds its own prefix.
    expect(err).toMatchObject({ code: -32603, message: 'MCP error -32603: MCP error -32603: the ticket store is down', data: { retry_after_s: 30 } });
    expect(s.seen().map((c) => c.arguments.ticket_id)).toEqual(['T-404', 'T-500']);
  });

  test('the server crashing mid-call: the client gets a clear error, and the proxy exits', async () => {
    const s = await start(['--pack', 'helpdesk']);
    const err = await s.client.callTool({ name: 'get_ticket', arguments: { ticket_id: 'T-999' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect(err).toMatchObject({ code: -32000, message: 'MCP error -32000: the MCP server behind the Actionable proxy exited before it answered' });
    expect(await waitForExit(s.pid, 10_000)).toBe(true);
    expect(s.stderr()).toBe('error: the MCP server exited; the proxy stops\n');
    expect(s.log().filter((r) => r.event === 'server-exited').map((r) => r.pending)).toEqual([1]);
  });

  test('a client message over the transport\'s 10 MB: the proxy stops with code 3 and says why, not 0', async () => {
    const raw = rawProxy({ dir, proxyArgs: ['--pack', 'helpdesk'], server: [process.execPath, 'tests/mcp/helpdesk-server.mjs'], env: { SEEN_FILE: join(dir, 'seen-large.jsonl') } });
    raw.send(INITIALIZE);
    expect((await raw.next((m) => m.id === 0)).result).toBeDefined();
    raw.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_ticket', arguments: { ticket_id: 'x'.repeat(11 * 1024 * 1024) } } });
    const { code, stderr } = await raw.exited;
    expect(code).toBe(3);
    expect(stderr).toMatch(/^error: the client's messages can no longer be read \(ReadBuffer exceeded maximum size of 10485760 bytes\); the proxy stops$/m);
    expect(raw.seen()).toEqual([]);
  });

  test('log records go to the --log file, never to the client', async () => {
    const s = await start(['--pack', 'helpdesk']);
    await s.client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } });
    const records = s.log();
    expect(records.map((r) => r.event)).toEqual(['call']);
    expect(records[0]).toMatchObject({ forwarded: false, check: { pack: 'helpdesk', tool: 'update_ticket', outcome: 'rejected', faults: [{ code: 'invalid_status', field: 'status' }] } });
    expect(s.stderr()).toBe('');
  });
});

describe("without a pack: the server's own tools", () => {
  test('tools/list passes through, and the tools it lists are what calls are checked against', async () => {
    const s = await start([]);
    const { tools } = await s.client.listTools();
    expect(tools).toEqual(TOOLS);
    const result = await s.client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } });
    expect(result).toEqual({ content: [{ type: 'text', text: seedBody }], isError: true });
    expect(s.seen()).toEqual([]);
  });

  test("a call before the client's own tools/list: checked against the tools the proxy asked the server for at the handshake", async () => {
    const s = await start([]);
    const args = { ticket_id: 'ticket 12' };
    const result = await s.client.callTool({ name: 'get_ticket', arguments: args });
    const own = packFromToolDefinitions({ tools: TOOLS }, 'the server');
    expect(result).toEqual(text(check(own, { name: 'get_ticket', arguments: args }).body));
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({ field: 'ticket_id', received: 'ticket 12' });
    expect(s.seen()).toEqual([]);
    expect(s.log().map((r) => r.event)).toEqual(['tools', 'call']);
    expect(s.log()[0]).toMatchObject({ source: 'server', count: TOOLS.length });
    expect(s.log()[0]).not.toHaveProperty('unchecked');
  });
});
