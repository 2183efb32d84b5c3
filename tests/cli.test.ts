// The CLI: every input shape, each mode, the exit codes, and clear messages for usage mistakes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../src/cli/run';
import { check, exportPack, lintRequest, lintTool, packFromToolDefinitions, serializeBody } from '../src/engine';
import { getPack } from '../src/packs';

const helpdesk = getPack('helpdesk')!;
const files: Record<string, string> = {};
const io = (stdin: string) => ({ stdin: () => stdin, readFile: (p: string) => { if (!(p in files)) throw new Error('ENOENT: no such file'); return files[p]; }, pack: getPack, toolsPack: packFromToolDefinitions });
const run = (argv: string[], stdin = '') => runCli(argv, io(stdin));

const faulty = { ticket_id: 'T-8841', status: 'OPEN' };
const shapes: Record<string, string> = {
  'openai-chat': JSON.stringify({ type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify(faulty) } }),
  'openai-responses': JSON.stringify({ type: 'function_call', call_id: 'c', name: 'update_ticket', arguments: JSON.stringify(faulty) }),
  anthropic: JSON.stringify({ type: 'tool_use', id: 't', name: 'update_ticket', input: faulty }),
  mcp: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'update_ticket', arguments: faulty } }),
  plain: JSON.stringify({ name: 'update_ticket', arguments: faulty }),
  python: 'update_ticket(ticket_id="T-8841", status="OPEN")',
};
const seedBody = '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}\n';

describe('checking one call', () => {
  for (const [shape, input] of Object.entries(shapes)) {
    test(`${shape}: prints the body and exits 1`, () => {
      expect(run(['--pack', 'helpdesk'], input)).toEqual({ stdout: seedBody, stderr: '', code: 1 });
    });
  }

  test('a bare arguments object with --tool', () => {
    expect(run(['--pack', 'helpdesk', '--tool', 'update_ticket'], JSON.stringify(faulty))).toEqual({ stdout: seedBody, stderr: '', code: 1 });
  });

  test('an accepted call prints the call as it will run, after absorption, and exits 0', () => {
    const out = run(['--pack', 'helpdesk'], JSON.stringify({ name: 'update_ticket', arguments: { TicketId: 'T-1', status: 'open' } }));
    expect(out).toEqual({ stdout: '{"name":"update_ticket","arguments":{"ticket_id":"T-1","status":"open"}}\n', stderr: '', code: 0 });
  });

  test('--full prints the whole CheckResult', () => {
    const out = run(['--pack', 'helpdesk', '--full'], shapes.python);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(JSON.stringify(check(helpdesk, shapes.python))));
  });

  test('a fenced call with a trailing comma is repaired (exit 0), and --full names each repair', () => {
    const fenced = '```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",}}\n```';
    const out = run(['--pack', 'helpdesk', '--full'], fenced);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout);
    expect(result.arguments).toEqual({ ticket_id: 'T-8841' });
    expect(result.corrections.map((c: { rule: string }) => c.rule)).toEqual(['json_code_fence', 'json_trailing_comma']);
  });

  test('malformed JSON is a rejected call (exit 1), not a usage error', () => {
    const out = run(['--pack', 'helpdesk'], '{"name": ');
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ error: 'invalid_json' });
  });
});

describe('numbers as written reach the CLI', () => {
  const refund = (amount: string) => `{"type":"function","function":{"name":"create_refund","arguments":"{\\"charge\\":\\"ch_3MmlLrLkdIwHu7ix0snN0B15\\",\\"amount\\":${amount}}"}}`;
  test('15.00 in an OpenAI arguments string is dollars: exit 1, 1500 offered; 1500 goes through', () => {
    const out = run(['--pack', 'stripe'], refund('15.00'));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ error: 'invalid_type', field: 'amount', received: '15.00', did_you_mean: [1500] });
    expect(run(['--pack', 'stripe'], refund('1500')).code).toBe(0);
  });

  test('--jsonl reads each line as written too', () => {
    const out = run(['--pack', 'stripe', '--jsonl'], `${refund('15.00')}\n${refund('1500')}\n`);
    expect(out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).body?.received ?? 'accepted')).toEqual(['15.00', 'accepted']);
  });
});

