// check() in the Vercel AI SDK: the pack's tools, validated by check(), and its repair function. A call
// written as models write it (in a fence, with a trailing comma, a key in camelCase) is repaired and runs;
// a refused one never runs, and the model reads the body as that call's result and sends a better one.
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { repairToolCall, tools, type RunTool } from 'actionable-errors/adapters/ai-sdk';
import { pack } from 'actionable-errors/packs/helpdesk';

export async function ask(model: LanguageModel, question: string, runTool: RunTool): Promise<string> {
  const { text } = await generateText({
    model,
    prompt: question,
    // Your server looks up the records, so the pack's sample records stay out of it: { checks: false }.
    tools: tools(pack, runTool, { checks: false }),
    // `repairToolCall` in ai 7; the function is the same.
    experimental_repairToolCall: repairToolCall(pack, { checks: false }),
    stopWhen: stepCountIs(10),
  });
  return text;
}
