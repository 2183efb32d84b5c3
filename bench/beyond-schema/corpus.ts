// Issue 33, item 6: the "beyond the schema" corpus (calls.jsonl). Every entry is a call that its tool's
// schema accepts but that breaks a rule the tool's description, its examples or its vendor's spec states,
// with the corrected call that keeps the rule. The calls are ours; the tools are not copied in: imported
// packs load from the catalog, tau-bench and BFCL tools are read from the corpus (CORPUS_DIR), and the official MCP
// servers' tools come from their own tools/list, asked at run time. `stated_in` says where the rule is
// written, as a JSON pointer (never the words).
import { requireCorpus } from '../../src/cli/corpus-dir';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packFromToolDefinitions } from '../../src/engine/pack/tools-import';
import type { CompiledPack, Json } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';
import { bfclToJsonSchema, sanitiseName } from '../corpus';

/** The kinds of rule the corpus breaks, as issue 33 names them. */
export const RULE_KINDS = {
  date_format: 'a date in another form than the one the description states (YYYY-MM-DD, dd/mm/yyyy…)',
  date_time_format: 'a date-time in another form than the one stated (RFC 3339, ISO 8601, YYYY-MM-DD HH:MM:SS)',
  time_format: 'a time in another form than the one stated (24-hour HH:MM)',
  unix_seconds: 'a Unix time in the wrong unit, or a date-time, where Unix seconds go',
  unix_milliseconds: 'a Unix time in the wrong unit, or a date-time, where epoch milliseconds go',
  value_set: 'a value outside a set stated in prose ("one of", "either", "possible values")',
  bound: 'a number, length or count outside a bound stated in prose ("up to 8", "max 100", "at most two decimal places")',
  unit: 'a value in the wrong unit or sign stated in prose ("negative integer cents")',
  case: 'a value in the wrong case where the prose states one',
  id_shape: 'an id or code in another shape than its examples show (prefix, separators, name for code)',
  id_case: 'an id in another case than its examples show',
  id_prefix: 'an id with a missing or extra leading #, @',
  id_url: 'a resource URL where its id goes',
  id_mention: 'a mention (<@U…>, <#C…|name>) where an id goes',
  value_shape: 'a value without the shape the description states (City, State; a slug; signed degrees)',
  example_shape: 'a value unlike the examples or default the description gives (a regex for a glob, a name for a URL)',
  email: 'an e-mail address decorated (a display name, mailto:)',
  phone_e164: 'a phone number not in the E.164 form the description states',
  hex_colour: 'a hex colour with the # or 0x the description leaves out, or a colour name',
  base64: 'raw content where the description says base64',
  iso_code: 'a name or another code where the description states an ISO code',
  uuid: 'a UUID decorated (braces, urn:uuid:)',
  url: 'a URL without its scheme',
} as const;
export type RuleKind = keyof typeof RULE_KINDS;

/** Where the rule is written: a file and a JSON pointer into it (or into one tool of an MCP server's tools/list). */
export type StatedIn =
  | { in: 'vendor spec'; file: string; pointer: string }
  | { in: 'pack'; file: string; pointer: string }
  | { in: 'tau-bench'; file: string; pointer: string }
  | { in: 'bfcl'; file: string; entry: string; pointer: string }
  | { in: 'mcp tools/list'; server: string; tool: string; pointer: string };

interface EntryBase {
  id: string;
  field: string;
  rule: RuleKind;
  about: string;
  stated_in: StatedIn;
  /** The call as a model sends it: its schema accepts it; the stated rule does not. */
  wrong: Record<string, Json>;
  /** The call the rule accepts, the same but for `field`. */
  corrected: Record<string, Json>;
  /** The rule, as a JSON Schema for the value of `field`: a next call whose value passes it keeps the rule. */
  accepts: Record<string, Json>;
}

export type BeyondEntry = EntryBase &
  (
    | { source: 'imported'; pack: string; tool: string }
    | { source: 'tau-bench'; domain: string; tool: string }
    | { source: 'bfcl'; entry: string; function: string }
    | { source: 'mcp'; server: string; tool: string }
  );

