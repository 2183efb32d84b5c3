// The playground's storage edge: the last session, the recent calls per pack, and session files.
import { describe, expect, test } from 'vitest';
import {
  clearSession,
  HISTORY_KEY,
  HISTORY_MAX,
  historyKey,
  loadHistory,
  loadSession,
  readSessionFile,
  remember,
  saveHistory,
  saveSession,
  SESSION_KEY,
  sessionFile,
  type StorageLike,
} from '../src/components/playground/session/storage';

import { noticeText } from '../src/components/playground/session/state';

const IDS = ['helpdesk', 'stripe'];

function memory(entries: Record<string, string> = {}) {
  const data: Record<string, string> = { ...entries };
  const storage: StorageLike = {
    getItem: (k) => (k in data ? data[k] : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
  return { data, storage };
}

/** A storage that refuses everything, as a sandboxed frame or a full quota does. */
const refusing: StorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('the last session', () => {
  test('saved as the share-link state, read back the same', () => {
    const { data, storage } = memory();
    expect(saveSession(storage, { mode: 'pack', pack: 'stripe', tool: 'create_refund', call: '{"amount": 15}', tools: '', packState: '{"now": 1}' })).toBe(true);
    expect(JSON.parse(data[SESSION_KEY])).toEqual({ pack: 'stripe', tool: 'create_refund', call: '{"amount": 15}', state: '{"now": 1}' });
    expect(loadSession(storage, IDS)).toEqual({ state: { mode: 'pack', pack: 'stripe', tool: 'create_refund', call: '{"amount": 15}', tools: '', packState: '{"now": 1}' } });
    clearSession(storage);
    expect(data[SESSION_KEY]).toBeUndefined();
    expect(loadSession(storage, IDS)).toBeNull();
  });

  test('your own tools and a replay are kept too', () => {
    const { storage } = memory();
    saveSession(storage, { mode: 'custom', pack: 'helpdesk', tool: '', call: 'c', tools: '[]', replay: 'r' });
    expect(loadSession(storage, IDS)?.state).toEqual({ mode: 'custom', pack: 'helpdesk', tool: '', call: 'c', tools: '[]', packState: undefined, replay: 'r' });
  });

  test('a reply to grade is kept, and goes into a session file and back', () => {
    const { storage } = memory();
    const state = { mode: 'pack' as const, pack: 'helpdesk', tool: '', call: 'update_ticket(status="OPEN")', tools: '', reply: '{"error":"Invalid status"}' };
    saveSession(storage, state);
    expect(loadSession(storage, IDS)?.state).toEqual({ ...state, packState: undefined });
    const file = readSessionFile(JSON.stringify(sessionFile(state, {})), IDS);
    expect(file.ok && file.loaded.state.reply).toBe(state.reply);
  });

  test('a storage that throws is no storage, never an error', () => {
    expect(saveSession(refusing, { mode: 'pack', pack: 'stripe', tool: '', call: 'c', tools: '' })).toBe(false);
    expect(loadSession(refusing, IDS)).toBeNull();
    expect(loadHistory(refusing)).toEqual({});
    expect(() => clearSession(refusing)).not.toThrow();
    expect(saveSession(null, { mode: 'pack', pack: 'stripe', tool: '', call: 'c', tools: '' })).toBe(false);
  });
});

describe('the recent calls', () => {
  test('most recent first, a repeated call moves to the front, blank calls are not kept', () => {
    let h = remember({}, 'helpdesk', 'a');
    h = remember(h, 'helpdesk', 'b');
    h = remember(h, 'stripe', 'x');
    h = remember(h, 'helpdesk', 'a');
    expect(h).toEqual({ helpdesk: ['a', 'b'], stripe: ['x'] });
    expect(remember(h, 'helpdesk', 'a')).toBe(h);
    expect(remember(h, 'helpdesk', '  \n')).toBe(h);
  });

  test('the last 20 distinct calls per pack', () => {
    let h = {};
    for (let i = 0; i < 25; i++) h = remember(h, 'helpdesk', `call ${i}`);
    h = remember(h, 'helpdesk', 'call 10');
    const calls = (h as Record<string, string[]>).helpdesk;
    expect(HISTORY_MAX).toBe(20);
    expect(calls).toHaveLength(20);
    expect(calls.slice(0, 3)).toEqual(['call 10', 'call 24', 'call 23']);
    // call 10 was still in the list, so it moved and nothing fell off; a new call pushes the oldest out.
    expect(calls[19]).toBe('call 5');
    expect(new Set(calls).size).toBe(20);
    const more = (remember(h, 'helpdesk', 'new') as Record<string, string[]>).helpdesk;
    expect([more.length, more[0], more[19]]).toEqual([20, 'new', 'call 6']);
  });

  test('stored and read back; anything that is not a list of texts is left out', () => {
    const { data, storage } = memory();
    saveHistory(storage, { helpdesk: ['a', 'b'] });
    expect(loadHistory(storage)).toEqual({ helpdesk: ['a', 'b'] });
    data[HISTORY_KEY] = JSON.stringify({ helpdesk: ['a', 3, '', 'b'], stripe: 'x', custom: Array.from({ length: 30 }, (_, i) => `c${i}`) });
    const h = loadHistory(storage);
    expect(h.helpdesk).toEqual(['a', 'b']);
    expect(h.stripe).toBeUndefined();
    expect(h.custom).toHaveLength(20);
  });

  test('your own tools keep theirs under "custom"', () => {
    expect(historyKey({ mode: 'custom', pack: 'helpdesk' })).toBe('custom');
    expect(historyKey({ mode: 'pack', pack: 'stripe' })).toBe('stripe');
  });
});

describe('session files', () => {
  test('written with the share-link state and the recent calls of its pack; read back the same', () => {
    const state = { mode: 'pack' as const, pack: 'helpdesk', tool: '', call: 'update_ticket(status="OPEN")', tools: '', replay: '[turn 1] f()' };
    const file = sessionFile(state, { helpdesk: ['a', 'b'], stripe: ['x'] });
    expect(file).toEqual({
      format: 'actionable-playground-session',
      version: 1,
      session: { pack: 'helpdesk', tool: undefined, call: 'update_ticket(status="OPEN")', state: undefined, replay: '[turn 1] f()' },
      history: ['a', 'b'],
    });
    const read = readSessionFile(JSON.stringify(file), IDS);
    expect(read).toEqual({ ok: true, loaded: { state: { ...state, packState: undefined } }, history: ['a', 'b'] });
  });

  test.each([
    ['not json', 'This file is not a playground session: it is not JSON.'],
    ['{"session": {}}', 'This file is not a playground session: it has no "format": "actionable-playground-session".'],
    ['{"format": "actionable-playground-session", "version": 2, "session": {}}', 'This session file is version 2, which this playground does not know.'],
    ['{"format": "actionable-playground-session", "version": 1, "session": {"pack": "helpdesk"}}', 'This file is damaged: it lacks the pack or the call.'],
    ['{"format": "actionable-playground-session", "version": 1, "session": {"pack": "helpdesk", "call": "c", "tools": 4}}', 'This file is damaged: its tools is not text.'],
  ])('a file that is not a session says why (%s)', (text, reason) => {
    expect(readSessionFile(text, IDS)).toEqual({ ok: false, reason });
  });

  test('a file naming a pack the site lacks opens on the default pack, and says so', () => {
    const read = readSessionFile(JSON.stringify({ format: 'actionable-playground-session', version: 1, session: { pack: 'github', call: 'c' } }), IDS);
    expect(read.ok && noticeText(read.loaded.notice!)).toBe('This file names the pack "github", which this site does not have. Its call is checked against helpdesk instead.');
  });
});
