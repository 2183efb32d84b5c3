// The engine side of the playground: the bare validator's text, custom tool definitions, suggestions.
import { describe, expect, test } from 'vitest';
import { check } from '../src/engine';
import { getPack } from '../src/packs';
import { bareError } from '../src/components/playground/views/bare';
import { compileCustomTools } from '../src/components/playground/loading/custom-tools';
import { offsetOfLineColumn } from '../src/components/playground/editor/definition-problems';
import { parseYamlText } from '../src/yaml-document';
import { readFileSync } from 'node:fs';
import { CUSTOM_SAMPLE, EXAMPLES } from '../src/components/playground/examples/examples';
import { suggestionFor } from '../src/components/playground/views/suggestion';

const helpdesk = getPack('helpdesk')!;

describe('bareError: AJV’s default messages for the same call', () => {
  test('the OPEN status: AJV names no permitted value', () => {
    const b = bareError(helpdesk, 'update_ticket(ticket_id="T-8841", status="OPEN")');
    expect(b.kind).toBe('errors');
    expect(b.text).toBe('data/status must be equal to one of the allowed values');
  });
  test('a DateTime the engine absorbs is an error for AJV', () => {
    const ex = EXAMPLES.find((e) => e.id === 'datetime-case')!;
    const b = bareError(getPack('google-calendar')!, ex.call);
    expect(b.kind).toBe('errors');
    expect(b.text).toContain('must NOT have unevaluated properties');
  });
  test('a conflict AJV cannot see: it accepts', () => {
    const ex = EXAMPLES.find((e) => e.id === 'sync-token')!;
    expect(bareError(getPack('google-calendar')!, ex.call).kind).toBe('valid');
  });
  test('malformed JSON: the parser’s own message; an unknown tool: one line', () => {
    const bad = bareError(helpdesk, EXAMPLES.find((e) => e.id === 'malformed-json')!.call);
    expect(bad.kind).toBe('parse');
    expect(bad.text).toMatch(/^SyntaxError: /);
    expect(bareError(helpdesk, '{"name": "close_ticket", "arguments": {}}')).toEqual({ kind: 'no-tool', text: 'Unknown tool: close_ticket' });
  });
});

describe('suggestionFor', () => {
  test('a rejected call with one fix per fault: the diff shows the fix', () => {
    const text = 'update_ticket(ticket_id="T-8841", status="OPEN")';
    const s = suggestionFor(check(helpdesk, text), text);
    expect(s.kind).toBe('diff');
    if (s.kind !== 'diff') return;
    expect(s.call).toEqual({ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } });
    expect(s.lines.filter((l) => l.op === 'remove').map((l) => l.text.trim())).toEqual(['"status": "OPEN"']);
    expect(s.lines.filter((l) => l.op === 'add').map((l) => l.text.trim())).toEqual(['"status": "open"']);
  });
  test('an accepted call with corrections: the canonical call against the input', () => {
    const ex = EXAMPLES.find((e) => e.id === 'attendees-string')!;
    const r = check(getPack('google-calendar')!, ex.call);
    const s = suggestionFor(r, ex.call);
    expect(s.kind).toBe('diff');
    if (s.kind === 'diff') {
      expect(s.accepted).toBe(true);
      expect(s.call).toEqual({ name: 'events_insert', arguments: r.arguments });
    }
  });
  test('accepted as sent, and no single fix', () => {
    const ok = '{"name": "update_ticket", "arguments": {"ticket_id": "T-1", "status": "open"}}';
    expect(suggestionFor(check(helpdesk, ok), ok).kind).toBe('as-sent');
    const missing = '{"name": "create_ticket", "arguments": {"subject": "x"}}';
    expect(suggestionFor(check(helpdesk, missing), missing).kind).toBe('none');
  });
});

