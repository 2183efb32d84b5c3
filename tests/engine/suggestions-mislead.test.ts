// Issue 33, item 4: suggestions that never mislead. One row of a 2-D array is offered as one row; two tool
// names equally near are both listed, ordered by the arguments sent; a tool whose name leaves out a word
// of the name sent is not offered alone.
import { beforeAll, describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import type { CompiledPack, Json } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';
import { getPack } from '../../src/packs';

let sheets: CompiledPack;
beforeAll(async () => {
  sheets = (await loadCatalogPack('google-sheets-v4'))!;
});
const helpdesk = getPack('helpdesk')!;
const update = (values: Json) => check(sheets, { name: 'spreadsheets_values_update', arguments: { spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', range: 'Sheet1!A1:C1', valueInputOption: 'RAW', values } });

describe('a single value where a list goes is wrapped at the right depth', () => {
  test('a flat list where rows go is one row, not a column', () => {
    const r = update(['a', 'b', 'c']);
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'values', did_you_mean: [[['a', 'b', 'c']]] });
    expect((r.body as { message: string }).message).toContain('the list sent fits as its one item');
    expect(r.suggested_call?.arguments).toMatchObject({ values: [['a', 'b', 'c']] });
  });

  test('one value where rows go is one row of one cell', () => {
    expect(update('a').suggested_call?.arguments).toMatchObject({ values: [['a']] });
  });

  test('rows sent right beside one that is not are left as rows: the one item is wrapped on its own', () => {
    expect(update([['a'], 'b']).suggested_call?.arguments).toMatchObject({ values: [['a'], ['b']] });
  });
});

describe('tool names', () => {
  const notes = packFromToolDefinitions([
    { name: 'create_note', description: 'Creates a note.', input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    { name: 'create_node', description: 'Creates a node.', input_schema: { type: 'object', properties: { parent: { type: 'string' } }, required: ['parent'] } },
  ]);

  test('two names a letter off alike are both listed; the arguments sent put theirs first', () => {
    expect(check(notes, { name: 'create_nobe', arguments: { parent: 'n1' } }).body).toMatchObject({ error: 'unknown_tool', did_you_mean: ['create_node', 'create_note'] });
    expect(check(notes, { name: 'create_nobe', arguments: { text: 'hi' } }).body).toMatchObject({ error: 'unknown_tool', did_you_mean: ['create_note', 'create_node'] });
  });

  test('a tool that leaves out a word of the name sent is offered beside the tools on the same thing, not alone', () => {
    const r = check(helpdesk, { name: 'search_open_tickets', arguments: { query: 'printer' } });
    expect(r.body).toMatchObject({ error: 'unknown_tool', did_you_mean: ['search_tickets'] });
    expect((r.body as { message: string }).message).toMatch(/^is not a tool you can call; they are: .*get_ticket/);
    // A name that is the tool's own words is offered alone, as before.
    const same = check(helpdesk, { name: 'post_ticket', arguments: { subject: 'x', priority: 'p1' } });
    expect((same.body as { message: string }).message).toBe('is not a tool you can call');
  });
});

describe('a value that holds one permitted value as a word, and a boolean sent to a yes/no set', () => {
  const pack = packFromToolDefinitions([
    { name: 'act', description: 'act', input_schema: { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'premium', 'enterprise'] }, confirm: { type: 'string', enum: ['yes', 'no'] }, tier: { enum: ['pro', 'premium'] } } } },
  ]);
  const body = (args: Record<string, Json>) => check(pack, { name: 'act', arguments: args }).body as Record<string, Json>;

  test('"premium plan" and "the Premium tier" are premium', () => {
    expect(body({ plan: 'premium plan' })).toMatchObject({ error: 'invalid_plan', did_you_mean: ['premium'] });
    expect(body({ plan: 'the Premium tier' }).did_you_mean).toEqual(['premium']);
  });

  test('not when two permitted values are named, nor when the value says not', () => {
    expect(body({ tier: 'pro or premium' }).did_you_mean).toBeUndefined();
    expect(body({ plan: 'not premium' }).did_you_mean).toBeUndefined();
  });

  test('true is yes and false is no', () => {
    expect(body({ confirm: true })).toMatchObject({ error: 'invalid_type', did_you_mean: ['yes'] });
    expect(body({ confirm: false }).did_you_mean).toEqual(['no']);
  });
});

describe('a body never contradicts itself', () => {
  test('a property declared under a relative $id is taken, not refused as "not an argument; it takes: foo"', () => {
    // The JSON Schema Test Suite's ref.json, "refs with relative uris and defs".
    const pack = packFromToolDefinitions([{
      name: 't',
      inputSchema: {
        $id: 'http://example.com/schema-relative-uri-defs1.json',
        properties: { foo: { $id: 'schema-relative-uri-defs2.json', $defs: { inner: { properties: { bar: { type: 'string' } } } }, $ref: '#/$defs/inner' } },
        $ref: 'schema-relative-uri-defs2.json',
      },
    }]);
    const r = check(pack, { name: 't', arguments: { foo: { bar: 'a' }, bar: 'a' } }, { checks: false });
    expect(r.ok).toBe(true);
    // Still refused where it breaks the declared schema.
    expect(check(pack, { name: 't', arguments: { foo: { bar: 1 }, bar: 'a' } }, { checks: false }).ok).toBe(false);
  });

  test('a declared __proto__ the validator cannot check is refused without being listed as taken', () => {
    // JSON.parse keeps __proto__ a property, as a definition read from JSON has it; a literal would set the prototype.
    const inputSchema = JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "number"}, "name": {"type": "string"}}}') as object;
    const pack = packFromToolDefinitions([{ name: 't', inputSchema }]);
    const r = check(pack, '{"name": "t", "arguments": {"__proto__": 12}}', { checks: false });
    expect(r.ok).toBe(false);
    const message = String((r.body as { message: string }).message);
    expect(message).toBe('is declared, but cannot be checked under this name; leave it out');
    expect(message).not.toMatch(/it takes/);
  });
});
