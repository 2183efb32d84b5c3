// Squiggles from real engine results: each fault of the body lands on the text it is about.
import { describe, expect, test } from 'vitest';
import { check, type FaultBody } from '../src/engine';
import { getPack } from '../src/packs';
import { diagnosticsFor, offsetOfLineColumn, replacementText } from '../src/components/playground/editor/diagnostics';
import { EXAMPLES } from '../src/components/playground/examples/examples';

const helpdesk = getPack('helpdesk')!;
const calendar = getPack('google-calendar')!;

function marks(pack = helpdesk, text: string) {
  const r = check(pack, text);
  return { r, d: diagnosticsFor(text, r).map((d) => ({ ...d, text: text.slice(d.start, d.end) })) };
}

describe('diagnosticsFor', () => {
  test('the three faults of create_ticket sit on their values inside OpenAI’s string arguments', () => {
    const ex = EXAMPLES.find((e) => e.id === 'three-faults')!;
    const { d } = marks(helpdesk, ex.call);
    const errors = d.filter((x) => x.severity === 'error');
    expect(errors.map((x) => [x.field, x.code, x.text])).toEqual([
      ['status', 'invalid_status', '\\"OPEN\\"'],
      ['priority', 'invalid_priority', '\\"high\\"'],
      ['due_at', 'invalid_format', '\\"next Friday\\"'],
    ]);
    expect(errors[0].didYouMean).toEqual(['open']);
    expect(errors[0].escapes).toBe(1);
  });

  test('Python-style: the status value, and a fix written as Python', () => {
    const { d } = marks(helpdesk, 'update_ticket(ticket_id="T-8841", status="OPEN")');
    expect(d).toHaveLength(1);
    expect(d[0].text).toBe('"OPEN"');
    expect(replacementText(d[0], 'open')).toBe('"open"');
  });

  test('an unknown argument marks its key, and the fix renames the key', () => {
    const text = '{"name": "update_ticket", "arguments": {"ticket_id": "T-8841", "status": "open", "priorty": "p1"}}';
    const { d } = marks(helpdesk, text);
    const key = d.find((x) => x.code === 'unknown_argument')!;
    expect(key.kind).toBe('key');
    expect(key.text).toBe('"priorty"');
    expect(replacementText(key, 'priority')).toBe('"priority"');
  });

  test('a missing required field points at "arguments"', () => {
    const text = '{"name": "create_ticket", "arguments": {"subject": "x"}}';
    const { d } = marks(helpdesk, text);
    expect(d[0].code).toBe('missing_required');
    expect(d[0].kind).toBe('missing');
    expect(d[0].text).toBe('"arguments"');
  });

  test('conflicting arguments mark both fields', () => {
    const ex = EXAMPLES.find((e) => e.id === 'sync-token')!;
    const { d } = marks(calendar, ex.call);
    expect(d.map((x) => [x.field, x.kind, x.text])).toEqual([
      ['syncToken', 'value', '"CPDAlvWDx70CEPDAlvWDx70CGAU="'],
      ['timeMin', 'conflict', '"2026-03-11T00:00:00Z"'],
    ]);
  });

  test('malformed JSON: the mark sits where the engine says, at its line and column', () => {
    const ex = EXAMPLES.find((e) => e.id === 'malformed-json')!;
    const { r, d } = marks(helpdesk, ex.call);
    expect(r.body?.error).toBe('invalid_json');
    expect(d[0].kind).toBe('syntax');
    expect(d[0].start).toBe(offsetOfLineColumn(ex.call, (r.body as FaultBody).line as number, (r.body as FaultBody).column as number));
    expect(d[0].text).toBe('"');
  });

  test('malformed JSON inside OpenAI’s string arguments maps through the escapes', () => {
    const text = JSON.stringify({ type: 'function', function: { name: 'update_ticket', arguments: '{"ticket_id": "T-1", "status": }' } });
    const { r, d } = marks(helpdesk, text);
    expect(r.body?.field).toBe('arguments');
    expect(d[0].text).toBe('}');
  });

  test('a repaired call (a fence, single quotes) lists each repair as an absorbed correction', () => {
    const text = "```json\n{'name': 'get_ticket', 'arguments': {'ticket_id': 'T-8841'}}\n```";
    const { r, d } = marks(helpdesk, text);
    expect(r.ok).toBe(true);
    expect(d.map((x) => [x.severity, x.kind, x.code])).toEqual([
      ['info', 'correction', 'json_code_fence'],
      ['info', 'correction', 'json_single_quotes'],
    ]);
    expect(d[1].message).toBe('Absorbed: single quotes were read as double quotes: \'name\' as "name"');
  });

  test('an unknown tool marks the name, and the fix replaces the name', () => {
    const text = '{"name": "update_tiket", "arguments": {}}';
    const { r, d } = marks(helpdesk, text);
    expect(r.body?.error).toBe('unknown_tool');
    expect(d[0].text).toBe('"update_tiket"');
    expect(r.did_you_mean[0].candidates).toContain('update_ticket');
    expect(replacementText(d[0], 'update_ticket')).toBe('"update_ticket"');
  });

  test('a tool name written another way is marked on the call’s name, not on an argument called name', () => {
    const text = '{"name": "createCustomer", "arguments": {"name": "Ada", "email": "ada@example.com", "country_code": "GB"}}';
    const { r, d } = marks(helpdesk, text);
    expect(r.ok).toBe(true);
    expect(d.map((x) => [x.severity, x.code, x.text])).toEqual([['info', 'tool_name_variant', '"createCustomer"']]);
  });

  test('corrections are marked as information on the absorbed name or string', () => {
    const dt = EXAMPLES.find((e) => e.id === 'datetime-case')!;
    const a = marks(calendar, dt.call).d;
    expect(a.map((x) => [x.severity, x.text])).toEqual([
      ['info', '"DateTime"'],
      ['info', '"DateTime"'],
    ]);
    const at = EXAMPLES.find((e) => e.id === 'attendees-string')!;
    const b = marks(calendar, at.call).d;
    expect(b).toHaveLength(1);
    expect(b[0].severity).toBe('info');
    expect(b[0].text.startsWith('"[{')).toBe(true);
  });

  test('an id or a date read another way is marked on the value, not on its name', () => {
    const { d } = marks(helpdesk, '{"name": "assign_ticket", "arguments": {"ticket_id": "t-8841", "assignee": "@eng-3"}}');
    expect(d.map((x) => [x.severity, x.code, x.text])).toEqual([
      ['info', 'id_case', '"t-8841"'],
      ['info', 'id_sigil', '"@eng-3"'],
    ]);
  });

  test('every example gives a mark for every fault of its body, inside the text', () => {
    for (const ex of EXAMPLES) {
      const pack = getPack(ex.pack)!;
      const r = check(pack, ex.call);
      const d = diagnosticsFor(ex.call, r);
      expect(d.filter((x) => x.severity === 'error' && x.kind !== 'conflict')).toHaveLength(r.log.faults.length);
      for (const x of d) {
        expect(x.start).toBeGreaterThanOrEqual(0);
        expect(x.end).toBeLessThanOrEqual(ex.call.length);
        expect(x.end).toBeGreaterThan(x.start);
      }
    }
  });
});
