// A line diff (longest common subsequence) for the suggested call against the input, with the changed
// span inside a replaced line marked. Pure and unit-tested; inputs are a few hundred lines at most.

export interface DiffLine {
  op: 'same' | 'add' | 'remove';
  text: string;
  /** For a line paired with its replacement: the changed span [start, end) inside `text`. */
  changed?: [number, number];
}

/** Above this many cells the table is skipped: common head and tail are kept, the middle is replaced. */
const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Trim the common head and tail first: most diffs touch a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ op: 'same' as const, text }));
  out.push(...pairChanges(midA.length * midB.length > MAX_CELLS ? replaceAll(midA, midB) : lcsDiff(midA, midB)));
  out.push(...a.slice(a.length - tail).map((text) => ({ op: 'same' as const, text })));
  return out;
}

function replaceAll(a: string[], b: string[]): DiffLine[] {
  return [...a.map((text) => ({ op: 'remove' as const, text })), ...b.map((text) => ({ op: 'add' as const, text }))];
}

function lcsDiff(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] = a[i] === b[j] ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) {
      out.push({ op: 'remove', text: a[i++] });
    } else {
      out.push({ op: 'add', text: b[j++] });
    }
  }
  while (i < n) out.push({ op: 'remove', text: a[i++] });
  while (j < m) out.push({ op: 'add', text: b[j++] });
  return out;
}

/** Within each run of removals followed by as many additions, marks the span that changed on each pair. */
function pairChanges(lines: DiffLine[]): DiffLine[] {
  const out = lines.map((l) => ({ ...l }));
  let k = 0;
  while (k < out.length) {
    if (out[k].op !== 'remove') {
      k++;
      continue;
    }
    let r = k;
    while (r < out.length && out[r].op === 'remove') r++;
    let s = r;
    while (s < out.length && out[s].op === 'add') s++;
    const removed = r - k;
    const added = s - r;
    for (let p = 0; p < Math.min(removed, added); p++) {
      const [x, y] = changedSpans(out[k + p].text, out[r + p].text);
      out[k + p].changed = x;
      out[r + p].changed = y;
    }
    k = s;
  }
  return out;
}

/** The spans that differ between two lines, after their common prefix and suffix. */
export function changedSpans(x: string, y: string): [[number, number], [number, number]] {
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  return [
    [pre, x.length - suf],
    [pre, y.length - suf],
  ];
}
