// The hostile-input benchmark: every repro of issue 37 (inputs a hostile user or a buggy server sends),
// each in a fresh process of the built package (lib/), with its wall time and peak resident memory. The
// goal is every one answered or refused with a reason within HOSTILE_GOAL.ms and HOSTILE_GOAL.mb.
//
// Each case runs under a hard limit (CASE_LIMIT_MS, and a V8 heap ceiling), so an exponential regression
// shows here as a case over its goal, not as a bench that never ends. The tests assert each outcome
// (tests/reliability/, tests/cli*.test.ts, tests/mcp/); this file only measures.
// `npm run bench:hostile` runs it alone and writes bench/results.json's `hostile`; `npm run bench` runs it too.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const HOSTILE_GOAL = { ms: 1000, mb: 256 };
const CASE_LIMIT_MS = 20_000;
const HEAP_MB = 1024;
const dir = resolve('bench/tmp/hostile');

/** A process to run: its arguments after node, its input, files to write first, its environment, and for a
 * conversation (the MCP proxy) how many lines of output to wait for before closing its input. */
type Run = { args: string[]; stdin?: string; files?: Record<string, string>; env?: Record<string, string>; endAfterLines?: number };
export type HostileCase = { id: string; what: string; run: () => Run };

const file = (name: string) => resolve(dir, name);

/** The $ref fan-out of issue 37: 5 levels of 20 properties, each a $ref to the next level (about 3 KB). */
function fanOutDefs(): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < 20; j++) props[`p${j}`] = i === 4 ? { type: 'integer' } : { $ref: `#/$defs/L${i + 1}` };
    defs[`L${i}`] = { type: 'object', properties: props };
  }
  return defs;
}
const good = { name: 'ping', description: 'Answers.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
const bombTools = () => JSON.stringify([{ name: 'f', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: fanOutDefs() } }, good]);

/** The same fan-out as an OpenAPI 3 document's shared schemas. */
function fanOutOpenApi(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < 20; j++) props[`p${j}`] = i === 4 ? { type: 'integer' } : { $ref: `#/components/schemas/L${i + 1}` };
    schemas[`L${i}`] = { type: 'object', properties: props };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'fan-out', version: '1' },
    paths: {
      '/things': { post: { operationId: 'createThing', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } }, responses: { 200: { description: 'ok' } } } },
      '/ping': { get: { operationId: 'ping', parameters: [{ name: 'n', in: 'query', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'ok' } } } },
    },
    components: { schemas },
  });
}

function refChain(n: number): string {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`D${i}`] = i === n - 1 ? { type: 'string' } : { $ref: `#/$defs/D${i + 1}` };
  return JSON.stringify([{ name: 'chain', inputSchema: { type: 'object', properties: { v: { $ref: '#/$defs/D0' } }, $defs: defs } }, good]);
}

function deepTool(levels: number): string {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return JSON.stringify([{ name: 'deep', inputSchema: { type: 'object', properties: { a: schema } } }, good]);
}

function manyProperties(n: number): string {
  const props: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) props[`field_${i}`] = { type: 'string' };
  return JSON.stringify([{ name: 'wide', inputSchema: { type: 'object', properties: props } }, good]);
}

/** anyOf branches that fan out through $refs, inside the compile budgets: 8 branches over 4 levels, `list` for an array of them. */
function unionFanOutTools(list: boolean): string {
  const defs: Record<string, unknown> = {};
  const choice = (level: number) => ({ anyOf: Array.from({ length: 8 }, (_, k) => ({ $ref: `#/$defs/L${level}B${k}` })) });
  for (let l = 0; l < 4; l++) for (let b = 0; b < 8; b++) defs[`L${l}B${b}`] = { type: 'object', properties: { p: l === 3 ? { type: 'integer' } : choice(l + 1), [`kind${b}`]: { const: `k${b}` } }, required: [`kind${b}`], additionalProperties: false };
  return JSON.stringify([{ name: 'fan', inputSchema: { type: 'object', properties: { r: list ? { type: 'array', items: choice(0) } : choice(0) }, required: ['r'], $defs: defs } }, good]);
}
const unionFanOutValue = () => ({ p: { p: { p: { p: 'x' } } } });

