// Issue 18, item 2: every example value of every vendor document in the corpus passes the check of the tool
// imported from it (src/importer/vendor-examples.ts says how each is checked in place). The refusals left
// are the vendor's own mistakes, each declared with its reason in vendor-example-exceptions.ts; a refusal
// not declared fails, and so does a declared one that is no longer refused.
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../src/cli/import-corpus';
import { countVendorExamples } from '../../src/importer/vendor-examples';
import { importSpec } from '../../src/importer/index';
import { CORPUS_FULL, sampledTools } from '../corpus-sample';
import { importedPack, vendorDoc } from './corpus';
import { DECLARED_REFUSALS } from './vendor-example-exceptions';

const declared = new Map(DECLARED_REFUSALS);

describe('the counting', () => {
  it('finds parameter, body-field and whole-body examples, and counts the one a tool refuses', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things/{id}': {
          post: {
            operationId: 'updateThing',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { due: { type: 'string', format: 'date', example: '2026-03-11' }, tags: { type: 'array', items: { type: 'string', maxLength: 3, example: 'long tag' } } } },
                  examples: { one: { value: { due: '2026-03-11', tags: ['a'] } } },
                },
              },
            },
          },
        },
      },
    };
    const { pack } = await importSpec(doc, { id: 'things' });
    const count = await countVendorExamples(doc, pack);
    expect(count.examples).toBe(4);
    expect(count.refused).toBe(1);
    expect(count.refusedList[0]).toMatchObject({ tool: 'updateThing', field: 'tags[0]', source: 'body schema', value: 'long tag' });
    expect(count.refusedList[0].faults).toEqual(['invalid_length at tags[0]']);
  });

  it('Google Discovery documents carry no example values, so they add none', () => {
    for (const e of CORPUS.filter((x) => x.file.startsWith('google/'))) expect(JSON.stringify(vendorDoc(e.file)), e.id).not.toMatch(/"(x-)?examples?":/);
  });
});

describe('the vendor’s own examples pass the imported tools’ checks', () => {
  const documents = CORPUS.filter((e) => !e.file.startsWith('google/'));
  let total = 0;
  let toolsTaken = 0;
  // Of each pack, its curated tools and a seeded sample of the rest unless CORPUS=full (tests/corpus-sample.ts).
  const samples = new Map(documents.map((e) => [e.id, sampledTools(importedPack(e.id))]));
  for (const entry of documents) {
    const { source, sample } = samples.get(entry.id)!;
    it(`${entry.id}: every example passes, or is a declared vendor mistake (tools: ${sample.label})`, async () => {
      const count = await countVendorExamples(vendorDoc(entry.file), source);
      total += count.examples;
      toolsTaken += source.tools.length;
      const taken = new Set(source.tools.map((t) => t.name));
      const refused = [...new Set(count.refusedList.map((r) => `${entry.id} ${r.tool} ${r.field}`))];
      const undeclared = count.refusedList.filter((r) => !declared.has(`${entry.id} ${r.tool} ${r.field}`)).map((r) => ({ ...r, value: JSON.stringify(r.value).slice(0, 200) }));
      expect(undeclared).toEqual([]);
      const stale = [...declared.keys()].filter((k) => k.startsWith(`${entry.id} `) && taken.has(k.split(' ')[1]) && !refused.includes(k));
      expect(stale, 'declared refusals that are no longer refused').toEqual([]);
    }, 60_000);
  }
  const allTools = [...samples.values()].reduce((n, x) => n + x.sample.total, 0);
  it(`the documents hold thousands of request-side examples, all counted (${CORPUS_FULL ? 'every tool' : 'in proportion, for the sampled tools'})`, () => {
    expect(toolsTaken).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(Math.floor((3500 * toolsTaken) / allTools));
  });
});
