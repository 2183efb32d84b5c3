// The user's own input run through the engine off the main thread, under the page's time budget (budget.ts):
// your tools compiled, a reply graded, a large call checked. The page runs the same work itself only once it
// has finished here in time, so input that would stall the engine for seconds (a $ref bomb, a reply the grader
// backtracks on) stops this worker, not the page.
import { check, serializeBody } from '../../../sandbox/checker';
import '../../../sandbox/json-repair';
import { grade } from '../../../sandbox/grade';
import { parseYamlText } from '../../../yaml-document';
import { looksLikeJson } from '../../../document-text';
import { bareError } from '../views/bare';
import { compileToolDefinitions, toolDefinitionList } from '../../../sandbox/ajv';
import { compileCustomTools, compileImportedPack, readPastedTools, type CustomPack } from '../loading/custom-tools';
import type { Json } from '../../../engine/types';
import { diagnosticsFor } from '../editor/diagnostics';
import { suggestionFor } from '../views/suggestion';
import type { BudgetJob, BudgetReply } from './budget';

const post = (m: BudgetReply) => (self as unknown as Worker).postMessage(m);

function compiled(tools: string): CustomPack {
  return compileCustomTools(tools, looksLikeJson(tools) ? undefined : parseYamlText);
}

/** The tool definitions a job names, as a pack; a call with no tool the definitions have is checked against an open schema of its own name. */
function packOf(tools: string) {
  const c = compiled(tools);
  if (c.ok === true) return c.pack;
  const open = compiled('[{"name": "tool", "inputSchema": {"type": "object"}}]');
  if (open.ok !== true) throw new Error('no pack to check against');
  return open.pack;
}

/** Tools compiled at a time when there are many: the page's budget counts from the last slice (budget.ts). */
const TOOLS_PER_SLICE = 100;

/**
 * Your tools compiled as the page will compile them; many tools a slice at a time, with word to the page after
 * each, so a tool set is timed by its slowest slice and not stopped for its size alone.
 */
function compileTools(id: number, tools: string): void {
  const read = readPastedTools(tools, looksLikeJson(tools) ? undefined : parseYamlText);
  // Parsed JSON or YAML text: each definition in it is JSON too.
  const list = read.ok ? (toolDefinitionList(read.value).list as Json[]) : null;
  if (!list || list.length <= TOOLS_PER_SLICE) {
    compiled(tools);
    return;
  }
  for (let i = 0; i < list.length; i += TOOLS_PER_SLICE) {
    compileToolDefinitions(list.slice(i, i + TOOLS_PER_SLICE));
    post({ id, progress: true });
  }
}

async function run(id: number, job: BudgetJob): Promise<void> {
  switch (job.kind) {
    case 'tools':
      compileTools(id, job.tools);
      return;
    case 'imported':
      await compileImportedPack(job.pack);
      return;
    case 'grade':
      grade(packOf(job.tools), job.call, job.reply);
      return;
    case 'check': {
      // What the page works out of a call besides its body: the markers, the suggestion, AJV's own error.
      const pack = packOf(job.tools);
      const result = check(pack, job.call);
      if (result.body) serializeBody(result.body);
      suggestionFor(result, job.call);
      diagnosticsFor(job.call, result);
      bareError(pack, job.call);
      return;
    }
  }
}

self.onmessage = async (e: MessageEvent<{ id: number; job: BudgetJob }>) => {
  const { id, job } = e.data;
  try {
    await run(id, job);
    post({ id, done: true });
  } catch (err) {
    post({ id, done: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};

post({ ready: true });
