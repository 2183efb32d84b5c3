// The audit's run: list the server's tools (bounded as the proxy bounds them), compile and lint them, send
// each selected tool the wrong calls its schema refuses, one at a time, each under a timeout, and grade each
// reply against the engine's body for the same call. The whole run is under one deadline too: a server
// that hangs, crashes or floods gives a partial report, never a hung audit. Calls go to the server
// directly, never through the proxy.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { engineBodyFor, grade } from '../engine/grade';
import { packFromToolDefinitions } from '../engine/pack/tools-import';
import { PackError } from '../engine/pack/pack-compiler';
import { STRICT_TARGETS, strictReport } from '../engine/strict';
import { lintPromises } from '../engine/pack/promises/promise-lint';
import type { CompiledPack } from '../engine/types';
import { ListingPages } from '../mcp/listing-pages';
import { summarise, type AuditCall, type AuditReport, type CallPoint, type LintSummary } from './report';
import { callsToSend } from './schema-refuses';
import type { WrongCall } from './wrong-calls';

/** A live session with the server: the client, how to end it, and why it ended when it has. */
export interface Session {
  client: Client;
  close(): Promise<void>;
  /** Set once the session has ended: why, in a clause ("the server exited"). */
  ended(): string | undefined;
}

export interface AuditOptions {
  /** Starts (or restarts) a session. */
  connect: () => Promise<Session>;
  server: AuditReport['server'];
  /** Tools named with --tool: audited whatever their annotations say. */
  tools?: readonly string[];
  allowWrites?: boolean;
  callTimeoutMs: number;
  /** The whole run's deadline, listing included. */
  totalTimeoutMs: number;
  /** How many times a session that ended may be started again (stdio: the server restarted). */
  maxRestarts?: number;
  countTokens?: (text: string) => number;
}

/** Why the audit could not run at all (no listing): said on stderr, exit 2. */
export class AuditError extends Error {}

/** The most characters of a reply the report keeps. */
const REPLY_CLIP = 600;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function clip(text: string): string {
  return text.length > REPLY_CLIP ? `${text.slice(0, REPLY_CLIP)}… (${text.length.toLocaleString('en')} characters)` : text;
}

/** The text a model is handed from an MCP result: its text parts. */
function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : '')).join('\n');
}

/** Every page of tools/list, within the proxy's limits. */
async function listTools(client: Client, timeout: number): Promise<unknown[]> {
  const pages = new ListingPages();
  let cursor: string | undefined;
  for (;;) {
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListToolsResultSchema, { timeout });
    const outcome = pages.add(result);
    if ('fault' in outcome) throw new AuditError(`the server's tools/list cannot be used: ${outcome.fault}`);
    if (outcome.next === undefined) return pages.tools;
    cursor = outcome.next;
  }
}

function lintSummaries(pack: CompiledPack): LintSummary[] {
  return STRICT_TARGETS.map((target) => {
    const r = strictReport(pack, target);
    return {
      target,
      refuses: r.counts.refuses,
      ignores: r.counts.ignores,
      rewrite: r.counts.rewrite,
      refusedTools: r.tools.filter((t) => t.refused).map((t) => ({ tool: t.name, why: t.findings.find((f) => f.action === 'refuses')?.message ?? '' })),
    };
  });
}

/** Which tools get calls, and why each other one does not. */
function selectTools(definitions: unknown[], pack: CompiledPack, o: AuditOptions): { audited: string[]; skipped: { tool: string; why: string }[] } {
  const readOnly = new Set(definitions.filter((d) => isObject(d) && isObject(d.annotations) && d.annotations.readOnlyHint === true).map((d) => String((d as { name: unknown }).name)));
  const named = new Set(o.tools ?? []);
  const audited: string[] = [];
  const skipped: { tool: string; why: string }[] = [];
  for (const name of named) if (!pack.tool(name)) skipped.push({ tool: name, why: 'named with --tool, but the server lists no such tool that compiles' });
  for (const t of pack.tools) {
    if (named.size ? named.has(t.name) : o.allowWrites || readOnly.has(t.name)) audited.push(t.name);
    else skipped.push({ tool: t.name, why: named.size ? 'not named with --tool' : 'not marked readOnlyHint: true (name it with --tool, or pass --allow-writes)' });
  }
  return { audited, skipped };
}

type Sent = { outcome: 'graded' | 'accepted'; reply: unknown; text: string } | { outcome: 'timeout' | 'crash' | 'oversized' | 'malformed'; text: string };

async function send(session: Session, call: WrongCall, timeout: number): Promise<Sent> {
  try {
    const result = await session.client.request({ method: 'tools/call', params: { name: call.name, arguments: call.arguments } }, CallToolResultSchema, { timeout });
    const text = resultText(result);
    return { outcome: result.isError === true ? 'graded' : 'accepted', reply: result, text };
  } catch (err) {
    const ended = session.ended();
    if (ended) return { outcome: /maximum size/.test(ended) ? 'oversized' : 'crash', text: ended };
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) return { outcome: 'timeout', text: `no answer within ${timeout} ms` };
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) return { outcome: 'crash', text: 'the session ended during the call' };
    // A JSON-RPC error the server sent: graded as the JSON-RPC error it is.
    if (err instanceof McpError) {
      const error = { code: err.code, message: err.message.replace(/^MCP error -?\d+: /, ''), ...(err.data !== undefined ? { data: err.data } : {}) };
      return { outcome: 'graded', reply: { jsonrpc: '2.0', error }, text: JSON.stringify({ error }) };
    }
    return { outcome: 'malformed', text: err instanceof Error ? err.message : String(err) };
  }
}

