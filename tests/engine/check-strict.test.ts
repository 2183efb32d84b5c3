// A call a model made against a strict export (optional fields sent as null, as OpenAI's strict mode asks)
// gets the body the same call earns without them: checkStrictCall reads it back into the pack's terms.
import { describe, expect, test } from 'vitest';
import { check, checkStrictCall, exportPack } from '../../src/engine';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;

describe('checkStrictCall', () => {
  test('the nulls an OpenAI strict export asks for are optional fields left out, not values', () => {
    const strict = exportPack(helpdesk, 'openai-strict' as never) as { function?: { name: string; parameters: { required: string[] } } }[];
    const update = strict.find((t) => t.function?.name === 'update_ticket')!;
    // Every property is required in the strict form, so a model sends null for those it leaves out.
    expect(update.function!.parameters.required).toEqual(expect.arrayContaining(['ticket_id', 'status', 'priority', 'due_at', 'subject']));
    const sent = { type: 'function', function: { name: 'update_ticket', arguments: JSON.stringify({ ticket_id: 'T-8841', status: 'open', priority: null, due_at: null, subject: null }) } };
    expect(check(helpdesk, sent).ok).toBe(false);
    const r = checkStrictCall(helpdesk, sent, 'openai-strict');
    expect(r.ok).toBe(true);
    expect(r.shape).toBe('openai-chat');
    expect(r.arguments).toEqual({ ticket_id: 'T-8841', status: 'open' });
  });

  test('a real fault still gets its body, exactly as without strict mode', () => {
    const sent = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN', priority: null, due_at: null, subject: null } };
    expect(checkStrictCall(helpdesk, sent, 'openai-strict').body).toEqual(check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } }).body);
    expect(checkStrictCall(helpdesk, 'not a call', 'openai-strict').body).toEqual(check(helpdesk, 'not a call').body);
  });
});
