// The importer copies a shared schema into every place that refers to it (OpenAPI's components/schemas),
// so a few kilobytes of document whose references fan out (5 levels of 20 properties) would become 20^5
// nodes. Each tool, and the tools kept together, get the engine's compile budget of schema nodes
// (compile-budgets.ts), counted as the copies are made: past it, that operation is left out with the reason.
import { SCHEMA_NODE_BUDGET_PER_PACK, SCHEMA_NODE_BUDGET_PER_TOOL } from '../engine/pack/compile-budgets';

/** Schema nodes one tool's arguments may inline: what the engine would compile of one tool. */
export const INLINED_NODE_BUDGET_PER_TOOL = SCHEMA_NODE_BUDGET_PER_TOOL;
/** Schema nodes the kept tools of one document may inline together: what the engine would compile of one pack. */
const INLINED_NODE_BUDGET_PER_DOCUMENT = SCHEMA_NODE_BUDGET_PER_PACK;

const count = (n: number) => n.toLocaleString('en-US');

/** Thrown from deep in a conversion once a budget is spent; importSpec leaves that operation out with its message. */
export class InlineBudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InlineBudgetError';
  }
}

export class InlineBudget {
  /** Nodes the kept tools inlined. */
  private kept = 0;
  /** Nodes the tool being converted has inlined so far. */
  private tool = 0;

  startTool(): void {
    this.tool = 0;
  }

  /** The tool made it into the pack: its nodes count against the document from now on. */
  keepTool(): void {
    this.kept += this.tool;
    this.tool = 0;
  }

  /** Counts one node inlined at `field` (a field path); throws InlineBudgetError past a budget. */
  take(field: string): void {
    this.tool++;
    const at = field ? ` at the field ${JSON.stringify(field)}` : '';
    if (this.tool > INLINED_NODE_BUDGET_PER_TOOL) {
      throw new InlineBudgetError(`its schemas inline to more than ${count(INLINED_NODE_BUDGET_PER_TOOL)} nodes${at}, past the compile budget of a tool: each $ref is copied into every place that uses it, so refer to shared schemas from fewer places, nest them less deeply or split the operation`);
    }
    if (this.kept + this.tool > INLINED_NODE_BUDGET_PER_DOCUMENT) {
      throw new InlineBudgetError(`its schemas bring the document's tools past ${count(INLINED_NODE_BUDGET_PER_DOCUMENT)} inlined nodes${at}, the compile budget of one pack: import fewer operations at once`);
    }
  }
}