describe('--jsonl', () => {
  test('one full result per line, in order; a bad line gets its own error and the run goes on', () => {
    const lines = [shapes.plain, 'not a call', JSON.stringify({ name: 'get_ticket', arguments: { ticket_id: 'T-1' } }), ''];
    const out = run(['--pack', 'helpdesk', '--jsonl'], lines.join('\n') + '\n');
    expect(out.code).toBe(0);
    const results = out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(results).toHaveLength(4);
    expect(results.map((r) => r.body?.error ?? 'accepted')).toEqual(['invalid_status', 'invalid_json', 'accepted', 'invalid_json']);
    expect(serializeBody(results[0].body)).toBe(seedBody.trim());
  });
});

describe('--export', () => {
  for (const form of ['openai', 'anthropic', 'mcp', 'wire', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
    test(form, () => {
      const out = run(['--pack', 'stripe', '--export', form]);
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual(exportPack(getPack('stripe')!, form));
    });
  }
  test('with --tool, that tool alone, as a list of one', () => {
    const out = run(['--pack', 'stripe', '--tool', 'create_refund', '--export', 'openai-strict']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(exportPack(getPack('stripe')!, 'openai-strict').filter((d) => (d as { function: { name: string } }).function.name === 'create_refund'));
    expect(run(['--pack', 'stripe', '--tool', 'nope', '--export', 'openai'])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('error: no tool "nope"') });
  });
});

describe('--lint: strict-mode findings as JSON lines', () => {
  test('a pack: one line per finding, in tool order, then the request-level ones; exit 0 (its rules live in checks)', () => {
    const stripe = getPack('stripe')!;
    const out = run(['--pack', 'stripe', '--lint', 'anthropic-strict']);
    const expected = [
      ...stripe.tools.flatMap((t) => lintTool(t, 'anthropic-strict').map((f) => ({ tool: t.name, target: 'anthropic-strict', ...f }))),
      ...lintRequest(stripe.tools, 'anthropic-strict').map((f) => ({ tool: null, target: 'anthropic-strict', ...f })),
    ];
    expect(out.code).toBe(0);
    expect(out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual(expected);
    expect(expected.at(-1)).toMatchObject({ tool: null, construct: 'optional parameters' });
    expect(out.stderr).toBe(`anthropic-strict: ${expected.length} findings (${expected.filter((f) => f.action === 'refuses').length} refused, 0 ignored, ${expected.filter((f) => f.action === 'rewrite').length} rewritten); 0 enforced nowhere\n`);
  });

  test('--tool narrows it to one tool', () => {
    const out = run(['--pack', 'helpdesk', '--tool', 'update_ticket', '--lint', 'openai-strict']);
    expect(out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).path)).toEqual(['/properties/status', '/properties/priority', '/properties/due_at', '/properties/subject/minLength', '/properties/subject/maxLength', '/properties/subject', '/anyOf']);
    expect(run(['--pack', 'helpdesk', '--tool', 'nope', '--lint', 'gemini'])).toMatchObject({ code: 2, stderr: expect.stringContaining('error: no tool "nope"') });
  });

  test('your own tools are linted as written; without --server-runs-check a dropped rule lives nowhere and the exit code is 1', () => {
    files['lint.json'] = JSON.stringify([{ name: 'find', input_schema: { type: 'object', properties: { q: { type: 'string', maxLength: 80 } }, required: ['q'], additionalProperties: false } }]);
    const line = (lives: string, tail: string) =>
      JSON.stringify({
        tool: 'find',
        target: 'anthropic-strict',
        path: '/properties/q/maxLength',
        construct: 'maxLength',
        action: 'refuses',
        lives,
        message: `q: Anthropic's docs refuse string constraints (minLength, maxLength); some users report them accepted live in 2026. Treated as refused. ${tail}`,
      }) + '\n';
    expect(run(['--tools', 'lint.json', '--lint', 'anthropic-strict'])).toEqual({
      stdout: line('nowhere', 'Nothing enforces it unless your server runs check() on every call.'),
      stderr: 'anthropic-strict: 1 finding (1 refused, 0 ignored, 0 rewritten); 1 enforced nowhere\n',
      code: 1,
    });
    expect(run(['--tools', 'lint.json', '--lint', 'anthropic-strict', '--server-runs-check'])).toEqual({
      stdout: line('checks', 'check() still enforces it on every call.'),
      stderr: 'anthropic-strict: 1 finding (1 refused, 0 ignored, 0 rewritten); 0 enforced nowhere\n',
      code: 0,
    });
    expect(run(['--tools', 'lint.json', '--lint', 'openai-strict'])).toEqual({ stdout: expect.any(String), stderr: 'openai-strict: 1 finding (1 refused, 0 ignored, 0 rewritten); 1 enforced nowhere\n', code: 1 });
  });

  test('a promise a description makes and the schema does not enforce: one line with its JSON Patch, no exit code of its own', () => {
    files['promises.json'] = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'create_task', inputSchema: { type: 'object', properties: { due: { type: 'string', description: 'Date as YYYY-MM-DD' } }, required: ['due'], additionalProperties: false } }] } });
    const out = run(['--tools', 'promises.json', '--lint', 'openai-strict']);
    expect(out.code).toBe(0);
    expect(out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual([
      {
        tool: 'create_task',
        promise: {
          field: 'due',
          path: '/properties/due',
          kind: 'format',
          source: 'description',
          words: 'YYYY-MM-DD',
          wordsAt: '/properties/due/description',
          patch: [{ op: 'add', path: '/properties/due/format', value: 'date' }],
          message: 'the description of due promises it and the schema does not enforce it: add "format": "date"',
        },
      },
    ]);
    expect(out.stderr).toBe('openai-strict: 0 findings (0 refused, 0 ignored, 0 rewritten); 0 enforced nowhere\n1 promise of the descriptions the schema does not enforce (check() does; each line has its JSON Patch)\n');
  });

  test('the real command: --lint exits 1 on a rule enforced nowhere, 0 for a pack', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-')), 'tools.json');
    writeFileSync(file, files['lint.json']);
    const r = spawnSync('npm', ['run', '--silent', 'check', '--', '--tools', file, '--lint', 'anthropic-strict'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ tool: 'find', construct: 'maxLength', lives: 'nowhere' });
    const p = spawnSync('npm', ['run', '--silent', 'check', '--', '--pack', 'helpdesk', '--lint', 'gemini'], { encoding: 'utf8', timeout: 60_000 });
    expect(p.status).toBe(0);
    expect(p.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).lives)).not.toContain('nowhere');
  });
});