/** An OpenAPI document of two operations, one whose body holds `schema` (with `schemas` shared). */
function openApiWith(schema: unknown, schemas: Record<string, unknown> = {}): string {
  const body = (s: unknown) => ({ required: true, content: { 'application/json': { schema: { type: 'object', properties: { x: s }, required: ['x'] } } } });
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'deref', version: '1' },
    paths: {
      '/bad': { post: { operationId: 'bad', requestBody: body(schema), responses: { 200: { description: 'ok' } } } },
      '/ping': { get: { operationId: 'ping', parameters: [{ name: 'n', in: 'query', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'ok' } } } },
    },
    components: { schemas },
  });
}
function openApiRefChain(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) schemas[`c${i}`] = i === n - 1 ? { type: 'integer' } : { $ref: `#/components/schemas/c${i + 1}` };
  return openApiWith({ $ref: '#/components/schemas/c0' }, schemas);
}
function openApiDeep(levels: number): string {
  let schema: Record<string, unknown> = { type: 'integer' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return openApiWith(schema);
}

const uniqueTools = () => JSON.stringify([{ name: 'u', inputSchema: { type: 'object', properties: { xs: { type: 'array', uniqueItems: true, items: { type: 'object' } } } } }]);
const uniqueCall = (n: number) => JSON.stringify({ name: 'u', arguments: { xs: Array.from({ length: n }, (_, i) => ({ id: i, tag: `t${i % 97}` })) } });

const getTicket = JSON.stringify({ name: 'get_ticket', arguments: { ticket_id: 'T-1' } });
const deepLine = (depth: number) => `{"name":"create_ticket","arguments":{"subject":"s","priority":"p1","tags":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
const bigLine = (mb: number, less = 0) => JSON.stringify({ name: 'create_ticket', arguments: { subject: 'x'.repeat(mb * 1024 * 1024 + less - 60), priority: 'p1' } });
const pythonCall = (n: number) => `create_ticket(${Array.from({ length: n }, (_, i) => `a${i}="v"`).join(', ')})`;
const geminiParts = (n: number) => JSON.stringify({ role: 'model', parts: Array.from({ length: n }, (_, i) => ({ functionCall: { name: 'get_ticket', args: { ticket_id: `T-${i}` } } })) });
const deepReply = (depth: number) => '{"error":'.repeat(depth) + '"x"' + '}'.repeat(depth);

/** The MCP proxy over the scripted server of the proxy tests, sent a handshake and then `calls`. */
function proxy(env: Record<string, string>, calls: { name: string; arguments: unknown }[]): Run {
  const rpc = (id: number | undefined, method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, params });
  const lines = [
    rpc(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } }),
    rpc(undefined, 'notifications/initialized', {}),
    ...calls.map((c, i) => rpc(i + 1, 'tools/call', c)),
  ];
  return { args: ['lib/cli.js', 'mcp-proxy', '--', process.execPath, resolve('tests/mcp/listed-tools-server.mjs')], stdin: lines.join('\n') + '\n', env, endAfterLines: calls.length + 1 };
}

const cli = (args: string[], stdin?: string, files?: Record<string, string>): Run => ({ args: ['lib/cli.js', ...args], stdin, files });
const grade = (reply: string) => cli(['--pack', 'helpdesk', '--grade', file('reply.txt')], 'update_ticket(ticket_id="T-8841", status="OPEN")', { 'reply.txt': reply });

export const HOSTILE_CASES: HostileCase[] = [
  { id: 'ref-fan-out-tools', what: '--tools: a 3 KB $ref fan-out (5 levels × 20 properties) beside a good tool', run: () => cli(['--tools', file('bomb.json')], '{"name":"ping","arguments":{"n":1}}', { 'bomb.json': bombTools() }) },
  { id: 'ref-fan-out-openapi', what: '--tools: the same fan-out as an OpenAPI document’s shared schemas', run: () => cli(['--tools', file('bomb.openapi.json')], '{"name":"ping","arguments":{"n":1}}', { 'bomb.openapi.json': fanOutOpenApi() }) },
  { id: 'ref-chain-6000', what: '--tools: a $ref chain of 6,000', run: () => cli(['--tools', file('chain6000.json')], '{"name":"ping","arguments":{"n":1}}', { 'chain6000.json': refChain(6000) }) },
  { id: 'ref-chain-10000', what: '--tools: a $ref chain of 10,000', run: () => cli(['--tools', file('chain10000.json')], '{"name":"ping","arguments":{"n":1}}', { 'chain10000.json': refChain(10_000) }) },
  { id: 'deep-tool-1000', what: '--tools: a tool nested 1,000 levels deep beside a good tool', run: () => cli(['--tools', file('deep1000.json')], '{"name":"ping","arguments":{"n":1}}', { 'deep1000.json': deepTool(1000) }) },
  { id: 'union-fan-out-call', what: '--tools: a faulty call on anyOf branches fanning out through $refs (8 × 4 levels, 10,000 AJV errors)', run: () => cli(['--tools', file('union.json')], JSON.stringify({ name: 'fan', arguments: { r: unionFanOutValue() } }), { 'union.json': unionFanOutTools(false) }) },
  { id: 'union-fan-out-list-100', what: '--tools: the same, 100 faulty items in a list (a million AJV errors)', run: () => cli(['--tools', file('union-list.json')], JSON.stringify({ name: 'fan', arguments: { r: Array.from({ length: 100 }, unionFanOutValue) } }), { 'union-list.json': unionFanOutTools(true) }) },
  { id: 'openapi-ref-chain-600', what: '--tools: an OpenAPI operation behind a $ref chain of 600, beside a good one', run: () => cli(['--tools', file('chain600.openapi.json')], '{"name":"ping","arguments":{"n":1}}', { 'chain600.openapi.json': openApiRefChain(600) }) },
  { id: 'openapi-deep-1000', what: '--tools: an OpenAPI operation nested 1,000 deep, beside a good one', run: () => cli(['--tools', file('deep1000.openapi.json')], '{"name":"ping","arguments":{"n":1}}', { 'deep1000.openapi.json': openApiDeep(1000) }) },
  { id: 'properties-20000', what: '--tools: a tool with 20,000 properties', run: () => cli(['--tools', file('wide.json')], '{"name":"ping","arguments":{"n":1}}', { 'wide.json': manyProperties(20_000) }) },
  { id: 'jsonl-deep-5000', what: '--jsonl: a line nested 5,000 deep between two good lines', run: () => cli(['--pack', 'helpdesk', '--jsonl'], `${getTicket}\n${deepLine(5000)}\n${getTicket}\n`) },
  { id: 'jsonl-deep-100000-workers', what: '--jsonl --workers 2: a line nested 100,000 deep', run: () => cli(['--pack', 'helpdesk', '--jsonl', '--workers', '2'], `${getTicket}\n${deepLine(100_000)}\n${getTicket}\n`) },
  { id: 'jsonl-line-16mb', what: '--jsonl: one line just under the 16 MiB a line may hold', run: () => cli(['--pack', 'helpdesk', '--jsonl'], `${bigLine(16, -100)}\n${getTicket}\n`) },
  { id: 'jsonl-line-25mb', what: '--jsonl: one 25 MB line', run: () => cli(['--pack', 'helpdesk', '--jsonl'], `${bigLine(25)}\n${getTicket}\n`) },
  { id: 'jsonl-line-50mb', what: '--jsonl: one 50 MB line', run: () => cli(['--pack', 'helpdesk', '--jsonl'], `${bigLine(50)}\n${getTicket}\n`) },
  { id: 'grade-newlines-2000', what: '--grade: "status must be one of" + 2,000 newlines + "]"', run: () => grade(`status must be one of${'\n'.repeat(2000)}]`) },
  { id: 'grade-newlines-10000', what: '--grade: the same with 10,000 newlines', run: () => grade(`status must be one of${'\n'.repeat(10_000)}]`) },
  { id: 'grade-spaces-20000', what: '--grade: "status must be one of: open" + 20,000 spaces + "x"', run: () => grade(`status must be one of: open${' '.repeat(20_000)}x`) },
  { id: 'grade-deep-5000', what: '--grade: a JSON reply nested 5,000 deep', run: () => grade(deepReply(5000)) },
  { id: 'unique-items-20000', what: 'uniqueItems over 20,000 objects', run: () => cli(['--tools', file('unique.json')], uniqueCall(20_000), { 'unique.json': uniqueTools() }) },
  { id: 'python-args-50000', what: 'a Python-style call with 50,000 arguments', run: () => cli(['--pack', 'helpdesk'], pythonCall(50_000)) },
  { id: 'python-args-100000', what: 'a Python-style call with 100,000 arguments', run: () => cli(['--pack', 'helpdesk'], pythonCall(100_000)) },
  { id: 'proxy-ref-fan-out', what: 'MCP proxy: a server listing the $ref fan-out beside a good tool, then a call to each', run: () => proxy({ TOOLS_JSON: bombTools() }, [{ name: 'ping', arguments: { n: 1 } }, { name: 'f', arguments: {} }]) },
  { id: 'proxy-endless-pages', what: 'MCP proxy: a server whose tools/list always names a next page', run: () => proxy({ LIST_PAGES: 'endless', TOOLS_JSON: JSON.stringify([good]) }, [{ name: 'ping', arguments: { n: 1 } }]) },
  { id: 'gemini-parts-50000', what: 'a Gemini message with 50,000 functionCall parts', run: () => cli(['--pack', 'helpdesk'], geminiParts(50_000)) },
  // Issue 36's findings.
  { id: 'undeclared-keys-100000', what: 'a call with 100,000 undeclared arguments', run: () => cli(['--pack', 'helpdesk'], JSON.stringify({ name: 'create_ticket', arguments: { subject: 's', priority: 'p1', ...Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])) } })) },
  { id: 'bad-items-1000000', what: 'an array of 1,000,000 wrong items', run: () => cli(['--pack', 'helpdesk'], JSON.stringify({ name: 'create_ticket', arguments: { subject: 's', priority: 'p1', tags: Array.from({ length: 1_000_000 }, (_, i) => i) } })) },
  { id: 'python-unterminated-10mb', what: 'a 10 MB Python-style call whose string never ends', run: () => cli(['--pack', 'helpdesk'], `create_ticket(subject="${'x'.repeat(10 * 1024 * 1024)}`) },
  { id: 'string-10mb', what: 'a 10 MB string value', run: () => cli(['--pack', 'helpdesk'], bigLine(10)) },
  { id: 'grade-array-1000000', what: '--grade: a JSON reply holding a 1,000,000-item array', run: () => grade(JSON.stringify({ error: 'invalid', items: Array.from({ length: 1_000_000 }, (_, i) => i) })) },
];

