// Token counts bounded in time, for grade() and replay() and so for --grade and --replay. A BPE tokenizer
// (gpt-tokenizer's o200k) merges each pre-token, a run of letters, punctuation or white space, pair by pair,
// which is quadratic in the run's length: a call nested 100,000 deep is 200,000 brackets in one run and took
// 68 s to count; 40,000 spaces took 2 s. A run that long is counted in slices, each cut costing at most a
// token or so against the exact count; text without such a run (any prose, code or JSON a model writes) is
// counted exactly as before. The engine has no tokenizer: callers bring `count`.

/** The longest run of non-space characters, or of white space, counted in one piece. */
export const LONGEST_RUN = 256;

const LONG_RUN = new RegExp(`\\S{${LONGEST_RUN + 1},}|\\s{${LONGEST_RUN + 1},}`, 'g');

/** `count` with every run of more than LONGEST_RUN non-space (or white-space) characters counted LONGEST_RUN at a time. */
export function boundedCount(count: (text: string) => number): (text: string) => number {
  return (text) => {
    let total = 0;
    let last = 0;
    for (const m of text.matchAll(LONG_RUN)) {
      if (m.index > last) total += count(text.slice(last, m.index));
      for (let at = 0; at < m[0].length; ) {
        // Never between the halves of a surrogate pair.
        let end = Math.min(at + LONGEST_RUN, m[0].length);
        if (end < m[0].length && /[\uD800-\uDBFF]/.test(m[0][end - 1])) end--;
        total += count(m[0].slice(at, end));
        at = end;
      }
      last = m.index + m[0].length;
    }
    return last === 0 ? count(text) : total + (last < text.length ? count(text.slice(last)) : 0);
  };
}
