// JSON as models write it (issue 34): each certain repair is absorbed and named in `corrections`; anything
// with another reading, or a value cut in the middle, stays invalid_json with its line and column.
import { describe, expect, test } from 'vitest';
import { check, type FaultBody } from '../../src/engine';
import { getPack } from '../../src/packs';
import { MAX_REPAIR_CHARS, repairJson } from '../../src/engine/parse/json-repair';
// jsonrepair, as every entry point installs it (the engine's index, the CLI, the playground's island).
import '../../src/engine/parse/json-repair-default';

const helpdesk = getPack('helpdesk')!;

type Case = [text: string, args: unknown, rules: string[]];

const T = { ticket_id: 'T-8841' };
const TC = { ticket_id: 'T-8841', include_comments: true };

const FENCE: Case[] = [
  ['```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\n```', T, ['json_code_fence']],
  ['```\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\n```', T, ['json_code_fence']],
  ['```JSON\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\n```\n', T, ['json_code_fence']],
  ['  ```json\r\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\r\n```  ', T, ['json_code_fence']],
  ['```json {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}} ```', T, ['json_code_fence']],
  ['```json\n{\n  "name": "get_ticket",\n  "arguments": {"ticket_id": "T-8841", "include_comments": true}\n}\n```', TC, ['json_code_fence']],
  ['```json\n{"type": "function", "function": {"name": "get_ticket", "arguments": "{\\"ticket_id\\": \\"T-8841\\"}"}}\n```', T, ['json_code_fence']],
  ['```json\n{"type": "tool_use", "id": "toolu_1", "name": "get_ticket", "input": {"ticket_id": "T-8841"}}\n```', T, ['json_code_fence']],
  ['```json\n{"functionCall": {"name": "get_ticket", "args": {"ticket_id": "T-8841"}}}\n```', T, ['json_code_fence']],
  ['```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": True}}\n```', TC, ['json_code_fence', 'json_python_literals']],
  ['```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",},}\n```', T, ['json_code_fence', 'json_trailing_comma']],
];

