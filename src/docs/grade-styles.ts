// The /grade/ page's data, at build time: common real error styles, each built by running the library that
// makes it (nothing hand-copied), on the same faulty calls, graded by grade() with the engine's own body
// beside them; and tau-bench's own error strings, read from ../shared/corpus/tau-bench (never copied in),
// graded as data.
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { betterAjvErrors } from '@apideck/better-ajv-errors';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z, type ZodTypeAny } from 'zod';
import { check, grade, packFromToolDefinitions, type CompiledPack, type Grade, type Json, type SchemaNode } from '../engine';
import { countTokens } from './tokens';
import { corpusPath } from '../cli/corpus-dir';

export interface GradeCall {
  id: string;
  label: string;
  call: { name: string; arguments: Record<string, Json> };
}

/** The calls every style answers: the essays' own faults on the helpdesk pack. */
export const GRADE_CALLS: GradeCall[] = [
  { id: 'enum', label: 'A value outside the set (the essay’s call)', call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } } },
  { id: 'two-faults', label: 'Two faults in one call', call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN', priority: 'P1' } } },
  { id: 'format', label: 'A date written out', call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', due_at: 'March 13, 2026 17:00:00 UTC' } } },
  { id: 'misspelt', label: 'A misspelt argument', call: { name: 'update_ticket', arguments: { ticket_id: 'T-8841', statuss: 'open' } } },
];

export const STYLE_IDS = ['ajv', 'better-ajv-errors', 'mcp-sdk', 'http-400', 'engine'] as const;
export type StyleId = (typeof STYLE_IDS)[number];

export const STYLES: Record<StyleId, { label: string; how: string }> = {
  ajv: { label: 'AJV, default messages', how: 'AJV (draft 2020-12, ajv-formats) with its default options, so the first error only, as errorsText() writes it' },
  'better-ajv-errors': { label: 'better-ajv-errors', how: '@apideck/better-ajv-errors over AJV with allErrors, its array sent as JSON' },
  'mcp-sdk': { label: 'MCP SDK, invalid params', how: 'an McpServer of @modelcontextprotocol/sdk with the tool’s schema in zod, called by the SDK’s Client over its in-memory transport: the isError result it returns' },
  'http-400': { label: 'Bare HTTP 400', how: 'the status line alone, Node’s STATUS_CODES[400], with an empty body' },
  engine: { label: 'This engine’s body', how: 'check() of the same call, graded by the same code as the others' },
};

export interface StyleRow {
  style: StyleId;
  /** The reply as the model is handed it; null when the style accepts the call. */
  reply: string | null;
  grade: Grade | null;
}

/** A tool's wire schema as zod, the way an SDK server declares its input: the common keywords only. */
function zodOf(node: SchemaNode | undefined): ZodTypeAny {
  const s = (node ?? {}) as Record<string, any>;
  if (Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === 'string') && s.enum.length) return z.enum(s.enum as [string, ...string[]]);
  switch (s.type) {
    case 'string': {
      let t = z.string();
      if (typeof s.pattern === 'string') t = t.regex(new RegExp(s.pattern, 'u'));
      if (s.format === 'date-time') t = t.datetime({ offset: true });
      return t;
    }
    case 'integer':
      return z.number().int();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(zodOf(s.items));
    case 'object':
      return z.object(shapeOf(s));
    default:
      return z.any();
  }
}

function shapeOf(s: Record<string, any>): Record<string, ZodTypeAny> {
  const required = new Set<string>(s.required ?? []);
  return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, SchemaNode>).map(([k, v]) => [k, required.has(k) ? zodOf(v) : zodOf(v).optional()]));
}

async function mcpReply(pack: CompiledPack, call: GradeCall['call']): Promise<Json | null> {
  const tool = pack.tool(call.name)!;
  const server = new McpServer({ name: 'grade-page', version: '1.0.0' });
  server.registerTool(tool.name, { inputSchema: shapeOf(tool.wireSchema as Record<string, any>) }, async () => ({ content: [{ type: 'text', text: 'done' }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'grade-page', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: call.name, arguments: call.arguments });
    return result.isError ? (result as unknown as Json) : null;
  } finally {
    await client.close();
    await server.close();
  }
}

let ajvFirst: Ajv2020 | undefined;
let ajvAll: Ajv2020 | undefined;
function ajvWith(allErrors: boolean): Ajv2020 {
  const make = () => {
    const a = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false, allErrors });
    addFormats(a);
    return a;
  };
  return allErrors ? (ajvAll ??= make()) : (ajvFirst ??= make());
}

