// A user's own tool definitions in the forms people copy them in: an MCP server's whole tools/list response,
// names MCP allows (math.add, files/read), and a file where one definition is broken.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, PackError } from '../../src/engine';

const search = { name: 'search_docs', description: 'Search the docs.', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] } };

describe('the forms tool definitions come in', () => {
  test('an MCP tools/list response, as copied from a server, loads its tools', () => {
    const pack = packFromToolDefinitions({ jsonrpc: '2.0', id: 1, result: { tools: [search] } });
    expect(pack.tools.map((t) => t.name)).toEqual(['search_docs']);
    expect(check(pack, { name: 'search_docs', arguments: { query: 'x', limit: 0 } }).body).toMatchObject({ error: 'out_of_range', field: 'limit' });
  });

  test('a broken definition inside it is named by its place in the response', () => {
    try {
      packFromToolDefinitions({ jsonrpc: '2.0', id: 1, result: { tools: [{ description: 'no name, no schema' }] } });
      expect.unreachable('a response with no usable tool loaded');
    } catch (err) {
      expect((err as PackError).problems[0].path).toBe('/result/tools/0');
    }
  });

  test('names MCP allows load, and an OpenAI client’s rewriting of the dot is absorbed', () => {
    const pack = packFromToolDefinitions([{ ...search, name: 'math.add' }, { ...search, name: 'files/read' }]);
    expect(pack.tools.map((t) => t.name)).toEqual(['math.add', 'files/read']);
    expect(check(pack, { name: 'math_add', arguments: { query: 'x' } })).toMatchObject({ ok: true, tool: 'math.add' });
  });

  test('a name that is no tool name leaves that tool out, named, and the others load', () => {
    const pack = packFromToolDefinitions([search, { ...search, name: 'search the docs' }]);
    expect(pack.tools.map((t) => t.name)).toEqual(['search_docs']);
    expect(pack.refused).toEqual([{ tool: 'search the docs', pointer: '/1/name', reason: 'must be a tool name of 1 to 128 letters, digits, _, -, . or /' }]);
  });
});

describe('a schema that allows more keys than it declares', () => {
  const open = packFromToolDefinitions([
    { name: 'typed_extras', inputSchema: { type: 'object', properties: { user_id: { type: 'string' } }, additionalProperties: { type: 'integer' } } },
    { name: 'any_extras', inputSchema: { type: 'object', properties: { query: { type: 'string' }, options: { type: 'object', properties: { limit: { type: 'integer' } } } }, additionalProperties: true } },
  ]);
  const run = (name: string, args: Record<string, unknown>) => check(open, { name, arguments: args as never }, { checks: false });

  test('a call valid as sent is taken as sent: no key renamed, moved, or refused as a duplicate', () => {
    expect(run('typed_extras', { userId: 5 })).toMatchObject({ ok: true, arguments: { userId: 5 }, corrections: [] });
    expect(run('any_extras', { query: 'x', Query: 'y' })).toMatchObject({ ok: true, arguments: { query: 'x', Query: 'y' }, corrections: [] });
    expect(run('any_extras', { query: 'x', limit: 5 })).toMatchObject({ ok: true, arguments: { query: 'x', limit: 5 }, corrections: [] });
  });

  test('a call the schema refuses as sent is still absorbed where that makes it valid', () => {
    // userId "abc" is no integer extra; as user_id it is the declared string.
    expect(run('typed_extras', { userId: 'abc' })).toMatchObject({ ok: true, arguments: { user_id: 'abc' }, corrections: [{ rule: 'case_variant', from: 'userId', to: 'user_id' }] });
  });
});

describe('JSON text under a nullable union (Pydantic Optional[Model], zod .nullable())', () => {
  const point = { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } }, required: ['lat', 'lng'] };
  const tools = packFromToolDefinitions([{ name: 'place', inputSchema: { type: 'object', properties: {
    loc: { anyOf: [point, { type: 'null' }] },
    tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
    stops: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] } },
    note: { anyOf: [point, { type: 'string' }] },
  }, $defs: { Point: point } } }]);
  const run = (args: Record<string, unknown>) => check(tools, { name: 'place', arguments: args as never }, { checks: false });

  test('an object or array sent as JSON text is parsed and reported, as under type: ["object", "null"]', () => {
    expect(run({ loc: '{"lat": 1, "lng": 2}' })).toMatchObject({ ok: true, arguments: { loc: { lat: 1, lng: 2 } }, corrections: [{ field: 'loc', rule: 'json_string_parsed' }] });
    expect(run({ tags: '["a", "b"]' })).toMatchObject({ ok: true, arguments: { tags: ['a', 'b'] } });
    expect(run({ stops: ['{"lat": 1, "lng": 2}', null] })).toMatchObject({ ok: true, arguments: { stops: [{ lat: 1, lng: 2 }, null] } });
  });

  test('where a branch takes a string, the text is the string the caller sent', () => {
    expect(run({ note: '{"lat": 1, "lng": 2}' })).toMatchObject({ ok: true, arguments: { note: '{"lat": 1, "lng": 2}' }, corrections: [] });
  });
});

test('a string of megabytes in an enum field is refused with the permitted set, and not read for a near value', () => {
  const pack = packFromToolDefinitions([{ name: 'filter', inputSchema: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'closed', 'all'] } } } }]);
  // "open" repeated: near "open" in every way but length.
  const body = check(pack, { name: 'filter', arguments: { state: 'open'.repeat(500_000) } }, { checks: false }).body as Record<string, unknown>;
  expect(body).toMatchObject({ error: 'invalid_state', field: 'state', message: 'must be one of: open, closed, all' });
  expect(body).not.toHaveProperty('did_you_mean');
  // The value itself is cut in the body.
  expect(String(body.received).length).toBeLessThan(200);
});
