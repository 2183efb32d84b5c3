// check() in an OpenAI tool-calling loop: each tool call is checked before your code runs it. A call the
// checker rejects never runs; the model gets the body as the tool's result and sends a better call.
import type OpenAI from 'openai';
import { check, exportPack, serializeBody } from 'actionable-errors';
import { pack } from 'actionable-errors/packs/helpdesk';

/** Your implementation of the tools: it gets calls that passed the checker, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

export async function ask(client: OpenAI, question: string, runTool: RunTool): Promise<string> {
  const tools = exportPack(pack, 'openai') as OpenAI.Chat.ChatCompletionTool[];
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: question }];
  for (let turn = 0; turn < 10; turn++) {
    const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages, tools });
    const message = completion.choices[0].message;
    messages.push(message);
    if (!message.tool_calls?.length) return message.content ?? '';
    for (const call of message.tool_calls) {
      // Your server looks up the records, so the pack's sample records stay out of it: { checks: false }.
      const result = check(pack, call, { checks: false });
      const content = result.ok
        ? JSON.stringify(await runTool(result.tool!, result.arguments as Record<string, unknown>))
        : serializeBody(result.body!);
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  throw new Error('no answer after 10 turns');
}
