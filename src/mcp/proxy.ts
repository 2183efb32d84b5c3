// The MCP proxy: sits between an MCP client and a stdio MCP server, and runs check() on every tools/call.
// It works on JSON-RPC messages, with the official SDK's stdio transports on both sides, so everything
// else (initialize, resources, prompts, notifications, the server's own requests to the client, every
// result and every error) passes through unchanged. Only two methods are the proxy's business:
//   tools/list  with a pack: answered from the pack, its model-facing schemas (glosses included). Without
//               one it goes to the server, and the answer teaches the proxy the tools it checks against.
//   tools/call  checked first. A rejected call never reaches the server: the client gets the body as the
//               tool's result, with isError: true. An accepted call goes on as it will run, absorbed
//               (a field name's case fixed, a JSON string unwrapped...), and the server's answer comes back as it is.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { serializeBody } from '../engine/body';
import { check } from '../engine/check';
import { exportPack } from '../engine/exports';
import type { CompiledPack, Json, LogRecord } from '../engine/types';

type RequestId = string | number;

/** One line of the proxy's log: what happened to a call, and the engine's own record of it. */
export type ProxyLogRecord =
  | { event: 'call'; forwarded: boolean; check: LogRecord }
  | { event: 'unchecked'; tool: string; reason: string }
  | { event: 'tools'; source: 'pack' | 'server'; count: number }
  | { event: 'server-exited'; pending: number }
  | { event: 'error'; message: string };

export interface ProxyOptions {
  /** Toward the MCP client (the proxy is its server): stdin and stdout. */
  client: Transport;
  /** Toward the MCP server (the proxy is its client): the spawned server. */
  server: Transport;
  /** Check against this pack and serve its tools; without one, learn the tools from the server. */
  pack?: CompiledPack;
  /** Compiles the server's tools/list into a pack (tools-import.ts, loaded only when there is no pack). */
  toolsPack?: (definitions: unknown, origin: string) => CompiledPack;
  log: (record: ProxyLogRecord) => void;
}

/** Ids of the proxy's own requests to the server: strings no client is likely to use. */
const OWN_ID_PREFIX = 'actionable-proxy/';

/**
 * Runs the proxy until either side closes. Resolves with the exit code: 0 when the client went away, 1 when
 * the server did (every request it had not answered is answered with an error saying so).
 */
