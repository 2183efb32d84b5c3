// The engine's parts, the packs and the YAML reader load asynchronously, each when first wanted: the first
// body's JavaScript waits for none of them (issue 20). These hooks hold what has loaded.
import { useEffect, useRef, useState } from 'react';

/**
 * The value `load` gave, or null until then; null `load` while it is not wanted. Loaders are module
 * functions, so the same loader is the same load: it runs once, and a later null keeps the value.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null, failure: string, fail: (message: string) => void): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (v) => live && setValue(() => v),
      () => live && fail(failure),
    );
    return () => {
      live = false;
    };
  }, [load, failure, fail]);
  return value;
}

/**
 * Runs `load` when `key` (what is missing, as one string) or `target` changes and the key is not empty, then
 * says so with `onLoaded`. The key, not the load's closure, says what to load: a new closure for the same
 * missing parts must not load them again.
 */
export function useLoadFor(target: object | null, key: string, load: () => Promise<unknown>, onLoaded: () => void, onFail: () => void): void {
  const latest = useRef({ load, onLoaded, onFail });
  latest.current = { load, onLoaded, onFail };
  useEffect(() => {
    if (!target || !key) return;
    let on = true;
    latest.current.load().then(
      () => on && latest.current.onLoaded(),
      () => on && latest.current.onFail(),
    );
    return () => {
      on = false;
    };
  }, [target, key]);
}
