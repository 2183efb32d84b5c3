// The localStorage edge of the session: the last state that showed its result comes back on a visit without a
// link, recent calls are kept per pack, and a session goes to and comes from a file. A session is kept in two
// steps: unfinished (PENDING_KEY) until the page has shown its result, then kept (SESSION_KEY). One that froze
// or crashed the page stays unfinished, so the next visit offers it instead of opening on it. Pure over a Storage-like object, so every
// transition is unit-tested without a browser; a storage that throws (private mode, quota) is a no-op.
import { readShareObject, type ShareState } from '../../../share-link';
import { fromShareState, shareStateOf, type FromLink, type PlaygroundState } from './state';

export const SESSION_KEY = 'actionable.playground.session.v1';
/** A session the page had not finished showing: offered on the next visit, never opened by itself. */
export const PENDING_KEY = 'actionable.playground.pending.v1';
export const HISTORY_KEY = 'actionable.playground.history.v1';
/** How many distinct calls the history keeps for each pack. */
export const HISTORY_MAX = 20;
export const SESSION_FILE_FORMAT = 'actionable-playground-session';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Calls by pack id ('custom' for your own tools), most recent first. */
export type History = Record<string, string[]>;

function read(storage: StorageLike | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: StorageLike | null, key: string, value: unknown): boolean {
  try {
    storage?.setItem(key, JSON.stringify(value));
    return storage !== null;
  } catch {
    return false;
  }
}

/** The last session, or null when none was kept (or what was kept is not a state). */
export function loadSession(storage: StorageLike | null, packIds: readonly string[]): FromLink | null {
  const decoded = readShareObject(read(storage, SESSION_KEY), 'file');
  return decoded.ok === true ? fromShareState(decoded.state, packIds, 'file') : null;
}

/** Keeps a session that has shown its result: the next visit opens on it. Any unfinished one is dropped. */
export function saveSession(storage: StorageLike | null, state: PlaygroundState): boolean {
  const ok = write(storage, SESSION_KEY, shareStateOf(state));
  if (ok) remove(storage, PENDING_KEY);
  return ok;
}

/** Holds a session the page has not shown the result of yet: the kept session stays as it was. */
export function savePending(storage: StorageLike | null, state: PlaygroundState): boolean {
  return write(storage, PENDING_KEY, shareStateOf(state));
}

/** The unfinished session, or null. */
export function loadPending(storage: StorageLike | null, packIds: readonly string[]): FromLink | null {
  const decoded = readShareObject(read(storage, PENDING_KEY), 'file');
  return decoded.ok === true ? fromShareState(decoded.state, packIds, 'file') : null;
}

export function clearPending(storage: StorageLike | null): void {
  remove(storage, PENDING_KEY);
}

/**
 * The page crashed on `state`: it becomes the unfinished session, and stops being the kept one if it was, so
 * the next visit opens without it (and offers it back).
 */
export function sessionCrashed(storage: StorageLike | null, state: PlaygroundState): void {
  const text = JSON.stringify(shareStateOf(state));
  let kept: string | null | undefined;
  try {
    kept = storage?.getItem(SESSION_KEY);
  } catch {
    kept = null;
  }
  savePending(storage, state);
  if (kept === text) remove(storage, SESSION_KEY);
}

function remove(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

export function clearSession(storage: StorageLike | null): void {
  remove(storage, SESSION_KEY);
}

/** The kept history, with anything that is not a list of texts left out. */
export function loadHistory(storage: StorageLike | null): History {
  const v = read(storage, HISTORY_KEY);
  const out: History = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [pack, calls] of Object.entries(v as Record<string, unknown>)) {
      if (Array.isArray(calls)) out[pack] = calls.filter((c): c is string => typeof c === 'string' && c.trim() !== '').slice(0, HISTORY_MAX);
    }
  }
  return out;
}

export function saveHistory(storage: StorageLike | null, history: History): boolean {
  return write(storage, HISTORY_KEY, history);
}

/**
 * The history with `call` first for `pack`: a call already there moves to the front instead of appearing
 * twice, and the oldest falls off past HISTORY_MAX. Blank calls are not kept. Returns the same object when
 * nothing changes, so a caller can skip the write.
 */
export function remember(history: History, pack: string, call: string, max = HISTORY_MAX): History {
  if (call.trim() === '') return history;
  const calls = history[pack] ?? [];
  if (calls[0] === call) return history;
  return { ...history, [pack]: [call, ...calls.filter((c) => c !== call)].slice(0, max) };
}

/** The history key of a state: its pack, or 'custom' for your own tools. */
export function historyKey(state: Pick<PlaygroundState, 'mode' | 'pack'>): string {
  return state.mode === 'custom' ? 'custom' : state.pack;
}

export interface SessionFile {
  format: typeof SESSION_FILE_FORMAT;
  version: 1;
  /** The share-link state (README.md, Share links): pack, tool, call, tools, state, replay. */
  session: ShareState;
  /** The recent calls of the session's pack. */
  history?: string[];
}

export function sessionFile(state: PlaygroundState, history: History): SessionFile {
  const calls = history[historyKey(state)];
  return { format: SESSION_FILE_FORMAT, version: 1, session: shareStateOf(state), ...(calls?.length ? { history: calls } : {}) };
}

export type ReadFile = { ok: true; loaded: FromLink; history: string[] } | { ok: false; reason: string };

/** Reads a session file's text; a file that is not one says why. */
export function readSessionFile(text: string, packIds: readonly string[]): ReadFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This file is not a playground session: it is not JSON.' };
  }
  if (!v || typeof v !== 'object' || (v as { format?: unknown }).format !== SESSION_FILE_FORMAT) {
    return { ok: false, reason: `This file is not a playground session: it has no "format": "${SESSION_FILE_FORMAT}".` };
  }
  const f = v as Partial<SessionFile>;
  if (f.version !== 1) return { ok: false, reason: `This session file is version ${String(f.version)}, which this playground does not know.` };
  const decoded = readShareObject(f.session, 'file');
  if (decoded.ok !== true) return { ok: false, reason: decoded.ok === false ? decoded.reason : 'This file holds no session.' };
  const history = Array.isArray(f.history) ? f.history.filter((c): c is string => typeof c === 'string').slice(0, HISTORY_MAX) : [];
  return { ok: true, loaded: fromShareState(decoded.state, packIds, 'file'), history };
}

/** The storage to use, or null where the page may not have one (a sandboxed frame throws on access). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
