// The bundled bin (lib/cli.js, run through npm run check's launcher, which builds it when stale): --jsonl
// streams, --workers keeps the order, and both print exactly what the in-process CLI (run.ts) prints.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkLines } from '../../src/cli/jsonl';
import { runCli } from '../../src/cli/run';
import { checkLine } from '../../src/engine/check-calls';
import { packFromToolDefinitions } from '../../src/engine';
import { getPack } from '../../src/packs';
import { parseYamlText } from '../../src/yaml-document';

const dir = mkdtempSync(join(tmpdir(), 'actionable-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = (args: string[], input: string) => spawnSync(process.execPath, ['src/cli/launch.mjs', ...args], { input, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000 });
const inProcess = (args: string[], input: string) =>
  runCli(args, { stdin: () => input, readFile: (p) => (p === toolsFile ? tools : ''), pack: getPack, toolsPack: packFromToolDefinitions });

const toolsFile = join(dir, 'tools.json');
const tools = JSON.stringify([{ type: 'function', function: { name: 'set_mode', parameters: { type: 'object', properties: { mode: { type: 'string', enum: ['fast', 'safe'] } }, required: ['mode'] } } }]);
writeFileSync(toolsFile, tools);

/** A call log with every kind of line: each input shape, faulty and valid calls, garbage, blank lines and CRLF endings. */
function callLog(n: number): string {
  const lines = [
    'update_ticket(ticket_id="T-8841", status="OPEN")',
    JSON.stringify({ name: 'get_ticket', arguments: { ticket_id: 'T-8841' } }),
    JSON.stringify({ type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify({ ticket_id: 'T-8841', status: 'closed' }) } }),
    JSON.stringify({ type: 'tool_use', id: 't', name: 'create_customer', input: { name: 'Ada', email: 'ada@example.com', country_code: 'England' } }),
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'assign_ticket', arguments: { ticketId: 'T-8841', agent_id: 'A-1' } } }),
    'not a call at all',
    '',
    '{"name": "search_tickets", "arguments": {"query": "x"',
  ];
  let out = '';
  for (let i = 0; i < n; i++) out += lines[i % lines.length] + (i % 5 === 0 ? '\r\n' : '\n');
  return out + JSON.stringify({ name: 'list_agents', arguments: { team: 'eng' } }); // a last line without a newline
}

beforeAll(() => {
  // Builds lib/ if it is stale, once, before the tests run side by side.
  expect(bin(['--pack', 'helpdesk'], '{"name":"list_agents","arguments":{}}').status).toBe(0);
}, 120_000);

test('--jsonl prints, line for line, what the in-process CLI prints', () => {
  const log = callLog(400);
  const expected = inProcess(['--pack', 'helpdesk', '--jsonl'], log);
  expect(expected.stdout.split('\n').length).toBe(402);
  const r = bin(['--pack', 'helpdesk', '--jsonl'], log);
  expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: expected.stdout, stderr: '', status: 0 });
});

test('--jsonl --workers 2 keeps the input order over many batches', () => {
  const log = callLog(6000);
  const expected = inProcess(['--pack', 'helpdesk', '--jsonl'], log).stdout;
  const r = bin(['--pack', 'helpdesk', '--jsonl', '--workers', '2'], log);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout.length).toBe(expected.length);
  expect(r.stdout === expected).toBe(true);
});

