// Rules the vendor's descriptions state and its schemas do not, read at import (src/importer/spec-rules.ts):
// kept in the pack as facts with the pointer of the words, enforced by check() beside the vendor's schema,
// and dropped when a value the vendor shows as taken breaks them. Small documents written here, in our words.
import { describe, expect, it } from 'vitest';
import '../../src/engine/registries/all';
import { check } from '../../src/engine';
import { loadPack } from '../../src/engine/pack/pack-loader';
import { importSpec } from '../../src/importer/index';
import type { PackSource } from '../../src/engine/types';

function openapi(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Tasks', version: '1' },
    paths: {
      '/tasks': {
        post: {
          operationId: 'createTask',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' }, ...extra } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: { schemas: { Task: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, ...properties } } } },
  };
}

async function imported(doc: unknown) {
  const { pack, report } = await importSpec(doc, { id: 'spec-rules-test' });
  return { pack, report, loaded: loadPack('spec-rules-test.json', pack as PackSource) };
}

const argsOf = (pack: PackSource) => pack.tools[0].arguments as any;

describe('rules read from the vendor\u2019s descriptions', () => {
  it('keeps the rule as facts with the pointer of the words, and check() refuses a value that breaks it', async () => {
    const doc = openapi({ status: { type: 'string', description: 'Where the task stands: either "open" or "done".' }, due: { type: 'string', description: 'Due date, as an RFC 3339 timestamp.' } });
    const { pack, report, loaded } = await imported(doc);
    const status = argsOf(pack).properties.status;
    expect(status['x-read-rules']).toEqual([{ kind: 'value-set', keywords: { enum: ['open', 'done'] }, words: expect.stringContaining('either'), at: '/components/schemas/Task/properties/status/description' }]);
    expect(argsOf(pack).properties.due['x-read-rules']).toEqual([{ kind: 'format', keywords: { format: 'date-time' }, words: 'RFC 3339', at: '/components/schemas/Task/properties/due/description', example: expect.any(String) }]);
    expect(report.readRules).toEqual({ made: 2, dropped: 0, byKind: { 'value-set': 1, format: 1 }, conventions: 0 });
    // The vendor's words stay in the vendor's document: the pack's description of the field is ours.
    expect(JSON.stringify(pack)).not.toContain('Where the task stands');

    const refused = check(loaded, { name: 'createTask', arguments: { title: 'Ship', status: 'finished' } });
    expect(refused.ok).toBe(false);
    expect(refused.body).toMatchObject({ error: 'invalid_status', field: 'status', received: 'finished' });
    expect(String((refused.body as any).message)).toContain("read from the vendor's description of status");
    const date = check(loaded, { name: 'createTask', arguments: { title: 'Ship', due: 'March 3' } });
    expect(date.body).toMatchObject({ error: 'invalid_format', field: 'due' });
    expect(check(loaded, { name: 'createTask', arguments: { title: 'Ship', status: 'done', due: '2026-03-03T17:00:00Z' } }).ok).toBe(true);
    // The wire schema stays the vendor's: no keyword read from words goes into it.
    expect(JSON.stringify(loaded.tool('createTask')!.wireSchema)).not.toContain('"enum"');
    expect(loaded.tool('createTask')!.readRules?.map((r) => [r.field, r.source])).toEqual([
      ['status', 'spec'],
      ['due', 'spec'],
    ]);
  });

  it('the generated valid call keeps the rules, so the compiler keeps them too', async () => {
    const doc = openapi({ kind: { type: 'string', description: 'Must be one of: "bug", "chore".' } });
    const req = JSON.parse(JSON.stringify(doc));
    req.components.schemas.Task.required = ['title', 'kind'];
    const { pack, loaded } = await imported(req);
    expect(pack.tools[0].examples!.valid![0]).toMatchObject({ kind: 'bug' });
    expect(loaded.tool('createTask')!.readRules).toHaveLength(1);
    expect(loaded.tool('createTask')!.readRulesDropped).toBeUndefined();
  });

  it('drops a rule the field\u2019s own example breaks, and counts it', async () => {
    const doc = openapi({ due: { type: 'string', example: '2026-03-03', description: 'Due date, as an RFC 3339 timestamp.' } });
    const { pack, report } = await imported(doc);
    expect(argsOf(pack).properties.due['x-read-rules']).toBeUndefined();
    expect(report.readRules).toMatchObject({ made: 0, dropped: 1 });
  });

  it('drops a rule a request example of the vendor\u2019s breaks, and counts it', async () => {
    const doc = openapi({ size: { type: 'integer', description: 'How many, at most 10.' } }, { example: { title: 'Ship', size: 25 } });
    const { pack, report } = await imported(doc);
    expect(argsOf(pack).properties.size['x-read-rules']).toBeUndefined();
    expect(report.readRules).toMatchObject({ made: 0, dropped: 1 });
    const kept = await imported(openapi({ size: { type: 'integer', description: 'How many, at most 10.' } }, { example: { title: 'Ship', size: 5 } }));
    expect(argsOf(kept.pack).properties.size['x-read-rules']).toEqual([{ kind: 'bound', keywords: { maximum: 10 }, words: 'at most 10', at: '/components/schemas/Task/properties/size/description' }]);
  });

  it('reads nothing from hedged words, or where the schema already says the form', async () => {
    const doc = openapi({
      a: { type: 'string', description: 'Usually a date such as YYYY-MM-DD, or a relative one.' },
      b: { type: 'string', format: 'date', description: 'The day, as YYYY-MM-DD.' },
      c: { type: 'string', enum: ['x', 'y'], description: 'Either "x" or "y".' },
    });
    const { pack, report } = await imported(doc);
    for (const k of ['a', 'b', 'c']) expect(argsOf(pack).properties[k]['x-read-rules']).toBeUndefined();
    expect(report.readRules.made).toBe(0);
  });

  it('points into a Discovery document\u2019s parameters, where the words are', async () => {
    const doc = {
      discoveryVersion: 'v1',
      kind: 'discovery#restDescription',
      name: 'tasks',
      version: 'v1',
      revision: '1',
      title: 'Tasks',
      rootUrl: 'https://example.com/',
      servicePath: 'tasks/v1/',
      schemas: { Task: { id: 'Task', type: 'object', properties: { title: { type: 'string' } } } },
      resources: {
        tasks: {
          methods: {
            list: {
              id: 'tasks.tasks.list',
              httpMethod: 'GET',
              path: 'lists',
              parameters: { dueMin: { type: 'string', location: 'query', description: 'Lower bound for the due date, as an RFC 3339 timestamp.' } },
              response: { $ref: 'Task' },
            },
          },
        },
      },
    };
    const { pack } = await imported(doc);
    expect(argsOf(pack).properties.dueMin['x-read-rules']).toEqual([{ kind: 'format', keywords: { format: 'date-time' }, words: 'RFC 3339', at: '/resources/tasks/methods/list/parameters/dueMin/description', example: expect.any(String) }]);
  });

  describe('conventions inside one document', () => {
    const op = (operationId: string, properties: Record<string, unknown>, example?: unknown) => ({
      post: {
        operationId,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties }, ...(example ? { example } : {}) } } },
        responses: { '200': { description: 'ok' } },
      },
    });
    const doc = (paths: Record<string, unknown>) => ({ openapi: '3.0.3', info: { title: 'Tasks', version: '1' }, paths });
    const rulesOf = (pack: PackSource, tool: string, field: string) => (pack.tools.find((t) => t.name === tool)!.arguments as any).properties[field]['x-read-rules'];
    const dated = { type: 'string', description: 'When it is due, as YYYY-MM-DD.' };

    it('a format two operations state for a name holds where a third states none, and says where it was read', async () => {
      const { pack, report, loaded } = await imported(doc({ '/a': op('createA', { due_on: dated }), '/b': op('createB', { due_on: dated }), '/c': op('createC', { due_on: { type: 'string', description: 'When.' } }) }));
      expect(rulesOf(pack, 'createC', 'due_on')).toEqual([{ kind: 'format', keywords: { format: 'date' }, words: 'YYYY-MM-DD', at: '/paths/~1a/post/requestBody/content/application~1json/schema/properties/due_on/description', example: expect.any(String), convention: true }]);
      expect(report.readRules).toMatchObject({ made: 3, conventions: 1 });
      const r = check(loaded, { name: 'createC', arguments: { due_on: 'March 3' } });
      expect(String((r.body as any).message)).toContain("read from the vendor's description of due_on in its other operations");
    });

    it('carries nothing stated once, contradicted, on a generic name, or onto a field whose schema says the form', async () => {
      const once = await imported(doc({ '/a': op('createA', { due_on: dated }), '/c': op('createC', { due_on: { type: 'string' } }) }));
      expect(rulesOf(once.pack, 'createC', 'due_on')).toBeUndefined();
      const contradicted = await imported(doc({ '/a': op('createA', { due_on: dated }), '/b': op('createB', { due_on: dated }), '/x': op('createX', { due_on: { type: 'string', description: 'As an RFC 3339 timestamp.' } }), '/c': op('createC', { due_on: { type: 'string' } }) }));
      expect(rulesOf(contradicted.pack, 'createC', 'due_on')).toBeUndefined();
      const states = { type: 'string', description: 'Either "open" or "done".' };
      const generic = await imported(doc({ '/a': op('createA', { status: states }), '/b': op('createB', { status: states }), '/c': op('createC', { status: { type: 'string' } }) }));
      expect(rulesOf(generic.pack, 'createC', 'status')).toBeUndefined();
      const formed = await imported(doc({ '/a': op('createA', { due_on: dated }), '/b': op('createB', { due_on: dated }), '/c': op('createC', { due_on: { type: 'string', pattern: '^[0-9-]+$' } }) }));
      expect(rulesOf(formed.pack, 'createC', 'due_on')).toBeUndefined();
    });

    it('drops a carried rule a request example of the vendor\u2019s breaks', async () => {
      const { pack, report } = await imported(doc({ '/a': op('createA', { due_on: dated }), '/b': op('createB', { due_on: dated }), '/c': op('createC', { due_on: { type: 'string' } }, { due_on: 'next week' }) }));
      expect(rulesOf(pack, 'createC', 'due_on')).toBeUndefined();
      expect(report.readRules).toMatchObject({ made: 2, dropped: 1, conventions: 0 });
    });
  });
});