function gradeCall(pack: CompiledPack, call: WrongCall, s: Sent, countTokens?: (text: string) => number): AuditCall {
  const named = { name: call.name, arguments: call.arguments };
  const body = engineBodyFor(pack, named);
  const bodyGrade = body ? grade(pack, named, body, { countTokens }) : undefined;
  const bodyScore = bodyGrade ? bodyGrade.points.filter((p) => p.met).length : 10;
  const base = { tool: call.tool, kind: call.kind, name: call.name, arguments: call.arguments, at: call.at, outcome: s.outcome, reply: clip(s.text), bodyScore };
  if (s.outcome !== 'graded') {
    const rounds = bodyGrade?.rounds.body ?? 0;
    return { ...base, score: 0, rounds: { reply: null, body: rounds }, tokens: { reply: 0, body: bodyGrade?.tokens.body ?? 0 } };
  }
  const g = grade(pack, named, s.reply, { countTokens });
  const points: CallPoint[] = g.points.map((p) => ({ id: p.id, met: p.met, note: p.note }));
  return { ...base, score: points.filter((p) => p.met).length, points, rounds: g.rounds, tokens: g.tokens };
}

const notSent = (call: WrongCall): AuditCall => ({ tool: call.tool, kind: call.kind, name: call.name, arguments: call.arguments, at: call.at, outcome: 'not_sent', score: 0, bodyScore: 0, rounds: { reply: null, body: null }, tokens: { reply: 0, body: 0 } });

/** Runs the audit; throws AuditError when the server cannot be listed at all. */
export async function runAudit(o: AuditOptions): Promise<AuditReport> {
  const deadline = Date.now() + o.totalTimeoutMs;
  const left = () => deadline - Date.now();
  const events: string[] = [];
  let session: Session;
  try {
    session = await withDeadline(o.connect(), left(), 'starting the session');
  } catch (err) {
    throw new AuditError(`the MCP server could not be started: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const info = session.client.getServerVersion();
    const server = { ...o.server, ...(info ? { name: info.name, version: info.version } : {}) };
    let definitions: unknown[];
    try {
      definitions = await listTools(session.client, Math.max(1, Math.min(left(), 30_000)));
    } catch (err) {
      if (err instanceof AuditError) throw err;
      throw new AuditError(`the server's tools could not be listed: ${session.ended() ?? (err instanceof Error ? err.message : String(err))}`);
    }
    let pack: CompiledPack | undefined;
    let uncompiled: { tool: string; why: string }[] = [];
    try {
      pack = packFromToolDefinitions({ tools: definitions }, "the server's tools/list");
      uncompiled = (pack.refused ?? []).map((r) => ({ tool: r.tool, why: r.reason }));
    } catch (err) {
      if (!(err instanceof PackError)) throw err;
      uncompiled = err.problems.map((p) => ({ tool: p.path, why: p.message }));
    }
    const tools = { listed: definitions.length, audited: [] as string[], skipped: [] as { tool: string; why: string }[], uncompiled };
    if (!pack) return { version: 1, server, tools, lint: [], promises: [], calls: [], ...summarise([]), events, complete: true };
    const chosen = selectTools(definitions, pack, o);
    tools.audited = chosen.audited;
    tools.skipped = chosen.skipped;
    const lint = lintSummaries(pack);
    const promises = pack.tools.flatMap((t) => lintPromises(t).map((f) => ({ tool: t.name, ...f })));

    const names = new Set(definitions.map((d) => (isObject(d) ? String(d.name) : '')));
    const planned: WrongCall[] = [];
    for (const name of chosen.audited) planned.push(...callsToSend(pack.tool(name)!, names));

    const calls: AuditCall[] = [];
    let restarts = 0;
    let stopped = false;
    for (const call of planned) {
      if (stopped || left() <= 0) {
        if (!stopped) events.push(`the audit's time (${Math.round(o.totalTimeoutMs / 1000)} s) ran out; the calls after that were not sent`);
        stopped = true;
        calls.push(notSent(call));
        continue;
      }
      if (session.ended()) {
        if (restarts >= (o.maxRestarts ?? 3)) {
          events.push(`the session ended ${restarts + 1} times; the calls after that were not sent`);
          stopped = true;
          calls.push(notSent(call));
          continue;
        }
        restarts++;
        try {
          session = await withDeadline(o.connect(), left(), 'restarting the session');
          events.push(`the session was started again (restart ${restarts})`);
        } catch (err) {
          events.push(`the session could not be started again: ${err instanceof Error ? err.message : String(err)}`);
          stopped = true;
          calls.push(notSent(call));
          continue;
        }
      }
      const s = await send(session, call, Math.max(1, Math.min(o.callTimeoutMs, left())));
      if (s.outcome === 'crash' || s.outcome === 'oversized') events.push(`${call.name} (${call.kind}): ${s.text}`);
      calls.push(gradeCall(pack, call, s, o.countTokens));
    }
    return { version: 1, server, tools, lint, promises, calls, ...summarise(calls), events, complete: !stopped };
  } finally {
    await session.close().catch(() => {});
  }
}

async function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than the audit's time`)), Math.max(1, ms))));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
