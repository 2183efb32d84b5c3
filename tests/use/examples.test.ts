// The /use/ page's snippets are these files (src/examples/use/); here each one type-checks and runs, with a
// stubbed model (no network): the OpenAI and Anthropic loops, the MCP server (with the SDK's client over an
// in-memory transport), the proxy's client config, the command over a call log, and the adapters: the AI SDK
// (a scripted model from ai/test) and LangGraph's ToolNode. The OpenAI Agents SDK and Mastra examples run
// through their SDKs in sdk-examples.test.ts (those SDKs sit in tests/sdks/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type OpenAI from 'openai';
import { AIMessage, type ToolMessage } from '@langchain/core/messages';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, describe, expect, test } from 'vitest';
import { ask as askAiSdk } from '../../src/examples/use/ai-sdk-agent';
import { missedPoints, refusals } from '../../src/examples/use/calls-and-grades';
import { refundTools } from '../../src/examples/use/langchain-tools';
import { ask as askAnthropic } from '../../src/examples/use/anthropic-agent';
import { helpdeskServer } from '../../src/examples/use/mcp-server';
import { ask as askOpenAI } from '../../src/examples/use/openai-agent';
import { exportPack } from '../../src/engine';
import { getPack } from '../../src/packs';

const EXAMPLES = 'src/examples/use';
const helpdesk = getPack('helpdesk')!;
const seedBody = '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}';
const dir = mkdtempSync(join(tmpdir(), 'actionable-use-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tool implementation that records what it was asked to run. */
function recorder() {
  const ran: { name: string; args: Record<string, unknown> }[] = [];
  return { ran, runTool: async (name: string, args: Record<string, unknown>) => (ran.push({ name, args }), { ok: true, name }) };
}

test('every snippet type-checks with the repository compiler options', () => {
  const tsconfig = join(dir, 'tsconfig.json');
  const files = ['openai-agent.ts', 'anthropic-agent.ts', 'mcp-server.ts', 'ai-sdk-agent.ts', 'langchain-tools.ts', 'calls-and-grades.ts', 'openai-agents.ts', 'mastra-agent.ts'].map((f) => resolve(EXAMPLES, f));
  writeFileSync(tsconfig, JSON.stringify({ extends: resolve('tsconfig.json'), compilerOptions: { noEmit: true }, include: [], files }));
  const r = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', tsconfig], { encoding: 'utf8', timeout: 180_000 });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
}, 200_000);

test('the page shows these files and nothing else: each is imported as text, none is written inline', () => {
  const page = readFileSync('src/pages/use.astro', 'utf8');
  const imported = [...page.matchAll(/from '\.\.\/examples\/use\/([^']+)\?raw'/g)].map((m) => m[1]).sort();
  expect(imported).toEqual(readdirSync(EXAMPLES).sort());
  // The template (after the frontmatter) writes no code block of its own.
  expect(page.split(/^---$/m)[2]).not.toMatch(/<pre[\s>]|<code>[^<]{60,}/);
});

test('install: the route that works before the package is on the registry, the tarball npm run tarball writes', () => {
  const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
  const lines = readFileSync(join(EXAMPLES, 'install.sh'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  // npm run tarball packs the staged package, and npm names an unscoped package's tarball <name>-<version>.tgz
  // (tests/package/tarball.test.ts packs and installs it). A plain npm pack here stops (src/cli/pack-guard.mjs).
  expect(lines).toEqual(['npm install && npm run tarball', `npm install /path/to/${name}-${version}.tgz`]);
  expect(readFileSync(join(EXAMPLES, 'install.sh'), 'utf8')).toContain(`writes ${name}-${version}.tgz`);
  // Never a bare `npm install <name>`: the registry has no such package yet.
  expect(readFileSync(join(EXAMPLES, 'install.sh'), 'utf8')).not.toMatch(new RegExp(`npm install ${name}\\b`));
  // The README gives the same route, with the same file.
  expect(readFileSync('README.md', 'utf8')).toContain(`npm install /path/to/${name}-${version}.tgz`);
});

describe('the OpenAI loop', () => {
  test('a faulty call never runs: the model reads the body and sends the call that runs', async () => {
    const seen: OpenAI.Chat.ChatCompletionMessageParam[][] = [];
    const replies: OpenAI.Chat.ChatCompletionMessage[] = [
      { role: 'assistant', content: null, refusal: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'update_ticket', arguments: '{"ticket_id":"T-8841","status":"OPEN"}' } }] },
      { role: 'assistant', content: null, refusal: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'update_ticket', arguments: '{"ticketId":"T-8841","status":"open"}' } }] },
      { role: 'assistant', content: 'Reopened T-8841.', refusal: null },
    ];
    const client = {
      chat: {
        completions: {
          create: async (params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming) => {
            expect(params.tools).toEqual(exportPack(helpdesk, 'openai'));
            seen.push(structuredClone(params.messages));
            return { choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: replies.shift()! }] };
          },
        },
      },
    } as unknown as OpenAI;
    const { ran, runTool } = recorder();
    expect(await askOpenAI(client, 'Reopen T-8841', runTool)).toBe('Reopened T-8841.');
    // The first call got the body; the second ran, absorbed (ticketId -> ticket_id).
    expect(seen[1].at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: seedBody });
    expect(ran).toEqual([{ name: 'update_ticket', args: { ticket_id: 'T-8841', status: 'open' } }]);
    expect(seen[2].at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_2', content: '{"ok":true,"name":"update_ticket"}' });
  });
});

