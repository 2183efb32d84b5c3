// Share links: a link opens the exact state it was made from; a bad link says what is wrong.
import { describe, expect, test } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { DEFAULT_EXAMPLE } from '../src/components/playground/examples';
import { hashOf, stateFromHash, type PlaygroundState } from '../src/components/playground/state';

const IDS = ['helpdesk', 'stripe', 'google-calendar'];

describe('stateFromHash', () => {
  test('no hash: the default example, no notice', () => {
    const r = stateFromHash('', IDS);
    expect(r.notice).toBeUndefined();
    expect(r.state.call).toBe(DEFAULT_EXAMPLE.call);
  });

  test('round trip through hashOf, for a pack and for custom tools', () => {
    const states: PlaygroundState[] = [
      { mode: 'pack', pack: 'stripe', tool: 'create_refund', call: '{"amount": 15}', tools: '' },
      { mode: 'pack', pack: 'helpdesk', tool: '', call: 'update_ticket(status="OPEN") <img src=x onerror=alert(1)> </script>', tools: '', packState: '{"tickets": []}' },
      { mode: 'custom', pack: 'helpdesk', tool: '', call: '{"name": "f", "arguments": {}}', tools: '[{"name": "f", "input_schema": {"type": "object"}}]' },
    ];
    for (const s of states) {
      const back = stateFromHash(hashOf(s), IDS);
      expect(back.notice).toBeUndefined();
      expect(back.state.mode).toBe(s.mode);
      expect(back.state.call).toBe(s.call);
      expect(back.state.tool).toBe(s.tool);
      if (s.mode === 'custom') expect(back.state.tools).toBe(s.tools);
      else {
        expect(back.state.pack).toBe(s.pack);
        expect(back.state.packState).toBe(s.packState);
      }
    }
  });

  test('a link written by hand with lz-string opens', () => {
    const hash = '#v1/' + compressToEncodedURIComponent(JSON.stringify({ pack: 'google-calendar', call: '{"x": 1}' }));
    expect(stateFromHash(hash, IDS).state).toMatchObject({ mode: 'pack', pack: 'google-calendar', call: '{"x": 1}', tool: '' });
  });

  test.each([
    ['#v1/' + compressToEncodedURIComponent(JSON.stringify({ pack: 'helpdesk', call: 'x' })).slice(0, 12), /damaged|cut short/],
    ['#v1/!!!!', /damaged|cut short/],
    ['#v2/abc', /format v2/],
    ['#hello', /not a playground link/],
    ['#v1/' + compressToEncodedURIComponent('[1,2]'), /no playground state/],
    ['#v1/' + compressToEncodedURIComponent('{"pack": "helpdesk"}'), /lacks the pack or the call/],
  ])('a bad link (%s) gives a notice and the default example', (hash, reason) => {
    const r = stateFromHash(hash, IDS);
    expect(r.notice?.kind).toBe('error');
    expect(r.notice?.text).toMatch(reason);
    expect(r.notice?.text).toMatch(/default example/);
    expect(r.state.call).toBe(DEFAULT_EXAMPLE.call);
  });

  test('an unknown pack keeps the call and says which pack checks it', () => {
    const hash = '#v1/' + compressToEncodedURIComponent(JSON.stringify({ pack: 'github', call: '{"name": "x"}' }));
    const r = stateFromHash(hash, IDS);
    expect(r.state.call).toBe('{"name": "x"}');
    expect(r.notice?.text).toMatch(/"github"/);
  });
});
