// Token counts bounded in time, for grade() and replay() and so for --grade and --replay. A BPE tokenizer
// (gpt-tokenizer's o200k) merges each pre-token, a run of letters, punctuation or white space, pair by pair,
// which is quadratic in the run's length: a call nested 100,000 deep is 200,000 brackets in one run and takes
// 68 s to count; 40,000 spaces take 2 s. A run that long is counted in slices, each cut costing at most a
// token or so against the exact count; text without such a run (any prose, code or JSON a model writes) is
// counted exactly. The engine has no tokenizer: callers bring `count`.

/** The longest run of non-space characters, or of white space, counted in one piece. */
export const LONGEST_RUN = 256;

// Runs are found by a scan rather than a regular expression: V8 keeps a backtracking frame per character
// of a greedy quantifier inside an alternation, and a 7 MB run without a space overflowed the stack.
const SPACES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);
/** What JavaScript's `\s` matches. */
function isSpace(code: number): boolean {
  return SPACES.has(code) || (code >= 0x2000 && code <= 0x200a);
}

/** `count` with every run of more than LONGEST_RUN non-space (or white-space) characters counted LONGEST_RUN at a time. */
export function boundedCount(count: (text: string) => number): (text: string) => number {
  return (text) => {
    let total = 0;
    // Text before `last` is counted; a run of one kind starts at `start`.
    let last = 0;
    let start = 0;
    const flushRun = (end: number) => {
      if (end - start <= LONGEST_RUN) return;
      if (start > last) total += count(text.slice(last, start));
      for (let at = start; at < end; ) {
        // Never between the halves of a surrogate pair.
        let cut = Math.min(at + LONGEST_RUN, end);
        if (cut < end && /[\uD800-\uDBFF]/.test(text[cut - 1])) cut--;
        total += count(text.slice(at, cut));
        at = cut;
      }
      last = end;
    };
    for (let i = 1; i < text.length; i++) {
      if (isSpace(text.charCodeAt(i)) === isSpace(text.charCodeAt(i - 1))) continue;
      flushRun(i);
      start = i;
    }
    flushRun(text.length);
    return last === 0 ? count(text) : total + (last < text.length ? count(text.slice(last)) : 0);
  };
}
