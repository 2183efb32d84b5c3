// One line never costs the others (issue 37): the bundled bin answers every line of a --jsonl log with its
// own output line, whatever the line holds (nested past any stack, tens of megabytes, past the line limit,
// a byte-order mark), the same bytes whatever the worker count; and a closed output is an error, not a pass.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { MAX_LINE_BYTES } from '../src/cli/line-results';

const dir = mkdtempSync(join(tmpdir(), 'actionable-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A heap cap keeps a runaway from eating the machine: what these lines need fits well under it.
const bin = (args: string[], input: string | Buffer) =>
  spawnSync(process.execPath, ['--max-old-space-size=768', 'src/cli/launch.mjs', ...args], { input, maxBuffer: 1 << 28, timeout: 120_000 });
const jsonl = (input: string | Buffer, workers = 0) => bin(['--pack', 'helpdesk', '--jsonl', ...(workers ? ['--workers', String(workers)] : [])], input);
const lines = (out: Buffer) => out.toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));

const ok = JSON.stringify({ name: 'get_ticket', arguments: { ticket_id: 'T-1' } });
const nested = (depth: number) => `{"name":"create_ticket","arguments":{"subject":"s","priority":"p1","tags":${'['.repeat(depth)}${']'.repeat(depth)}}}`;

describe('a line nested past any stack', () => {
  test('5,000 deep (the issue\'s repro): answered with its arguments cut and marked, both neighbours answered, exit 0', () => {
    const r = jsonl([ok, nested(5000), ok].join('\n') + '\n');
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    const [before, deep, after] = lines(r.stdout);
    expect(before).toMatchObject({ ok: true, tool: 'get_ticket' });
    expect(after).toMatchObject({ ok: true, tool: 'get_ticket' });
    expect(deep).toMatchObject({ ok: false, tool: 'create_ticket', arguments: null, cut: ['arguments'] });
    expect(deep.body.error).toEqual(expect.any(String));
  });

  test('100,000 deep, on one thread and on workers: answered, nothing on stderr (no stack, no bundle code)', () => {
    const log = [ok, nested(100_000), ok].join('\n') + '\n';
    for (const workers of [0, 2]) {
      const r = jsonl(log, workers);
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      expect(lines(r.stdout).map((l) => l.cut ?? l.ok)).toEqual([true, ['arguments'], true]);
    }
  });

  test('a line nested 300 deep is written whole: the cut starts past 512 levels', () => {
    const [r] = lines(jsonl(nested(300) + '\n').stdout);
    expect(r.cut).toBeUndefined();
    expect(JSON.stringify(r.arguments.tags)).toBe('['.repeat(300) + ']'.repeat(300));
  });

  test('--replay: a deep call is cut in the report, the others kept, its tokens counted (in slices: 200,000 brackets in one run took the tokenizer 68 s)', () => {
    const file = join(dir, 'deep.jsonl');
    writeFileSync(file, [ok, nested(5000), nested(100_000), ok].join('\n') + '\n');
    const r = bin(['--pack', 'helpdesk', '--replay', file], '');
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout.toString());
    expect(report.calls.map((c: { line: number; cut?: string[] }) => [c.line, c.cut ?? null])).toEqual([[1, null], [2, ['arguments']], [3, ['arguments']], [4, null]]);
    expect(report.calls[0].arguments).toEqual({ ticket_id: 'T-1' });
    expect(report.calls[2].tokens.call).toBeGreaterThan(100_000);
  });
});

test('the same bytes for --workers 0, 1, 2 and 4, over deep, broken, blank, BOM and CRLF lines', () => {
  // An OpenAI call whose arguments text spells its brackets as escapes: deep once read, shallow to look at.
  const escaped = `{"type":"function","function":{"name":"create_ticket","arguments":"{\\"subject\\":\\"s\\",\\"priority\\":\\"low\\",\\"tags\\":${'\\u005b'.repeat(5000)}${'\\u005d'.repeat(5000)}}"}}`;
  const kinds = [ok, nested(5000), 'not a call', '', '\uFEFF' + ok, nested(600).replace('p1', 'low'), '{"name":', 'update_ticket(ticket_id="T-8841", status="OPEN")', escaped];
  const log = Array.from({ length: 900 }, (_, i) => kinds[i % kinds.length] + (i % 7 === 0 ? '\r\n' : '\n')).join('') + nested(100_000);
  const outs = [0, 1, 2, 4].map((w) => jsonl(log, w));
  for (const r of outs) {
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
  }
  const out = lines(outs[0].stdout);
  expect(out).toHaveLength(901);
  expect(out[8]).toMatchObject({ tool: 'create_ticket', shape: 'openai-chat', arguments: null, cut: ['arguments'] });
  for (const r of outs.slice(1)) expect(r.stdout.equals(outs[0].stdout)).toBe(true);
}, 120_000);

describe('long lines', () => {
  const query = (bytes: number) => JSON.stringify({ name: 'search_tickets', arguments: { query: 'x'.repeat(bytes) } });

  test('a line just under the limit (16 MB) is answered, between neighbours that are answered too', () => {
    const size = MAX_LINE_BYTES - 100;
    const r = jsonl(`${ok}\n${query(size)}\n${ok}\n`);
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout.toString().split('\n');
    expect(out).toHaveLength(4);
    expect(JSON.parse(out[0])).toMatchObject({ ok: true });
    expect(out[1].slice(0, 60)).toMatch(/^\{"ok":(true|false),"tool":"search_tickets"/);
    expect(out[1].length).toBeGreaterThan(size);
    expect(JSON.parse(out[2])).toMatchObject({ ok: true });
  }, 60_000);

  test('a line over the limit gets its own error with its number; the run goes on, on one thread and on workers', () => {
    const log = Buffer.from(`${ok}\n${query(MAX_LINE_BYTES)}\n${ok}`);
    for (const workers of [0, 2]) {
      const r = jsonl(log, workers);
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      const [a, over, b] = lines(r.stdout);
      expect(over).toEqual({ line: 2, error: `is longer than ${MAX_LINE_BYTES} bytes (16 MiB), the most a line may hold: skipped unread` });
      expect([a.ok, b.ok]).toEqual([true, true]);
    }
  }, 60_000);
});

describe('a UTF-8 byte-order mark is not part of the text', () => {
  test('before a --tools file', () => {
    const file = join(dir, 'bom-tools.json');
    writeFileSync(file, '\uFEFF' + JSON.stringify([{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }]));
    const r = bin(['--tools', file], '{"name":"f","arguments":{"a":"x"}}');
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.toString())).toEqual({ name: 'f', arguments: { a: 'x' } });
  });

  test('before a log line, first or not', () => {
    for (const workers of [0, 2]) expect(lines(jsonl(`\uFEFF${ok}\n\uFEFF${ok}\n`, workers).stdout).map((l) => l.ok)).toEqual([true, true]);
  });

  test('before a call on stdin', () => {
    const r = bin(['--pack', 'helpdesk'], '\uFEFF' + ok);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.toString())).toEqual({ name: 'get_ticket', arguments: { ticket_id: 'T-1' } });
  });
});

test('an output closed early (EPIPE) exits 3 and says so on stderr', async () => {
  const child = spawn(process.execPath, ['src/cli/launch.mjs', '--pack', 'helpdesk', '--jsonl'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // The bin may stop reading before the whole log is written.
  child.stdin.on('error', () => {});
  child.stdin.end(`${ok}\n`.repeat(200_000));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(3);
  expect(stderr).toMatch(/^error: the output could not be written to its end: its reader closed it \(EPIPE\)/);
}, 60_000);