export function loadBeyondEntries(file = new URL('./calls.jsonl', import.meta.url)): BeyondEntry[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as BeyondEntry);
}

/** The official reference servers, started as a user starts them; the filesystem server gets an empty directory. */
const MCP_SERVERS: Record<string, (dir: string) => string[]> = {
  everything: () => ['node_modules/.bin/mcp-server-everything', 'stdio'],
  filesystem: (dir) => ['node_modules/.bin/mcp-server-filesystem', dir],
  memory: () => ['node_modules/.bin/mcp-server-memory'],
};

/** Each server's tools/list, asked of the server itself (nothing of it is committed). */
export async function mcpToolLists(servers = Object.keys(MCP_SERVERS)): Promise<Record<string, { name: string; description?: string; inputSchema: unknown }[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'actionable-beyond-'));
  const out: Record<string, { name: string; description?: string; inputSchema: unknown }[]> = {};
  try {
    for (const server of servers) {
      const transport = new StdioClientTransport({ command: process.execPath, args: MCP_SERVERS[server](dir), env: { ...(process.env as Record<string, string>), MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }, stderr: 'pipe' });
      transport.stderr?.on('data', () => {});
      const client = new Client({ name: 'beyond-schema-bench', version: '1.0.0' });
      await client.connect(transport);
      try {
        out[server] = (await client.listTools()).tools as never;
      } finally {
        await client.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

function corpusFile(path: string): string {
  return readFileSync(requireCorpus(path, 'the beyond-the-schema bench'), 'utf8');
}

export interface Resolved {
  entry: BeyondEntry;
  pack: CompiledPack;
  /** The tool's name in the pack (BFCL's dotted names are sanitised as the recovery benchmark does). */
  tool: string;
  /** The tool definition as its source gives it (an imported tool's pack entry, a tau-bench or BFCL function, an MCP tool). */
  definition: unknown;
  /** What a BFCL or MCP `stated_in` pointer is into: the BFCL entry's line, the tool of the server's tools/list. */
  document?: unknown;
}

export interface LoadedCorpus {
  resolved: Resolved[];
  /** Entries whose pack or tool could not be found: a corpus fault, must be none. */
  unresolved: { id: string; why: string }[];
  /** Every MCP server asked, with the number of tools it listed. */
  mcp: Record<string, number>;
  /** The vendor documents, tau-bench and BFCL files `stated_in` points into, parsed, by path. */
  documents: Map<string, unknown>;
}

/** Each entry's pack and tool: imported packs by id, tau-bench per domain, BFCL per entry, MCP servers per server. */
export async function resolveEntries(entries: BeyondEntry[]): Promise<LoadedCorpus> {
  const unresolved: LoadedCorpus['unresolved'] = [];
  const resolved: Resolved[] = [];
  const documents = new Map<string, unknown>();
  const doc = (path: string) => {
    if (!documents.has(path)) documents.set(path, JSON.parse(corpusFile(path)));
    return documents.get(path);
  };
  const imported = new Map<string, CompiledPack | null>();
  const tauPacks = new Map<string, CompiledPack>();
  const bfclPacks = new Map<string, { pack: CompiledPack; names: Map<string, string>; functions: any[] }>();
  const bfclEntries = new Map<string, Map<string, any>>();
  const needMcp = [...new Set(entries.flatMap((e) => (e.source === 'mcp' ? [e.server] : [])))];
  const lists = needMcp.length ? await mcpToolLists(needMcp) : {};
  const mcpPacks = new Map(Object.entries(lists).map(([server, tools]) => [server, packFromToolDefinitions(tools, `mcp ${server}`)]));
  for (const entry of entries) {
    const fail = (why: string) => unresolved.push({ id: entry.id, why });
    if (entry.source === 'imported') {
      if (!imported.has(entry.pack)) imported.set(entry.pack, (await loadCatalogPack(entry.pack)) ?? null);
      const pack = imported.get(entry.pack);
      const def = pack?.source.tools.find((t) => t.name === entry.tool);
      if (!pack || !def) fail(!pack ? `no pack ${entry.pack}` : `no tool ${entry.tool} in ${entry.pack}`);
      else resolved.push({ entry, pack, tool: entry.tool, definition: def });
    } else if (entry.source === 'tau-bench') {
      const tools = doc('tau-bench/tau_bench_tools.json') as Record<string, { schema: { function: { name: string } } }[]>;
      if (!tools[entry.domain]) {
        fail(`no tau-bench domain ${entry.domain}`);
        continue;
      }
      if (!tauPacks.has(entry.domain)) tauPacks.set(entry.domain, packFromToolDefinitions(tools[entry.domain].map((t) => t.schema), `tau-bench ${entry.domain}`));
      const def = tools[entry.domain].find((t) => t.schema.function.name === entry.tool);
      if (!def) fail(`no tau-bench tool ${entry.tool}`);
      else resolved.push({ entry, pack: tauPacks.get(entry.domain)!, tool: entry.tool, definition: def.schema.function });
    } else if (entry.source === 'bfcl') {
      const category = /^(.*?)_\d/.exec(entry.entry)?.[1] ?? '';
      if (!bfclEntries.has(category)) {
        const file = `bfcl/BFCL_v4_${category}.json`;
        bfclEntries.set(category, new Map(corpusFile(file).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).map((e) => [e.id, e])));
      }
      const raw = bfclEntries.get(category)!.get(entry.entry);
      if (!raw) {
        fail(`no BFCL entry ${entry.entry}`);
        continue;
      }
      if (!bfclPacks.has(entry.entry)) {
        const taken = new Set<string>();
        const names = new Map<string, string>();
        const defs = raw.function.map((f: any) => {
          const name = sanitiseName(f.name, taken);
          names.set(f.name, name);
          return { name, description: f.description, parameters: bfclToJsonSchema(f.parameters) };
        });
        bfclPacks.set(entry.entry, { pack: packFromToolDefinitions(defs, `bfcl ${entry.entry}`), names, functions: raw.function });
      }
      const b = bfclPacks.get(entry.entry)!;
      const name = b.names.get(entry.function);
      if (!name) fail(`no function ${entry.function} in BFCL ${entry.entry}`);
      else resolved.push({ entry, pack: b.pack, tool: name, definition: b.functions.find((f) => f.name === entry.function), document: raw });
    } else if (entry.source === 'mcp') {
      const pack = mcpPacks.get(entry.server);
      const def = lists[entry.server]?.find((t) => t.name === entry.tool);
      if (!pack || !def) fail(!pack ? `no MCP server ${entry.server}` : `no tool ${entry.tool} in ${entry.server}'s tools/list`);
      else resolved.push({ entry, pack, tool: entry.tool, definition: def, document: def });
    }
  }
  // The documents the rules are stated in, for the test that every pointer resolves.
  for (const e of entries) if (e.stated_in.in === 'vendor spec' || e.stated_in.in === 'tau-bench') doc(e.stated_in.file);
  return { resolved, unresolved, mcp: Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.length])), documents };
}

/** The value a JSON pointer names in a document; undefined when it names nothing. */
export function atPointer(document: unknown, pointer: string): unknown {
  let cur: any = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/**
 * Where the entry's rule is stated, read back: the description, example or default its `stated_in` points at.
 * A BFCL pointer is into the entry's own line; an MCP pointer into the tool of the server's live tools/list.
 */
export function statedValue(r: Resolved, documents: Map<string, unknown>, repoFile: (path: string) => unknown): unknown {
  const s = r.entry.stated_in;
  if (s.in === 'vendor spec' || s.in === 'tau-bench') return atPointer(documents.get(s.file), s.pointer);
  if (s.in === 'pack') return atPointer(repoFile(s.file), s.pointer);
  return atPointer(r.document, s.pointer);
}
