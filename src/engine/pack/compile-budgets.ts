// What one tool, and one pack, may cost to compile. A few kilobytes of schema can ask for unbounded work: a
// chain of thousands of $refs, a tool nested a thousand levels deep (the meta-schema's validator and AJV's
// code generator recurse once per level and run out of stack), or $refs that fan out (5 levels of 20
// properties each are 20^5 paths, each a field of its own). Each budget is checked as the work grows, so a
// tool past one is refused at once, with the place and the reason, and the other tools compile.
// The shipped and imported packs stay well inside them: at most 22 levels, 7,559 schema nodes and 5,220
// fields in one tool, and 11,000 nodes and 8,000 fields in one pack.
import { resolveLocalRef } from '../schema';
import type { SchemaNode } from '../types';
import { childPointer } from '../paths';

/** How deep a tool's schema may nest, counting every object and list, and each `$ref` followed as one level more. */
export const SCHEMA_DEPTH_BUDGET = 64;
/** Schema nodes (JSON objects, outside enum/const/default/examples values) one tool may hold. */
export const SCHEMA_NODE_BUDGET_PER_TOOL = 10_000;
/** Schema nodes all the tools of one pack may hold together. */
export const SCHEMA_NODE_BUDGET_PER_PACK = 100_000;
/** Field-index entries one tool may make: one per path to a field, so one per path through every `$ref`. */
export const FIELD_BUDGET_PER_TOOL = 10_000;
/** Field-index entries all the tools of one pack may make together. */
export const FIELD_BUDGET_PER_PACK = 50_000;
/**
 * Steps the field index's walk may take per tool and per pack: one per schema reached on a path, so
 * `anyOf` branches that fan out through $refs, which make no field, are counted too. The shipped and
 * imported packs take at most 5,221 steps in one tool (3.3 per field in Discord's, which branch the most).
 */
export const FIELD_WALK_BUDGET_PER_TOOL = 4 * FIELD_BUDGET_PER_TOOL;
const FIELD_WALK_BUDGET_PER_PACK = 4 * FIELD_BUDGET_PER_PACK;

/** Where in the tool's schema a budget ran out (a JSON pointer from the schema's root), and why. */
export interface BudgetProblem {
  pointer: string;
  message: string;
}

/** Values that are data, not schemas: walked for their depth only. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Keywords whose value maps names to schemas: a key there is a name, never a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** What a value in a schema is: a schema (or a list of them), a map of names to schemas, or data. */
type Kind = 'schema' | 'map' | 'data';

const count = (n: number) => n.toLocaleString('en-US');


const depthMessage = () =>
  `nests deeper than ${SCHEMA_DEPTH_BUDGET} levels (each $ref followed counts as one more), past the compile budget of a tool: flatten it, or shorten its chain of references`;

/**
 * Measures one tool's schema against the depth and node budgets, walking each node once per depth it is
 * reached at (a $ref target is walked once, not once per path to it, unless reached deeper) and a schema
 * that holds itself (a tree of comments) once. `nodesInPack` is what the pack's earlier tools hold.
 */
export function schemaBudgetProblem(root: SchemaNode, nodesInPack: number): { nodes: number; problem?: BudgetProblem } {
  const deepest = new Map<object, number>();
  const onPath = new Set<object>();
  let nodes = 0;
  let problem: BudgetProblem | undefined;
  const walk = (node: object, pointer: string, depth: number, kind: Kind): boolean => {
    if (depth > SCHEMA_DEPTH_BUDGET) {
      problem = { pointer, message: depthMessage() };
      return true;
    }
    const before = deepest.get(node);
    if ((before !== undefined && before >= depth) || onPath.has(node)) return false;
    if (before === undefined && kind !== 'data' && !Array.isArray(node)) {
      nodes++;
      if (nodes > SCHEMA_NODE_BUDGET_PER_TOOL) {
        problem = { pointer: '', message: `holds more than ${count(SCHEMA_NODE_BUDGET_PER_TOOL)} schema nodes, past the compile budget of a tool: split it into smaller tools` };
        return true;
      }
      if (nodesInPack + nodes > SCHEMA_NODE_BUDGET_PER_PACK) {
        problem = { pointer: '', message: `brings the schema nodes of all the tools past ${count(SCHEMA_NODE_BUDGET_PER_PACK)}, the compile budget of one set of tools: load fewer tools at once` };
        return true;
      }
    }
    deepest.set(node, depth);
    onPath.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== 'object') continue;
      const child: Kind = kind !== 'schema' || Array.isArray(node) ? (kind === 'map' ? 'schema' : kind) : DATA_KEYWORDS.has(key) ? 'data' : SCHEMA_MAPS.has(key) ? 'map' : 'schema';
      if (walk(value, childPointer(pointer, key), depth + 1, child)) return true;
    }
    if (kind === 'schema' && !Array.isArray(node)) {
      const target = resolveLocalRef(root, node as SchemaNode);
      if (target && walk(target.node, target.pointer, depth + 1, 'schema')) return true;
    }
    onPath.delete(node);
    return false;
  };
  walk(root, '', 0, 'schema');
  return { nodes, problem };
}

/** The field index's counts, shared by one tool's walk: past a budget, the walk stops and says where. */
export class FieldBudget {
  entries = 0;
  steps = 0;
  problem?: BudgetProblem;
  /** What the pack's earlier tools took. */
  constructor(
    private readonly entriesInPack: number,
    private readonly stepsInPack = 0,
  ) {}

  /** Counts one step of the walk, at `pointer`; false once a budget is spent. */
  step(pointer: string): boolean {
    if (this.problem) return false;
    this.steps++;
    if (this.steps > FIELD_WALK_BUDGET_PER_TOOL) {
      this.problem = { pointer, message: `branches into more than ${count(FIELD_WALK_BUDGET_PER_TOOL)} schemas on its paths, past the compile budget of a tool: each path through a $ref is walked on its own, so refer to shared schemas from fewer places or nest them less deeply` };
    } else if (this.stepsInPack + this.steps > FIELD_WALK_BUDGET_PER_PACK) {
      this.problem = { pointer, message: `brings the schemas walked for all the tools past ${count(FIELD_WALK_BUDGET_PER_PACK)}, the compile budget of one set of tools: load fewer tools at once` };
    }
    return !this.problem;
  }

  /** Counts one entry made at `pointer`; false once a budget is spent. */
  take(pointer: string): boolean {
    if (this.problem) return false;
    this.entries++;
    if (this.entries > FIELD_BUDGET_PER_TOOL) {
      this.problem = { pointer, message: `expands to more than ${count(FIELD_BUDGET_PER_TOOL)} fields, past the compile budget of a tool: each path through a $ref is a field of its own, so refer to shared schemas from fewer places or nest them less deeply` };
    } else if (this.entriesInPack + this.entries > FIELD_BUDGET_PER_PACK) {
      this.problem = { pointer, message: `brings the fields of all the tools past ${count(FIELD_BUDGET_PER_PACK)}, the compile budget of one set of tools: load fewer tools at once` };
    }
    return !this.problem;
  }
}
