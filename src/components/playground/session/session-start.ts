// The playground's first session of a visit, and what a session holds (its transitions are session.ts).
// Apart from session.ts because the early script (first-body-early.ts) reads the first session before the
// first body, as the island will: this is all of the session that JavaScript carries.
import { defaultState, stateFromHash, type Notice, type PlaygroundState } from './state';
import { loadHistory, loadPending, loadSession, type History, type StorageLike } from './storage';

export type View = 'call' | 'state' | 'replay';

export interface Session extends PlaygroundState {
  /** The Replay tab's text ('' when none). */
  replay: string;
  /** The "Grade a reply" panel's text ('' when none). */
  reply: string;
  view: View;
  notice: Notice | null;
  /** The pack state came with a link (the page says so until it is reset or replaced). */
  stateFromLink: boolean;
  /**
   * The address bar holds a link that could not be read as it is: it stays there, so it can be inspected,
   * until the user changes something.
   */
  holdAddress: boolean;
  /**
   * Bumped when a text is replaced from outside its editor (a link, an example, a file, Reset): the editor
   * takes the new text. Typing in an editor never bumps it.
   */
  epoch: { call: number; tools: number; state: number; replay: number; reply: number };
  /** Bumped by "check now", which reruns the check on the same text. */
  run: number;
  /** Where the session came from, for the page's first words about it. */
  origin: 'default' | 'link' | 'storage' | 'file';
  /** The recent calls of each pack (historyKey), newest first: kept in storage, carried by a session file. */
  recent: History;
  /**
   * The last visit's session that never showed its result (it may have frozen or crashed the page): not
   * opened, only offered (Notices.tsx). null when there is none.
   */
  unfinished: PlaygroundState | null;
}

const NO_EPOCH = { call: 0, tools: 0, state: 0, replay: 0, reply: 0 };

/** The view a state opens on: a replay shows the Replay tab, a pack state of its own the State tab. */
export function viewFor(s: PlaygroundState): View {
  if (s.replay) return 'replay';
  return s.mode === 'pack' && s.packState !== undefined ? 'state' : 'call';
}

function fresh(state: PlaygroundState, origin: Session['origin'], recent: History, extra: Partial<Session> = {}): Session {
  return { ...state, replay: state.replay ?? '', reply: state.reply ?? '', view: viewFor(state), notice: null, stateFromLink: false, holdAddress: false, epoch: NO_EPOCH, run: 0, origin, recent, unfinished: null, ...extra };
}

/**
 * The first session of a visit: the link in the address bar when there is one (a damaged one gives the
 * default example, a notice, and an address left as it is; #reset the default example), else the last
 * session kept in storage, else the default example. A session the last visit never finished showing is
 * not opened but offered (`unfinished`). The recent calls are the storage's whichever it is.
 */
export function initialSession(hash: string, packIds: readonly string[], storage: StorageLike | null): Session {
  const recent = loadHistory(storage);
  const link = stateFromHash(hash, packIds);
  const unfinished = loadPending(storage, packIds)?.state ?? null;
  if (link.reset) return fresh(link.state, 'default', recent, { unfinished });
  if (hash && hash !== '#') {
    return fresh(link.state, 'link', recent, { notice: link.notice ?? null, stateFromLink: link.state.packState !== undefined, holdAddress: link.damaged === true });
  }
  const kept = loadSession(storage, packIds);
  // A kept session names a pack this site no longer has: start over rather than open on a notice.
  if (kept && !kept.notice) return fresh(kept.state, 'storage', recent, { unfinished });
  return fresh(defaultState(), 'default', recent, { unfinished });
}