const LEADING: Case[] = [
  ['Here is the call: {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ['Sure! {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ["I'll look the ticket up.\n{\"name\": \"get_ticket\", \"arguments\": {\"ticket_id\": \"T-8841\"}}", T, ['json_leading_text']],
  ['Calling get_ticket now:\n\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ['To read the ticket, I call `get_ticket`: {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ['Here is the call:\n```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\n```', T, ['json_code_fence', 'json_leading_text']],
  ['Let me fetch it, with comments. {"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": true}}', TC, ['json_leading_text']],
  ['Action: {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ['Tool call -> {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_leading_text']],
  ['OK: {"name": "get_ticket", "arguments": {"ticket_id": "T-8841",}}', T, ['json_leading_text', 'json_trailing_comma']],
  ["Next step: {'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841'}}", T, ['json_leading_text', 'json_single_quotes']],
];

const TRAILING: Case[] = [
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",}}', T, ['json_trailing_comma']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"},}', T, ['json_trailing_comma']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",},}', T, ['json_trailing_comma']],
  ['{\n  "name": "get_ticket",\n  "arguments": {\n    "ticket_id": "T-8841",\n  }\n}', T, ['json_trailing_comma']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": true ,}}', TC, ['json_trailing_comma']],
  ['{"name": "search_tickets", "arguments": {"query": "printer fire", "status": "open",}}', { query: 'printer fire', status: 'open' }, ['json_trailing_comma']],
  ['{"name": "search_tickets", "arguments": {"query": "```sh\\nlpr```",}}', { query: '```sh\nlpr```' }, ['json_trailing_comma']],
  ['[{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",}},]', T, ['json_trailing_comma']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",\n\n}}', T, ['json_trailing_comma']],
  ['{"type": "function", "function": {"name": "get_ticket", "arguments": "{\\"ticket_id\\": \\"T-8841\\",}"}}', T, ['json_trailing_comma']],
  ['{"type": "tool_use", "id": "toolu_1", "name": "get_ticket", "input": {"ticket_id": "T-8841",},}', T, ['json_trailing_comma']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": false,}}', { ticket_id: 'T-8841', include_comments: false }, ['json_trailing_comma']],
];

const SINGLE: Case[] = [
  ["{'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841'}}", T, ['json_single_quotes']],
  ["{\"name\": \"get_ticket\", \"arguments\": {'ticket_id': 'T-8841'}}", T, ['json_single_quotes']],
  ["{'name': \"get_ticket\", \"arguments\": {\"ticket_id\": \"T-8841\"}}", T, ['json_single_quotes']],
  ["{\"name\": \"search_tickets\", \"arguments\": {\"query\": 'customer\\'s printer'}}", { query: "customer's printer" }, ['json_single_quotes']],
  ["{\"name\": \"search_tickets\", \"arguments\": {\"query\": 'the \"fire\" ticket'}}", { query: 'the "fire" ticket' }, ['json_single_quotes']],
  ["{'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841', 'include_comments': true}}", TC, ['json_single_quotes']],
  ["{'name': 'search_tickets', 'arguments': {'query': 'caf\\u00e9 order'}}", { query: 'café order' }, ['json_single_quotes']],
  ["{'type': 'tool_use', 'id': 'toolu_1', 'name': 'get_ticket', 'input': {'ticket_id': 'T-8841'}}", T, ['json_single_quotes']],
  ["{'type': 'function', 'function': {'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841'}}}", T, ['json_single_quotes']],
  ["{\"name\": \"get_ticket\", \"arguments\": \"{'ticket_id': 'T-8841'}\"}", T, ['json_single_quotes']],
  ["{'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841', 'include_comments': True}}", TC, ['json_single_quotes', 'json_python_literals']],
];

const PYTHON: Case[] = [
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": True}}', TC, ['json_python_literals']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": False}}', { ticket_id: 'T-8841', include_comments: false }, ['json_python_literals']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": None}}', { ticket_id: 'T-8841', include_comments: null }, ['json_python_literals']],
  ['{"name": "search_tickets", "arguments": {"query": "True story", "status": None}}', { query: 'True story', status: null }, ['json_python_literals']],
  ['{"name": "search_customers", "arguments": {"query": "ada", "limit": None}}', { query: 'ada', limit: null }, ['json_python_literals']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": true, "x": [True, False, None]}}', { ticket_id: 'T-8841', include_comments: true, x: [true, false, null] }, ['json_python_literals']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": True,}}', TC, ['json_trailing_comma', 'json_python_literals']],
  ['{"type": "function", "function": {"name": "get_ticket", "arguments": "{\\"ticket_id\\": \\"T-8841\\", \\"include_comments\\": True}"}}', TC, ['json_python_literals']],
  ['{"type": "tool_use", "id": "toolu_1", "name": "get_ticket", "input": {"ticket_id": "T-8841", "include_comments": True}}', TC, ['json_python_literals']],
  ['{\n  "name": "get_ticket",\n  "arguments": {\n    "ticket_id": "T-8841",\n    "include_comments": True\n  }\n}', TC, ['json_python_literals']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": True', TC, ['json_python_literals', 'json_closing_brackets']],
];

const CLOSING: Case[] = [
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}', T, ['json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"', T, ['json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}\n', T, ['json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": true', TC, ['json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": false}', { ticket_id: 'T-8841', include_comments: false }, ['json_closing_brackets']],
  ['{"name": "search_customers", "arguments": {"query": "ada", "limit": 5', { query: 'ada', limit: 5 }, ['json_closing_brackets']],
  ['[{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', T, ['json_closing_brackets']],
  ['{"type": "tool_use", "id": "toolu_1", "name": "get_ticket", "input": {"ticket_id": "T-8841"', T, ['json_closing_brackets']],
  ['{"type": "function", "function": {"name": "get_ticket", "arguments": "{\\"ticket_id\\": \\"T-8841\\""', T, ['json_closing_brackets', 'json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "x": [1, [2, 3', { ticket_id: 'T-8841', x: [1, [2, 3]] }, ['json_closing_brackets']],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "x": {}', { ticket_id: 'T-8841', x: {} }, ['json_closing_brackets']],
];

describe.each([
  ['a code fence', FENCE],
  ['text before the JSON', LEADING],
  ['a trailing comma', TRAILING],
  ['single quotes', SINGLE],
  ['Python literals', PYTHON],
  ['closers missing at the end', CLOSING],
])('%s is repaired and reported', (_kind, cases) => {
  test.each(cases)('%s', (text, args, rules) => {
    const r = check(helpdesk, text);
    expect(r.body?.error).not.toBe('invalid_json');
    expect(r.arguments).toEqual(args);
    expect(r.corrections.map((c) => c.rule)).toEqual(rules);
  });
});

describe('the corrections say what was repaired and where', () => {
  test('a whole call repaired: field "", the first instance as from and to', () => {
    const r = check(helpdesk, "Here it is:\n```json\n{'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841', 'include_comments': True,}\n```");
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([
      { field: '', rule: 'json_code_fence', from: '```json', to: '' },
      { field: '', rule: 'json_leading_text', from: 'Here it is:', to: '' },
      { field: '', rule: 'json_trailing_comma', from: ',}', to: '}' },
      { field: '', rule: 'json_single_quotes', from: "'name'", to: '"name"' },
      { field: '', rule: 'json_python_literals', from: 'True', to: 'true' },
      { field: '', rule: 'json_closing_brackets', from: '', to: '}' },
    ]);
  });

  test('OpenAI’s arguments text repaired: field "arguments"', () => {
    const r = check(helpdesk, { type: 'function', function: { name: 'get_ticket', arguments: "{'ticket_id': 'T-8841',}" } });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([
      { field: 'arguments', rule: 'json_trailing_comma', from: ',}', to: '}' },
      { field: 'arguments', rule: 'json_single_quotes', from: "'ticket_id'", to: '"ticket_id"' },
    ]);
  });

  test('a repaired call with a wrong value still gets the value’s body, with the repair reported', () => {
    const r = check(helpdesk, "```json\n{'name': 'update_ticket', 'arguments': {'ticket_id': 'T-8841', 'status': 'OPEN-ish'}}\n```");
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ field: 'status' });
    expect(r.corrections.map((c) => c.rule)).toEqual(['json_code_fence', 'json_single_quotes']);
  });

  test('a key sent twice in a fenced call is told at its line and column in the text as sent', () => {
    const r = check(helpdesk, 'Here:\n```json\n{"name": "get_ticket",\n "arguments": {"ticket_id": "T-1", "ticket_id": "T-2"}}\n```');
    expect(r.body).toMatchObject({ error: 'duplicate_argument', line: 4, column: 36 });
    const inline = check(helpdesk, 'Call: {"name": "get_ticket", "arguments": {"ticket_id": "T-1", "ticket_id": "T-2"}}');
    expect(inline.body).toMatchObject({ error: 'duplicate_argument', line: 1, column: 64 });
  });

  test('a Python-style call is still read as one, untouched', () => {
    const r = check(helpdesk, 'get_ticket(ticket_id="T-8841", include_comments=True)');
    expect(r.shape).toBe('python');
    expect(r.arguments).toEqual(TC);
    expect(r.corrections).toEqual([]);
  });

  test('valid JSON takes no repair and reports none', () => {
    const r = check(helpdesk, '{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}');
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([]);
  });
});

// Each has no certain repair: a value cut in the middle, something jsonrepair would guess, or two readings.
const REFUSED: [text: string, line: number, column: number][] = [
  // A value missing after its key: jsonrepair would add null.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments": }}', 1, 81],
  // A string cut off: jsonrepair would close it.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-88', 1, 51],
  // Cut right after a comma: another member was coming.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841",', 1, 60],
  // Cut after a key or its colon.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments"', 1, 79],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "include_comments":', 1, 80],
  // Cut just after a value opened: `{` or `[` finished by nothing.
  ['{"name": "get_ticket", "arguments": {', 1, 38],
  // A missing comma between members: jsonrepair would insert one.
  ['{"name": "get_ticket" "arguments": {"ticket_id": "T-8841"}}', 1, 23],
  // Two calls side by side: two readings (one call, or a list).
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-1"}}{"name": "get_ticket", "arguments": {"ticket_id": "T-2"}}', 1, 58],
  // A comment, an unquoted key, a concatenation, NaN, a number cut short.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}} // read it', 1, 62],
  ['{name: "get_ticket", "arguments": {"ticket_id": "T-8841"}}', 1, 2],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-" + "8841"}}', 1, 56],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "x": NaN}}', 1, 66],
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841", "x": 1.}}', 1, 66],
  // Text after the JSON, and prose that holds JSON of its own.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}} Hope this helps!', 1, 62],
  ['Use "get_ticket", {"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', 1, 1],
  // An extra closer, a fence never closed, a fence of another language.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}}', 1, 61],
  ['```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}', 1, 1],
  ['```python\n{"name": "get_ticket", "arguments": {"ticket_id": "T-8841"}}\n```', 1, 1],
  // A raw line break inside a string, and smart quotes.
  ['{"name": "get_ticket", "arguments": {"ticket_id": "T-\n8841"}}', 1, 51],
  ['{“name”: "get_ticket", "arguments": {"ticket_id": "T-8841"}}', 1, 2],
];

describe('what has no certain repair stays invalid_json, with line and column', () => {
  test.each(REFUSED)('%s', (text, line, column) => {
    const r = check(helpdesk, text);
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'invalid_json', line, column });
    // Text cut off where more JSON was due says so (formats.ts), rather than blame the last comma.
    expect((r.body as FaultBody).message).toMatch(/^(?:is not valid JSON|ends before the JSON is complete) at line \d+, column \d+: expected /);
    expect(r.corrections).toEqual([]);
  });

  test('a text longer than MAX_REPAIR_CHARS is not tried, and stays invalid_json', () => {
    const text = `{"name": "search_tickets", "arguments": {"query": "${'x'.repeat(MAX_REPAIR_CHARS)}",}}`;
    expect(repairJson(text, '')).toBeNull();
    expect(check(helpdesk, text).body).toMatchObject({ error: 'invalid_json' });
    // The same mistake in a short text is repaired.
    expect(repairJson('{"query": "x",}', '')).not.toBeNull();
  });

  test('nesting too deep for jsonrepair is refused, not thrown', () => {
    expect(repairJson('['.repeat(20000), '')).toBeNull();
    expect(check(helpdesk, `{"name": "get_ticket", "arguments": ${'['.repeat(20000)}`).body).toMatchObject({ error: 'invalid_json' });
  });
});
