// The importer copies a shared schema into every place that uses it; a document whose components/schemas
// fan out would be copied 20^5 times. Past the budget (src/importer/inline-budget.ts) that operation is left
// out with the reason and where it is, and the document's other operations still import.
import { describe, expect, it } from 'vitest';
import '../../src/engine/registries/all';
import { loadPack } from '../../src/engine/pack/pack-loader';
import { check } from '../../src/engine/check';
import { importSpec } from '../../src/importer/index';
import { INLINED_NODE_BUDGET_PER_TOOL } from '../../src/importer/inline-budget';

/** An OpenAPI 3.0 document of two operations: one whose body fans out through `levels` schemas of `width` properties, one plain. */
function fanOutDocument(levels: number, width: number) {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const props: Record<string, unknown> = {};
    for (let j = 0; j < width; j++) props[`p${j}`] = i === levels - 1 ? { type: 'integer' } : { $ref: `#/components/schemas/L${i + 1}` };
    schemas[`L${i}`] = { type: 'object', properties: props };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Fan-out', version: '1' },
    paths: {
      '/things': { post: { operationId: 'make_thing', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } }, responses: { '200': { description: 'ok' } } } },
      '/ok': { get: { operationId: 'get_ok', parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } },
    },
    components: { schemas },
  };
}

describe('an operation whose schemas inline past the budget', () => {
  it('is left out with the reason and its pointer; the other operation imports and checks calls', async () => {
    const { pack, report, refused } = await importSpec(fanOutDocument(5, 20), { id: 'fan-out' });
    expect(pack.tools.map((t) => t.name)).toEqual(['get_ok']);
    expect(report.skipped).toEqual([{ operation: 'POST /things', reason: expect.stringMatching(new RegExp(`^its schemas inline to more than ${INLINED_NODE_BUDGET_PER_TOOL.toLocaleString('en-US')} nodes at the field "p\\d+(\\.p\\d+)*", past the compile budget of a tool`)) }]);
    expect(refused).toEqual([{ tool: 'make_thing', pointer: '/paths/~1things/post', reason: `POST /things: ${report.skipped[0].reason}` }]);
    const loaded = loadPack('fan-out.json', pack);
    expect(check(loaded, { name: 'get_ok', arguments: {} }).body).toMatchObject({ error: 'missing_required', field: 'id' });
  });

  it('a small fan-out inside the budget is inlined as before', async () => {
    const { pack, refused } = await importSpec(fanOutDocument(2, 3), { id: 'fan-out' });
    expect(refused).toEqual([]);
    const make = pack.tools.find((t) => t.name === 'make_thing')!;
    expect(Object.keys(make.arguments.properties)).toEqual(['p0', 'p1', 'p2']);
    expect(make.arguments.properties.p2.properties.p1.type).toBe('integer');
  });
});
