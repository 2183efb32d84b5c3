// `actionable-errors mcp-proxy [--pack ID] [--allow-unchecked TOOL...] [--form FORM] [--log FILE] -- <command that starts an MCP server>`: the proxy
// (proxy.ts) on this process's stdin and stdout, with the server started as a child process. Its log goes
// to stderr, or to --log FILE, one JSON line per record: never to stdout, which belongs to the client.
import { closeSync, openSync, writeSync } from 'node:fs';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { PROXY_HELP } from '../cli/help';
import { WIRE_FORMS, type WireForm } from '../engine/body/wire-forms';
import { loadCatalogPack, unknownPackMessage } from '../package/catalog';
import { readLinesWithoutLimit } from './line-buffer';
import { runProxy, type ProxyLogRecord } from './proxy';

interface ProxyArgs {
  pack?: string;
  log?: string;
  /** --form: the wire form of a refusal's text; --base-url: problem+json's type. */
  form?: string;
  baseUrl?: string;
  allowUnchecked: string[];
  command: string[];
}

/** The forms a refusal's text may take: every wire form but `mcp`, which the answer already is. */
const PROXY_FORMS: readonly string[] = WIRE_FORMS.filter((f) => f !== 'mcp');

function parse(argv: string[]): ProxyArgs | string {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const args: ProxyArgs = { command, allowUnchecked: [] };
  for (let i = 0; i < own.length; i++) {
    const a = own[i];
    const v = own[i + 1];
    if ((a === '--pack' || a === '--log' || a === '--allow-unchecked' || a === '--form' || a === '--base-url') && (v === undefined || v.startsWith('--'))) return `${a} needs a value`;
    if (a === '--pack') args.pack = own[++i];
    else if (a === '--form') args.form = own[++i];
    else if (a === '--base-url') args.baseUrl = own[++i];
    else if (a === '--log') args.log = own[++i];
    // Every name up to the next option: --allow-unchecked a b --allow-unchecked c
    else if (a === '--allow-unchecked') while (own[i + 1] !== undefined && !own[i + 1].startsWith('--')) args.allowUnchecked.push(own[++i]);
    else return `unknown option ${JSON.stringify(a)}`;
  }
  if (command.length === 0) return 'give the command that starts the MCP server after --';
  // The answer is an MCP result already: its text is the body, or the body in another form.
  if (args.form !== undefined && !PROXY_FORMS.includes(args.form)) return `--form takes one of ${PROXY_FORMS.join(', ')}, not ${JSON.stringify(args.form)}`;
  if (args.baseUrl !== undefined && args.form !== 'problem+json') return '--base-url goes with --form problem+json';
  if (args.pack !== undefined && args.allowUnchecked.length) return "--allow-unchecked is for the server's own tools: with --pack every call is checked against the pack";
  return args;
}

export async function proxyCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') && !argv.slice(0, Math.max(0, argv.indexOf('--'))).length) {
    process.stdout.write(PROXY_HELP + '\n');
    return 0;
  }
  const args = parse(argv);
  if (typeof args === 'string') {
    process.stderr.write(`error: ${args}\n\n${PROXY_HELP}\n`);
    return 2;
  }
  const pack = args.pack === undefined ? undefined : await loadCatalogPack(args.pack);
  if (args.pack !== undefined && !pack) {
    process.stderr.write(unknownPackMessage(args.pack));
    return 2;
  }
  // A server's tools compile on their first call, so a listing of thousands does not hold the first call up.
  const fromDefinitions = pack ? undefined : (await import('../engine/pack/tools-import')).packFromToolDefinitions;
  const toolsPack = fromDefinitions && ((definitions: unknown, origin: string) => fromDefinitions(definitions, origin, { firstUse: true }));
  // Written synchronously: a call's record is in the file before its reply reaches the client, so whoever
  // reads the log after a reply finds the record (a stream could still be holding it).
  let file: number | undefined;
  try {
    if (args.log) file = openSync(args.log, 'a');
  } catch (err) {
    process.stderr.write(`error: cannot open the log file ${JSON.stringify(args.log)}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const log = (record: ProxyLogRecord) => {
    const line = JSON.stringify({ at: new Date().toISOString(), ...record }) + '\n';
    if (file !== undefined) writeSync(file, line);
    else process.stderr.write(line);
  };
  // The server gets this process's whole environment (its keys and settings), not the SDK's short list.
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  // A server's answer of any size comes through: the SDK's reader would end the session on one over 10 MB
  // (line-buffer.ts). The client's messages keep its limit: a call is read by check(), which caps its input.
  const server = readLinesWithoutLimit(new StdioClientTransport({ command: args.command[0], args: args.command.slice(1), env, stderr: 'inherit' }));
  const client = new StdioServerTransport();
  try {
    await server.start();
  } catch (err) {
    process.stderr.write(`error: cannot start the MCP server ${JSON.stringify(args.command.join(' '))}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const report = (message: string) => void process.stderr.write(message);
  // ACTIONABLE_LIST_TIMEOUT_MS: how long a slow server may take to list its tools (30 s unless set).
  const listTimeout = Number(process.env.ACTIONABLE_LIST_TIMEOUT_MS);
  const form = args.form === undefined || args.form === 'body' ? undefined : { form: args.form as Exclude<WireForm, 'mcp'>, baseUrl: args.baseUrl };
  const running = runProxy({ client, server, pack, toolsPack, allowUnchecked: args.allowUnchecked, log, report, form, ...(listTimeout > 0 ? { listTimeoutMs: listTimeout } : {}) });
  // The SDK's transport closes itself after an error it cannot read past (a message over its 10 MB buffer):
  // the client has not gone away, so that is a failure, not a 0. runProxy logs the error; it is kept here too.
  let clientError: Error | undefined;
  const logClientError = client.onerror;
  client.onerror = (err) => {
    clientError = err;
    logClientError?.(err);
  };
  await client.start();
  // The SDK's stdio server transport does not watch for the end of stdin: the client going away ends the proxy.
  let clientEnded = false;
  process.stdin.once('end', () => {
    clientEnded = true;
    void client.close();
  });
  let code = await running;
  // Nothing more is read from the client; an open stdin would keep the process alive.
  process.stdin.destroy();
  if (code === 1) process.stderr.write('error: the MCP server exited; the proxy stops\n');
  if (code === 0 && !clientEnded && clientError) {
    process.stderr.write(`error: the client's messages can no longer be read (${clientError.message}); the proxy stops\n`);
    code = 3;
  }
  if (file !== undefined) closeSync(file);
  return code;
}
