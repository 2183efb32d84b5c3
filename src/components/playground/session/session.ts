// The playground's session: every piece of state the page has, and its transitions as one pure reducer.
// The address bar (state.ts) and localStorage (storage.ts) sit at its edges: they give the first session
// and follow the session as it changes, and nothing else writes them. Modelled on the TypeScript
// playground's split between its sandbox and its URL-state module.
import { CUSTOM_SAMPLE, FIRST_REPLAY_EXAMPLE } from '../examples/first-example';
import { viewFor, type Session, type View } from './session-start';
import type { Notice, PlaygroundState } from './state';
import { historyKey, remember } from './storage';

// The session and the first one of a visit are in session-start.ts, which the early script (first-body-early.ts)
// loads before the first body; the transitions below load with the island.
export { initialSession, type Session, type View } from './session-start';

export type Edited = 'call' | 'tools' | 'packState' | 'replay' | 'reply';

export type Action =
  /** Typing in an editor. */
  | { type: 'edit'; field: Edited; text: string }
  /** A whole state from outside: a link, an example, a file, the history, Reset, the last visit's unfinished session (restore). */
  | { type: 'load'; state: PlaygroundState; from: 'link' | 'example' | 'file' | 'history' | 'reset' | 'restore'; notice?: Notice; damaged?: boolean; history?: readonly string[] }
  /** The last visit's unfinished session is no longer offered. */
  | { type: 'drop-unfinished' }
  /** A call put into the editor (a suggestion, a pack example); with `packState`, that state too (null: the pack's own). */
  | { type: 'put-call'; call: string; packState?: string | null }
  | { type: 'pick-pack'; pack: string }
  | { type: 'pick-tool'; tool: string }
  | { type: 'mode'; mode: 'pack' | 'custom' }
  | { type: 'view'; view: View }
  /** Back to the pack's own state. */
  | { type: 'reset-state' }
  | { type: 'notice'; notice: Notice | null }
  | { type: 'run' }
  /** A transcript into the Replay tab; with `pack`, checked against that pack (an example names its own). */
  | { type: 'replay'; text: string; pack?: string }
  /** A call that has stood a moment and reads as a call joins the recent list of its pack (`key`: historyKey). */
  | { type: 'remember'; key: string; call: string };

function bump(epoch: Session['epoch'], ...keys: (keyof Session['epoch'])[]): Session['epoch'] {
  const next = { ...epoch };
  for (const k of keys) next[k]++;
  return next;
}

export function reduce(s: Session, a: Action): Session {
  switch (a.type) {
    case 'edit':
      if (s[a.field] === a.text && !s.holdAddress) return s;
      return { ...s, [a.field]: a.text, holdAddress: false };
    case 'load': {
      const st = a.state;
      return {
        ...s,
        mode: st.mode,
        pack: st.pack,
        tool: st.tool,
        call: st.call,
        tools: st.tools,
        packState: st.packState,
        replay: st.replay ?? '',
        reply: st.reply ?? '',
        view: a.from === 'example' || a.from === 'history' ? (s.view === 'replay' ? 'call' : s.view === 'state' && st.mode === 'pack' ? 'state' : 'call') : viewFor(st),
        notice: a.notice ?? null,
        stateFromLink: a.from === 'link' && st.packState !== undefined,
        holdAddress: a.from === 'link' && a.damaged === true,
        epoch: bump(s.epoch, 'call', 'tools', 'state', 'replay', 'reply'),
        origin: a.from === 'link' ? 'link' : a.from === 'file' ? 'file' : a.from === 'reset' ? 'default' : a.from === 'restore' ? 'storage' : s.origin,
        unfinished: a.from === 'restore' ? null : s.unfinished,
        // A file's recent calls join its pack's list, its newest first, ahead of the ones already here.
        recent: a.history ? a.history.reduceRight((acc, call) => remember(acc, historyKey(st), call), s.recent) : s.recent,
      };
    }
    case 'put-call': {
      const next: Session = { ...s, call: a.call, holdAddress: false, epoch: bump(s.epoch, 'call'), view: s.view === 'replay' ? 'call' : s.view };
      if (a.packState === undefined) return next;
      return { ...next, packState: a.packState ?? undefined, stateFromLink: false, epoch: bump(next.epoch, 'state') };
    }
    case 'pick-pack':
      if (a.pack === s.pack && s.mode === 'pack') return s;
      // Another pack, another state: an edit of this one's records means nothing there.
      return { ...s, mode: 'pack', pack: a.pack, tool: '', packState: undefined, stateFromLink: false, holdAddress: false, epoch: bump(s.epoch, 'state') };
    case 'pick-tool':
      return a.tool === s.tool ? s : { ...s, tool: a.tool, holdAddress: false };
    case 'mode': {
      const view: View = s.view === 'replay' ? 'replay' : 'call';
      if (a.mode === s.mode) return s.view === view ? s : { ...s, view };
      if (a.mode === 'custom' && s.tools.trim() === '') {
        // The first visit to Your tools starts from a small example, with a call that has a fault.
        return { ...s, mode: 'custom', tool: '', tools: CUSTOM_SAMPLE.tools, call: CUSTOM_SAMPLE.call, view, holdAddress: false, epoch: bump(s.epoch, 'call', 'tools') };
      }
      return { ...s, mode: a.mode, tool: '', view, holdAddress: false };
    }
    case 'view':
      if (a.view === s.view) return s;
      // The Replay tab opens on the essay's transcript the first time, with the pack it is about.
      if (a.view === 'replay' && s.replay === '') return reduce(s, { type: 'replay', text: FIRST_REPLAY_EXAMPLE.text, pack: FIRST_REPLAY_EXAMPLE.pack });
      return { ...s, view: a.view };
    case 'replay': {
      const next: Session = { ...s, replay: a.text, view: 'replay', holdAddress: false, epoch: bump(s.epoch, 'replay') };
      if (a.pack === undefined || (a.pack === s.pack && s.mode === 'pack')) return next;
      return { ...next, mode: 'pack', pack: a.pack, tool: '', packState: undefined, stateFromLink: false, epoch: bump(next.epoch, 'state') };
    }
    case 'reset-state':
      return { ...s, packState: undefined, stateFromLink: false, holdAddress: false, epoch: bump(s.epoch, 'state') };
    case 'notice':
      return { ...s, notice: a.notice };
    case 'drop-unfinished':
      return s.unfinished === null ? s : { ...s, unfinished: null };
    case 'run':
      return { ...s, run: s.run + 1 };
    case 'remember': {
      const recent = remember(s.recent, a.key, a.call);
      return recent === s.recent ? s : { ...s, recent };
    }
  }
}

/** The texts and picks of a session: what a link, the storage and a file are made from. */
export type Shared = Pick<Session, 'mode' | 'pack' | 'tool' | 'call' | 'tools' | 'packState' | 'replay' | 'reply'>;

/** The part of a session a link, the storage and a file carry (their recent calls apart). */
export function shareable(s: Shared): PlaygroundState {
  const out: PlaygroundState = { mode: s.mode, pack: s.pack, tool: s.tool, call: s.call, tools: s.tools, packState: s.packState };
  if (s.replay) out.replay = s.replay;
  if (s.reply) out.reply = s.reply;
  return out;
}
