// Whether a pattern a reply states may be run: the benchmarks' caller (caller.ts) tests a value against a
// pattern the body names, and a server's reply can name any. JavaScript's matcher backtracks, so a
// pattern whose repeats can divide a string many ways ((a+)+, (a|a)*, .*.*.*…) takes time exponential in
// the string even on a date. Refused here, conservatively: a repeated group holding a choice or a variable
// repeat, a backreference, more than a few open-ended repeats, or a long pattern.

const MAX_PATTERN_LENGTH = 256;
const MAX_OPEN_REPEATS = 6;

/** A quantifier at `i`: its length, and whether it may repeat (more than once) and vary (more than one count). */
function quantifierAt(p: string, i: number): { length: number; repeats: boolean; varies: boolean; open: boolean } | undefined {
  const c = p[i];
  let q: { length: number; repeats: boolean; varies: boolean; open: boolean } | undefined;
  if (c === '*' || c === '+') q = { length: 1, repeats: true, varies: true, open: true };
  else if (c === '?') q = { length: 1, repeats: false, varies: true, open: false };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i, i + 24));
    if (!m) return undefined;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    q = { length: m[0].length, repeats: max > 1, varies: max !== min, open: max - min >= 2 };
  }
  // A lazy quantifier backtracks the same, the other way round.
  if (q && p[i + q.length] === '?') q.length++;
  return q;
}

/** True when `pattern` may be run against a short string in bounded time. */
export function patternIsSafe(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  // Per open group: whether what it holds so far can match in more than one way.
  const groups: boolean[] = [false];
  let open = 0;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    let atom = 1;
    let group: boolean | undefined;
    if (c === '\\') {
      const n = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(n)) return false;
      atom = /[pPu]/.test(n) && pattern[i + 2] === '{' ? pattern.indexOf('}', i) + 1 - i : 2;
      if (atom <= 0) return false;
    } else if (c === '[') {
      let j = i + 1;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      atom = j + 1 - i;
    } else if (c === '(') {
      groups.push(false);
      const head = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(pattern.slice(i, i + 40))!;
      i += head[0].length;
      continue;
    } else if (c === ')') {
      if (groups.length < 2) return false;
      group = groups.pop()!;
    } else if (c === '|') {
      groups[groups.length - 1] = true;
      i++;
      continue;
    }
    i += atom;
    const q = quantifierAt(pattern, i);
    if (q) {
      if (q.repeats && group) return false;
      if (q.open && ++open > MAX_OPEN_REPEATS) return false;
      i += q.length;
    }
    if (group || q?.varies) groups[groups.length - 1] = true;
  }
  return groups.length === 1;
}

/**
 * A test for `pattern` on the platform's matcher, or undefined when the pattern is not judged safe (above) or
 * does not compile. For the engine's own reads of a schema's pattern outside validation (a sibling that fits,
 * whether a date pattern takes offsets): those are hints, so a pattern that might backtrack is simply not
 * consulted, the same in the browser and in Node. Validation itself runs every pattern (pack/pattern-engine.ts).
 */
export function safePatternTest(pattern: string, flags = 'u'): ((s: string) => boolean) | undefined {
  if (!patternIsSafe(pattern)) return undefined;
  try {
    const re = new RegExp(pattern, flags);
    return (s) => re.test(s);
  } catch {
    return undefined;
  }
}
