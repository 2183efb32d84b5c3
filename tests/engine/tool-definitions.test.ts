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