describe('--tools: your own tool definitions', () => {
  const openai = [{ type: 'function', function: { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } } } } }];
  files['openai.json'] = JSON.stringify(openai);
  files['anthropic.json'] = JSON.stringify([{ name: 'get_weather', description: 'Weather now', input_schema: openai[0].function.parameters }]);
  files['mcp.json'] = JSON.stringify({ tools: [{ name: 'get_weather', description: 'Weather now', inputSchema: openai[0].function.parameters }] });
  files['broken.json'] = JSON.stringify([{ type: 'function', function: { name: 'get weather', parameters: {} } }, { name: 'x', input_schema: { type: 'string' } }]);
  files['notjson.json'] = '[{"name": "x",]';

  for (const f of ['openai.json', 'anthropic.json', 'mcp.json']) {
    test(`${f}: checked like a pack with no glosses`, () => {
      const out = run(['--tools', f], JSON.stringify({ name: 'get_weather', arguments: { city: 'Oslo', unit: 'kelvin' } }));
      expect(out.code).toBe(1);
      expect(JSON.parse(out.stdout)).toEqual({ error: 'invalid_unit', field: 'unit', message: 'must be one of: celsius, fahrenheit', received: 'kelvin', retryable: false });
      expect(run(['--tools', f], JSON.stringify({ name: 'get_weather', arguments: { city: 'Oslo' } })).code).toBe(0);
    });
  }

  test('a broken tools file exits 2 and says where', () => {
    const out = run(['--tools', 'broken.json'], '{}');
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('error: broken.json has 2 problems:\n  /0/function/name: get weather: must be a tool name of 1 to 128 letters, digits, _, -, . or /\n  /1/input_schema: x: must be a JSON Schema object whose "type" is "object": a tool\u2019s arguments are an object\n');
  });

  test('a tool name MCP allows (math.add) loads, and a bad name leaves out that tool alone', () => {
    files['dotted.json'] = JSON.stringify({ tools: [{ name: 'math.add', inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } }, { name: 'add numbers', inputSchema: { type: 'object' } }] });
    const warnings: string[] = [];
    const out = runCli(['--tools', 'dotted.json'], { ...io('{"name": "math.add", "arguments": {"a": "one"}}'), warn: (t: string) => warnings.push(t) });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ error: 'invalid_type', field: 'a' });
    expect(warnings.join('')).toContain('add numbers');
  });

  test('a tool that cannot be compiled is named on stderr, and the others still check calls', () => {
    files['half.json'] = JSON.stringify({ tools: [
      { name: 'read_file', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
      { name: 'move', inputSchema: { type: 'object', properties: { to: { $ref: '#/definitions/Place' } } } },
    ] });
    const warnings: string[] = [];
    const out = runCli(['--tools', 'half.json'], { ...io('{"name": "read_file", "arguments": {"pth": "a.txt"}}'), warn: (t: string) => warnings.push(t) });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ error: 'unknown_argument', field: 'pth', did_you_mean: ['path'] });
    expect(warnings).toEqual(['warning: half.json: 1 tool left out, calls to it are refused as unknown:\n  move (/tools/1/inputSchema/properties/to/$ref): refers to #/definitions/Place, which this schema does not hold; nothing outside the tool definitions is ever fetched\n']);
  });

  test('a tools file that is not JSON exits 2 with line and column', () => {
    expect(run(['--tools', 'notjson.json'], '{}')).toMatchObject({ code: 2, stderr: expect.stringContaining('notjson.json is not valid JSON at line 1, column 15') });
  });

  test('a missing tools file', () => {
    expect(run(['--tools', 'nope.json'], '{}')).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: cannot read nope.json/) });
  });
});

