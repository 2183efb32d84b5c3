// Compile budgets (src/engine/pack/compile-budgets.ts): a tool definition whose compile work would grow
// without bound is refused with its pointer and the reason, and the tools beside it still compile and check
// calls. Outcomes only: how fast each refusal comes is measured by the bench, not here.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, PackError } from '../../src/engine';
import {
  FIELD_BUDGET_PER_PACK,
  FIELD_BUDGET_PER_TOOL,
  FIELD_WALK_BUDGET_PER_TOOL,
  SCHEMA_DEPTH_BUDGET,
  SCHEMA_NODE_BUDGET_PER_PACK,
  SCHEMA_NODE_BUDGET_PER_TOOL,
  schemaBudgetProblem,
} from '../../src/engine/pack/compile-budgets';

const good = { name: 'get_ticket', inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['ticket_id'] } };

/** `levels` of $defs, each an object of `width` properties that all refer to the next: width^levels paths. */
function fanOut(name: string, levels: number, width: number) {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < width; j++) props[`p${j}`] = i === levels - 1 ? { type: 'integer' } : { $ref: `#/$defs/L${i + 1}` };
    defs[`L${i}`] = { type: 'object', properties: props };
  }
  return { name, inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: defs } };
}

function nested(name: string, levels: number) {
  let schema: Record<string, unknown> = { type: 'integer' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return { name, inputSchema: schema };
}

function refChain(name: string, length: number) {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) defs[`c${i}`] = i === length - 1 ? { type: 'integer' } : { $ref: `#/$defs/c${i + 1}` };
  return { name, inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/c0' } }, $defs: defs } };
}

/** The refusal of one tool, asserting the rest of the list compiled and still checks calls. */
function refusedBeside(bad: { name: string; inputSchema: unknown }) {
  const pack = packFromToolDefinitions([bad, good]);
  expect(pack.tools.map((t) => t.name)).toEqual(['get_ticket']);
  expect(check(pack, { name: 'get_ticket', arguments: { ticket_id: 'T-1', limit: 0 } }).body).toMatchObject({ error: 'out_of_range', field: 'limit' });
  expect(check(pack, { name: 'get_ticket', arguments: { ticket_id: 'T-1' } }).ok).toBe(true);
  expect(check(pack, { name: bad.name, arguments: {} }).body).toMatchObject({ error: 'unknown_tool' });
  expect(pack.refused).toHaveLength(1);
  expect(pack.refused![0].tool).toBe(bad.name);
  return pack.refused![0];
}

describe('a tool past a budget is refused alone, with its pointer and the reason', () => {
  test('$refs that fan out (5 levels of 20 properties, 20^5 paths) stop at the field budget', () => {
    const r = refusedBeside(fanOut('f', 5, 20));
    expect(r.pointer).toMatch(/^\/0\/inputSchema\/\$defs\/L\d\/properties\/p\d+$/);
    expect(r.reason).toBe(`expands to more than ${FIELD_BUDGET_PER_TOOL.toLocaleString('en-US')} fields, past the compile budget of a tool: each path through a $ref is a field of its own, so refer to shared schemas from fewer places or nest them less deeply`);
  });

  test('anyOf branches that fan out through $refs, which make no field, stop at the walk budget', () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) defs[`L${i}`] = i === 4 ? { type: 'integer' } : { anyOf: Array.from({ length: 20 }, () => ({ $ref: `#/$defs/L${i + 1}` })) };
    const r = refusedBeside({ name: 'branches', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: defs } });
    expect(r.pointer).toMatch(/^\/0\/inputSchema\/\$defs\/L\d$/);
    expect(r.reason).toMatch(new RegExp(`^branches into more than ${FIELD_WALK_BUDGET_PER_TOOL.toLocaleString('en-US')} schemas on its paths, past the compile budget of a tool`));
  });

  test('a tool nested 1,000 levels deep is refused by name, never a bare RangeError', () => {
    const r = refusedBeside(nested('deep', 1000));
    expect(r.reason).toMatch(new RegExp(`^nests deeper than ${SCHEMA_DEPTH_BUDGET} levels`));
    // The pointer is the place the budget ran out: SCHEMA_DEPTH_BUDGET levels down the tool's own schema.
    expect(r.pointer.startsWith('/0/inputSchema/properties/a/properties/a/')).toBe(true);
    expect(r.pointer.split('/').length - 3).toBeGreaterThan(SCHEMA_DEPTH_BUDGET);
  });

  test('a $ref chain of 6,000 is refused (each $ref followed is a level), where the chain passes the depth budget', () => {
    const r = refusedBeside(refChain('chain', 6000));
    expect(r.pointer).toMatch(/^\/0\/inputSchema\/\$defs\/c\d+$/);
    expect(r.reason).toMatch(/^nests deeper than \d+ levels \(each \$ref followed counts as one more\)/);
  });

  test('a tool of 20,000 properties is refused at the node budget', () => {
    const props: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) props[`p${i}`] = { type: 'integer' };
    const r = refusedBeside({ name: 'wide', inputSchema: { type: 'object', properties: props } });
    expect(r).toEqual({ tool: 'wide', pointer: '/0/inputSchema', reason: `holds more than ${SCHEMA_NODE_BUDGET_PER_TOOL.toLocaleString('en-US')} schema nodes, past the compile budget of a tool: split it into smaller tools` });
  });

  test('a file whose only tool is past a budget is a PackError naming the tool, not a RangeError', () => {
    expect(() => packFromToolDefinitions([nested('deep', 1000)])).toThrow(PackError);
    try {
      packFromToolDefinitions([nested('deep', 1000)]);
    } catch (err) {
      expect((err as PackError).problems[0].message).toMatch(/^deep: nests deeper than/);
    }
  });
});