test('--jsonl --workers 2 writes the very bytes one thread writes: non-ASCII, bad UTF-8, a BOM, a line longer than a read', () => {
  const text = callLog(3000).split('\n');
  text.splice(3, 0, JSON.stringify({ name: 'create_customer', arguments: { name: 'Zoë 日本 🙂', email: 'zoë@example.com', country_code: 'Österreich' } }));
  text.splice(2500, 0, JSON.stringify({ name: 'search_tickets', arguments: { query: 'ß'.repeat(40_000) } }));
  const log = Buffer.concat([Buffer.from('\uFEFF' + text.slice(0, 2000).join('\n') + '\n'), Buffer.from([0xc3, 0x28, 0xff, 0x0a, 0xe2, 0x82, 0x0a]), Buffer.from(text.slice(2000).join('\n'))]);
  const run = (args: string[]) => spawnSync(process.execPath, ['src/cli/launch.mjs', '--pack', 'helpdesk', '--jsonl', ...args], { input: log, maxBuffer: 1 << 28, timeout: 120_000 });
  const one = run([]);
  const two = run(['--workers', '2']);
  expect(one.stderr.toString() + two.stderr.toString()).toBe('');
  expect(one.stdout.toString().split('\n')).toHaveLength(3000 + 2 + 2 + 1 + 1);
  expect(two.stdout.length).toBe(one.stdout.length);
  expect(two.stdout.equals(one.stdout)).toBe(true);
}, 240_000);

test('a batch\'s bytes are the UTF-8 of its lines\' results, whatever they hold, batch after batch', () => {
  // checkLines encodes each line into a scratch buffer the batches share and returns a copy: a later batch,
  // or one that grows the buffer (a line of several megabytes), must not change what an earlier one returned.
  const pack = getPack('helpdesk')!;
  const plain = callLog(40).split('\n').filter(Boolean);
  const wide = [JSON.stringify({ name: 'create_customer', arguments: { name: 'Zoë 日本 🙂', email: 'zoë@example.com', country_code: 'Österreich' } }), 'lone \ud800 surrogate', JSON.stringify({ name: 'search_tickets', arguments: { query: 'ß'.repeat(600_000) } })];
  const expected = (lines: string[]) => Buffer.from(lines.map((l) => checkLine(pack, l.replace(/\r$/, ''), {}) + '\n').join(''), 'utf8');
  const first = checkLines(pack, plain.join('\n') + '\n', {});
  const kept = Buffer.from(first);
  const second = checkLines(pack, wide.join('\r\n') + '\r\n' + plain.join('\n') + '\n', {});
  expect(second.length).toBeGreaterThan(1 << 20);
  expect(Buffer.from(second).equals(expected([...wide, ...plain]))).toBe(true);
  expect(Buffer.from(first).equals(kept)).toBe(true);
  expect(kept.equals(expected(plain))).toBe(true);
});

test('--jsonl --workers with a pack no one has: exit 2 and the same message as one thread', () => {
  const one = bin(['--pack', 'helpdes', '--jsonl'], '{"name":"get_ticket","arguments":{}}\n');
  const two = bin(['--pack', 'helpdes', '--jsonl', '--workers', '2'], '{"name":"get_ticket","arguments":{}}\n');
  expect(one.status).toBe(2);
  expect(one.stderr).toContain('unknown pack "helpdes"');
  expect({ stdout: two.stdout, stderr: two.stderr, status: two.status }).toEqual({ stdout: one.stdout, stderr: one.stderr, status: one.status });
});

test('--jsonl with --tools FILE, over worker threads too', () => {
  const log = ['{"name":"set_mode","arguments":{"mode":"FAST"}}', '{"name":"set_mode","arguments":{"mode":"safe"}}', 'set_mode(mode="slow")'].join('\n') + '\n';
  const expected = inProcess(['--tools', toolsFile, '--jsonl'], log).stdout;
  expect(bin(['--tools', toolsFile, '--jsonl'], log).stdout).toBe(expected);
  expect(bin(['--tools', toolsFile, '--jsonl', '--workers', '2'], log).stdout).toBe(expected);
});