describe('usage errors exit 2 with a clear message', () => {
  const cases: [string[], string][] = [
    [[], 'give --pack ID or --tools FILE'],
    [['--pack', 'helpdesk', '--tools', 'x'], 'give --pack or --tools, not both'],
    [['--pack'], '--pack needs a value'],
    [['--pack', 'helpdesk', '--frobnicate'], 'unknown option "--frobnicate"'],
    [['--pack', 'helpdesk', '--export', 'yaml'], '--export takes one of openai, anthropic, mcp, wire, openai-strict, anthropic-strict, gemini, not "yaml"'],
    [['--pack', 'helpdesk', '--lint', 'strict'], '--lint takes one of openai-strict, anthropic-strict, gemini, not "strict"'],
    [['--pack', 'helpdesk', '--lint', 'gemini', '--export', 'wire'], '--lint prints findings; it does not go with --export, --full or --jsonl'],
    [['--pack', 'helpdesk', '--lint', 'gemini', '--server-runs-check'], "--server-runs-check goes with --tools and --lint (a pack's calls always go through check())"],
  ];
  for (const [argv, message] of cases) {
    test(argv.join(' ') || '(nothing)', () => {
      const out = run(argv);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(`error: ${message}`);
      expect(out.stdout).toBe('');
    });
  }
  test('an unknown pack names the nearest of the 72 packs (src/package/catalog.ts) and their count', () => {
    expect(run(['--pack', 'nope'], '{}')).toEqual({ stdout: '', stderr: 'error: unknown pack "nope"; the nearest are: stripe, helpdesk, asana-v1, jira-v3, notion-v1 (72 packs in all; --help lists them)\n', code: 2 });
    expect(run(['--pack', 'slack'], '{}').stderr).toBe('error: unknown pack "slack"; the nearest are: slack-web, stripe, asana-v1, helpdesk, jira-v3 (72 packs in all; --help lists them)\n');
  });
});

test('the real command: npm run --silent check -- --pack helpdesk, through stdin and exit code', () => {
  const r = spawnSync('npm', ['run', '--silent', 'check', '--', '--pack', 'helpdesk'], { input: shapes.python, encoding: 'utf8', timeout: 60_000 });
  expect(r.stdout).toBe(seedBody);
  expect(r.status).toBe(1);
  const u = spawnSync('npm', ['run', '--silent', 'check', '--', '--pack', 'nope'], { input: '', encoding: 'utf8', timeout: 60_000 });
  expect(u.status).toBe(2);
  expect(u.stderr).toContain('unknown pack');
});

