// check() in Mastra: the pack's tools as tool actions for an Agent. A call check() accepts runs with names and
// values fixed; a refused one never runs, and the body is the tool's result, which the model reads.
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { tools, type RunTool } from 'actionable-errors/adapters/mastra';
import { pack } from 'actionable-errors/packs/helpdesk';

export function helpdeskAgent(model: MastraModelConfig, runTool: RunTool): Agent {
  return new Agent({ id: 'helpdesk', name: 'Helpdesk', instructions: 'You manage support tickets.', model, tools: tools(pack, runTool, { checks: false }) });
}
