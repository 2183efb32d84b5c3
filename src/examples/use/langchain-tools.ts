// check() in LangGraph's ToolNode: your tools, each call checked before it runs. A call check() accepts runs
// with names and values fixed; a refused one never runs, and ToolNode hands the model the body in an error
// ToolMessage.
import { tool } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { checkedTools } from 'actionable-errors/adapters/langchain';
import { pack } from 'actionable-errors/packs/stripe';

/** Your refund code: it gets calls that passed the checker. */
export type CreateRefund = (args: Record<string, unknown>) => Promise<string>;

export function refundTools(createRefund: CreateRefund): ToolNode {
  const refund = pack.tool('create_refund')!;
  // The model sees the pack's model-facing schema, glosses included.
  const createRefundTool = tool(createRefund, { name: refund.name, description: refund.summary, schema: refund.modelSchema });
  return new ToolNode(checkedTools(pack, [createRefundTool], { checks: false }));
}