describe('the Anthropic loop', () => {
  test('a faulty tool_use never runs: its tool_result carries the body with is_error', async () => {
    const seen: Anthropic.MessageParam[][] = [];
    const replies: Pick<Anthropic.Message, 'content' | 'stop_reason'>[] = [
      { stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_1', name: 'update_ticket', input: { ticket_id: 'T-8841', status: 'OPEN' } } as Anthropic.ToolUseBlock] },
      { stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_2', name: 'update_ticket', input: { ticket_id: 'T-8841', status: 'open' } } as Anthropic.ToolUseBlock] },
      { stop_reason: 'end_turn', content: [{ type: 'text', text: 'Reopened T-8841.', citations: null } as Anthropic.TextBlock] },
    ];
    const client = {
      messages: {
        create: async (params: Anthropic.MessageCreateParamsNonStreaming) => {
          expect(params.tools).toEqual(exportPack(helpdesk, 'anthropic'));
          seen.push(structuredClone(params.messages));
          return replies.shift()!;
        },
      },
    } as unknown as Anthropic;
    const { ran, runTool } = recorder();
    expect(await askAnthropic(client, 'Reopen T-8841', runTool)).toBe('Reopened T-8841.');
    expect(seen[1].at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: seedBody, is_error: true }] });
    expect(ran).toEqual([{ name: 'update_ticket', args: { ticket_id: 'T-8841', status: 'open' } }]);
    expect(seen[2].at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: '{"ok":true,"name":"update_ticket"}' }] });
  });
});

describe('the MCP server', () => {
  test("serves the pack's tools; a faulty call gets the body with isError and never runs; a valid one runs", async () => {
    const { ran, runTool } = recorder();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await helpdeskServer(runTool).connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    expect((await client.listTools()).tools).toEqual(exportPack(helpdesk, 'mcp'));
    expect(await client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } })).toEqual({ content: [{ type: 'text', text: seedBody }], isError: true });
    expect(ran).toEqual([]);
    expect(await client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } })).toEqual({ content: [{ type: 'text', text: '{"ok":true,"name":"update_ticket"}' }] });
    expect(ran).toEqual([{ name: 'update_ticket', args: { ticket_id: 'T-8841', status: 'open' } }]);
    await client.close();
  });
});

