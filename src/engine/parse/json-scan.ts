// What JSON.parse hides: a key sent twice in one object (it keeps the last one silently), an integer too
// large for a double (it rounds, so `12345678901234567891` arrives as another number), a number too
// large for any double (`1e400` becomes Infinity, which JSON cannot even write back) and a number too
// close to 0 for any double (`1e-400` becomes 0, a value the caller never sent). Runs only on text
// JSON.parse has accepted, without recursion, so a 5 MB paste or 10,000 levels of nesting are fine.
import type { Segment } from '../paths';

export interface ScanFinding {
  kind: 'duplicate_key' | 'unsafe_integer' | 'infinite_number' | 'vanishing_number';
  /** Where the finding sits: the duplicated key itself, or the number. */
  path: Segment[];
  /** Offset of the second key, or of the number, in the text. */
  offset: number;
  /** The number exactly as written (the number kinds only). */
  literal?: string;
}

/** One open object or array while the text is walked. */
interface Level {
  object: boolean;
  /** The keys read so far (scanJson's duplicate check only). */
  keys?: Set<string>;
  key?: string;
  index: number;
  expectKey: boolean;
}

/** Integers written with this many digits or more may exceed 2^53; shorter ones never do. */
const SAFE_DIGITS = 15;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const KEY_END = /"\s*:/g;
const LONG_DIGITS = /\d{15}|[eE][+-]?\d{3}/;

/** Own keys in a parsed value, or -1 when it is too deep to count cheaply. */
function keyCount(value: unknown, depth = 0): number {
  if (value === null || typeof value !== 'object') return 0;
  if (depth > 64) return -1;
  let n = 0;
  if (Array.isArray(value)) {
    for (const v of value) {
      const k = keyCount(v, depth + 1);
      if (k < 0) return -1;
      n += k;
    }
    return n;
  }
  for (const key of Object.keys(value)) {
    const k = keyCount((value as Record<string, unknown>)[key], depth + 1);
    if (k < 0) return -1;
    n += k + 1;
  }
  return n;
}

/**
 * Whether the text can hide anything: no run of 15 digits or three-digit exponent, and no more `":` in the
 * text than keys in the parsed value (every key is followed by one, so a duplicate makes one more), means
 * nothing to find. Keeps the full scan off the path of ordinary calls.
 */
function mayHide(text: string, parsed: unknown): boolean {
  if (LONG_DIGITS.test(text)) return true;
  const keys = keyCount(parsed);
  if (keys < 0) return true;
  let marks = 0;
  KEY_END.lastIndex = 0;
  while (KEY_END.exec(text) !== null) if (++marks > keys) return true;
  return false;
}

/** The path of the value being read: the key or index each open level is at. */
function levelPath(stack: readonly Level[]): Segment[] {
  return stack.map((l) => (l.object ? (l.key as string) : l.index));
}

/** What a walk reacts to. Either may return true to stop the walk. */
interface JsonTokens {
  /** A key just read into `level` (already its `key`), at `offset` in the text. */
  onKey?(key: string, level: Level, offset: number): boolean;
  /** A number literal, text[start, end): `leadingDigits` before any point or exponent; `plain` when it has neither. */
  onNumber?(start: number, end: number, leadingDigits: number, plain: boolean): boolean;
}

/**
 * The one token walk under scanJson and wholeDecimals: it keeps `stack` at the level being read (so a callback
 * can take the path) and hands over keys and number literals. `text` must be JSON that JSON.parse accepts.
 * Iterative, so a 5 MB paste or 10,000 levels of nesting cost no recursion.
 */
