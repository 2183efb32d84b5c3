// One operation's $refs never cost the document's others (src/importer/isolate-refs.ts). The dereferencer
// refuses a whole document for a chain of more than 500 $refs, a schema nested 1,000 deep or a $ref to
// nothing, and its message starts the pointer with the working directory. Such an operation is left out
// with its pointer and the reason, no path of this machine in it, and the others import and check calls.
import { describe, expect, it } from 'vitest';
import '../../src/engine/registries/all';
import { loadPack } from '../../src/engine/pack/pack-loader';
import { check } from '../../src/engine/check';
import { importSpec } from '../../src/importer/index';
import { dereferenceMessage, documentFor } from '../../src/importer/isolate-refs';

const op = (id: string, schema: unknown) => ({
  post: { operationId: id, requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { x: schema }, required: ['x'] } } } }, responses: { '200': { description: 'ok' } } },
});

/** Two operations and a shared schema: `bad_op`'s body holds `bad`. */
function documentWith(bad: unknown, schemas: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/good': op('good_op', { $ref: '#/components/schemas/Name' }), '/bad': op('bad_op', bad) },
    components: { schemas: { Name: { type: 'string', minLength: 2 }, ...schemas } },
  };
}

function refChain(length: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) schemas[`c${i}`] = i === length - 1 ? { type: 'integer' } : { $ref: `#/components/schemas/c${i + 1}` };
  return schemas;
}

function nested(levels: number): unknown {
  let schema: unknown = { type: 'integer' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

const machinePath = /(^|[\s"'(])(\/|[A-Za-z]:\\)[^\s#]*#/;

describe('an operation the $ref dereferencer refuses', () => {
  it.each([
    ['a $ref chain of 600', documentWith({ $ref: '#/components/schemas/c0' }, refChain(600)), /^its schemas nest deeper than 500 levels, each \$ref followed counting as one more \(stopped at #\/components\/schemas\/c\d+\)/],
    ['a schema nested 1,000 deep', documentWith(nested(1000)), /^its schemas nest deeper than 500 levels.*\(stopped at #\/paths\/~1bad\/post\/requestBody\/.{0,100}…\)/],
    ['a $ref to nothing', documentWith({ $ref: '#/components/schemas/Nope' }), /^Missing \$ref pointer "#\/components\/schemas\/Nope"/],
  ])('%s: left out with its pointer and the reason; the other operation imports', async (_, doc, reason) => {
    const { pack, report, refused } = await importSpec(doc, { id: 'isolated' });
    expect(pack.tools.map((t) => t.name)).toEqual(['good_op']);
    expect(report.operations).toBe(2);
    expect(report.skipped).toEqual([{ operation: 'POST /bad', reason: expect.stringMatching(reason) }]);
    expect(refused).toEqual([{ tool: 'bad_op', pointer: '/paths/~1bad/post', reason: `POST /bad: ${report.skipped[0].reason}` }]);
    expect(report.skipped[0].reason).not.toMatch(machinePath);
    expect(report.skipped[0].reason).not.toContain(process.cwd());
    // The good operation's own $ref is dereferenced as before.
    const loaded = loadPack('isolated.json', pack);
    expect(check(loaded, { name: 'good_op', arguments: { x: 'a' } }).body).toMatchObject({ error: 'invalid_length', field: 'x' });
  });

  it('in a Swagger 2 document too', async () => {
    const definitions = Object.fromEntries(Object.entries(refChain(600)).map(([k, v]) => [k, JSON.parse(JSON.stringify(v).replace('#/components/schemas/', '#/definitions/'))]));
    const body = (schema: unknown) => ({ responses: { '200': { description: 'ok' } }, parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object', properties: { x: schema }, required: ['x'] } }] });
    const doc = { swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/good': { post: { operationId: 'good_op', ...body({ type: 'string' }) } }, '/bad': { post: { operationId: 'bad_op', ...body({ $ref: '#/definitions/c0' }) } } }, definitions };
    const { pack, refused } = await importSpec(doc, { id: 'isolated' });
    expect(pack.tools.map((t) => t.name)).toEqual(['good_op']);
    expect(refused).toEqual([{ tool: 'bad_op', pointer: '/paths/~1bad/post', reason: expect.stringMatching(/^POST \/bad: its schemas nest deeper than 500 levels/) }]);
  });

  it('a chain no operation reaches costs nothing: every operation imports', async () => {
    const { pack, refused } = await importSpec(documentWith({ type: 'integer' }, refChain(600)), { id: 'isolated' });
    expect(refused).toEqual([]);
    expect(pack.tools.map((t) => t.name)).toEqual(['good_op', 'bad_op']);
  });

  it('a document the dereferencer takes is read from the document itself, as before', async () => {
    const { pack, refused } = await importSpec(documentWith({ $ref: '#/components/schemas/c0' }, refChain(20)), { id: 'isolated' });
    expect(refused).toEqual([]);
    expect(pack.tools.map((t) => t.name)).toEqual(['good_op', 'bad_op']);
  });
});

describe('the copy of a document for some of its operations', () => {
  it('holds those operations, their path items and what their $refs reach, and nothing else of paths or components', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { parameters: [{ $ref: '#/components/parameters/P' }], get: { responses: { '200': { $ref: '#/components/responses/R' } } }, post: { responses: {} } },
        '/b': { get: { responses: {} } },
      },
      components: {
        parameters: { P: { name: 'p', in: 'query', schema: { $ref: '#/components/schemas/S/properties/x' } } },
        responses: { R: { description: 'r' }, Unused: { description: 'u' } },
        schemas: { S: { type: 'object', properties: { x: { type: 'string' } } }, Unused: { type: 'integer' } },
        securitySchemes: { key: { type: 'apiKey', name: 'k', in: 'header' } },
      },
    };
    const copy = documentFor(doc, [{ path: '/a', method: 'get', pointer: '/paths/~1a/get' }]);
    expect(copy).toEqual({
      openapi: '3.0.3',
      info: doc.info,
      paths: { '/a': { parameters: doc.paths['/a'].parameters, get: doc.paths['/a'].get } },
      components: {
        securitySchemes: doc.components.securitySchemes,
        parameters: { P: doc.components.parameters.P },
        responses: { R: doc.components.responses.R },
        schemas: { S: { properties: { x: doc.components.schemas.S.properties.x } } },
      },
    });
    expect(doc.paths['/a'].post).toBeDefined();
  });
});

describe('a dereferencing message', () => {
  it.each([
    ['Maximum dereference depth (500) exceeded at /home/someone/project/#/components/schemas/c500. This likely indicates an extremely deep or recursive schema. You can increase this limit with the dereference.maxDepth option.', 'its schemas nest deeper than 500 levels, each $ref followed counting as one more (stopped at #/components/schemas/c500): shorten the chain of references or flatten the schema'],
    ['Error resolving $ref pointer "C:\\Users\\x\\#/components/schemas/A"', 'Error resolving $ref pointer "#/components/schemas/A"'],
    ['Error at file:///srv/app/#/paths', 'Error at #/paths'],
    ['Missing $ref pointer "https://example.com/play/#/components/schemas/A". Token "A" does not exist.', 'Missing $ref pointer "#/components/schemas/A". Token "A" does not exist.'],
  ])('%s', (raw, said) => {
    expect(dereferenceMessage(new Error(raw))).toBe(said);
  });
});
