// The State tab's rules: which state a call is checked against, what a share link carries, and where a
// problem in an edited state is marked. Bodies are compared with check() on the same state.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, serializeBody, type Json, type JsonObject } from '../src/engine';
import { getPack } from '../src/packs';
import { linkStateText, ownStateText, readState, stateDiagnostics, stateOption } from '../src/components/playground/session/pack-state';
import { hashOf, stateFromHash } from '../src/components/playground/session/state';

const helpdesk = getPack('helpdesk')!;
const CLOSE = { name: 'update_ticket', arguments: { ticket_id: 'T-8850', status: 'closed' } };
const IDS = ['helpdesk', 'stripe', 'google-calendar'];

/** The helpdesk state with T-8850 assigned, as a person would type it. */
function assignedText(): string {
  const state = structuredClone(helpdesk.state) as unknown as JsonObject;
  ((state.records as JsonObject).tickets as Record<string, JsonObject>)['T-8850'].assignee = 'eng-3';
  return JSON.stringify(state, null, 2);
}

const bodyOf = (state: { state?: Json }) => {
  const r = check(helpdesk, CLOSE, state);
  return r.body ? serializeBody(r.body) : null;
};

describe('readState', () => {
  test('never edited, or edited back to the same value: the pack’s own state, and no state in the link', () => {
    expect(readState(helpdesk, undefined)).toEqual({ use: 'own' });
    expect(JSON.parse(ownStateText(helpdesk))).toEqual(helpdesk.state);
    // Reformatted, keys reordered: the same value.
    const same = JSON.stringify({ records: helpdesk.state!.records, caller: helpdesk.state!.caller, now: helpdesk.state!.now });
    expect(readState(helpdesk, same)).toEqual({ use: 'own' });
    expect(linkStateText(helpdesk, same)).toBeUndefined();
    expect(linkStateText(helpdesk, undefined)).toBeUndefined();
    expect(stateOption(readState(helpdesk, same))).toEqual({});
  });

  test('a usable edit is used: assigning T-8850 lets the close through', () => {
    const text = assignedText();
    const reading = readState(helpdesk, text);
    expect(reading.use).toBe('edited');
    expect(bodyOf({})).toContain('"error":"ticket_unassigned"');
    expect(bodyOf(stateOption(reading))).toBeNull();
    expect(check(helpdesk, CLOSE, stateOption(reading)).effects).toEqual([{ action: 'update', record: 'tickets', id: 'T-8850', field: 'status', from: 'open', to: 'closed' }]);
    // The link carries the text exactly as typed.
    expect(linkStateText(helpdesk, text)).toBe(text);
  });

  test('a JSON syntax error: where it is, marked in the editor, and the pack’s own state in use', () => {
    const good = assignedText();
    const at = good.indexOf('"T-8850"');
    const text = good.slice(0, at) + good.slice(at + 1); // drop a quote
    const reading = readState(helpdesk, text);
    expect(reading.use).toBe('broken');
    if (reading.use !== 'broken') return;
    expect(reading.summary).toMatch(/not valid JSON/);
    expect(reading.problems).toHaveLength(1);
    const line = text.slice(0, at).split('\n').length;
    expect(reading.problems[0].where).toMatch(new RegExp(`^line ${line}, column \\d+$`));
    expect(reading.problems[0].message).toMatch(/^expected /);
    expect(stateOption(reading)).toEqual({});
    const [marker] = stateDiagnostics(reading);
    expect(marker.severity).toBe('error');
    expect(text.slice(0, marker.start).split('\n').length).toBe(line);
    // A broken edit is carried by a link as typed, so the link loses nothing.
    expect(linkStateText(helpdesk, text)).toBe(text);
  });

  test('problems from stateProblems: each with its JSON pointer and the range of the text it names', () => {
    const text = '{\n  "now": "tomorrow",\n  "records": {"tickets": {"T-1": 5}},\n  "extra": true\n}';
    const reading = readState(helpdesk, text);
    expect(reading.use).toBe('broken');
    if (reading.use !== 'broken') return;
    expect(reading.problems.map((p) => p.where).sort()).toEqual(['/extra', '/now', '/records/tickets/T-1']);
    const markers = stateDiagnostics(reading);
    const text_ = (field: string) => {
      const m = markers.find((d) => d.field === field)!;
      return text.slice(m.start, m.end);
    };
    expect(text_('/now')).toBe('"tomorrow"');
    expect(text_('/records/tickets/T-1')).toBe('5');
    expect(text_('/extra')).toBe('true');
    expect(markers.find((d) => d.field === '/now')!.message).toMatch(/^\/now: must be an RFC 3339 timestamp/);
  });

  test('not an object at all, or empty: one problem at the root', () => {
    for (const text of ['[1, 2]', '"state"', '']) {
      const reading = readState(helpdesk, text);
      expect(reading.use, text).toBe('broken');
      if (reading.use === 'broken') expect(reading.problems.length, text).toBe(1);
    }
  });

  test('tools pasted as definitions have no state', () => {
    const custom = packFromToolDefinitions([{ name: 'f', input_schema: { type: 'object' } }]);
    expect(custom.state).toBeNull();
    expect(readState(custom, undefined)).toEqual({ use: 'none' });
    expect(ownStateText(custom)).toBe('');
  });
});

describe('a state through a share link', () => {
  test('an edited state survives the link exactly and gives the same body', () => {
    const text = assignedText();
    const hash = hashOf({ mode: 'pack', pack: 'helpdesk', tool: '', call: JSON.stringify(CLOSE), tools: '', packState: linkStateText(helpdesk, text) });
    const back = stateFromHash(hash, IDS).state;
    expect(back.packState).toBe(text);
    expect(bodyOf(stateOption(readState(helpdesk, back.packState)))).toBe(bodyOf(stateOption(readState(helpdesk, text))));
  });

  test('the pack’s own state leaves no state in the link', () => {
    const hash = hashOf({ mode: 'pack', pack: 'helpdesk', tool: '', call: JSON.stringify(CLOSE), tools: '', packState: linkStateText(helpdesk, ownStateText(helpdesk)) });
    expect(stateFromHash(hash, IDS).state.packState).toBeUndefined();
  });
});
