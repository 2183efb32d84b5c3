// A pattern's example value and its rule in words, made from the pattern alone. The pack compiler wants
// both beside every `pattern` (x-example, x-rule). A small parser covers what vendor specs write: literals,
// classes, escapes, groups, alternation and quantifiers; anything else (back-references, look-arounds)
// gives no example, and the caller then leaves the pattern out and reports it. Every example is tested
// against the pattern before it is returned.

type Node =
  | { kind: 'chars'; chars: string[]; label?: string }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
/** Characters an example prefers, in order: it reads as an id or a word rather than as punctuation. */
const PREFERRED = [...LOWER, ...DIGITS];

class Unsupported extends Error {}

function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0) && out.length < 256; c++) out.push(String.fromCharCode(c));
  return out;
}

const ESCAPES: Record<string, string[]> = {
  d: [...DIGITS],
  w: [...LOWER, ...UPPER, ...DIGITS, '_'],
  s: [' '],
};

function negate(set: string[]): string[] {
  const s = new Set(set);
  return PRINTABLE.filter((c) => !s.has(c) && c !== ' ');
}

function parse(pattern: string): Node {
  let i = 0;
  const peek = () => pattern[i];
  const escapeChars = (c: string): string[] => {
    if (ESCAPES[c]) return ESCAPES[c];
    if (c === 'D' || c === 'W' || c === 'S') return negate(ESCAPES[c.toLowerCase()]);
    if (/[0-9bBkpPux]/.test(c)) throw new Unsupported(`\\${c}`);
    if (c === 'n') return ['\n'];
    if (c === 't') return ['\t'];
    return [c];
  };
  const parseClass = (): Node => {
    // after '['
    let negated = false;
    if (peek() === '^') {
      negated = true;
      i++;
    }
    const set: string[] = [];
    let first = true;
    while (i < pattern.length && (peek() !== ']' || first)) {
      first = false;
      let c = pattern[i++];
      let chars: string[];
      if (c === '\\') {
        chars = escapeChars(pattern[i++]);
      } else if (pattern[i] === '-' && pattern[i + 1] !== undefined && pattern[i + 1] !== ']') {
        let to = pattern[i + 1];
        i += 2;
        if (to === '\\') to = pattern[i++];
        chars = range(c, to);
      } else {
        chars = [c];
      }
      set.push(...chars);
      c = '';
    }
    if (peek() !== ']') throw new Unsupported('unclosed class');
    i++;
    return { kind: 'chars', chars: negated ? negate(set) : [...new Set(set)], label: classLabel(set, negated) };
  };
  const parseAtom = (): Node | null => {
    const c = peek();
    if (c === undefined || c === '|' || c === ')') return null;
    i++;
    if (c === '(') {
      if (pattern.startsWith('?:', i)) i += 2;
      else if (pattern[i] === '?') throw new Unsupported('look-around');
      const inner = parseAlt();
      if (peek() !== ')') throw new Unsupported('unclosed group');
      i++;
      return inner;
    }
    if (c === '[') return parseClass();
    if (c === '.') return { kind: 'chars', chars: negate([]), label: 'any character' };
    if (c === '\\') {
      const e = pattern[i++];
      const chars = escapeChars(e);
      return { kind: 'chars', chars, label: e === 'd' ? 'digit' : e === 'w' ? 'word character' : undefined };
    }
    if (c === '^' || c === '$') return { kind: 'seq', items: [] };
    if (c === '*' || c === '+' || c === '?' || c === '{') throw new Unsupported('quantifier without atom');
    return { kind: 'chars', chars: [c] };
  };
  const parseQuantified = (): Node | null => {
    const atom = parseAtom();
    if (!atom) return null;
    let min = 1;
    let max = 1;
    const c = peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      i += m[0].length - 1;
    } else return atom;
    i++;
    if (peek() === '?') i++; // lazy: the same strings
    return { kind: 'repeat', node: atom, min, max };
  };
  const parseSeq = (): Node => {
    const items: Node[] = [];
    for (let n = parseQuantified(); n; n = parseQuantified()) items.push(n);
    return { kind: 'seq', items };
  };
  const parseAlt = (): Node => {
    const options = [parseSeq()];
    while (peek() === '|') {
      i++;
      options.push(parseSeq());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  };
  const node = parseAlt();
  if (i < pattern.length) throw new Unsupported('unbalanced');
  return node;
}

