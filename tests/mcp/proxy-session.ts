// Starting `actionable-errors mcp-proxy` as a user would (the bundled bin, through the launcher that builds it),
// in front of a real stdio MCP server behind wiretap.mjs, which writes down every tools/call that reaches
// the server. Two ways to drive it: the SDK's own client (startProxy), or raw JSON-RPC lines on its stdin
// (rawProxy), for the paths where the proxy exits and its exit code and stderr are the point.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export interface ProxySession {
  client: Client;
  transport: StdioClientTransport;
  /** The calls that reached the server, so far. */
  seen: () => { name: string; arguments: Record<string, unknown> }[];
  /** The proxy's log records, so far. */
  log: () => Record<string, unknown>[];
  stderr: () => string;
}

export interface ProxyStart {
  /** A directory for this session's files. */
  dir: string;
  /** Options before `--`. */
  proxyArgs: string[];
  /** The command that starts the MCP server. */
  server: string[];
  env?: Record<string, string>;
}

let sessions = 0;

const lines = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

function files(dir: string) {
  const n = sessions++;
  return { seenFile: join(dir, `seen-${n}.jsonl`), logFile: join(dir, `log-${n}.jsonl`) };
}

/** Builds lib/cli.js now if it is stale, so that no session's start waits for a build. */
export function buildBin(): void {
  const r = spawnSync(process.execPath, ['src/cli/launch.mjs', 'mcp-proxy', '--help'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the launcher failed: ${r.stderr}`);
}

export async function startProxy(o: ProxyStart): Promise<ProxySession> {
  const { seenFile, logFile } = files(o.dir);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['src/cli/launch.mjs', 'mcp-proxy', ...o.proxyArgs, '--log', logFile, '--', process.execPath, 'tests/mcp/wiretap.mjs', seenFile, '--', ...o.server],
    env: { ...(process.env as Record<string, string>), ...o.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'proxy-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, seen: () => lines(seenFile), log: () => lines(logFile), stderr: () => stderr };
}

/** A server started directly, with no proxy: its own answers, to compare with the proxy's. */
export async function startDirect(server: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: server[0], args: server.slice(1), env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
  transport.stderr!.on('data', () => {});
  const client = new Client({ name: 'proxy-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface RawProxy {
  /** Writes the messages in one write, one line each. */
  send: (...messages: object[]) => void;
  /** The next message from the proxy that satisfies the test (the messages already in count). */
  next: (test: (m: Record<string, any>) => boolean) => Promise<Record<string, any>>;
  /** Every message from the proxy so far, in order. */
  received: () => Record<string, any>[];
  /** Resolves when the proxy exits. */
  exited: Promise<{ code: number | null; stderr: string }>;
  seen: () => { name: string; arguments: Record<string, unknown> }[];
  log: () => Record<string, unknown>[];
  kill: () => void;
}

/** The proxy driven with raw JSON-RPC lines on its stdin, as a client would write them. */
export function rawProxy(o: ProxyStart): RawProxy {
  const { seenFile, logFile } = files(o.dir);
  const child = spawn(
    process.execPath,
    ['src/cli/launch.mjs', 'mcp-proxy', ...o.proxyArgs, '--log', logFile, '--', process.execPath, 'tests/mcp/wiretap.mjs', seenFile, '--', ...o.server],
    { env: { ...process.env, ...o.env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const messages: Record<string, any>[] = [];
  const waiters: { test: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  /** The pieces of the line not yet ended: only each new chunk is searched, so a 20 MB line reads in linear time. */
  let partial: string[] = [];
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    let start = 0;
    let nl;
    while ((nl = chunk.indexOf('\n', start)) !== -1) {
      const m = JSON.parse(partial.join('') + chunk.slice(start, nl));
      partial = [];
      start = nl + 1;
      messages.push(m);
      for (const w of waiters.splice(0)) {
        if (w.test(m)) w.resolve(m);
        else waiters.push(w);
      }
    }
    if (start < chunk.length) partial.push(chunk.slice(start));
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Writing to a proxy that has just exited fails with EPIPE: the test reads the exit instead.
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return {
    send: (...messages) => {
      // A proxy that has exited has closed its stdin; the test reads the exit instead.
      if (child.stdin.writable) child.stdin.write(messages.map((m) => JSON.stringify(m) + '\n').join(''));
    },
    next: (test) => {
      const already = messages.find(test);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    received: () => [...messages],
    exited,
    seen: () => lines(seenFile),
    log: () => lines(logFile),
    kill: () => child.kill(),
  };
}

/** The initialize request a client sends first, and the notification that ends the handshake. */
export const INITIALIZE = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } } };
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
