// Which calls the page checks under its time budget first (budget.ts), in a worker, before it runs them
// itself: large or deeply nested ones. Apart and small, since the early first body (first-body-early.ts)
// asks it too and leaves such a call to the island.

/** Calls longer than this are checked in the worker first: typed calls are far shorter. */
export const BUDGET_CALL_CHARS = 8 * 1024;
/** Calls nested deeper than this are checked in the worker first: no tool's arguments nest anywhere near it. */
export const BUDGET_CALL_DEPTH = 64;

/** True when a call is large or deep enough to be checked under the time budget first. */
export function callNeedsBudget(call: string): boolean {
  return call.length > BUDGET_CALL_CHARS || nestedDeeperThan(call, BUDGET_CALL_DEPTH);
}

/**
 * True when brackets nest deeper than `depth` somewhere in the text. Brackets in strings count too: that
 * errs on the safe side. Also what keeps such a call from Monaco's JSON worker, whose parser recurses.
 */
export function nestedDeeperThan(text: string, depth: number): boolean {
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // { [ ( open, } ] ) close: JSON and the call syntaxes formats.ts reads.
    if (c === 123 || c === 91 || c === 40) {
      if (++d > depth) return true;
    } else if (c === 125 || c === 93 || c === 41) d--;
  }
  return false;
}
