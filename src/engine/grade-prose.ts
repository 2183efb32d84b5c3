// The prose readers of grade(): the set a message lists, the value it suggests, the leaks it carries. Each
// reads a bounded prefix of a string, and in time linear in it whatever the text: a server's reply is
// hostile input. Where a regular expression would backtrack (several `\s*` in a row, `\s+` that may
// cross a run of newlines), a scan reads the same thing; tests/engine/grade-prose.test.ts checks each scan
// against the expression it stands for.
import type { Json } from './types';

/** How many characters of each prose string grade() reads: the facts of a reply come first, and a model reads no further. */
export const GRADE_PROSE_LIMIT = 8192;

export const clipProse = (s: string): string => (s.length > GRADE_PROSE_LIMIT ? s.slice(0, GRADE_PROSE_LIMIT) : s);

/** `\s`, one UTF-16 unit: WhiteSpace and LineTerminator, as the spec has them. */
function isSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** A word at exactly `i`, read as a case-insensitive literal in a regular expression reads it. */
const at = (re: RegExp, text: string, i: number): boolean => {
  re.lastIndex = i;
  return re.test(text);
};

const LIST_WORDS = /one of|allowed value|valid value|permitted value|expected/gi;
const PLURAL = /s/iy;
const ARE = / are/iy;
const ONE_OF = / one of/iy;
const THE_ALLOWED_VALUES = /the allowed values/iy;

/** Where each reading of the list word at `start` ends, longest first: `values are`, `values`, `value are`, `value`. */
function listWordEnds(text: string, start: number, word: string): number[] {
  const end = start + word.length;
  if (word === 'expected') return at(ONE_OF, text, end) ? [end + 7, end] : [end];
  if (word === 'one of') return [end];
  const ends: number[] = [];
  for (const plural of at(PLURAL, text, end) ? [end + 1, end] : [end]) {
    if (at(ARE, text, plural)) ends.push(plural + 4);
    ends.push(plural);
  }
  return ends;
}

/** The items of a stated list: cut at the end of its sentence, split at commas, bars and " or ", whole words only. */
function listItems(stated: string): Json[] | undefined {
  // `.replace(/\.\s.*$|\.$/, '')`: `.` stops at a line break, so the cut is the first ". " on the last line.
  const lastBreak = Math.max(stated.lastIndexOf('\r'), stated.lastIndexOf('\u2028'), stated.lastIndexOf('\u2029'));
  const stop = /\.\s/g;
  stop.lastIndex = Math.max(0, lastBreak - 1);
  const cut = stop.exec(stated);
  let s = cut ? stated.slice(0, cut.index) : stated.endsWith('.') ? stated.slice(0, -1) : stated;
  // A run of spaces splits and trims as one space does, and an item with a space is dropped either way;
  // one space per run keeps the split below from trying every way to divide a long run.
  s = s.replace(/\s+/g, ' ');
  const items = s
    .split(/\s*,\s*|\s+or\s+|\s*\|\s*/)
    .map((x) => x.trim().replace(/^['"`]|['"`]$/g, ''))
    .filter((x) => x.length > 0 && !/\s/.test(x));
  return items.length >= 2 ? items : undefined;
}

/**
 * A list the prose states: `one of: a, b, c`, `allowed values: a, b`, `one of 'a', 'b' or 'c'`. Reads what
 * `/(?:one of|allowed values?(?: are)?|…|expected(?: one of)?)\s*(?:the allowed values)?\s*[:=]?\s*\[?([^\n\]]+)/i`
 * read, without its backtracking through the three `\s*` (cubic in a run of newlines).
 */
export function proseList(text: string): Json[] | undefined {
  for (const m of text.matchAll(LIST_WORDS)) {
    const ends = listWordEnds(text, m.index!, m[0].toLowerCase());
    // The greedy reading: every optional part taken, every run of spaces read to its end.
    let i = skipSpace(text, ends[0]);
    if (at(THE_ALLOWED_VALUES, text, i)) i = skipSpace(text, i + 18);
    if (text[i] === ':' || text[i] === '=') i = skipSpace(text, i + 1);
    if (text[i] === '[') i++;
    let j = i;
    while (j < text.length && text[j] !== '\n' && text[j] !== ']') j++;
    if (j > i) return listItems(text.slice(i, j));
    // Else the expression backtracked to a shorter reading, which starts inside the words and spaces just
    // read and so lists one item at most: nothing. Only when no reading matches did it try the next word.
    const matches = ends.some((e) => {
      while (text[e] === '\n') e++;
      return e < text.length && text[e] !== ']';
    });
    if (matches) return undefined;
  }
  return undefined;
}

/** `did you mean: x`. Linear: each run after the words is read once, and the runs do not overlap. */
export function proseSuggestion(text: string): Json[] | undefined {
  const m = /did you mean[:\s]+['"`]?([^'"`?\s,]+)/i.exec(text);
  return m ? [m[1]] : undefined;
}

/**
 * `SELECT … FROM` as `\bSELECT\s+[\w*,\s.]+\s+FROM\b` read it, without trying every way to divide a run
 * of spaces. The whole of a match lies in one run of those characters, and the first SELECT in a run
 * matches if any does.
 */
function selectsFrom(text: string): boolean {
  for (const run of text.split(/[^\w*,\s.]+/)) {
    const select = /\bSELECT\s/i.exec(run);
    if (!select) continue;
    const from = /\sFROM\b/gi;
    from.lastIndex = select.index + 8;
    if (from.test(run)) return true;
  }
  return false;
}

/**
 * A stack frame: `\n\s+at name (` (the lookbehind is tried only where `at` stands, so a run of newlines is
 * read once per frame, not once per newline), or a line `at …:line:col` (its indent is the line's own:
 * `^\s*` crossing line breaks found the same lines, once per blank line before them).
 */
const STACK_FRAME = /at(?<=\n\s*\sat) [\w$.<>]+ \(|^[^\S\n\r\u2028\u2029]*at .+:\d+:\d+\)?$/m;

const LEAKS: [(text: string) => boolean, string][] = [
  [(t) => STACK_FRAME.test(t), 'a stack trace'],
  [(t) => /Traceback \(most recent call last\)|File "[^"]+", line \d+/.test(t), 'a Python traceback'],
  [(t) => /(?:^|[\s"'(])(?:\/(?:home|usr|var|opt|srv|app|tmp|Users)\/[\w./-]+|[A-Z]:\\[\w\\.-]+)|node_modules\//.test(t), 'an internal path'],
  [(t) => selectsFrom(t) || /\b(?:INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|\bSQLSTATE\b|syntax error at or near|\bORA-\d{5}\b/i.test(t), 'SQL'],
  [(t) => /\b(?:java\.lang\.|System\.\w+Exception|NullPointerException|(?:Type|Reference|Key|Attribute|Value)Error:)/.test(t), 'an exception class'],
];

/** What the text gives away of the server's internals, in words. */
export function leaksIn(text: string): string[] {
  return LEAKS.filter(([found]) => found(text)).map(([, what]) => what);
}

export function wordsOf(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}