function classLabel(set: string[], negated: boolean): string | undefined {
  const s = new Set(set);
  const has = (chars: string) => [...chars].every((c) => s.has(c));
  const only = (chars: string) => s.size === new Set(chars).size && has(chars);
  if (negated) return s.size <= 3 ? `any character but ${[...s].map((c) => JSON.stringify(c)).join(', ')}` : undefined;
  if (only(DIGITS)) return 'digit';
  if (only(DIGITS + 'abcdefABCDEF')) return 'hexadecimal digit';
  if (only(DIGITS + 'abcdef')) return 'lowercase hexadecimal digit';
  if (only(LOWER + UPPER)) return 'letter';
  if (only(UPPER)) return 'capital letter';
  if (only(LOWER)) return 'lowercase letter';
  if (only(LOWER + UPPER + DIGITS)) return 'letter or digit';
  if (only(UPPER + DIGITS)) return 'capital letter or digit';
  if (only(LOWER + DIGITS)) return 'lowercase letter or digit';
  return undefined;
}

/** The pool an example draws from: preferred characters in the set first. */
function pool(chars: string[]): string[] {
  const preferred = PREFERRED.filter((c) => chars.includes(c));
  return preferred.length ? preferred : chars;
}

function generate(node: Node, out: string[], counter: { n: number }, seed = 0): void {
  switch (node.kind) {
    case 'chars': {
      const p = pool(node.chars);
      if (!p.length) throw new Unsupported('empty class');
      out.push(p.length === 1 ? p[0] : p[(counter.n++ + seed) % p.length]);
      return;
    }
    case 'seq':
      for (const item of node.items) generate(item, out, counter, seed);
      return;
    case 'alt':
      generate(node.options[seed % node.options.length], out, counter, seed);
      return;
    case 'repeat': {
      // One or more reads better as three characters than as one; a fixed count is kept exactly.
      const n = node.min > 0 ? node.min : 0;
      const count = node.max === Infinity && node.min <= 1 ? Math.max(n, node.min === 1 ? 3 : 0) : n;
      // Each run cycles through its characters from the start: `abcdef0123…` for a hex id.
      const own = { n: 0 };
      for (let k = 0; k < count; k++) generate(node.node, out, own, seed);
    }
  }
}

/** One string that matches the pattern, or undefined when the pattern is beyond this parser. */
export function patternExample(pattern: string, seed = 0): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  try {
    const out: string[] = [];
    generate(parse(pattern), out, { n: 0 }, seed);
    const example = out.join('');
    return re.test(example) ? example : undefined;
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
}

/** `capital letter or digit` -> `capital letters or digits`. */
function plural(label: string): string {
  return label.split(' or ').map((w) => (w === 'any character' ? 'characters' : w.endsWith('s') ? w : `${w}s`)).join(' or ');
}

function countWords(min: number, max: number, noun: string): string | undefined {
  const many = plural(noun);
  if (min === max) return min === 1 ? `one ${noun}` : `${min} ${many}`;
  if (max === Infinity) return min <= 1 ? (min === 0 ? `any number of ${many}` : `one or more ${many}`) : `at least ${min} ${many}`;
  if (min === 0 && max === 1) return `an optional ${noun}`;
  return `${min} to ${max} ${many}`;
}

/** The pattern in words when it is a plain run of literals and named classes; undefined otherwise. */
function describe(node: Node): string | undefined {
  const items = node.kind === 'seq' ? node.items : [node];
  const parts: string[] = [];
  let literal = '';
  const flush = () => {
    if (literal) parts.push(JSON.stringify(literal));
    literal = '';
  };
  for (const item of items) {
    if (item.kind === 'chars' && item.chars.length === 1 && !item.label) {
      literal += item.chars[0];
      continue;
    }
    if (item.kind === 'seq' && item.items.length === 0) continue;
    flush();
    if (item.kind === 'chars' && item.label) parts.push(`one ${item.label}`);
    else if (item.kind === 'repeat' && item.node.kind === 'chars' && item.node.label) {
      const words = countWords(item.min, item.max, item.node.label);
      if (!words) return undefined;
      parts.push(words);
    } else return undefined;
  }
  flush();
  if (!parts.length) return undefined;
  return parts.join(' followed by ');
}

/** The rule of a pattern in words, completing "must be …". */
export function patternRule(pattern: string): string {
  const anchored = pattern.startsWith('^') && pattern.endsWith('$') && !pattern.endsWith('\\$');
  try {
    const words = anchored ? describe(parse(pattern)) : undefined;
    if (words) return words;
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
  }
  return `a string matching the regular expression ${pattern}`;
}
