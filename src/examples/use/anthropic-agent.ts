// check() in an Anthropic tool-use loop: each tool_use block is checked before your code runs it. A
// rejected one never runs; its tool_result carries the body, with is_error set, and the model tries again.
import type Anthropic from '@anthropic-ai/sdk';
import { check, exportPack, serializeBody } from 'actionable-errors';
import { pack } from 'actionable-errors/packs/helpdesk';

/** Your implementation of the tools: it gets calls that passed the checker, with names and values fixed. */
export type RunTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

export async function ask(client: Anthropic, question: string, runTool: RunTool): Promise<string> {
  const tools = exportPack(pack, 'anthropic') as Anthropic.Tool[];
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: question }];
  for (let turn = 0; turn < 10; turn++) {
    const reply = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
    messages.push({ role: 'assistant', content: reply.content });
    const uses = reply.content.filter((block) => block.type === 'tool_use');
    if (uses.length === 0) return reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const use of uses) {
      // Your server looks up the records, so the pack's sample records stay out of it: { checks: false }.
      const result = check(pack, use, { checks: false });
      results.push(
        result.ok
          ? { type: 'tool_result', tool_use_id: use.id, content: JSON.stringify(await runTool(result.tool!, result.arguments as Record<string, unknown>)) }
          : { type: 'tool_result', tool_use_id: use.id, content: serializeBody(result.body!), is_error: true },
      );
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error('no answer after 10 turns');
}