describe('what stays inside the budgets compiles as before', () => {
  test('a schema that holds itself (a tree) is no deep schema: its $ref back ends the walk', () => {
    const tree = { name: 'tree', inputSchema: { type: 'object', properties: { root: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } } } };
    const pack = packFromToolDefinitions([tree]);
    expect(pack.refused).toBeUndefined();
    expect([...pack.tools[0].fields.keys()]).toEqual(['root', 'root.label', 'root.children', 'root.children[]']);
  });

  test('a shared schema is a field at every path that reaches it, as the explain stages look fields up', () => {
    const pack = packFromToolDefinitions([fanOut('small', 3, 3)]);
    expect(pack.tools[0].fields.size).toBe(1 + 3 + 9 + 27);
    expect(check(pack, { name: 'small', arguments: { r: { p2: { p1: { p0: 'x' } } } } }).body).toMatchObject({ error: 'invalid_type', field: 'r.p2.p1.p0' });
  });

  test('a chain of references inside the depth budget compiles and checks', () => {
    const pack = packFromToolDefinitions([refChain('chain', 20)]);
    expect(check(pack, { name: 'chain', arguments: { x: 'one' } }).body).toMatchObject({ error: 'invalid_type', field: 'x' });
  });
});

describe('the budgets of one set of tools', () => {
  test('the tool whose fields take the set past its budget is refused; the ones before it load', () => {
    // 20 + 400 + 8,000 fields each: under a tool's budget, and the sixth takes the set past FIELD_BUDGET_PER_PACK.
    const perTool = 20 + 400 + 8000;
    const count = Math.floor(FIELD_BUDGET_PER_PACK / perTool) + 1;
    const pack = packFromToolDefinitions(Array.from({ length: count }, (_, i) => fanOut(`t${i}`, 3, 20)));
    expect(pack.tools).toHaveLength(count - 1);
    expect(pack.refused).toEqual([{ tool: `t${count - 1}`, pointer: expect.stringMatching(new RegExp(`^/${count - 1}/inputSchema/`)), reason: `brings the fields of all the tools past ${FIELD_BUDGET_PER_PACK.toLocaleString('en-US')}, the compile budget of one set of tools: load fewer tools at once` }]);
  });

  test('schema nodes count against the set as well as the tool', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    expect(schemaBudgetProblem(schema, 0)).toEqual({ nodes: 4 });
    expect(schemaBudgetProblem(schema, SCHEMA_NODE_BUDGET_PER_PACK - 3).problem?.message).toMatch(/^brings the schema nodes of all the tools past/);
    // Values that are data (enum, const, default, examples) are no schema nodes, and a key named like one in properties is a field.
    expect(schemaBudgetProblem({ type: 'object', properties: { enum: { type: 'string' } }, default: { x: { y: {} } } }, 0).nodes).toBe(3);
  });
});
