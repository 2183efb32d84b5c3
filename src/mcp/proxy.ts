// The MCP proxy: sits between an MCP client and a stdio MCP server, and runs check() on every tools/call.
// It works on JSON-RPC messages, with the official SDK's stdio transports on both sides, so everything
// else (initialize, resources, prompts, notifications, the server's own requests to the client, every
// result and every error) passes through unchanged but for request ids: each request goes on under an id
// of the proxy's own and its answer comes back under the sender's (request-ids.ts), so the client's ids
// never meet the proxy's own requests to the server. Only two methods are the proxy's business:
//   tools/list  with a pack: answered from the pack, its model-facing schemas (glosses included). Without
//               one it goes to the server, and the answer teaches the proxy the tools it checks against;
//               it reaches the client without the tools the proxy refuses (below).
//   tools/call  checked first. A rejected call never reaches the server: the client gets the body as the
//               tool's result, with isError: true. An accepted call goes on as it will run, absorbed
//               (a field name's case fixed, a JSON string unwrapped...), and the server's answer comes back as it is.
// No call goes through unchecked unless the person running the proxy said so. Without a pack, the proxy asks
// the server for its tools as soon as the client's handshake is done. A tool it cannot compile (past the
// compile budgets, say) is refused alone, at start as after tools/list_changed: named on stderr with the
// place in its schema and the reason, left out of the tools/list the client sees, and a call to it gets
// unknown_tool and is never forwarded; one hostile definition cannot take the other tools down. Unless that
// tool is in `allowUnchecked`: then its calls are forwarded as sent, and every log record of them says so.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type JSONRPCNotification, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { assembleBody } from '../engine/body/body';
import { serializeBody } from '../engine/body/wire-forms';
import { docUrlFor, type WireForm } from '../engine/body/wire-forms';
import { check } from '../engine/check';
import '../engine/parse/json-repair-default';
import { unknownToolFault } from '../engine/parse/unknown-tool';
import { exportPack } from '../engine/pack/exports';
import { lintPromises } from '../engine/pack/promises/promise-lint';
import type { CompiledPack, Json, LogRecord, RefusedTool } from '../engine/types';
import { ListingPages } from './listing-pages';
import { RequestIds, type InFlight, type RequestId } from './request-ids';

export { MAX_LIST_PAGES, MAX_LISTED_TOOLS } from './listing-pages';

/** One line of the proxy's log: what happened to a call, and the engine's own record of it. */
export type ProxyLogRecord =
  | { event: 'call'; forwarded: boolean; check: LogRecord }
  /** A call to a tool the proxy cannot check, forwarded because --allow-unchecked names it. */
  | { event: 'call'; forwarded: true; unchecked: true; tool: string; reason: string }
  /**
   * The tools calls are checked against; `unchecked` lists the allowed tools whose calls are not, `refused`
   * the tools that cannot be checked and are not allowed: left out of the client's listing, never forwarded.
   */
  | { event: 'tools'; source: 'pack' | 'server'; count: number; unchecked?: RefusedTool[]; refused?: RefusedTool[] }
  /** A listing that cannot be compiled as a whole (no one tool at fault): at start the proxy stops. */
  | { event: 'refused'; tools: RefusedTool[]; stopping: boolean }
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
  /** Tools whose calls may be forwarded unchecked when their definitions cannot be compiled (--allow-unchecked). */
  allowUnchecked?: readonly string[];
  log: (record: ProxyLogRecord) => void;
  /** A message for the person running the proxy (stderr): why it stops at start, or a tool it cannot check. */
  report?: (message: string) => void;
  /** How long the server has to answer the proxy's own tools/list (default LIST_TIMEOUT_MS). */
  listTimeoutMs?: number;
  /** The wire form of a refusal's text (--form; the body itself by default), problem+json's type under baseUrl. */
  form?: { form: Exclude<WireForm, 'mcp'>; baseUrl?: string };
}

/** A server that has not listed its tools by then never will: calls would wait on it for ever. */
export const LIST_TIMEOUT_MS = 30_000;

/** The answer to a request whose id is the id of another one from the same side still in flight. */
const DUPLICATE_ID = 'another request with this id has not been answered yet, so the Actionable proxy did not pass this one on: give each request in flight its own id';
const ORIGIN = 'the server\u2019s tools/list';

