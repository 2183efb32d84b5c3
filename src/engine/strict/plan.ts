// The strict plan of one tool for one target: walk, measure, take one budget step, walk again until the
// schema fits or nothing is left to change. Cached per tool, target and options.
import { anthropicBudget, anthropicOver, measure, openaiBudget, openaiOver } from './budgets';
import { strictToolName } from './names';
import { withoutExtensions } from './nodes';
import { VENDOR, type StrictFinding, type StrictLintOptions, type StrictTarget } from './targets';
import { walkOnce, type Decisions } from './walk';
import type { CompiledTool, SchemaNode } from '../types';

export interface StrictPlan {
  target: StrictTarget;
  /** The parameter schema the target accepts. */
  schema: SchemaNode;
  /** Rules of the arguments object itself that moved into the tool's description. */
  rootNotes: string[];
  findings: StrictFinding[];
  /** False when no rewrite makes the tool fit (the export then goes without `strict: true`). */
  strict: boolean;
  /** Anthropic request budget: this tool's optional and union parameters once exported. */
  optional: number;
  unions: number;
}

function planTool(tool: CompiledTool, target: StrictTarget, schema: SchemaNode, checked: boolean): StrictPlan {
  const decisions: Decisions = { collapse: new Map(), dropEnum: new Map(), nullableRequired: new Set() };
  let run = walkOnce(tool, target, schema, checked, decisions);
  let m = measure(run.out, run.w.sites);
  let strict = true;
  const budgetFindings: StrictFinding[] = [];
  for (let round = 0; round < 200; round++) {
    let changed = false;
    if (target === 'openai-strict') changed = openaiBudget(m, decisions);
    else if (target === 'anthropic-strict') changed = anthropicBudget(m, decisions);
    if (!changed) break;
    run = walkOnce(tool, target, schema, checked, decisions);
    m = measure(run.out, run.w.sites);
  }
  const over = target === 'openai-strict' ? openaiOver(m) : target === 'anthropic-strict' ? anthropicOver(m) : [];
  for (const why of over) {
    strict = false;
    budgetFindings.push({ path: '', construct: 'size', action: 'refuses', lives: checked ? 'checks' : 'nowhere', message: `${why}; no rewrite makes it fit, so the strict export goes without strict: true.` });
  }
  return { target, schema: run.out, rootNotes: run.w.rootNotes, findings: [...run.w.findings, ...budgetFindings], strict, optional: m.optional, unions: m.unions };
}

const plans = new WeakMap<CompiledTool, Map<string, StrictPlan>>();

/** The tool's schema as it would be sent: the compiled model schema, or the definition as written. */
function subjectSchema(tool: CompiledTool, asWritten: boolean): SchemaNode {
  if (!asWritten) return tool.modelSchema;
  return withoutExtensions(tool.source.arguments) as SchemaNode;
}

/** The strict plan of one tool for one target: the schema the target takes and every finding. */
export function strictPlan(tool: CompiledTool, target: StrictTarget, options: StrictLintOptions = {}): StrictPlan {
  const checked = options.serverRunsCheck !== false;
  const asWritten = options.asWritten === true;
  const key = `${target}|${checked}|${asWritten}`;
  let byKey = plans.get(tool);
  if (!byKey) plans.set(tool, (byKey = new Map()));
  let plan = byKey.get(key);
  if (!plan) {
    plan = planTool(tool, target, subjectSchema(tool, asWritten), checked);
    const name = strictToolName(tool.name, target);
    if (name !== tool.name) {
      plan.findings.unshift({ path: '', construct: 'name', action: 'rewrite', lives: checked ? 'checks' : 'nowhere', message: `${tool.name}: ${VENDOR[target]} refuses this tool name; the strict export calls it ${name}, and fromStrictCall() maps it back.` });
    }
    byKey.set(key, plan);
  }
  return plan;
}