export function runProxy(o: ProxyOptions): Promise<number> {
  const { client, server, log } = o;
  /** Requests forwarded to the server and not yet answered, by id, with their method. */
  const pending = new Map<RequestId, string>();
  /** The proxy's own requests to the server (tools/list, to learn the tools). */
  const own = new Map<string, (message: JSONRPCMessage) => void>();
  let ownIds = 0;
  let learned: Promise<CompiledPack | undefined> | undefined;
  /** The pages of a tools/list the client asked for, collected until the last one. */
  let listing: unknown[] | undefined;
  let finished = false;
  let done!: (code: number) => void;
  const result = new Promise<number>((resolve) => (done = resolve));

  const toClient = (m: JSONRPCMessage) => client.send(m).catch((err: unknown) => log({ event: 'error', message: `cannot write to the client: ${String(err)}` }));
  const toServer = (m: JSONRPCMessage) => server.send(m);

  const compile = (tools: unknown[]): CompiledPack | undefined => {
    try {
      const pack = o.toolsPack!({ tools }, 'the server\u2019s tools/list');
      log({ event: 'tools', source: 'server', count: pack.tools.length });
      return pack;
    } catch (err) {
      log({ event: 'error', message: `cannot read the server's tool definitions, so calls go through unchecked: ${err instanceof Error ? err.message : String(err)}` });
      return undefined;
    }
  };

  /** The server's tools, asked for by the proxy itself when a call comes before any tools/list. */
  const fetchTools = async (): Promise<CompiledPack | undefined> => {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    do {
      const id = `${OWN_ID_PREFIX}${ownIds++}`;
      const reply = await new Promise<JSONRPCMessage>((resolve, reject) => {
        own.set(id, resolve);
        toServer({ jsonrpc: '2.0', id, method: 'tools/list', params: cursor ? { cursor } : {} }).catch(reject);
      });
      if (!isJSONRPCResultResponse(reply)) {
        log({ event: 'error', message: `the server refused tools/list: ${JSON.stringify(isJSONRPCErrorResponse(reply) ? reply.error : reply)}` });
        return undefined;
      }
      const page = reply.result as { tools?: unknown[]; nextCursor?: string };
      tools.push(...(page.tools ?? []));
      cursor = page.nextCursor;
    } while (cursor);
    return compile(tools);
  };

  const packForCalls = (): Promise<CompiledPack | undefined> => {
    if (o.pack) return Promise.resolve(o.pack);
    learned ??= fetchTools();
    return learned;
  };

  const onCall = async (req: JSONRPCRequest) => {
    const params = (req.params ?? {}) as { name?: unknown; arguments?: Json };
    const pack = await packForCalls();
    if (!pack) {
      log({ event: 'unchecked', tool: String(params.name), reason: 'no tool definitions to check against' });
      pending.set(req.id, req.method);
      return toServer(req);
    }
    // The server holds the records: it checks existence and permissions itself, not the pack's sample state.
    const r = check(pack, { name: params.name, arguments: params.arguments ?? {} }, { checks: false });
    log({ event: 'call', forwarded: r.ok, check: r.log });
    if (!r.ok) {
      return toClient({ jsonrpc: '2.0', id: req.id, result: { content: [{ type: 'text', text: serializeBody(r.body!) }], isError: true } });
    }
    pending.set(req.id, req.method);
    return toServer({ ...req, params: { ...req.params, name: r.tool!, arguments: r.arguments as Record<string, unknown> } });
  };

  client.onmessage = (m) => {
    if (isJSONRPCRequest(m) && m.method === 'tools/call') {
      onCall(m).catch((err: unknown) => {
        pending.delete(m.id);
        toClient({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InternalError, message: `the proxy could not pass the call on: ${err instanceof Error ? err.message : String(err)}` } });
      });
      return;
    }
    if (isJSONRPCRequest(m) && m.method === 'tools/list' && o.pack) {
      log({ event: 'tools', source: 'pack', count: o.pack.tools.length });
      toClient({ jsonrpc: '2.0', id: m.id, result: { tools: exportPack(o.pack, 'mcp') } });
      return;
    }
    if (isJSONRPCRequest(m)) {
      pending.set(m.id, m.method);
      if (m.method === 'tools/list' && !(m.params as { cursor?: string } | undefined)?.cursor) listing = [];
    }
    toServer(m).catch((err: unknown) => {
      if (!isJSONRPCRequest(m)) return;
      pending.delete(m.id);
      toClient({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InternalError, message: `the proxy could not reach the MCP server: ${err instanceof Error ? err.message : String(err)}` } });
    });
  };

  server.onmessage = (m) => {
    if ((isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m)) && typeof m.id === 'string' && own.has(m.id)) {
      const resolve = own.get(m.id)!;
      own.delete(m.id);
      resolve(m);
      return;
    }
    if ((isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m)) && m.id !== undefined && pending.has(m.id)) {
      const method = pending.get(m.id);
      pending.delete(m.id);
      // The client's own tools/list teaches the proxy the tools, once its last page is in.
      if (method === 'tools/list' && !o.pack && isJSONRPCResultResponse(m) && listing) {
        const page = m.result as { tools?: unknown[]; nextCursor?: string };
        listing.push(...(page.tools ?? []));
        if (!page.nextCursor) {
          const pack = compile(listing);
          learned = Promise.resolve(pack);
          listing = undefined;
        }
      }
    }
    if (isJSONRPCNotification(m) && m.method === 'notifications/tools/list_changed') learned = undefined;
    toClient(m);
  };

  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    await Promise.allSettled([client.close(), server.close()]);
    done(code);
  };

  server.onclose = () => {
    if (finished) return;
    // The server is gone: every request it had not answered gets an error that says so, then the proxy stops.
    log({ event: 'server-exited', pending: pending.size });
    const answers = [...pending.keys()].map((id) =>
      client.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.ConnectionClosed, message: 'the MCP server behind the Actionable proxy exited before it answered' } }),
    );
    pending.clear();
    for (const resolve of own.values()) resolve({ jsonrpc: '2.0', id: 'closed', error: { code: ErrorCode.ConnectionClosed, message: 'the MCP server exited' } });
    own.clear();
    Promise.allSettled(answers).then(() => finish(1));
  };
  client.onclose = () => finish(0);
  server.onerror = (err) => log({ event: 'error', message: `server transport: ${err.message}` });
  client.onerror = (err) => log({ event: 'error', message: `client transport: ${err.message}` });
  return result;
}
