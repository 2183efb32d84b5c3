// check() in the OpenAI Agents SDK: a function tool for each of the pack's tools. A call check() accepts runs
// with names and values fixed; a refused one never runs, and its error function hands the model the body.
import { Agent, run, tool } from '@openai/agents';
import { tools, type RunTool } from 'actionable-errors/adapters/openai-agents';
import { pack } from 'actionable-errors/packs/helpdesk';

export async function ask(question: string, runTool: RunTool): Promise<unknown> {
  const agent = new Agent({
    name: 'Helpdesk',
    instructions: 'You manage support tickets.',
    tools: tools(pack, runTool, { checks: false }).map((options) => tool(options)),
  });
  return (await run(agent, question)).finalOutput;
}
