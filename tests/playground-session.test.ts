// The playground's session reducer: each transition, pure, with the link and the storage at its edges.
import { describe, expect, test } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { CUSTOM_SAMPLE, DEFAULT_EXAMPLE, REPLAY_EXAMPLES } from '../src/components/playground/examples/examples';
import { initialSession, reduce, shareable, type Session } from '../src/components/playground/session/session';
import { hashOf } from '../src/components/playground/session/state';
import { clearPending, HISTORY_KEY, loadPending, PENDING_KEY, savePending, saveSession, SESSION_KEY, sessionCrashed, type StorageLike } from '../src/components/playground/session/storage';

const IDS = ['helpdesk', 'stripe', 'google-calendar'];

function memory(entries: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...entries };
  return {
    data,
    getItem: (k) => (k in data ? data[k] : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const start = (): Session => initialSession('', IDS, memory());
const link = (state: object) => '#v1/' + compressToEncodedURIComponent(JSON.stringify(state));

describe('initialSession: the link, else the storage, else the default', () => {
  test('nothing anywhere: the default example, on the call view, nothing held', () => {
    expect(start()).toEqual({
      mode: 'pack',
      pack: DEFAULT_EXAMPLE.pack,
      tool: '',
      call: DEFAULT_EXAMPLE.call,
      tools: '',
      replay: '',
      reply: '',
      view: 'call',
      notice: null,
      stateFromLink: false,
      holdAddress: false,
      epoch: { call: 0, tools: 0, state: 0, replay: 0, reply: 0 },
      run: 0,
      origin: 'default',
      recent: {},
      unfinished: null,
    });
  });

  test('no link: the session kept in storage comes back', () => {
    const kept = memory({ [SESSION_KEY]: JSON.stringify({ pack: 'stripe', tool: 'create_refund', call: '{"amount": 15}' }) });
    const s = initialSession('', IDS, kept);
    expect([s.origin, s.mode, s.pack, s.tool, s.call, s.view]).toEqual(['storage', 'pack', 'stripe', 'create_refund', '{"amount": 15}', 'call']);
  });

  test('a link wins over the storage', () => {
    const kept = memory({ [SESSION_KEY]: JSON.stringify({ pack: 'stripe', call: 'kept' }) });
    const s = initialSession(link({ pack: 'helpdesk', call: 'linked' }), IDS, kept);
    expect([s.origin, s.pack, s.call, s.holdAddress, s.notice]).toEqual(['link', 'helpdesk', 'linked', false, null]);
  });

  test('a kept session naming a pack the site no longer has, or not a state at all, gives the default', () => {
    for (const text of [JSON.stringify({ pack: 'gone', call: 'x' }), '{"pack": 1}', 'not json']) {
      const s = initialSession('', IDS, memory({ [SESSION_KEY]: text }));
      expect([s.origin, s.call, s.notice]).toEqual(['default', DEFAULT_EXAMPLE.call, null]);
    }
  });

  test('a damaged link: the default example, a notice, and the address held until an edit', () => {
    const s = initialSession('#v1/!!!!', IDS, memory());
    expect(s.holdAddress).toBe(true);
    expect(s.notice).toEqual({ kind: 'error', text: 'This link is damaged or cut short: its data could not be decompressed. The default example is loaded instead.' });
    expect(s.call).toBe(DEFAULT_EXAMPLE.call);
    const edited = reduce(s, { type: 'edit', field: 'call', text: 'x' });
    expect([edited.holdAddress, edited.call, edited.notice?.kind]).toEqual([false, 'x', 'error']);
  });

  test('a link with a pack state opens the State tab; one with a replay the Replay tab', () => {
    expect(initialSession(link({ pack: 'helpdesk', call: 'c', state: '{}' }), IDS, null)).toMatchObject({ view: 'state', stateFromLink: true, packState: '{}' });
    expect(initialSession(link({ pack: 'helpdesk', call: 'c', replay: 'r' }), IDS, null)).toMatchObject({ view: 'replay', replay: 'r' });
  });
});

describe('a session is kept only once it has shown its result (issue 37)', () => {
  const good = { mode: 'pack' as const, pack: 'stripe', tool: '', call: 'good', tools: '' };
  const hostile = { mode: 'pack' as const, pack: 'helpdesk', tool: '', call: '[[[[hostile', tools: '' };

  test('an unfinished session is not opened on the next visit: the kept one is, and the unfinished one is offered', () => {
    const storage = memory();
    saveSession(storage, good);
    savePending(storage, hostile);
    const s = initialSession('', IDS, storage);
    expect([s.origin, s.call]).toEqual(['storage', 'good']);
    expect(s.unfinished).toMatchObject({ pack: 'helpdesk', call: '[[[[hostile' });
  });

  test('with nothing kept, an unfinished session gives the default example, and is offered', () => {
    const storage = memory();
    savePending(storage, hostile);
    const s = initialSession('', IDS, storage);
    expect([s.origin, s.call, s.unfinished?.call]).toEqual(['default', DEFAULT_EXAMPLE.call, '[[[[hostile']);
  });

  test('a session that shows its result is kept, and drops the unfinished one', () => {
    const storage = memory();
    savePending(storage, hostile);
    saveSession(storage, good);
    expect(loadPending(storage, IDS)).toBeNull();
    expect(initialSession('', IDS, storage)).toMatchObject({ origin: 'storage', call: 'good', unfinished: null });
  });

  test('a crash takes the session it happened on out of the kept one: the next visit opens without it', () => {
    const storage = memory();
    // It had shown its body, and was kept, before a later part of the page failed on it.
    saveSession(storage, hostile);
    sessionCrashed(storage, hostile);
    const s = initialSession('', IDS, storage);
    expect([s.origin, s.call, s.unfinished?.call]).toEqual(['default', DEFAULT_EXAMPLE.call, '[[[[hostile']);
  });

  test('a crash on a session never kept leaves the kept one as it was', () => {
    const storage = memory();
    saveSession(storage, good);
    sessionCrashed(storage, hostile);
    expect(initialSession('', IDS, storage)).toMatchObject({ origin: 'storage', call: 'good', unfinished: { call: '[[[[hostile' } });
  });

  test('#reset opens the default example, neither the kept session nor a link', () => {
    const storage = memory();
    saveSession(storage, good);
    const s = initialSession('#reset', IDS, storage);
    expect([s.origin, s.call, s.notice, s.holdAddress]).toEqual(['default', DEFAULT_EXAMPLE.call, null, false]);
  });

  test('restoring the offered session opens it; discarding it forgets it', () => {
    const storage = memory();
    savePending(storage, hostile);
    const s = initialSession('', IDS, storage);
    const restored = reduce(s, { type: 'load', state: s.unfinished!, from: 'restore' });
    expect([restored.call, restored.origin, restored.unfinished]).toEqual(['[[[[hostile', 'storage', null]);
    expect(reduce(s, { type: 'drop-unfinished' }).unfinished).toBeNull();
    clearPending(storage);
    expect(storage.getItem(PENDING_KEY)).toBeNull();
  });
});

describe('reduce', () => {
  test('edit: the text changes and nothing else; the same text is the same session', () => {
    const s = start();
    const next = reduce(s, { type: 'edit', field: 'call', text: '{"name": "get_ticket"}' });
    expect(next).toEqual({ ...s, call: '{"name": "get_ticket"}' });
    expect(reduce(next, { type: 'edit', field: 'call', text: '{"name": "get_ticket"}' })).toBe(next);
    // Typing never bumps an epoch: the editor already holds the text.
    expect(next.epoch).toEqual(s.epoch);
  });

  test('load from an example: every text replaced, every editor told, the view kept unless it was the replay', () => {
    const s = { ...start(), view: 'state' as const, packState: '{"now": "x"}', stateFromLink: true, notice: { kind: 'info' as const, text: 'n' } };
    const next = reduce(s, { type: 'load', state: { mode: 'pack', pack: 'stripe', tool: '', call: 'c', tools: '' }, from: 'example' });
    expect(next).toMatchObject({ pack: 'stripe', call: 'c', packState: undefined, stateFromLink: false, view: 'state', notice: null, epoch: { call: 1, tools: 1, state: 1, replay: 1, reply: 1 } });
    expect(reduce({ ...s, view: 'replay' }, { type: 'load', state: { mode: 'pack', pack: 'stripe', tool: '', call: 'c', tools: '' }, from: 'example' }).view).toBe('call');
  });

  test('load from a link: its notice, its state from the link, and a damaged one held', () => {
    const next = reduce(start(), { type: 'load', state: { mode: 'pack', pack: 'helpdesk', tool: '', call: 'c', tools: '', packState: '{}' }, from: 'link', notice: { kind: 'error', text: 'bad' }, damaged: true });
    expect(next).toMatchObject({ view: 'state', stateFromLink: true, holdAddress: true, notice: { kind: 'error', text: 'bad' }, origin: 'link' });
  });

  test('put-call: the call, and with packState that state too (null: the pack’s own)', () => {
    const s = { ...start(), packState: '{"edited": 1}', stateFromLink: true };
    expect(reduce(s, { type: 'put-call', call: 'x' })).toMatchObject({ call: 'x', packState: '{"edited": 1}', epoch: { call: 1, state: 0 } });
    expect(reduce(s, { type: 'put-call', call: 'x', packState: null })).toMatchObject({ call: 'x', packState: undefined, stateFromLink: false, epoch: { call: 1, state: 1 } });
    expect(reduce(s, { type: 'put-call', call: 'x', packState: '{"caller": 1}' })).toMatchObject({ packState: '{"caller": 1}', epoch: { state: 1 } });
    // From the replay, a call opens in the call view.
    expect(reduce({ ...s, view: 'replay' }, { type: 'put-call', call: 'x' }).view).toBe('call');
  });

  test('pick-pack drops the edited state and the picked tool; the same pack changes nothing', () => {
    const s = { ...start(), tool: 'get_ticket', packState: '{}', stateFromLink: true };
    expect(reduce(s, { type: 'pick-pack', pack: 'stripe' })).toMatchObject({ pack: 'stripe', tool: '', packState: undefined, stateFromLink: false, epoch: { state: 1 } });
    expect(reduce(s, { type: 'pick-pack', pack: 'helpdesk' })).toBe(s);
  });

  test('mode: Your tools starts from the sample the first time, and keeps what was typed after', () => {
    const custom = reduce(start(), { type: 'mode', mode: 'custom' });
    expect(custom).toMatchObject({ mode: 'custom', tools: CUSTOM_SAMPLE.tools, call: CUSTOM_SAMPLE.call, view: 'call', epoch: { call: 1, tools: 1 } });
    const back = reduce(custom, { type: 'mode', mode: 'pack' });
    expect(back).toMatchObject({ mode: 'pack', tools: CUSTOM_SAMPLE.tools, call: CUSTOM_SAMPLE.call, epoch: { call: 1, tools: 1 } });
    expect(reduce(back, { type: 'mode', mode: 'custom' })).toMatchObject({ mode: 'custom', epoch: { call: 1, tools: 1 } });
    // From the State tab, a mode tab goes back to the call view.
    expect(reduce({ ...back, view: 'state' }, { type: 'mode', mode: 'pack' }).view).toBe('call');
  });

  test('view replay: the first time, the essay’s transcript with its pack', () => {
    const s = reduce({ ...start(), pack: 'stripe', packState: '{}' }, { type: 'view', view: 'replay' });
    expect(s).toMatchObject({ view: 'replay', replay: REPLAY_EXAMPLES[0].text, mode: 'pack', pack: 'helpdesk', packState: undefined, epoch: { replay: 1, state: 1 } });
    const typed = reduce(reduce(s, { type: 'edit', field: 'replay', text: 'mine' }), { type: 'view', view: 'call' });
    expect(reduce(typed, { type: 'view', view: 'replay' })).toMatchObject({ view: 'replay', replay: 'mine', epoch: { replay: 1 } });
  });

  test('reset-state, notice, run', () => {
    const s = { ...start(), packState: '{}', stateFromLink: true };
    expect(reduce(s, { type: 'reset-state' })).toMatchObject({ packState: undefined, stateFromLink: false, epoch: { state: 1 } });
    expect(reduce(s, { type: 'notice', notice: null }).notice).toBeNull();
    expect(reduce(reduce(s, { type: 'run' }), { type: 'run' }).run).toBe(2);
  });

  test('shareable: what the link, the storage and a file carry; a link of it opens the same', () => {
    const s = reduce(reduce(start(), { type: 'view', view: 'replay' }), { type: 'pick-tool', tool: 'get_ticket' });
    expect(shareable(s)).toEqual({ mode: 'pack', pack: 'helpdesk', tool: 'get_ticket', call: DEFAULT_EXAMPLE.call, tools: '', packState: undefined, replay: REPLAY_EXAMPLES[0].text });
    const again = initialSession(hashOf(shareable(s)), IDS, null);
    expect(shareable(again)).toEqual(shareable(s));
  });
});

describe('the graded reply', () => {
  test('a link with a reply opens on the call view with it; typing it changes it; the session carries it', () => {
    const s = initialSession(link({ pack: 'helpdesk', call: 'c', reply: '{"error":"Invalid status"}' }), IDS, null);
    expect(s).toMatchObject({ view: 'call', reply: '{"error":"Invalid status"}' });
    const typed = reduce(s, { type: 'edit', field: 'reply', text: 'Error: bad status' });
    expect(typed.reply).toBe('Error: bad status');
    // Typing is not a reply from outside: the panel keeps its own text.
    expect(typed.epoch.reply).toBe(s.epoch.reply);
    expect(shareable(typed).reply).toBe('Error: bad status');
    // An empty reply is not carried at all, so the link is the one made before the field existed.
    expect('reply' in shareable(reduce(typed, { type: 'edit', field: 'reply', text: '' }))).toBe(false);
  });

  test('a link or a file loaded replaces the reply and tells the panel; one without a reply clears it', () => {
    const s = reduce(start(), { type: 'edit', field: 'reply', text: 'mine' });
    const loaded = reduce(s, { type: 'load', state: { mode: 'pack', pack: 'helpdesk', tool: '', call: 'c', tools: '', reply: 'theirs' }, from: 'link' });
    expect(loaded).toMatchObject({ reply: 'theirs', epoch: { reply: 1 } });
    expect(reduce(loaded, { type: 'load', state: { mode: 'pack', pack: 'helpdesk', tool: '', call: 'c', tools: '' }, from: 'link' }).reply).toBe('');
  });
});

describe('the recent calls', () => {
  test('come from the storage whatever the session comes from', () => {
    const kept = memory({ [HISTORY_KEY]: JSON.stringify({ helpdesk: ['a', 'b'], stripe: ['c', 7] }) });
    expect(initialSession('', IDS, kept).recent).toEqual({ helpdesk: ['a', 'b'], stripe: ['c'] });
    expect(initialSession(link({ pack: 'stripe', call: 'x' }), IDS, kept).recent).toEqual({ helpdesk: ['a', 'b'], stripe: ['c'] });
    expect(initialSession('', IDS, null).recent).toEqual({});
  });

  test('remember: the call goes first in its pack’s list, once; a blank call or the same first call changes nothing', () => {
    const s = { ...start(), recent: { helpdesk: ['a', 'b'] } };
    expect(reduce(s, { type: 'remember', key: 'helpdesk', call: 'b' }).recent).toEqual({ helpdesk: ['b', 'a'] });
    expect(reduce(s, { type: 'remember', key: 'custom', call: 'c' }).recent).toEqual({ helpdesk: ['a', 'b'], custom: ['c'] });
    expect(reduce(s, { type: 'remember', key: 'helpdesk', call: 'a' })).toBe(s);
    expect(reduce(s, { type: 'remember', key: 'helpdesk', call: '  ' })).toBe(s);
  });

  test('a file’s recent calls join its pack’s list ahead of the ones here, in the file’s order; other loads keep the list', () => {
    const s = { ...start(), recent: { stripe: ['old', 'x'] } };
    const state = { mode: 'pack' as const, pack: 'stripe', tool: '', call: 'c', tools: '' };
    expect(reduce(s, { type: 'load', state, from: 'file', history: ['new1', 'x', 'new2'] }).recent).toEqual({ stripe: ['new1', 'x', 'new2', 'old'] });
    expect(reduce(s, { type: 'load', state: { ...state, mode: 'custom' }, from: 'file', history: ['mine'] }).recent).toEqual({ stripe: ['old', 'x'], custom: ['mine'] });
    expect(reduce(s, { type: 'load', state, from: 'reset' }).recent).toBe(s.recent);
  });
});
