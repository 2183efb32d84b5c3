// The head start of the first body: the engine (checker.ts, the sandbox's checker part) and the pack the page will open on start
// downloading as soon as the page's own script runs (playground.astro), beside React and the island rather
// than after them. The island calls the same loaders (page-sandbox.ts), so either may come first; each loads once.
import { decodeShareState, readShareObject } from '../../../share-link';
import { DEFAULT_EXAMPLE } from '../examples/first-example';
import { prefetchPack } from './pack-files';
import { loadChecker, loadPackById } from './page-sandbox';
import { browserStorage, SESSION_KEY } from '../session/storage';

/**
 * The pack the page will open on, guessed before React has rendered anything: the link's, else the kept
 * session's, else the default example's. Only a head start for its download; the session decides.
 */
export function firstPackHint(): string | null {
  try {
    const link = decodeShareState(location.hash);
    if (link.ok === true) return link.state.tools !== undefined ? null : link.state.pack;
    const raw = browserStorage()?.getItem(SESSION_KEY);
    const kept = raw ? readShareObject(JSON.parse(raw), 'file') : null;
    if (kept?.ok === true) return kept.state.tools !== undefined ? null : kept.state.pack;
  } catch {
    // A head start only.
  }
  return DEFAULT_EXAMPLE.pack;
}

let started = false;
/** Starts the engine's and the first pack's downloads, once. A failure is left to the island to report. */
export function startEngine(): void {
  if (started) return;
  started = true;
  const pack = firstPackHint();
  // The pack's chunks and the engine's download side by side; the checker then finds the pack loaded.
  if (pack) prefetchPack(pack);
  (pack ? loadPackById(pack) : loadChecker()).catch(() => undefined);
}
