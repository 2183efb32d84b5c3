// The engine, through the page's sandbox (page-sandbox.ts): its parts load when first wanted, the packs when
// first picked. The page renders on every keystroke, so it awaits a part once and then calls it directly
// (`checker.check(pack, call)`) rather than through the sandbox's async methods, which would put an await
// between a key and its body (src/sandbox/index.ts says so).
import { useEffect, useMemo, useReducer, useState } from 'react';
import type { CompiledPack } from '../../../engine/types';
import { loadAjvTools, loadChecker, loadExtra, loadPackById } from '../loading/page-sandbox';
import { useLoaded } from './use-loaded';

export type Checker = typeof import('../loading/checker');
export type Extra = Awaited<ReturnType<typeof loadExtra>>;
export type AjvTools = Awaited<ReturnType<typeof loadAjvTools>>;

const AGAIN = 'Reload the page to try again; the call is kept in the address bar.';

/**
 * The checker at once; the markers, the replay and the exports (extra) and AJV's compiler (ajv) once wanted.
 * A load that fails leaves `loadFailure` for the page to show; `fail` reports another.
 */
export function useEngine(want: { extra: boolean; ajv: boolean }) {
  const [loadFailure, fail] = useState<string | null>(null);
  const checker = useLoaded(loadChecker, `The checker could not load. ${AGAIN}`, fail);
  const extra = useLoaded(checker && want.extra ? loadExtra : null, `Part of the checker could not load. ${AGAIN}`, fail);
  const ajvTools = useLoaded(checker && want.ajv ? loadAjvTools : null, `The validator for your own tools could not load. ${AGAIN}`, fail);
  return { checker, extra, ajvTools, loadFailure, fail };
}

/** The packs opened so far, by id: the session's pack opens when it is picked. */
export function useLoadedPacks(checker: Checker | null, id: string | null, fail: (message: string) => void): ReadonlyMap<string, CompiledPack> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, CompiledPack>>(new Map());
  useEffect(() => {
    if (!checker || id === null || loaded.has(id)) return;
    let on = true;
    loadPackById(id).then(
      (p) => on && setLoaded((m) => new Map(m).set(id, p)),
      (err: unknown) => on && fail(`The ${id} pack could not load: ${err instanceof Error ? err.message : String(err)}`),
    );
    return () => {
      on = false;
    };
  }, [checker, id, loaded, fail]);
  return loaded;
}

/**
 * An imported pack opens a few tools at a time, and suggestions read registry names (a country, a zone…)
 * loaded on first need, so the checker's answers grow as parts load. `ready` is the checker stamped with
 * how many have: a new value each time one loads, so whatever reads loaded parts is worked out again.
 */
export function usePartLoads(checker: Checker | null): { ready: (Checker & { loads: number }) | null; partLoaded: () => void } {
  const [loads, partLoaded] = useReducer((n: number) => n + 1, 0);
  const ready = useMemo(() => (checker ? { ...checker, loads } : null), [checker, loads]);
  return { ready, partLoaded };
}