export type HostileRow = { id: string; what: string; ms: number; peak_mb: number | null; exit: number | null; killed: boolean; outcome: string; met: boolean };

/** One case in a fresh process: wall time, peak memory (bench/rss-reporter.cjs), exit code and what it said. */
function runCase(c: HostileCase): Promise<HostileRow> {
  const run = c.run();
  for (const [name, text] of Object.entries(run.files ?? {})) writeFileSync(file(name), text);
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--require', resolve('bench/rss-reporter.cjs'), ...run.args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...run.env } });
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, CASE_LIMIT_MS);
    let stdout = '';
    let stderr = '';
    // Keep only the ends: a case may print megabytes.
    let seen = 0;
    child.stdout.on('data', (d: Buffer) => {
      stdout = (stdout + d.toString()).slice(-4000);
      seen += d.toString().split('\n').length - 1;
      if (run.endAfterLines !== undefined && seen >= run.endAfterLines) child.stdin.end();
    });
    child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
    child.stdin.on('error', () => {});
    if (run.endAfterLines === undefined) child.stdin.end(run.stdin ?? '');
    else child.stdin.write(run.stdin ?? '');
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const rss = /\{"max_rss_kb":(\d+)\}\s*$/.exec(stderr);
      const peak = rss ? Number(rss[1]) / 1024 : null;
      const said = stderr.replace(/\{"max_rss_kb":\d+\}\s*$/, '').trim().split('\n').pop()?.trim() ?? '';
      const out = stdout.trim().split('\n').filter(Boolean);
      const last = out.at(-1) ?? '';
      const outcome = killed
        ? `killed after ${CASE_LIMIT_MS / 1000} s`
        : `exit ${code}; ${out.length} ${out.length === 1 ? 'line' : 'lines'} out, the last ${last.length > 90 ? `${last.slice(0, 90)}…` : last}${said ? `; stderr: ${said.length > 160 ? `${said.slice(0, 160)}…` : said}` : ''}`;
      // A crash (V8's abort, a signal, an uncaught exception's exit 2 with a stack) is never within the goal.
      const crashed = killed || code === null || code > 3 || /at .*\(.*:\d+:\d+\)|FATAL ERROR|Maximum call stack/.test(stderr);
      done({ id: c.id, what: c.what, ms: Math.round(ms), peak_mb: peak === null ? null : Math.round(peak), exit: code, killed, outcome, met: !crashed && ms <= HOSTILE_GOAL.ms && peak !== null && peak <= HOSTILE_GOAL.mb });
    });
  });
}

export async function runHostile(only?: string[]) {
  mkdirSync(dir, { recursive: true });
  const rows: HostileRow[] = [];
  for (const c of HOSTILE_CASES) if (!only?.length || only.includes(c.id)) rows.push(await runCase(c));
  return { goal: HOSTILE_GOAL, case_limit_ms: CASE_LIMIT_MS, heap_limit_mb: HEAP_MB, cases: rows.length, met: rows.filter((r) => r.met).length, rows };
}
