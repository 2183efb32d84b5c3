// The time budget's figures (budget.ts runs the lanes), and which calls the page checks under it first, in a
// worker, before it runs them itself: large or deeply nested ones. Apart and small, since the early first
// body (first-body-early.ts) asks it too and leaves such a call to the island.

/**
 * How long the engine may work on the user's input without word from the worker before the page gives up on
 * it. Work that grows with the input (2,000 tools of your own) says how it goes after each slice, so the
 * budget is per slice of it, not for the whole: a large tool set is not stopped for its size alone.
 */
export const BUDGET_MS = 3000;
/**
 * However it goes, work past this in all is stopped: the page compiles your tools again itself once the worker
 * clears them, so this is also the longest the page's own thread may then be busy with them.
 */
export const BUDGET_TOTAL_MS = 15_000;
/**
 * Calls longer than this are checked in the worker first: a paste, not typing. While the worker works the
 * result column waits, so a call someone types into (the speed test's 9,500 characters) must stay under it.
 */
export const BUDGET_CALL_CHARS = 64 * 1024;
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
