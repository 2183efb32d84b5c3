// The two ways `audit` reaches a server: a command it starts and speaks to over stdio, or a streamable-HTTP
// URL. Each session knows why it ended (the server exited, a reply over the transport's limit), so a call
// cut short is reported as a crash, not waited on.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Session } from './run-audit';

const CLIENT = { name: 'actionable-errors-audit', version: '1' };
/** The last characters of the server's stderr kept, to say why it exited. */
const STDERR_TAIL = 400;

async function open(transport: Transport, timeout: number, describeEnd: () => string): Promise<Session> {
  let ended: string | undefined;
  // The transport's own limit, once passed, is why the session ends (the rest of the reply then reads as broken JSON).
  let overflow: string | undefined;
  const client = new Client(CLIENT);
  client.onclose = () => {
    ended ??= overflow ? `a reply went over the transport's limit (${overflow}), which ended the session` : describeEnd();
  };
  client.onerror = (err) => {
    if (/maximum size/.test(err.message)) overflow ??= err.message;
  };
  try {
    await client.connect(transport, { timeout });
  } catch (err) {
    await transport.close().catch(() => {});
    throw err;
  }
  return { client, close: () => client.close(), ended: () => ended };
}

/** A server started from `command` (its first word the program), with this process's environment. */
export function stdioSession(command: readonly string[], timeout: number): () => Promise<Session> {
  return () => {
    const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    const transport = new StdioClientTransport({ command: command[0], args: command.slice(1), env, stderr: 'pipe' });
    let tail = '';
    transport.stderr?.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-STDERR_TAIL)));
    return open(transport, timeout, () => `the server exited${tail.trim() ? `; the end of its stderr: ${JSON.stringify(tail.trim())}` : ''}`);
  };
}

/** A streamable-HTTP MCP server at `url`. */
export function httpSession(url: URL, timeout: number): () => Promise<Session> {
  return () => open(new StreamableHTTPClientTransport(url), timeout, () => 'the HTTP session ended');
}
