// The /use/ examples for the OpenAI Agents SDK and Mastra, run through the SDKs themselves. Those SDKs are
// installed apart from the site (tests/sdks/, which the repository's npm install fills: @openai/agents needs
// zod 4 beside Astro's zod 3), so tsc checks these examples against their real types, and here each agent
// loop runs end to end against a scripted model: no network, the SDK's own tool-calling code in between.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Usage, setDefaultModelProvider, setTracingDisabled, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, test } from 'vitest';
import { check, serializeBody } from 'actionable-errors';
import { pack as helpdesk } from 'actionable-errors/packs/helpdesk';
import { ask } from '../../src/examples/use/openai-agents';
import { helpdeskAgent } from '../../src/examples/use/mastra-agent';

const refused = { ticket_id: 'T-8841', status: 'OPEN' };
const body = check(helpdesk, { name: 'update_ticket', arguments: refused }).body!;

beforeAll(() => {
  // Fail with the one command that installs them, rather than with a resolver's stack.
  if (!existsSync(resolve('tests/sdks/node_modules/@openai/agents/package.json'))) {
    throw new Error('tests/sdks/node_modules is missing: run npm install in the repository (its postinstall fills it), or npm ci --prefix tests/sdks');
  }
});

/** What a run of the tools did: each call the implementation got. */
function recorder() {
  const ran: [string, Record<string, unknown>][] = [];
  return { ran, runTool: async (name: string, args: Record<string, unknown>) => (ran.push([name, args]), { ok: true }) };
}

describe('OpenAI Agents SDK (@openai/agents, run() with a scripted model)', () => {
  /** A model that answers each turn from a script and keeps what it was sent. */
  function scriptedModel(turns: ModelResponse['output'][]): { model: Model; seen: ModelRequest[] } {
    const seen: ModelRequest[] = [];
    const model: Model = {
      async getResponse(request) {
        seen.push(request);
        const output = turns[seen.length - 1];
        if (!output) throw new Error(`the script has no turn ${seen.length}`);
        return { usage: new Usage(), output, responseId: `resp_${seen.length}` };
      },
      // eslint-disable-next-line require-yield
      async *getStreamedResponse() {
        throw new Error('the example runs without streaming');
      },
    };
    return { model, seen };
  }
  const callOf = (callId: string, args: unknown) => ({ type: 'function_call' as const, callId, name: 'update_ticket', arguments: JSON.stringify(args), status: 'completed' as const });
  const say = (text: string) => ({ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text }] });
  /** The output the SDK handed the model for a tool call, as the next request's input holds it. */
  const outputFor = (request: ModelRequest, callId: string) => {
    const items = Array.isArray(request.input) ? request.input : [];
    const result = items.find((i) => i.type === 'function_call_result' && i.callId === callId) as { output: unknown } | undefined;
    const output = result?.output as string | { type: string; text: string } | undefined;
    return typeof output === 'string' ? output : output?.text;
  };

  beforeAll(() => setTracingDisabled(true));

  test('a refused call never runs and the model reads its body; the call it sends next runs, names and values fixed', async () => {
    const { model, seen } = scriptedModel([[callOf('call_1', refused)], [callOf('call_2', { ticketId: 'T-8841', status: 'open' })], [say('Reopened T-8841.')]]);
    setDefaultModelProvider({ getModel: async () => model });
    const { ran, runTool } = recorder();
    expect(await ask('Reopen T-8841', runTool)).toBe('Reopened T-8841.');
    expect(seen).toHaveLength(3);
    expect(outputFor(seen[1], 'call_1')).toBe(serializeBody(body));
    expect(ran).toEqual([['update_ticket', { ticket_id: 'T-8841', status: 'open' }]]);
    expect(outputFor(seen[2], 'call_2')).toBe(JSON.stringify({ ok: true }));
    // The model was offered the pack's tools under their own names.
    expect(seen[0].tools.map((t) => t.name).sort()).toEqual(helpdesk.tools.map((t) => t.name).sort());
  });
});

describe('Mastra (@mastra/core Agent.generate with a scripted model)', () => {
  /** A model (AI SDK's v3 specification, which Mastra takes) that answers each turn from a script. */
  function scriptedModel(turns: ({ call: [string, unknown] } | { text: string })[]) {
    const prompts: unknown[] = [];
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        prompts.push(prompt);
        const turn = turns[prompts.length - 1];
        if (!turn) throw new Error(`the script has no turn ${prompts.length}`);
        return 'call' in turn
          ? { content: [{ type: 'tool-call', toolCallId: `call_${prompts.length}`, toolName: turn.call[0], input: JSON.stringify(turn.call[1]) }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
          : { content: [{ type: 'text', text: turn.text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      },
    });
    return { model, prompts };
  }
  /** The tool result Mastra put in the prompt for a call id. */
  const resultFor = (prompt: unknown, callId: string) => {
    for (const message of prompt as { role: string; content: unknown }[]) {
      if (message.role !== 'tool' || !Array.isArray(message.content)) continue;
      const part = message.content.find((p: { type: string; toolCallId?: string }) => p.type === 'tool-result' && p.toolCallId === callId);
      if (part) return (part as { output: { type: string; value: unknown } }).output;
    }
    return undefined;
  };

  test('a refused call never runs and the model reads its body; the call it sends next runs, names and values fixed', async () => {
    const { model, prompts } = scriptedModel([{ call: ['update_ticket', refused] }, { call: ['update_ticket', { ticketId: 'T-8841', status: 'open' }] }, { text: 'Reopened T-8841.' }]);
    const { ran, runTool } = recorder();
    const result = await helpdeskAgent(model, runTool).generate('Reopen T-8841', { maxSteps: 5 });
    expect(result.text).toBe('Reopened T-8841.');
    expect(prompts).toHaveLength(3);
    expect(resultFor(prompts[1], 'call_1')).toEqual({ type: 'json', value: body });
    expect(ran).toEqual([['update_ticket', { ticket_id: 'T-8841', status: 'open' }]]);
    expect(resultFor(prompts[2], 'call_2')).toEqual({ type: 'json', value: { ok: true } });
  }, 30_000);
});
