// The first body's place in the page (playground.astro's fallback, id pg-first) and what the island reads
// from it: the early script (first-body-early.ts) marks it pending while it works out a link's or a kept
// session's body, ready once it shows one, none when the page opens on something it does not show (your
// own tools, a replay, a notice). The island takes the markup over while its own check runs.

export const FIRST_BODY_ID = 'pg-first';

export type FirstBodyState = 'ready' | 'pending' | 'none';

/** What the fallback shows, for the island to keep on screen until its own body replaces it. */
export interface FirstBody {
  pack: string;
  tool: string;
  call: string;
  /** The result column's markup (first-body.ts). */
  html: string;
}

/** The fallback's body, if it shows one; read before the island's first commit replaces the fallback. */
export function takeFirstBody(): FirstBody | null {
  const root = typeof document === 'undefined' ? null : document.getElementById(FIRST_BODY_ID);
  if (!root || root.dataset.firstBody !== 'ready') return null;
  const call = root.querySelector('[data-testid=first-call]')?.textContent;
  const out = root.querySelector('[data-first-out]');
  if (call == null || !out || root.dataset.pack === undefined) return null;
  return { pack: root.dataset.pack, tool: root.dataset.tool ?? '', call, html: out.innerHTML };
}