describe('compileCustomTools', () => {
  test('the sample compiles and checks its call', () => {
    const c = compileCustomTools(CUSTOM_SAMPLE.tools);
    expect(c.ok).toBe(true);
    if (c.ok !== true) return;
    const r = check(c.pack, CUSTOM_SAMPLE.call);
    expect(r.ok).toBe(false);
    expect(r.log.faults.map((f) => f.field).sort()).toEqual(['days', 'units']);
  });
  test('each problem says where it is', () => {
    const text = JSON.stringify([{ type: 'function', function: { name: 'bad name', parameters: { type: 'object' } } }], null, 2);
    const c = compileCustomTools(text);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.problems[0].where).toBe('/0/function/name');
    expect(text.slice(c.problems[0].range!.start, c.problems[0].range!.end)).toBe('"bad name"');
  });
  test('a tool past the compile budgets is a definition problem marked where it is; the other tools load', () => {
    // 5 levels of 20 properties that each refer to the next: 20^5 paths from 3 KB, which once froze the page.
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) defs[`L${i}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`p${j}`, i === 4 ? { type: 'integer' } : { $ref: `#/$defs/L${i + 1}` }])) };
    const text = JSON.stringify([{ name: 'f', inputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/L0' } }, $defs: defs } }, { name: 'ring_bell', inputSchema: { type: 'object', properties: { times: { type: 'integer' } } } }], null, 2);
    const c = compileCustomTools(text);
    expect(c.ok).toBe(true);
    if (c.ok !== true) return;
    expect(c.pack.tools.map((t) => t.name)).toEqual(['ring_bell']);
    expect(c.refused).toHaveLength(1);
    expect(c.refused![0].where).toMatch(/^\/0\/inputSchema\/\$defs\/L\d\/properties\/p\d+$/);
    expect(c.refused![0].message).toMatch(/^f: expands to more than 10,000 fields, past the compile budget of a tool/);
    expect(text.slice(c.refused![0].range!.start, c.refused![0].range!.end)).toMatch(/^"p\d+"$/);
  });
  test('a bad schema type lists the types there are', () => {
    const c = compileCustomTools('[{"name": "x", "input_schema": {"type": "object", "properties": {"a": {"type": "strin"}}}}]');
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.problems).toHaveLength(1);
    expect(c.problems[0].where).toBe('/0/input_schema/properties/a/type');
    expect(c.problems[0].message).toMatch(/string, number, integer, boolean, object, array, null/);
  });
  test('tool definitions in YAML compile like the same definitions in JSON', () => {
    const yaml = ['- name: ring_bell', '  input_schema:', '    type: object', '    required: [times]', '    properties:', '      times: {type: integer, minimum: 1, maximum: 3}', ''].join('\n');
    const c = compileCustomTools(yaml, parseYamlText);
    expect(c.ok).toBe(true);
    if (c.ok !== true) return;
    expect(check(c.pack, { name: 'ring_bell', arguments: { times: 5 } }).log.faults.map((f) => [f.field, f.code])).toEqual([['times', 'out_of_range']]);
    expect(check(c.pack, { name: 'ring_bell', arguments: { times: 2 } }).ok).toBe(true);
  });
  test('an OpenAPI document in YAML is recognised as a document, for the import worker', () => {
    const c = compileCustomTools(readFileSync(new URL('./fixtures/lending-library.openapi.yaml', import.meta.url), 'utf8'), parseYamlText);
    expect(c).toEqual({ ok: 'document', format: 'OpenAPI 3.0.3' });
    // Versions YAML would read as numbers stay as written.
    expect(compileCustomTools('swagger: 2.0\npaths: {}\n', parseYamlText)).toEqual({ ok: 'document', format: 'Swagger 2.0' });
    expect(compileCustomTools('openapi: 3.1\npaths: {}\n', parseYamlText)).toEqual({ ok: 'document', format: 'OpenAPI 3.1' });
  });
  test('a YAML syntax error is a problem at its line and column, with a range there', () => {
    const text = ['- name: ring_bell', '  input_schema: {type: object', '- name: other', ''].join('\n');
    const c = compileCustomTools(text, parseYamlText);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.summary).toBe('The definitions are neither JSON nor valid YAML.');
    expect(c.problems).toHaveLength(1);
    const [, line, column] = /^line (\d+), column (\d+)$/.exec(c.problems[0].where)!.map(Number);
    expect(line).toBeGreaterThan(1);
    expect(c.problems[0].range!.start).toBe(offsetOfLineColumn(text, line, column));
    expect(c.problems[0].message).not.toMatch(/line \d|\n/);
    // JSON text is still read as JSON, with the JSON reader's words, even when the YAML reader is at hand.
    const j = compileCustomTools('[{"name": "x",}]', parseYamlText);
    if (!j.ok) expect(c.summary).not.toBe(j.summary);
    expect(j.ok === false && j.problems[0].where).toBe('line 1, column 15');
  });
  test('invalid JSON gives the line and column; empty text says so', () => {
    const c = compileCustomTools('[{"name": "x",}]');
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.problems[0].where).toBe('line 1, column 15');
    const e = compileCustomTools('  ');
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.problems[0].message).toMatch(/empty/);
  });
});