describe('--grade', () => {
  files['bare-reply.json'] = '{"error":"Invalid status"}\n';
  files['log.jsonl'] = [
    JSON.stringify({ call: { name: 'update_ticket', arguments: faulty }, reply: '{"error":"Invalid status"}' }),
    JSON.stringify({ call: shapes.python, reply: JSON.parse(seedBody) }),
    'not a pair',
  ].join('\n') + '\n';

  test('prints one grade object for the call on stdin and the reply in FILE, in any call shape', () => {
    for (const input of [shapes.plain, shapes.python, shapes.anthropic]) {
      const out = run(['--pack', 'helpdesk', '--grade', 'bare-reply.json'], input);
      expect(out.code).toBe(0);
      const g = JSON.parse(out.stdout);
      expect(Object.keys(g)).toEqual(['points', 'rounds', 'tokens']);
      expect(g.rounds).toEqual({ reply: null, body: 1 });
      expect(g.points.find((p: { id: string }) => p.id === 'code').met).toBe(false);
    }
  });

  test('--min-points exits 1 below N and 0 at or above it', () => {
    const g = JSON.parse(run(['--pack', 'helpdesk', '--grade', 'bare-reply.json'], shapes.plain).stdout);
    const met = g.points.filter((p: { met: boolean }) => p.met).length;
    expect(run(['--pack', 'helpdesk', '--grade', 'bare-reply.json', '--min-points', String(met + 1)], shapes.plain).code).toBe(1);
    expect(run(['--pack', 'helpdesk', '--grade', 'bare-reply.json', '--min-points', String(met)], shapes.plain).code).toBe(0);
  });

  test('--jsonl: one grade per {call, reply} line, a bad line gets its own error and the run goes on, as --jsonl does; under --min-points it meets no point', () => {
    const out = run(['--pack', 'helpdesk', '--jsonl', '--grade', 'log.jsonl', '--min-points', '10']);
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0].rounds).toEqual({ reply: null, body: 1 });
    expect(lines[1].points.every((p: { met: boolean }) => p.met)).toBe(true);
    expect(lines[2]).toEqual({ line: 3, error: 'is not JSON' });
    expect(out.stderr).toBe('1 of 2 replies meet fewer than 10 points; 1 line is not a {"call", "reply"} pair, so meets none\n');
    expect(out.code).toBe(1);
    // Without a gate, a bad line is answered in place and the exit code is 0, as with --jsonl.
    expect(run(['--pack', 'helpdesk', '--jsonl', '--grade', 'log.jsonl'])).toMatchObject({ stderr: '', code: 0 });
  });

  test('--jsonl: every input line gets its output line, blank ones included, each with its line number', () => {
    const pair = JSON.stringify({ call: shapes.python, reply: JSON.parse(seedBody) });
    files['blank.jsonl'] = `${pair}\n\n  \r\n\uFEFF${pair}\r\n${pair}`;
    const out = run(['--pack', 'helpdesk', '--jsonl', '--grade', 'blank.jsonl']);
    const lines = out.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.line, l.error ?? 'graded'])).toEqual([
      [1, 'graded'],
      [2, 'is blank: not a {"call": …, "reply": …} pair'],
      [3, 'is blank: not a {"call": …, "reply": …} pair'],
      [4, 'graded'],
      [5, 'graded'],
    ]);
    expect(Object.keys(lines[0])).toEqual(['line', 'points', 'rounds', 'tokens']);
    expect(out.code).toBe(0);
  });

  test('usage: --min-points needs --grade; --grade does not go with --full', () => {
    expect(run(['--pack', 'helpdesk', '--min-points', '3']).stderr).toMatch(/--min-points goes with --grade/);
    expect(run(['--pack', 'helpdesk', '--grade', 'bare-reply.json', '--full']).code).toBe(2);
  });

  test('the bin loads the tokenizer for --grade: o200k counts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grade-'));
    writeFileSync(join(dir, 'reply.json'), '{"error":"Invalid status"}');
    const out = spawnSync(process.execPath, ['src/cli/launch.mjs', '--pack', 'helpdesk', '--grade', join(dir, 'reply.json')], { input: shapes.plain, encoding: 'utf8' });
    expect(out.status).toBe(0);
    // {"error":"Invalid status"} is 6 o200k tokens; the engine's estimate, without the tokenizer, says more.
    expect(JSON.parse(out.stdout).tokens.reply).toBe(6);
  });
});
