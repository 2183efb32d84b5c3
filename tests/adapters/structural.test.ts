// The OpenAI Agents and Mastra adapters without their SDKs: each is run the way its SDK calls it, per the SDK's
// published code (noted at each), so a fault here points at the adapter. tests/use/sdk-examples.test.ts runs
// them through the SDKs themselves.
import { expect, test } from 'vitest';
import { check, serializeBody } from 'actionable-errors';
import { ActionableRefusal, errorFunction, tools as agentTools } from 'actionable-errors/adapters/openai-agents';
import { tools as mastraTools } from 'actionable-errors/adapters/mastra';
import { pack as helpdesk } from 'actionable-errors/packs/helpdesk';

const refused = { ticket_id: 'T-8841', status: 'OPEN' };
const body = check(helpdesk, { name: 'update_ticket', arguments: refused }).body!;

/** @openai/agents-core 0.20 (tool.mjs): JSON.parse of the arguments, execute(), and on a throw the tool's errorFunction, whose string the model gets. */
async function agentsInvoke(options: ReturnType<typeof agentTools>[number], args: string): Promise<unknown> {
  try {
    return await options.execute(JSON.parse(args));
  } catch (error) {
    return options.errorFunction({}, error);
  }
}

test('OpenAI Agents: an absorbed call runs fixed; a refused one never runs and its output is the body', async () => {
  const ran: unknown[] = [];
  const options = agentTools(helpdesk, async (name, args) => (ran.push([name, args]), 'done'));
  const update = options.find((o) => o.name === 'update_ticket')!;
  expect(update.strict).toBe(false);
  expect(update.parameters).toMatchObject({ type: 'object', additionalProperties: true, properties: helpdesk.tool('update_ticket')!.modelSchema.properties });
  expect(await agentsInvoke(update, '{"ticketId": "T-8841", "status": "open"}')).toBe('done');
  expect(ran).toEqual([['update_ticket', { ticket_id: 'T-8841', status: 'open' }]]);
  expect(await agentsInvoke(update, JSON.stringify(refused))).toBe(serializeBody(body));
  expect(ran).toHaveLength(1);
});

test('OpenAI Agents: the error function gives the body for a refusal and the fallback for anything else', () => {
  const handle = errorFunction('the tool failed');
  expect(handle({}, new ActionableRefusal(body))).toBe(serializeBody(body));
  expect(handle({}, new Error('connection reset at 10.0.0.3'))).toBe('the tool failed');
  expect(errorFunction()({}, 'x')).toBe('An error occurred while running the tool. Please try again.');
});

test('Mastra: the schema passes every call to execute, which runs an absorbed call fixed and answers a refused one with the body', async () => {
  const ran: unknown[] = [];
  const actions = mastraTools(helpdesk, async (name, args) => (ran.push([name, args]), { ok: true }));
  const update = actions.update_ticket;
  expect(update.id).toBe('update_ticket');
  const std = update.inputSchema['~standard'];
  expect(std.jsonSchema.input({ target: 'draft-07' })).toEqual(helpdesk.tool('update_ticket')!.modelSchema);
  // @mastra/core 1.71 (validateToolInput): a value from validate() is the input execute() gets.
  expect(std.validate(refused)).toEqual({ value: refused });
  expect(await update.execute({ ticketId: 'T-8841', status: 'open' })).toEqual({ ok: true });
  expect(ran).toEqual([['update_ticket', { ticket_id: 'T-8841', status: 'open' }]]);
  expect(await update.execute(refused)).toEqual(body);
  expect(ran).toHaveLength(1);
});