async function replyOf(style: StyleId, pack: CompiledPack, call: GradeCall['call']): Promise<string | null> {
  const schema = pack.tool(call.name)!.wireSchema as Record<string, unknown>;
  switch (style) {
    case 'ajv': {
      const ajv = ajvWith(false);
      const validate = ajv.compile(schema);
      return validate(call.arguments) ? null : ajv.errorsText(validate.errors);
    }
    case 'better-ajv-errors': {
      const validate = ajvWith(true).compile(schema);
      if (validate(call.arguments)) return null;
      return JSON.stringify(betterAjvErrors({ schema: schema as never, data: call.arguments, errors: validate.errors }));
    }
    case 'mcp-sdk': {
      const r = await mcpReply(pack, call);
      return r === null ? null : JSON.stringify(r);
    }
    case 'http-400':
      return `400 ${STATUS_CODES[400]}`;
    case 'engine': {
      const body = check(pack, call).body;
      return body === null ? null : JSON.stringify(body);
    }
  }
}

export async function gradeStyles(pack: CompiledPack): Promise<{ call: GradeCall; rows: StyleRow[] }[]> {
  const out: { call: GradeCall; rows: StyleRow[] }[] = [];
  for (const c of GRADE_CALLS) {
    const rows: StyleRow[] = [];
    for (const style of STYLE_IDS) {
      const reply = await replyOf(style, pack, c.call);
      rows.push({ style, reply, grade: reply === null ? null : grade(pack, c.call, reply, { countTokens }) });
    }
    out.push({ call: c, rows });
  }
  return out;
}

export interface TauString {
  domain: string;
  tool: string;
  /** The string as tau_bench_tools.json lists it (an f-string as written in the tool's source). */
  text: string;
  /** What the model would be handed for the call: an f-string's placeholders that name an argument filled in from it. */
  reply: string;
  /** Graded on the tool's first ground-truth call in tau-bench's test actions. */
  grade: Grade | null;
}

/** The first value under `key` anywhere in the arguments. */
function deepValue(v: Json, key: string): Json | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const found = deepValue(x, key);
      if (found !== undefined) return found;
    }
  } else if (v !== null && typeof v === 'object') {
    if (key in v) return v[key];
    for (const x of Object.values(v)) {
      const found = deepValue(x, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `f"Error: flight {flight_number} not found"` with the call's flight_number in place; other placeholders stay. */
function filled(text: string, args: Record<string, Json>): string {
  const m = /^f"(.*)"$/s.exec(text);
  if (!m) return text;
  return m[1].replace(/\{([A-Za-z_]\w*)\}/g, (all, key: string) => {
    const v = deepValue(args, key);
    return v === undefined || (v !== null && typeof v === 'object') ? all : String(v);
  });
}

const TAU = corpusPath('tau-bench');

/**
 * tau-bench's literal error strings (its tool files' `return "Error: …"`, as tau_bench_tools.json lists
 * them), or null when the corpus is not beside the checkout; each graded on a ground-truth call of its tool against a pack of tau-bench's own schemas. That
 * pack has no records, so the engine accepts every such call: only the points a reply carries by itself
 * (code, field, received, next call, retryable, leaks, tokens) say anything there.
 */
export function tauBenchStrings(): TauString[] | null {
  const toolsFile = resolve(TAU, 'tau_bench_tools.json');
  const actionsFile = resolve(TAU, 'tau_bench_test_actions.jsonl');
  // The corpus sits beside the checkout in CI, not in a user's clone: without it the page says so and the
  // build goes on (the tests read it in place and fail when it is missing).
  if (!existsSync(toolsFile) || !existsSync(actionsFile)) return null;
  const tools = JSON.parse(readFileSync(toolsFile, 'utf8')) as Record<string, { error_returns?: string[]; schema: { function: { name: string } } }[]>;
  const firstCall = new Map<string, Record<string, Json>>();
  for (const line of readFileSync(actionsFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const a = JSON.parse(line) as { domain: string; name: string; kwargs: Record<string, Json> };
    if (!firstCall.has(`${a.domain}/${a.name}`)) firstCall.set(`${a.domain}/${a.name}`, a.kwargs);
  }
  const out: TauString[] = [];
  const seen = new Set<string>();
  for (const [domain, list] of Object.entries(tools)) {
    const pack = packFromToolDefinitions(list.map((t) => t.schema), `tau-bench ${domain}`);
    for (const t of list) {
      const name = t.schema.function.name;
      for (const text of t.error_returns ?? []) {
        if (seen.has(text)) continue;
        seen.add(text);
        const args = firstCall.get(`${domain}/${name}`);
        const reply = args ? filled(text, args) : text;
        out.push({ domain, tool: name, text, reply, grade: args ? grade(pack, { name, arguments: args }, reply, { countTokens }) : null });
      }
    }
  }
  return out;
}