function walkJson(text: string, stack: Level[], tokens: JsonTokens): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 123 /* { */) {
      stack.push({ object: true, index: 0, expectKey: true });
      i++;
    } else if (c === 91 /* [ */) {
      stack.push({ object: false, index: 0, expectKey: false });
      i++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      i++;
    } else if (c === 44 /* , */) {
      if (top) {
        if (top.object) top.expectKey = true;
        else top.index++;
      }
      i++;
    } else if (c === 58 /* : */) {
      if (top) top.expectKey = false;
      i++;
    } else if (c === 34 /* " */) {
      let j = i + 1;
      let escaped = false;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) {
          escaped = true;
          j += 2;
        } else if (d === 34) break;
        else j++;
      }
      if (top?.object && top.expectKey) {
        top.key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (tokens.onKey?.(top.key, top, i)) return;
      }
      i = j + 1;
    } else if (c === 45 /* - */ || isDigit(c)) {
      let j = i + (c === 45 ? 1 : 0);
      let leadingDigits = 0;
      while (j < n && isDigit(text.charCodeAt(j))) {
        j++;
        leadingDigits++;
      }
      let plain = true;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 46 /* . */ || d === 101 || d === 69 /* e E */) plain = false;
        else if (!(isDigit(d) || d === 43 || d === 45)) break;
        j++;
      }
      if (tokens.onNumber?.(i, j, leadingDigits, plain)) return;
      i = j;
    } else i++;
  }
}

/** Whether a number literal whose value reads as 0 wrote a digit other than 0 before its exponent: `1e-400`, not `0.0e-400`. */
export function vanishes(literal: string): boolean {
  return /[1-9]/.test(literal.split(/[eE]/)[0]);
}

/**
 * The first finding in document order, or null. `text` must be JSON that JSON.parse accepts; `parsed`,
 * its value, lets an ordinary call skip the scan.
 */
export function scanJson(text: string, parsed?: unknown): ScanFinding | null {
  if (arguments.length > 1 && !mayHide(text, parsed)) return null;
  const stack: Level[] = [];
  let finding: ScanFinding | null = null;
  walkJson(text, stack, {
    onKey(key, level, offset) {
      const seen = (level.keys ??= new Set());
      if (seen.has(key)) finding = { kind: 'duplicate_key', path: levelPath(stack), offset };
      seen.add(key);
      return finding !== null;
    },
    onNumber(start, end, leadingDigits, plain) {
      if (plain && leadingDigits >= SAFE_DIGITS) {
        const literal = text.slice(start, end);
        if (!Number.isSafeInteger(Number(literal))) finding = { kind: 'unsafe_integer', path: levelPath(stack), offset: start, literal };
      } else if (!plain && end - start > 4) {
        const literal = text.slice(start, end);
        const n = Number(literal);
        if (!Number.isFinite(n)) finding = { kind: 'infinite_number', path: levelPath(stack), offset: start, literal };
        else if (n === 0 && vanishes(literal)) finding = { kind: 'vanishing_number', path: levelPath(stack), offset: start, literal };
      }
      return finding !== null;
    },
  });
  return finding;
}

/** The path of `target` inside `root` (by identity), looking a few levels down; null when not found. */
export function pathOf(root: unknown, target: unknown, depth = 4): Segment[] | null {
  if (root === target) return [];
  if (depth === 0 || root === null || typeof root !== 'object') return null;
  const entries: [Segment, unknown][] = Array.isArray(root) ? root.map((v, i) => [i, v]) : Object.entries(root);
  for (const [k, v] of entries) {
    if (v !== null && typeof v === 'object') {
      const rest = pathOf(v, target, depth - 1);
      if (rest) return [k, ...rest];
    }
  }
  return null;
}

/**
 * Where JSON text first goes wrong, and what belongs there; null when it is valid. Iterative, so it also
 * serves text nested too deep for jsonc-parser's recursive locator.
 */
