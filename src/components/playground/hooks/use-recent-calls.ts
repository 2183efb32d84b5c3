// The Session menu's recent calls: a call that has stood a moment unedited, and reads as a call, joins the
// list of its pack (the session's `recent`; use-link.ts writes it to storage).
import { useEffect } from 'react';
import type { CheckResult } from '../../../engine/types';
import type { Action } from '../session/session';

/** A call is kept in the recent list once it has stood this long unedited. */
const HISTORY_SETTLE_MS = 1200;

/** `dispatch`, not the page's act(): remembering a call must not cancel an edit waiting to be applied. */
export function useRecentCalls(result: CheckResult | null, key: string, call: string, inReplay: boolean, dispatch: (a: Action) => void): void {
  useEffect(() => {
    if (!result || result.shape === 'unknown' || inReplay) return;
    const t = window.setTimeout(() => dispatch({ type: 'remember', key, call }), HISTORY_SETTLE_MS);
    return () => window.clearTimeout(t);
  }, [result, key, call, inReplay, dispatch]);
}