describe('the proxy', () => {
  test('the client config runs: its command starts the proxy in front of a server, and a faulty call gets the body', async () => {
    const config = JSON.parse(readFileSync(join(EXAMPLES, 'mcp-proxy.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const { command, args } = config.mcpServers.helpdesk;
    const name = JSON.parse(readFileSync('package.json', 'utf8')).name;
    // --no: npx runs the copy installed in the project and never installs one from the registry; -- keeps npx
    // from reading the proxy's own flags (--pack, --log) as npm's.
    expect([command, args[0], args[1], args[2]]).toEqual(['npx', '--no', '--', name]);
    // `npx --no -- actionable-errors` is this repository's bin; "helpdesk-server.js" is the test server; the log goes to a temporary folder.
    const rest = args.slice(3).map((a) => (a === 'helpdesk-server.js' ? 'tests/mcp/helpdesk-server.mjs' : a === 'helpdesk-calls.jsonl' ? join(dir, a) : a));
    const transport = new StdioClientTransport({ command: process.execPath, args: ['src/cli/launch.mjs', ...rest], env: process.env as Record<string, string> });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    expect(await client.callTool({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } })).toEqual({ content: [{ type: 'text', text: seedBody }], isError: true });
    await client.close();
    expect(readFileSync(join(dir, 'helpdesk-calls.jsonl'), 'utf8')).toContain('"event":"call","forwarded":false');
  }, 120_000);
});

describe('the command over a call log', () => {
  test('one full result per line, in order', () => {
    const line = readFileSync(join(EXAMPLES, 'call-log.sh'), 'utf8').trim();
    const match = /^npx --no -- actionable-errors (.+) < calls\.jsonl > results\.jsonl$/.exec(line);
    expect(match).not.toBeNull();
    const r = spawnSync(process.execPath, ['src/cli/launch.mjs', ...match![1].split(' ')], { input: readFileSync(join(EXAMPLES, 'calls.jsonl')), encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    const results = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(results.map((x) => [x.ok, x.tool, x.body?.error ?? null])).toEqual([
      [false, 'update_ticket', 'invalid_status'],
      [true, 'get_ticket', null],
      [false, 'create_customer', 'unknown_country_code'],
      [true, 'search_tickets', null],
    ]);
    expect(results[2].body.did_you_mean).toEqual(['GB']);
  }, 120_000);
});

describe('the AI SDK adapter', () => {
  test('a fenced call with a trailing comma is repaired and runs; a wrong enum comes back to the model as the body', async () => {
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
    const prompts: unknown[] = [];
    const steps = [
      [{ type: 'tool-call' as const, toolCallId: 'call_1', toolName: 'update_ticket', input: '```json\n{"ticket_id": "T-8841", "status": "OPEN",}\n```' }],
      [{ type: 'tool-call' as const, toolCallId: 'call_2', toolName: 'update_ticket', input: '```json\n{"ticket_id": "T-8841", "status": "open",}\n```' }],
    ];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        prompts.push(structuredClone(options.prompt));
        const content = steps.shift();
        return content
          ? { content, finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage, warnings: [] }
          : { content: [{ type: 'text' as const, text: 'Reopened T-8841.' }], finishReason: { unified: 'stop' as const, raw: undefined }, usage, warnings: [] };
      },
    });
    const { ran, runTool } = recorder();
    expect(await askAiSdk(model, 'Reopen T-8841', runTool)).toBe('Reopened T-8841.');
    // The first call (fence, trailing comma, and OPEN): repaired as text, refused for its value; the model reads the body.
    const first = (prompts[1] as { role: string; content: { output: unknown }[] }[]).find((m) => m.role === 'tool')!;
    expect(first.content[0].output).toEqual({ type: 'error-text', value: seedBody });
    expect(ran).toEqual([{ name: 'update_ticket', args: { ticket_id: 'T-8841', status: 'open' } }]);
  });
});

describe('the LangChain adapter', () => {
  test("ToolNode runs the absorbed call fixed and answers the refused one with the body", async () => {
    const ran: unknown[] = [];
    const node = refundTools(async (args) => (ran.push(args), 're_123'));
    const message = new AIMessage({
      content: '',
      tool_calls: [
        { id: 'call_1', name: 'create_refund', args: { paymentIntent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' }, type: 'tool_call' },
        { id: 'call_2', name: 'create_refund', args: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'fraud' }, type: 'tool_call' },
      ],
    });
    const { messages } = (await node.invoke({ messages: [message] })) as { messages: ToolMessage[] };
    expect(ran).toEqual([{ payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' }]);
    expect([messages[0].status, messages[0].content]).toEqual(['success', 're_123']);
    expect(messages[1].status).toBe('error');
    expect(JSON.parse(String(messages[1].content).replace(/^Error: /, '').replace(/\n Please fix your mistakes\.$/, ''))).toMatchObject({ error: 'invalid_reason', received: 'fraud', did_you_mean: ['fraudulent'] });
  });
});

describe('checkCalls() and grade()', () => {
  test("a message's refused calls give their bodies, in order; a server's bare reply misses the points the body meets", () => {
    const message = [
      { name: 'create_refund', arguments: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' } },
      { name: 'create_refund', arguments: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'fraud' } },
    ];
    expect(refusals(message).map((b) => b.error)).toEqual(['invalid_reason']);
    const missed = missedPoints(message[1], { error: { message: 'Invalid request' } });
    expect(missed.map((m) => m.split(':')[0])).toEqual(expect.arrayContaining(['field', 'received', 'permitted']));
  });
});