test('--jsonl streams: each line is answered before the next is written, stdin still open', async () => {
  const child = spawn(process.execPath, ['src/cli/launch.mjs', '--pack', 'helpdesk', '--jsonl'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const lineCount = () => out.split('\n').length - 1;
  const waitFor = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to line ${n} within 30 s (got ${lineCount()})`)), 30_000);
      const poll = () => (lineCount() >= n ? (clearTimeout(timer), resolve()) : setTimeout(poll, 10));
      poll();
    });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stdin.write('update_ticket(ticket_id="T-8841", status="OPEN")\n');
  await waitFor(1);
  child.stdin.write('{"name":"get_ticket","arguments":{"ticket_id":"T-8841"}}\n');
  await waitFor(2);
  child.stdin.end();
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  expect(out.split('\n').filter(Boolean).map((l) => JSON.parse(l).ok)).toEqual([false, true]);
});

test('one call: the body and exit code 1, the call as it will run and exit code 0', () => {
  expect(bin(['--pack', 'helpdesk'], 'update_ticket(ticket_id="T-8841", status="OPEN")')).toMatchObject({ stdout: '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}\n', status: 1 });
  expect(bin(['--pack', 'helpdesk'], '{"name":"get_ticket","arguments":{"ticketId":"T-8841"}}')).toMatchObject({ stdout: '{"name":"get_ticket","arguments":{"ticket_id":"T-8841"}}\n', status: 0 });
});

test('usage errors exit 2, as in-process', () => {
  for (const args of [['--pack', 'helpdesk', '--workers', '2'], ['--pack', 'helpdesk', '--jsonl', '--workers', '0'], ['--pack', 'nope', '--jsonl']]) {
    const expected = inProcess(args, '');
    const r = bin(args, '');
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: expected.stdout, stderr: expected.stderr, status: expected.code });
  }
});

// --tools also takes an API document, imported by the importer the playground's "Your tools" tab runs.
const apiDocFile = join(dir, 'api.json');
writeFileSync(
  apiDocFile,
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Forecasts', version: '1.0' },
    paths: {
      '/forecasts/{city}': {
        get: {
          operationId: 'getForecast',
          parameters: [
            { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'days', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 7 } },
            { name: 'units', in: 'query', schema: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  }),
);

test('--tools with an OpenAPI document: its operations are the tools, and a faulty call gets its body', () => {
  const r = bin(['--tools', apiDocFile], JSON.stringify({ name: 'getForecast', arguments: { city: 'Zurich', days: 10, units: 'Celsius', colour: 'red' } }));
  expect(r.stderr).toBe('');
  expect(r.status).toBe(1);
  const body = JSON.parse(r.stdout);
  expect(body.error).toBe('validation_failed');
  expect(body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
    ['days', 'out_of_range'],
    ['units', 'invalid_units'],
    ['colour', 'unknown_argument'],
  ]);
  const ok = bin(['--tools', apiDocFile], JSON.stringify({ name: 'getForecast', arguments: { city: 'Zurich', days: 3 } }));
  expect(ok.status).toBe(0);
  // Streamed over worker threads, each compiling the imported pack for itself: the same bodies.
  const log = [JSON.stringify({ name: 'getForecast', arguments: { city: 'Zurich', days: 10 } }), JSON.stringify({ name: 'getForecast', arguments: { city: 'Zurich' } })].join('\n');
  const one = bin(['--tools', apiDocFile, '--jsonl'], log);
  const two = bin(['--tools', apiDocFile, '--jsonl', '--workers', '2'], log);
  expect(one.stderr + two.stderr).toBe('');
  expect(one.stdout.trim().split('\n')).toHaveLength(2);
  expect(JSON.parse(one.stdout.split('\n')[0]).body.error).toBe('out_of_range');
  expect(two.stdout).toBe(one.stdout);
});

test('--tools with an API document the importer refuses says why, in one line, and exits 2', () => {
  const bad = join(dir, 'bad-api.json');
  writeFileSync(bad, JSON.stringify({ openapi: '2.5', paths: {} }));
  const r = bin(['--tools', bad], '{"name":"x","arguments":{}}');
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`error: ${bad} could not be imported: OpenAPI 2.5 is not a version the importer reads (3.0, 3.1)\n`);
});

// --tools reads YAML as well as JSON: the OpenAPI documents vendors publish are often YAML.
const yamlDocFile = new URL('../fixtures/lending-library.openapi.yaml', import.meta.url).pathname;

test('--tools with an OpenAPI document in YAML: the same import as JSON, and a faulty call gets its body', () => {
  const r = bin(['--tools', yamlDocFile], JSON.stringify({ name: 'createLoan', arguments: { member_id: 'M-0042', isbn: '9780000000002', weeks: 9, format: 'Paperback' } }));
  expect(r.stderr).toBe('');
  expect(r.status).toBe(1);
  const body = JSON.parse(r.stdout);
  expect(body.error).toBe('validation_failed');
  expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['format', 'weeks']);
  const ok = bin(['--tools', yamlDocFile], JSON.stringify({ name: 'createLoan', arguments: { member_id: 'M-0042', isbn: '9780000000002', weeks: 2 } }));
  expect(ok.stderr).toBe('');
  expect(ok.status).toBe(0);
  // The same document as JSON is the same pack: YAML's reading (200 as a key, quoted strings) changes nothing.
  const asJson = join(dir, 'lending-library.json');
  const read = parseYamlText(readFileSync(yamlDocFile, 'utf8'));
  if (!read.ok) throw new Error(read.message);
  writeFileSync(asJson, JSON.stringify(read.value));
  expect(bin(['--tools', asJson, '--export', 'openai'], '').stdout).toBe(bin(['--tools', yamlDocFile, '--export', 'openai'], '').stdout);
});

test('--tools with tool definitions in YAML, and a YAML syntax error said with its line and column, no stack trace', () => {
  const defs = join(dir, 'tools.yaml');
  writeFileSync(defs, ['- name: ring_bell', '  description: Rings the bell a number of times.', '  parameters:', '    type: object', '    required: [times]', '    properties:', '      times: {type: integer, minimum: 1, maximum: 3}', ''].join('\n'));
  const r = bin(['--tools', defs], JSON.stringify({ name: 'ring_bell', arguments: { times: 5 } }));
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout).error).toBe('out_of_range');
  const broken = join(dir, 'broken.yaml');
  writeFileSync(broken, ['openapi: 3.0.3', 'paths:', '  /bells:', '    get: {operationId: listBells', '  /rings: {}', ''].join('\n'));
  const b = bin(['--tools', broken], '{"name":"x","arguments":{}}');
  expect(b.status).toBe(2);
  expect(b.stdout).toBe('');
  expect(b.stderr).toMatch(new RegExp(`^error: ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid YAML at line \\d+, column \\d+: [^\\n]+\\n$`));
  expect(b.stderr).not.toMatch(/\n\s+at /);
});

test('a reader that stops early (`| head`) ends the bin with exit 3 and one line on stderr, no stack trace: the results after that point are lost', async () => {
  for (const args of [['--pack', 'github-v3', '--export', 'openai'], ['--pack', 'helpdesk', '--jsonl', '--workers', '2']]) {
    const child = spawn(process.execPath, ['src/cli/launch.mjs', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {});
    if (args.includes('--jsonl')) child.stdin.end(callLog(20_000));
    else child.stdin.end();
    // Read one chunk, then close the pipe, as head does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr, args.join(' ')).toBe('error: the output could not be written to its end: its reader closed it (EPIPE); the results from there on were not written\n');
    expect(code, args.join(' ')).toBe(3);
  }
}, 120_000);

// Compile budgets (src/engine/pack/compile-budgets.ts, src/importer/inline-budget.ts): a definition whose
// compile work would grow without bound is refused alone, named with its pointer and the reason, on a heap
// too small for the work it asked for; the tools beside it still answer calls.
const smallHeap = (args: string[], input: string) => spawnSync(process.execPath, ['--max-old-space-size=256', 'src/cli/launch.mjs', ...args], { input, encoding: 'utf8', timeout: 60_000 });

/** 5 levels of 20 properties that each refer to the next level: 20^5 paths from a few kilobytes. */
function fanOutDefs(prefix: string) {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < 20; j++) props[`p${j}`] = i === 4 ? { type: 'integer' } : { $ref: `${prefix}L${i + 1}` };
    defs[`L${i}`] = { type: 'object', properties: props };
  }
  return defs;
}

test('--tools with a $ref bomb beside a good tool: the bomb is named and left out, the good tool answers', () => {
  const file = join(dir, 'bomb.json');
  writeFileSync(file, JSON.stringify([{ name: 'f', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: fanOutDefs('#/$defs/') } }, JSON.parse(tools)[0]]));
  const r = smallHeap(['--tools', file], JSON.stringify({ name: 'set_mode', arguments: { mode: 'slow' } }));
  expect(r.stderr).toMatch(/^warning: .*bomb\.json: 1 tool left out, calls to it are refused as unknown:\n {2}f \(\/0\/inputSchema\/\$defs\/L\d\/properties\/p\d+\): expands to more than 10,000 fields, past the compile budget of a tool/);
  expect(r.status).toBe(1);
  expect(JSON.parse(r.stdout)).toMatchObject({ error: 'invalid_mode', field: 'mode' });
});

test('--tools with an OpenAPI document whose schemas fan out: that operation is named and left out, the others answer', () => {
  const file = join(dir, 'bomb-api.json');
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Fan-out', version: '1' },
    paths: {
      '/things': { post: { operationId: 'make_thing', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } }, responses: { '200': { description: 'ok' } } } },
      '/ok': { get: { operationId: 'get_ok', parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } },
    },
    components: { schemas: fanOutDefs('#/components/schemas/') },
  };
  writeFileSync(file, JSON.stringify(doc));
  const r = smallHeap(['--tools', file], JSON.stringify({ name: 'get_ok', arguments: {} }));
  expect(r.stderr).toMatch(/^warning: .*bomb-api\.json: 1 tool left out, calls to it are refused as unknown:\n {2}make_thing \(\/paths\/~1things\/post\): POST \/things: its schemas inline to more than 10,000 nodes/);
  expect(r.status).toBe(1);
  expect(JSON.parse(r.stdout)).toMatchObject({ error: 'missing_required', field: 'id' });
  // With every operation left out, the reason is the answer, not the pack file's "must NOT have fewer than 1 items".
  delete (doc.paths as Record<string, unknown>)['/ok'];
  writeFileSync(file, JSON.stringify(doc));
  const none = smallHeap(['--tools', file], JSON.stringify({ name: 'make_thing', arguments: {} }));
  expect(none.status).toBe(2);
  expect(none.stderr).toMatch(/could not be imported: .*bomb-api\.json has no operation the importer could make a tool of:\n {2}make_thing \(\/paths\/~1things\/post\): POST \/things: its schemas inline to more than 10,000 nodes/);
});

test('--tools with an OpenAPI document whose $ref chain is past the dereferencer: that operation is named and left out, no machine path', () => {
  const file = join(dir, 'chain-api.json');
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 600; i++) schemas[`c${i}`] = i === 599 ? { type: 'integer' } : { $ref: `#/components/schemas/c${i + 1}` };
  const body = (schema: unknown) => ({ required: true, content: { 'application/json': { schema: { type: 'object', properties: { x: schema }, required: ['x'] } } } });
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Chain', version: '1' },
    paths: {
      '/chain': { post: { operationId: 'make_chain', requestBody: body({ $ref: '#/components/schemas/c0' }), responses: { '200': { description: 'ok' } } } },
      '/ok': { post: { operationId: 'make_ok', requestBody: body({ type: 'string' }), responses: { '200': { description: 'ok' } } } },
    },
    components: { schemas },
  };
  writeFileSync(file, JSON.stringify(doc));
  const r = smallHeap(['--tools', file], JSON.stringify({ name: 'make_ok', arguments: { x: 1 } }));
  expect(r.stderr).toMatch(/^warning: .*chain-api\.json: 1 tool left out, calls to it are refused as unknown:\n {2}make_chain \(\/paths\/~1chain\/post\): POST \/chain: its schemas nest deeper than 500 levels, each \$ref followed counting as one more \(stopped at #\/components\/schemas\/c\d+\)/);
  expect(r.stderr).not.toContain(process.cwd());
  expect(r.status).toBe(1);
  expect(JSON.parse(r.stdout)).toMatchObject({ error: 'invalid_type', field: 'x' });
});
