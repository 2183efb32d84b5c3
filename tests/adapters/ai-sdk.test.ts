// The AI SDK adapter in the SDK itself (ai 6, a scripted model from ai/test): a call written as models write
// it is repaired and runs; a refused call never runs, and the model's next prompt carries the body as its result.
import { generateText, stepCountIs, tool, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { expect, test } from 'vitest';
import { check, serializeBody } from 'actionable-errors';
import { inputSchema, repairToolCall, tools } from 'actionable-errors/adapters/ai-sdk';
import { pack as helpdesk } from 'actionable-errors/packs/helpdesk';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const refused = { ticket_id: 'T-8841', status: 'OPEN' };
const body = serializeBody(check(helpdesk, { name: 'update_ticket', arguments: refused }).body!);

function scriptedModel() {
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(structuredClone(options.prompt));
      if (prompts.length > 1) return { content: [{ type: 'text', text: 'Reopened T-8841.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
      return {
        content: [
          // A fence, a trailing comma and a camel-cased key: each repair is certain.
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'update_ticket', input: '```json\n{"ticketId": "T-8841", "status": "open",}\n```' },
          // A value outside the enum: refused.
          { type: 'tool-call', toolCallId: 'call-2', toolName: 'update_ticket', input: JSON.stringify(refused) },
          // A misspelt tool name: repaired.
          { type: 'tool-call', toolCallId: 'call-3', toolName: 'update_tickets', input: '{"ticket_id": "T-8841", "priority": "p1"}' },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

test('generateText: repaired calls run with fixed arguments; the refused call gets the body as its result', async () => {
  const { model, prompts } = scriptedModel();
  const ran: [string, unknown][] = [];
  const result = await generateText({
    model,
    prompt: 'Reopen T-8841',
    tools: tools(helpdesk, async (name, args) => (ran.push([name, args]), { ok: true })),
    experimental_repairToolCall: repairToolCall(helpdesk),
    stopWhen: stepCountIs(3),
  });
  expect(result.text).toBe('Reopened T-8841.');
  expect(ran).toEqual([
    ['update_ticket', { ticket_id: 'T-8841', status: 'open' }],
    ['update_ticket', { ticket_id: 'T-8841', priority: 'p1' }],
  ]);
  // What the model reads next: the refused call's result is the body, byte for byte.
  const toolMessage = (prompts[1] as { role: string; content: { toolCallId: string; output: unknown }[] }[]).find((m) => m.role === 'tool')!;
  expect(toolMessage.content.find((p) => p.toolCallId === 'call-2')!.output).toEqual({ type: 'error-text', value: body });
  expect(toolMessage.content.find((p) => p.toolCallId === 'call-1')!.output).toEqual({ type: 'json', value: { ok: true } });
});

test('without the repair function, the refusal still never runs and the SDK passes the body on inside its own error', async () => {
  const { model, prompts } = scriptedModel();
  const ran: unknown[] = [];
  await generateText({ model, prompt: 'Reopen T-8841', tools: tools(helpdesk, async (...call) => (ran.push(call), { ok: true })), stopWhen: stepCountIs(3) });
  expect(ran).toEqual([]);
  const toolMessage = (prompts[1] as { role: string; content: { toolCallId: string; output: { value: string } }[] }[]).find((m) => m.role === 'tool')!;
  expect(toolMessage.content.find((p) => p.toolCallId === 'call-2')!.output.value).toContain(JSON.stringify(body).slice(1, -1));
});

test('the input schema is the tool’s model-facing schema, and fits tool() and a ToolSet as the SDK types them', () => {
  const schema = inputSchema(helpdesk, 'update_ticket', { checks: false });
  expect(schema['~standard'].jsonSchema.input({ target: 'draft-07' })).toEqual(helpdesk.tool('update_ticket')!.modelSchema);
  // Type-checked by tsc (npm run typecheck): the adapter's values are what the SDK's own types accept.
  const one = tool({ description: 'x', inputSchema: schema, execute: async (input) => input });
  const set: ToolSet = { ...tools(helpdesk, async () => null), one };
  expect(Object.keys(set)).toContain('update_ticket');
  expect(() => inputSchema(helpdesk, 'nope')).toThrow(/no tool "nope"/);
});
