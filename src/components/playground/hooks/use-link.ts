// The session's edges (session.ts): the address bar and the storage follow the session as it changes, a
// link pasted into the address bar of an open playground loads without a reload, and Share copies the link.
import { useEffect, useMemo, useRef, useState } from 'react';
import { SHARE_WARN_BYTES } from '../../../share-link';
import { copyText } from '../panels/common';
import { shareable, type Action, type Session } from '../session/session';
import { hashOf, stateFromHash, type PlaygroundState } from '../session/state';
import { saveHistory, savePending, saveSession, sessionCrashed, type StorageLike } from '../session/storage';

/** Past this much text (call and definitions), the URL stops following every change: compressing it would stall typing. */
const LIVE_LINK_MAX_CHARS = 200_000;
/** Browsers refuse longer URLs outright (Chromium stops at 2 MB). */
const URL_MAX_BYTES = 2 * 1024 * 1024;

/** True when the session is too large for the address bar to follow each change. */
export function tooLargeForLiveLink(s: Session): boolean {
  return s.call.length + (s.mode === 'custom' ? s.tools.length : 0) + s.replay.length + s.reply.length > LIVE_LINK_MAX_CHARS;
}

/**
 * What a link, the storage and a file carry of the session. `stateText` gives the pack state a link
 * carries: only an edit that differs from the pack's own (kept as is until the pack has loaded).
 */
export function useLinked(s: Session, stateText: (text: string | undefined) => string | undefined): PlaygroundState {
  const { mode, pack, tool, call, tools, packState, replay, reply } = s;
  // Apart, since reading the state takes a parse: not again on every keystroke in the call.
  const linkedState = useMemo(() => stateText(packState), [packState, stateText]);
  return useMemo(() => ({ ...shareable({ mode, pack, tool, call, tools, packState, replay, reply }), packState: linkedState }), [mode, pack, tool, call, tools, packState, replay, reply, linkedState]);
}

/** The session the page last rendered, with its storage: what the crash panel (ErrorBoundary) takes out of the kept session. */
const rendering: { state: PlaygroundState | null; storage: StorageLike | null } = { state: null, storage: null };

/** The page crashed while rendering the session: the next visit opens without it, and offers it back. */
export function crashedOnSession(): void {
  if (rendering.state) sessionCrashed(rendering.storage, rendering.state);
}

/** Typing pauses this long before the session is written. */
const KEEP_DELAY_MS = 300;

/**
 * The storage follows the session in two steps (storage.ts): a session is kept only once the page has shown
 * its result (`settled`), and until then it is held as unfinished. A session from outside (a link, a file,
 * an example) is held at once, before its check could stall or crash the page; one that does stays
 * unfinished, and the next visit offers it rather than opening on it.
 */
export function useKeptSession(linked: PlaygroundState, s: Session, settled: boolean, storage: StorageLike | null): void {
  // Set while rendering, not in an effect: a render that throws commits no effect, and its session is the one to take out.
  rendering.state = linked;
  rendering.storage = storage;
  const hold = s.holdAddress;
  const loads = Object.values(s.epoch).join(' ');
  const lastLoads = useRef<string | null>(null);
  // The page opens on the kept session or the default example: neither is new to hold.
  const opened = s.origin === 'link' || s.origin === 'file';
  useEffect(() => {
    const first = lastLoads.current === null;
    const fromOutside = lastLoads.current !== loads && (!first || opened);
    lastLoads.current = loads;
    if (hold) return;
    const keep = () => (settled ? saveSession(storage, linked) : savePending(storage, linked));
    if (fromOutside && !settled) {
      keep();
      return;
    }
    const t = window.setTimeout(keep, KEEP_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [linked, hold, storage, settled, loads, opened]);
}

export function useAddressBar(linked: PlaygroundState, s: Session, storage: StorageLike | null, packIds: readonly string[], act: (a: Action) => void): void {
  const tooLarge = tooLargeForLiveLink(s);
  const hold = s.holdAddress;
  useEffect(() => {
    // A link that could not be read stays in the address bar, to be looked at, until something is edited.
    if (tooLarge || hold) return;
    const t = window.setTimeout(() => {
      const hash = hashOf(linked);
      if (location.hash !== hash) history.replaceState(history.state, '', hash);
    }, 120);
    return () => window.clearTimeout(t);
  }, [linked, hold, tooLarge]);

  // The recent calls are written when they change, not when the page opens on them.
  const saved = useRef(s.recent);
  useEffect(() => {
    if (saved.current === s.recent) return;
    saved.current = s.recent;
    saveHistory(storage, s.recent);
  }, [s.recent, storage]);

  useEffect(() => {
    const onHash = (e: HashChangeEvent) => {
      // The event's own URL: by the time it is handled, a pending write of the previous state may have
      // replaced location.hash (a same-page navigation queues the event as a task).
      const { state, notice, damaged, reset } = stateFromHash(new URL(e.newURL).hash, packIds);
      act(reset ? { type: 'load', state, from: 'reset' } : { type: 'load', state, from: 'link', notice, damaged });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [act, packIds]);
}

/**
 * Share: the link goes into the address bar and the clipboard. A long one asks first (chat tools and mail
 * cut long links), one past what browsers open is refused, and a clipboard that refuses shows the link.
 */
export function useShare(linked: PlaygroundState, setStatus: (text: string) => void, act: (a: Action) => void) {
  const [warning, setWarning] = useState<{ url: string; bytes: number } | null>(null);
  const [manualLink, setManualLink] = useState<string | null>(null);

  const copyLink = (url: string) => {
    setWarning(null);
    copyText(url).then((ok) => {
      setStatus(ok ? 'Link copied' : 'Could not copy: the link is shown below to copy by hand');
      setManualLink(ok ? null : url);
    });
  };

  const share = () => {
    const hash = hashOf(linked);
    const url = location.origin + location.pathname + location.search + hash;
    const size = new TextEncoder().encode(url).length;
    if (size > URL_MAX_BYTES) {
      setStatus('Too large for a link');
      act({ type: 'notice', notice: { kind: 'error', text: `A link to this state would be ${(size / 1024 / 1024).toFixed(1)} MB, more than browsers open. Save the session to a file instead (Session, Save to a file), or trim it.` } });
      return;
    }
    history.replaceState(history.state, '', hash);
    if (size > SHARE_WARN_BYTES) setWarning({ url, bytes: size });
    else copyLink(url);
  };

  return { share, copyLink, warning, closeWarning: () => setWarning(null), manualLink, closeManualLink: () => setManualLink(null) };
}
