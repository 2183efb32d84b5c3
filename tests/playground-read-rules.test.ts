// Your tools lists the rules read from the pasted descriptions, each with the keywords and the JSON Patch
// that would put it in the schema (issue 33).
import { describe, expect, test } from 'vitest';
import { compileCustomTools } from '../src/components/playground/loading/custom-tools';
import { readRuleRows } from '../src/components/playground/views/read-rules-view';

describe('Your tools: rules read from the descriptions', () => {
  test('an MCP tools/list whose due says "Date as YYYY-MM-DD" offers "format": "date"', () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'create_task', inputSchema: { type: 'object', properties: { due: { type: 'string', description: 'Date as YYYY-MM-DD' }, title: { type: 'string' } } } }] } });
    const custom = compileCustomTools(text);
    if (custom.ok !== true) throw new Error('the definitions should compile');
    expect(readRuleRows(custom.pack)).toEqual([{ tool: 'create_task', field: 'due', words: 'YYYY-MM-DD', adds: '"format": "date"', patch: '[{"op":"add","path":"/properties/due/format","value":"date"}]' }]);
  });

  test('no row where the schema already enforces what the description says', () => {
    const custom = compileCustomTools(JSON.stringify([{ name: 'f', input_schema: { type: 'object', properties: { due: { type: 'string', format: 'date', description: 'Date as YYYY-MM-DD' } } } }]));
    if (custom.ok !== true) throw new Error('the definitions should compile');
    expect(readRuleRows(custom.pack)).toEqual([]);
  });
});