/** What calls are checked against, learned from the server's tools/list. */
interface Tools {
  /**
   * The tools that compiled, and a stand-in that accepts any arguments for each unchecked tool, so that a
   * misspelt name is offered it. Absent only when there is nothing to put in it (the server lists no tools).
   */
  pack?: CompiledPack;
  /** The tools whose calls go through unchecked (--allow-unchecked), with the reason they cannot be checked. */
  unchecked: Map<string, string>;
}
/** A request of the client's on its way through the proxy. */
type ClientRequest = InFlight<{ method: string }>;
/** Or why the proxy cannot check calls at all. */
type Learned = Tools | { failed: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const nameOf = (def: unknown, i: number) => (isObject(def) && typeof def.name === 'string' ? def.name : `(tool ${i}, with no name)`);

/** The refusals of one definition compiled on its own as {tools: [def]}, pointed back at its place in the listing. */
function refusalsOf(err: unknown, tool: string, i: number): RefusedTool[] {
  const at = (path: string) => path.replace(/^\/tools\/0(?=\/|$)/, `/tools/${i}`);
  const problems = isObject(err) && Array.isArray(err.problems) ? (err.problems as { path?: unknown; message?: unknown }[]) : [];
  // (When nothing compiles, the engine's messages start with the tool's name: the record names it already.)
  const reason = (message: unknown) => (String(message).startsWith(`${tool}: `) ? String(message).slice(tool.length + 2) : String(message));
  if (problems.length) return problems.map((p) => ({ tool, pointer: at(String(p.path ?? '')), reason: reason(p.message) }));
  return [{ tool, pointer: `/tools/${i}`, reason: messageOf(err) }];
}

/**
 * The message for the person running the proxy: each tool it cannot check, where, and why. `stopping`: the
 * listing as a whole cannot be used at start; `first`: the listing the proxy starts with; `none`: no tool is left.
 */
export function refusedMessage(refused: RefusedTool[], how: { stopping?: boolean; first?: boolean; none?: boolean } = {}): string {
  const named = [...new Set(refused.map((r) => r.tool).filter(Boolean))];
  const lines = refused.map((r) => `  ${r.tool || '(the listing)'} at ${r.pointer || '/'}: ${r.reason}`);
  const some = named.length === 1 ? 'a tool' : 'tools';
  const it = named.length === 1 ? 'it' : 'them';
  const head = how.stopping
    ? 'error: the MCP server\u2019s tools/list cannot be compiled as a whole, so the proxy cannot check calls; it stops:'
    : named.length
      ? `warning: the MCP server ${how.first ? '' : 'now '}lists ${some} the proxy cannot check; ${it} ${named.length === 1 ? 'is' : 'are'} left out of the tools/list the client sees, and calls to ${it} are answered with unknown_tool and not forwarded:`
      : 'warning: the MCP server\u2019s new tools/list cannot be read; every call is answered with an error and not forwarded:';
  const fix = named.length
    ? `Fix the definition${named.length === 1 ? '' : 's'} in the server, or start the proxy with --allow-unchecked ${named.join(' ')} to forward ${named.length === 1 ? 'its' : 'their'} calls unchecked (each logged as such).`
    : 'The listing as a whole cannot be read, so no tool can be allowed through unchecked.';
  const none = how.none && named.length ? '\nNo tool is left to call: the proxy runs on, and every call gets unknown_tool.' : '';
  return `${head}\n${lines.join('\n')}\n${fix}${none}\n`;
}

/**
 * For the server's author, at start and on each new listing: each promise a tool's description makes that
 * its schema does not enforce, with the JSON Patch that would (pack/promises/). The proxy enforces them.
 */
export function promisesMessage(pack: CompiledPack | undefined): string {
  const lines = (pack?.tools ?? []).flatMap((t) => lintPromises(t).map((p) => `  ${t.name} ${p.path}: ${JSON.stringify(p.patch)}`));
  if (lines.length === 0) return '';
  const n = lines.length === 1 ? 'a promise' : `${lines.length} promises`;
  return `note: the MCP server’s tool descriptions make ${n} that their schemas do not enforce; the proxy enforces ${lines.length === 1 ? 'it' : 'them'}, and this JSON Patch on each tool’s inputSchema would put ${lines.length === 1 ? 'it' : 'them'} in the schema:\n${lines.join('\n')}\n`;
}

/** A tool definition the client may see: one with a name the proxy has not refused (a nameless one cannot be called). */
const listable = (refused: ReadonlySet<string>) => (def: unknown) => isObject(def) && typeof def.name === 'string' && !refused.has(def.name);

/**
 * Runs the proxy until either side closes. Resolves with the exit code: 0 when the client went away, 1 when
 * the server did (every request it had not answered is answered with an error saying so), 2 when a
 * tools/list cannot be had at all (an error, no answer in time, past MAX_LIST_PAGES or MAX_LISTED_TOOLS, a
 * repeated cursor) or the first one cannot be compiled as a whole. A tool that cannot be checked is refused
 * alone and the proxy runs on, even when no tool is left.
 *
 * Every request is passed on under a fresh id of the proxy's own, both ways (request-ids.ts): the client's
 * ids never meet the proxy's own requests to the server, and a request whose id is still in flight from the
 * same side is answered with an error at once.
 */
export function runProxy(o: ProxyOptions): Promise<number> {
  const { client, server, log } = o;
  const allowed = new Set(o.allowUnchecked ?? []);
  /** The client's requests not yet answered, from arrival (a call may wait for the tools) to their answer. */
  const fromClient = new RequestIds<{ method: string }>();
  /** The server's requests to the client (sampling, elicitation, roots...), not yet answered. */
  const fromServer = new RequestIds<{ method: string }>();
  /** The proxy's own requests to the server (tools/list, to learn the tools), by id (from fromClient's count). */
  const own = new Map<number, (message: JSONRPCMessage) => void>();
  let learned: Promise<Learned> | undefined;
  /** Whether a listing has been adopted: a first one that cannot be had stops the proxy. */
  let adopted = false;
  /** The tools of the latest listing that cannot be checked and are not allowed: kept out of the client's listing. */
  let refusedNames: ReadonlySet<string> = new Set();
  /** The refusals last said on stderr, and the patterns not enforced. */
  let reported = '[]';
  let reportedLoose = '[]';
  let promised = '';
  /** The pages of a tools/list the client asks for, collected until the last one. */
  let listing: { pages: ListingPages; request: number; next?: string } | undefined;
  let stopping = false;
  let serverGone = false;
  let finished = false;
  let done!: (code: number) => void;
  const result = new Promise<number>((resolve) => (done = resolve));

  const toClient = (m: JSONRPCMessage) => client.send(m).catch((err: unknown) => log({ event: 'error', message: `cannot write to the client: ${String(err)}` }));
  const toServer = (m: JSONRPCMessage) => server.send(m);
  /** Answers the client's request under its own id, once: a request answered already (or cancelled) is not. */
  const answer = (entry: ClientRequest, reply: { result: Record<string, unknown> } | { error: { code: number; message: string } }) => {
    if (!fromClient.isOpen(entry)) return;
    fromClient.close(entry.fresh);
    return toClient({ jsonrpc: '2.0', id: entry.id, ...reply } as JSONRPCMessage);
  };
  const errorTo = (entry: ClientRequest, code: number, message: string) => answer(entry, { error: { code, message } });
  /** Passes the client's request on to the server under its fresh id. */
  const forward = (entry: ClientRequest, req: JSONRPCRequest) => {
    return toServer({ ...req, id: entry.fresh }).catch((err: unknown) => errorTo(entry, ErrorCode.InternalError, `the proxy could not reach the MCP server: ${messageOf(err)}`));
  };

  /** Compiles the listing, naming every definition that cannot be compiled. */
  const compileListing = (defs: unknown[]): { pack?: CompiledPack; refused: RefusedTool[] } => {
    if (defs.length === 0) return { refused: [] };
    try {
      const pack = o.toolsPack!({ tools: defs }, ORIGIN);
      return { pack, refused: pack.refused ?? [] };
    } catch (whole) {
      // Nothing compiled as a whole: compile each definition alone to name the ones at fault.
      const refused = defs.flatMap((def, i) => {
        try {
          return (o.toolsPack!({ tools: [def] }, ORIGIN).refused ?? []).flatMap((r) => refusalsOf({ problems: [{ path: r.pointer, message: r.reason }] }, r.tool, i));
        } catch (err) {
          return refusalsOf(err, nameOf(def, i), i);
        }
      });
      return { refused: refused.length ? refused : [{ tool: '', pointer: '/tools', reason: messageOf(whole) }] };
    }
  };

  /**
   * Turns the server's listing into what calls are checked against. A tool that cannot be compiled is refused
   * alone (unless allowed unchecked): named on stderr and in the tools record, left out of the client's
   * listing, its calls unknown_tool. Only a listing that cannot be compiled as a whole stops the proxy at start.
   */
  const adopt = (defs: unknown[]): Learned => {
    const first = !adopted;
    adopted = true;
    /** No one tool at fault: at start the proxy stops; later every call gets an error until a new listing. */
    const refuseWhole = (tools: RefusedTool[]): Learned => {
      log({ event: 'refused', tools, stopping: first });
      const message = refusedMessage(tools, { stopping: first });
      if (first) stop(message);
      else o.report?.(message);
      return { failed: message.trim() };
    };
    const { pack, refused } = compileListing(defs);
    if (refused.some((r) => !r.tool)) return refuseWhole(refused.filter((r) => !r.tool));
    const blocked = refused.filter((r) => !allowed.has(r.tool));
    const excused = refused.filter((r) => allowed.has(r.tool));
    const unchecked = new Map<string, string>();
    for (const r of excused) unchecked.set(r.tool, unchecked.has(r.tool) ? `${unchecked.get(r.tool)}; ${r.pointer}: ${r.reason}` : `${r.pointer}: ${r.reason}`);
    let checking = pack;
    if (unchecked.size || (!pack && refused.length)) {
      // Compiled again without the refused tools, and with a stand-in that takes any arguments for each
      // unchecked one: its calls are forwarded before any check, but a misspelt name is offered it.
      const out = new Set(refused.map((r) => r.tool));
      const kept = defs.filter((d, i) => !out.has(nameOf(d, i)));
      const standIns = [...unchecked.keys()].map((name) => ({ name, inputSchema: { type: 'object', additionalProperties: true } }));
      const attempt = (tools: unknown[]) => {
        try {
          return tools.length ? o.toolsPack!({ tools }, ORIGIN) : undefined;
        } catch (err) {
          return new Error(messageOf(err));
        }
      };
      let rebuilt = attempt([...kept, ...standIns]);
      // A name the engine does not take as a tool's: that tool's calls still go through by their exact name.
      if (rebuilt instanceof Error && standIns.length) rebuilt = attempt(kept);
      // Definitions that compiled alone but not together: a fault of the listing as a whole.
      if (rebuilt instanceof Error) return refuseWhole([{ tool: '', pointer: '/tools', reason: rebuilt.message }]);
      checking = rebuilt;
    }
    // (A name used twice is refused for its second definition only: the first is still called by it.)
    const callable = new Set((checking?.tools ?? []).map((t) => t.name));
    refusedNames = new Set(blocked.map((r) => r.tool).filter((name) => !callable.has(name)));
    const count = (checking?.tools ?? []).filter((t) => !unchecked.has(t.name)).length;
    log({ event: 'tools', source: 'server', count, ...(excused.length ? { unchecked: excused } : {}), ...(blocked.length ? { refused: blocked } : {}) });
    // Said once per change: the client's own tools/list of the same tools is not news.
    const said = JSON.stringify(blocked);
    if (blocked.length && said !== reported) o.report?.(refusedMessage(blocked, { first, none: count === 0 && unchecked.size === 0 }));
    reported = said;
    // Patterns no engine here runs safely (pattern-engine.ts): their tools are checked, those patterns not.
    const loose = (pack?.unenforced ?? []).filter((u) => callable.has(u.tool));
    const saidLoose = JSON.stringify(loose);
    if (loose.length && saidLoose !== reportedLoose) o.report?.(`warning: the MCP server lists ${loose.length === 1 ? 'a pattern' : 'patterns'} the proxy does not enforce; calls are checked without ${loose.length === 1 ? 'it' : 'them'}:\n${loose.map((u) => `  ${u.tool} at ${u.pointer}: ${u.reason}`).join('\n')}\n`);
    reportedLoose = saidLoose;
    const promises = promisesMessage(checking);
    if (promises && promises !== promised) o.report?.(promises);
    promised = promises;
    return { pack: checking, unchecked };
  };

  /** A tools/list that runs past the limits or in a circle: the proxy stops, at start or later (fail closed). */
  const refuseListing = (fault: string): Learned => {
    const message = `the MCP server\u2019s tools/list cannot be used, so the proxy cannot check calls: ${fault}`;
    log({ event: 'error', message });
    if (!serverGone) stop(`error: ${message}; it stops\n`);
    return { failed: message };
  };

  /** One request of the proxy's own to the server, answered by the server or, past `ms`, by a timeout error. */
  const ask = (method: string, params: Record<string, unknown>, ms: number, timeout: string): Promise<JSONRPCMessage> => {
    const id = fromClient.nextId();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return new Promise<JSONRPCMessage>((resolve, reject) => {
      own.set(id, resolve);
      timer = setTimeout(() => {
        own.delete(id);
        resolve({ jsonrpc: '2.0', id, error: { code: ErrorCode.RequestTimeout, message: timeout } });
      }, Math.max(0, ms));
      toServer({ jsonrpc: '2.0', id, method, params }).catch(reject);
    })
      .catch((err: unknown): JSONRPCMessage => ({ jsonrpc: '2.0', id, error: { code: ErrorCode.ConnectionClosed, message: messageOf(err) } }))
      .finally(() => {
        clearTimeout(timer);
        own.delete(id);
      });
  };

  /** The server's tools, asked for by the proxy itself: after the handshake, and when a call comes before any. */
  const fetchTools = async (): Promise<Learned> => {
    const pages = new ListingPages();
    const wait = o.listTimeoutMs ?? LIST_TIMEOUT_MS;
    // One wait for the whole listing, however many pages: the calls wait on it.
    const deadline = Date.now() + wait;
    let cursor: string | undefined;
    for (;;) {
      const timeout = cursor === undefined ? `no answer to tools/list in ${wait / 1000} s` : `tools/list did not reach its last page in ${wait / 1000} s`;
      const reply = await ask('tools/list', cursor === undefined ? {} : { cursor }, deadline - Date.now(), timeout);
      if (isJSONRPCErrorResponse(reply) && reply.error.code === ErrorCode.MethodNotFound && cursor === undefined) return adopt([]);
      if (!isJSONRPCResultResponse(reply)) {
        const message = `the MCP server did not list its tools, so the proxy cannot check calls: ${JSON.stringify(isJSONRPCErrorResponse(reply) ? reply.error : reply)}`;
        log({ event: 'error', message });
        // (When the server has gone, it is its exit that stops the proxy, with code 1.)
        if (!adopted && !serverGone) {
          adopted = true;
          stop(`error: ${message}; it stops\n`);
        }
        return { failed: message };
      }
      const page = pages.add(reply.result);
      if ('fault' in page) return refuseListing(page.fault);
      if (page.next === undefined) return adopt(pages.tools);
      cursor = page.next;
    }
  };

  const learn = () => {
    const fetching = fetchTools();
    learned = fetching;
    // A failure later on is not kept: the next call asks again.
    fetching.then((l) => {
      if ('failed' in l && learned === fetching) learned = undefined;
    });
    return fetching;
  };

  const packForCalls = (): Promise<Learned> => {
    if (o.pack) return Promise.resolve({ pack: o.pack, unchecked: new Map() });
    return learned ?? learn();
  };

  /** Stops the proxy: says why, answers every request of the client's still open, and closes both sides (exit code 2). */
  const stop = (message: string) => {
    if (stopping || finished) return;
    stopping = true;
    o.report?.(message);
    const text = `the Actionable proxy stops: ${message.replace(/^error: /, '').trim()}`;
    const answers = fromClient.closeAll().map((entry) => toClient({ jsonrpc: '2.0', id: entry.id, error: { code: ErrorCode.InternalError, message: text } }));
    Promise.allSettled(answers).then(() => finish(2));
  };

  const forwardUnchecked = (entry: ClientRequest, req: JSONRPCRequest, tool: string, reason: string) => {
    log({ event: 'call', forwarded: true, unchecked: true, tool, reason });
    return forward(entry, { ...req, params: { ...req.params, name: tool } });
  };

  const onCall = async (entry: ClientRequest, req: JSONRPCRequest) => {
    const params = (req.params ?? {}) as { name?: unknown; arguments?: Json };
    const tools = await packForCalls();
    // Answered meanwhile (by a stop, the server's exit) or cancelled by the client: nothing more to do.
    if (!fromClient.isOpen(entry) || stopping || finished) return;
    if ('failed' in tools) return errorTo(entry, ErrorCode.InternalError, `the Actionable proxy cannot check this call, so it did not pass it on: ${tools.failed}`);
    const { pack, unchecked } = tools;
    if (typeof params.name === 'string' && unchecked.has(params.name)) return forwardUnchecked(entry, req, params.name, unchecked.get(params.name)!);
    if (!pack) {
      // The server lists no tool at all: every name is unknown.
      const fault = unknownToolFault({ sent: (params.name ?? null) as Json, candidates: [], listed: [], scope: 'every', none: true, reason: 'the MCP server lists no tool' });
      const body = assembleBody([fault]);
      return answer(entry, { result: { content: [{ type: 'text', text: serializeBody(body, o.form) }], isError: true } });
    }
    // The server holds the records: it checks existence and permissions itself, not the pack's sample state.
    // The request as it came: the engine's reader (formats.ts) knows a tools/call message.
    const r = check(pack, req as unknown as Json, { checks: false });
    // A name that reads as an unchecked tool's (another case, say): that tool, its arguments as sent.
    if (r.ok && unchecked.has(r.tool!)) return forwardUnchecked(entry, req, r.tool!, unchecked.get(r.tool!)!);
    log({ event: 'call', forwarded: r.ok, check: r.log });
    const form = o.form && { ...o.form, pack: pack.id, docUrl: r.tool ? docUrlFor(pack, r.tool) : undefined };
    if (!r.ok) return answer(entry, { result: { content: [{ type: 'text', text: serializeBody(r.body!, form) }], isError: true } });
    return forward(entry, { ...req, params: { ...req.params, name: r.tool!, arguments: r.arguments as Record<string, unknown> } });
  };

  /** A cancellation names the request by the sender's id: toward the other side it is the request's fresh id. */
  const cancelled = (m: JSONRPCNotification, ids: RequestIds<unknown>): JSONRPCNotification | undefined => {
    const params = (m.params ?? {}) as { requestId?: unknown };
    if (params.requestId === undefined) return m;
    const entry = ids.ofSender(params.requestId);
    if (!entry) return undefined; // answered already, or never passed on: nothing to cancel over there
    ids.close(entry.fresh);
    return { ...m, params: { ...params, requestId: entry.fresh } };
  };

  const onClientRequest = (m: JSONRPCRequest) => {
    const entry = fromClient.open(m.id, { method: m.method });
    if (!entry) {
      log({ event: 'error', message: 'the client sent a request with the id of one still in flight; it was answered with an error and not passed on' });
      toClient({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InvalidRequest, message: DUPLICATE_ID } });
      return;
    }
    if (m.method === 'tools/call') {
      onCall(entry, m).catch((err: unknown) => errorTo(entry, ErrorCode.InternalError, `the proxy could not pass the call on: ${messageOf(err)}`));
      return;
    }
    if (m.method === 'tools/list' && o.pack) {
      log({ event: 'tools', source: 'pack', count: o.pack.tools.length });
      answer(entry, { result: { tools: exportPack(o.pack, 'mcp') } });
      return;
    }
    if (m.method === 'tools/list') {
      // The first page starts a listing; the page it named next continues it; any other is not collected.
      const cursor = (m.params as { cursor?: unknown } | undefined)?.cursor;
      if (cursor === undefined) listing = { pages: new ListingPages(), request: entry.fresh };
      else if (listing && listing.next === cursor) listing.request = entry.fresh;
      else listing = undefined;
    }
    forward(entry, m);
  };

  client.onmessage = (m) => {
    if (stopping || finished) {
      if (isJSONRPCRequest(m)) toClient({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InternalError, message: 'the Actionable proxy is stopping' } });
      return;
    }
    if (isJSONRPCRequest(m)) return onClientRequest(m);
    if (isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m)) {
      // The client's answer to one of the server's requests: back under the server's own id.
      if (m.id === undefined) return void toServer(m).catch(() => {});
      const entry = fromServer.close(m.id);
      if (!entry) return log({ event: 'error', message: 'the client answered a request the proxy had not sent it (an id it does not know); the answer was dropped' });
      return void toServer({ ...m, id: entry.id }).catch((err: unknown) => log({ event: 'error', message: `cannot write to the server: ${messageOf(err)}` }));
    }
    const notification = isJSONRPCNotification(m) && m.method === 'notifications/cancelled' ? cancelled(m, fromClient) : m;
    if (notification) toServer(notification).catch((err: unknown) => log({ event: 'error', message: `cannot write to the server: ${messageOf(err)}` }));
    // The handshake is done: learn the server's tools now, so a tool that cannot be checked is named before
    // any call is made (the server has the initialized notification first: same pipe, same order).
    if (isJSONRPCNotification(m) && m.method === 'notifications/initialized' && !o.pack && !learned) learn();
  };

  /** The server's answer to one of the client's requests: to the client under its own id. */
  const onServerAnswer = (m: JSONRPCMessage & { id?: RequestId }) => {
    const entry = fromClient.get(m.id);
    if (!entry) return log({ event: 'error', message: 'the MCP server answered a request it had not been sent (an id the proxy does not know); the answer was dropped' });
    // The client's own tools/list teaches the proxy the tools, once its last page is in.
    const page = listing && listing.request === entry.fresh && isJSONRPCResultResponse(m) ? listing.pages.add(m.result) : undefined;
    if (page && 'fault' in page) return void refuseListing(page.fault); // the stop answers this request too
    const reply = { ...m, id: entry.id } as JSONRPCMessage;
    if (page && listing && page.next !== undefined) {
      listing.next = page.next;
      // A page before the last: its tools are judged by the listing the proxy knows, once it has one (its
      // own, asked for at the handshake or now). The last page brings the whole listing, judged below.
      const judged = learned ?? learn();
      void judged.then(() => {
        if (!fromClient.isOpen(entry) || stopping || finished) return;
        fromClient.close(entry.fresh);
        toClient(withoutRefused(reply));
      });
      return;
    }
    // Closed first: a stop at the first listing answers the others, and this one gets its page.
    fromClient.close(entry.fresh);
    if (page && listing) {
      const tools = adopt(listing.pages.tools);
      listing = undefined;
      if (!stopping) learned = Promise.resolve(tools);
      return void toClient(withoutRefused(reply));
    }
    toClient(reply);
  };

  /** A page of tools/list for the client, without the tools the proxy refuses: the model never sees a tool it cannot call. */
  const withoutRefused = (reply: JSONRPCMessage): JSONRPCMessage => {
    const result = isJSONRPCResultResponse(reply) ? reply.result : undefined;
    if (!result || !Array.isArray(result.tools) || result.tools.every(listable(refusedNames))) return reply;
    return { ...reply, result: { ...result, tools: result.tools.filter(listable(refusedNames)) } };
  };

  server.onmessage = (m) => {
    const isAnswer = isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m);
    if (isAnswer && typeof m.id === 'number' && own.has(m.id)) return own.get(m.id)!(m);
    if (stopping || finished) return;
    if (isAnswer && m.id !== undefined) return onServerAnswer(m);
    if (isJSONRPCRequest(m)) {
      // The server's own request to the client: under a fresh id, so it cannot meet the client's ids either.
      const entry = fromServer.open(m.id, { method: m.method });
      if (!entry) return void toServer({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InvalidRequest, message: DUPLICATE_ID } }).catch(() => {});
      return void toClient({ ...m, id: entry.fresh });
    }
    if (isJSONRPCNotification(m) && m.method === 'notifications/tools/list_changed') learned = undefined;
    const notification = isJSONRPCNotification(m) && m.method === 'notifications/cancelled' ? cancelled(m, fromServer) : m;
    if (notification) toClient(notification);
  };

  /** The proxy's own requests still waiting get an answer, so that no timer outlives the proxy. */
  const endOwn = () => {
    for (const [id, resolve] of own) resolve({ jsonrpc: '2.0', id, error: { code: ErrorCode.ConnectionClosed, message: 'the MCP server exited' } });
    own.clear();
  };

  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    endOwn();
    await Promise.allSettled([client.close(), server.close()]);
    done(code);
  };

  server.onclose = () => {
    serverGone = true;
    if (finished || stopping) return;
    // The server is gone: every request it had not answered gets an error that says so, then the proxy stops.
    log({ event: 'server-exited', pending: fromClient.size });
    const answers = fromClient.closeAll().map((entry) => toClient({ jsonrpc: '2.0', id: entry.id, error: { code: ErrorCode.ConnectionClosed, message: 'the MCP server behind the Actionable proxy exited before it answered' } }));
    endOwn();
    Promise.allSettled(answers).then(() => finish(1));
  };
  client.onclose = () => finish(0);
  server.onerror = (err) => log({ event: 'error', message: `server transport: ${err.message}` });
  client.onerror = (err) => log({ event: 'error', message: `client transport: ${err.message}` });
  return result;
}
