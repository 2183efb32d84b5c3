// The LangChain adapter in LangGraph's own ToolNode: an absorbed call runs with its arguments fixed; a refused
// one never runs, and its error ToolMessage carries the body.
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { expect, test } from 'vitest';
import { check, serializeBody } from 'actionable-errors';
import { ActionableRefusal, checkedTools, type LangChainTool } from 'actionable-errors/adapters/langchain';
import { pack as stripe } from 'actionable-errors/packs/stripe';

const refused = { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'fraud' };
const body = serializeBody(check(stripe, { name: 'create_refund', arguments: refused }, { checks: false }).body!);

test('ToolNode: the absorbed call runs fixed, the refused call gets an error ToolMessage with the body', async () => {
  const ran: unknown[] = [];
  // A tool as users write it: a loose schema, since the pack's check() is what validates.
  const createRefund = tool(async (args: Record<string, unknown>) => (ran.push(args), 're_123'), {
    name: 'create_refund',
    description: 'Refund a payment',
    schema: { type: 'object', properties: {}, additionalProperties: true },
  });
  const node = new ToolNode(checkedTools(stripe, [createRefund], { checks: false }));
  const message = new AIMessage({
    content: '',
    tool_calls: [
      // A camel-cased name: absorbed.
      { id: 'call_1', name: 'create_refund', args: { paymentIntent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'duplicate' }, type: 'tool_call' },
      { id: 'call_2', name: 'create_refund', args: refused, type: 'tool_call' },
    ],
  });
  const { messages } = (await node.invoke({ messages: [message] })) as { messages: ToolMessage[] };
  const fixed = check(stripe, { name: 'create_refund', arguments: { paymentIntent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'duplicate' } }, { checks: false });
  expect(fixed.ok).toBe(true);
  expect(ran).toEqual([fixed.arguments]);
  expect([messages[0].tool_call_id, messages[0].status, messages[0].content]).toEqual(['call_1', 'success', 're_123']);
  expect([messages[1].tool_call_id, messages[1].status]).toEqual(['call_2', 'error']);
  // ToolNode frames the error's message; the message is the body.
  expect(messages[1].content).toBe(`Error: ${body}\n Please fix your mistakes.`);
});

test('invoked directly, a refused call throws the refusal with its body; a tool the pack lacks is left as it is', async () => {
  const echo = tool(async (args: Record<string, unknown>) => JSON.stringify(args), { name: 'create_refund', description: 'x', schema: { type: 'object', properties: {}, additionalProperties: true } });
  const other = tool(async () => 'ok', { name: 'not_in_pack', description: 'x', schema: { type: 'object', properties: {} } });
  const [checked] = checkedTools(stripe, [echo], { checks: false });
  const [untouched] = checkedTools(stripe, [other], { checks: false });
  const error = await (checked as LangChainTool).invoke(refused).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ActionableRefusal);
  expect((error as ActionableRefusal).message).toBe(body);
  expect(untouched).toBe(other);
  // Everything else is the tool's own.
  expect([checked.name, checked.description]).toEqual(['create_refund', 'x']);
});