export function locateJsonError(text: string): { offset: number; expected: string } | null {
  const n = text.length;
  const stack: ('o' | 'a')[] = [];
  // V: a value; V0: a value or ']'; K: a key; K0: a key or '}'; C: ':'; A: ',' or a closer; END: nothing more.
  let state: 'V' | 'V0' | 'K' | 'K0' | 'C' | 'A' | 'END' = 'V';
  let i = 0;
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const afterValue = (): typeof state => (stack.length ? 'A' : 'END');
  const string = (): { offset: number; expected: string } | null => {
    let j = i + 1;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 34) {
        i = j + 1;
        return null;
      }
      if (d < 0x20) return { offset: j, expected: 'no raw control characters inside a string; escape them' };
      if (d === 92) {
        const e = text[j + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return { offset: j, expected: 'four hex digits after \\u' };
          j += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 2;
        else return { offset: j, expected: 'a valid escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u' };
      } else j++;
    }
    return { offset: n, expected: 'a closing double quote to end the string' };
  };
  while (true) {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= n) {
      if (state === 'END') return null;
      const expected = { V: 'a value', V0: "a value or ']'", K: 'a property name in double quotes', K0: "a property name or '}'", C: "':' after the property name", A: stack[stack.length - 1] === 'o' ? "',' or '}'" : "',' or ']'" }[state];
      return { offset: n, expected: `${expected}; the input ends first` };
    }
    const c = text[i];
    if (state === 'END') return { offset: i, expected: 'the end of the input after the value' };
    if (state === 'C') {
      if (c !== ':') return { offset: i, expected: "':' after the property name" };
      state = 'V';
      i++;
    } else if (state === 'A') {
      const top = stack[stack.length - 1];
      if (c === ',') {
        state = top === 'o' ? 'K' : 'V';
        i++;
      } else if ((c === '}' && top === 'o') || (c === ']' && top === 'a')) {
        stack.pop();
        i++;
        state = afterValue();
      } else return { offset: i, expected: top === 'o' ? "',' or '}'" : "',' or ']'" };
    } else if (state === 'K' || state === 'K0') {
      if (state === 'K0' && c === '}') {
        stack.pop();
        i++;
        state = afterValue();
      } else if (c === '"') {
        const bad = string();
        if (bad) return bad;
        state = 'C';
      } else return { offset: i, expected: state === 'K' ? 'a property name in double quotes; JSON allows no trailing comma' : 'a property name in double quotes' };
    } else {
      if (state === 'V0' && c === ']') {
        stack.pop();
        i++;
        state = afterValue();
      } else if (c === '{') {
        stack.push('o');
        state = 'K0';
        i++;
      } else if (c === '[') {
        stack.push('a');
        state = 'V0';
        i++;
      } else if (c === '"') {
        const bad = string();
        if (bad) return bad;
        state = afterValue();
      } else if (c === '-' || (c >= '0' && c <= '9')) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (!m) return { offset: i, expected: 'a number in JSON form' };
        i += m[0].length;
        state = afterValue();
      } else {
        const word = /^(true|false|null)/.exec(text.slice(i, i + 5));
        if (!word) return { offset: i, expected: /^-?(NaN|Infinity)/.test(text.slice(i, i + 9)) ? 'a JSON number or null; NaN and Infinity are not JSON' : 'a JSON value; this character cannot start one' };
        i += word[0].length;
        state = afterValue();
      }
    }
  }
}

/** A number whose text says more than its value: written with a decimal point or an exponent. */
export interface WrittenNumber {
  /** Where it sits, from the root of the text (formats.ts makes it relative to the arguments). */
  path: Segment[];
  offset: number;
  /** Exactly as written: `15.00`, `-10.0`, `1.5e3`. */
  literal: string;
}

const MAX_DECIMAL_DEPTH = 64;
const MAX_DECIMALS = 500;

/** A digit followed by a decimal point or an exponent, anywhere in the text (a string too): the cheap test first. */
const DECIMAL_MARK = /\d[.eE]/;

/**
 * The numbers in JSON text written with a decimal point or an exponent whose value is a whole number
 * (`15.00`, `-10.0`, `1e3`): JSON.parse reads them as 15, -10 and 1000, and a field counted in cents
 * would take 15.00 dollars as fifteen cents. A fractional value needs no record: it is no integer, and
 * validation sees that. `text` must be JSON that JSON.parse accepts. Iterative, so depth costs nothing.
 */
export function wholeDecimals(text: string): WrittenNumber[] {
  if (!DECIMAL_MARK.test(text)) return [];
  const out: WrittenNumber[] = [];
  const stack: Level[] = [];
  walkJson(text, stack, {
    onNumber(start, end, _leadingDigits, plain) {
      // A path costs its depth to copy: past these bounds (a hostile paste) nothing more is recorded, and
      // no unit field sits that deep or needs more than the first few hundred.
      if (!plain && stack.length <= MAX_DECIMAL_DEPTH && out.length < MAX_DECIMALS) {
        const literal = text.slice(start, end);
        if (Number.isInteger(Number(literal))) out.push({ path: levelPath(stack), offset: start, literal });
      }
      return false;
    },
  });
  return out;
}
